// Code a cloud machine runs at every boot, set from the command line: GCE metadata
// `startup-script` (and the Windows and cloud-init keys) on an instance, a template or the whole
// project, EC2 `userData` changed on an existing instance, Azure's Custom Script extension. The
// script runs as root on each start, after this session, so it is read as code planted in a file
// that runs later: its commands (only a deny counts, as for other planted code), a
// `startup-fetch URL vm-startup` reading for each host it reaches that is no vendor's, and a
// `startup-program PATH vm-startup` reading for a script file kept in a temporary or hidden place
// (policy startup-readings denies all three). SSH keys put in project-wide metadata let the key's
// holder into every VM of the project: `opens-access member ssh-key ...` (asked, access-opened).
//
// Sources: Google Cloud "Using startup scripts on Linux VMs" (startup-script, startup-script-url,
// --metadata-from-file), "Add SSH keys to VMs" (project-level ssh-keys metadata), AWS CLI
// `ec2 modify-instance-attribute --attribute userData` (base64 text), Azure "Custom Script
// Extension for Linux" (fileUris, commandToExecute).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { isKnownRegistry, isVendorHost } from './supply-data.js';
import { ODD_PROGRAM, reachedUrls } from './startup-plant.js';

export const VM_STARTUP_PROGRAMS: readonly string[] = ['gcloud', 'aws', 'az'];

const SCRIPT_KEYS =
  /^(?:startup-script|windows-startup-script-(?:ps1|cmd|bat)|sysprep-specialize-script-(?:ps1|cmd|bat)|user-data|startup-script-url|windows-startup-script-url)$/;

/** The clouds' own object stores: where an account keeps its boot scripts (its buckets are its own to judge). */
const CLOUD_STORAGE =
  /(?:^|\.)(?:storage\.googleapis\.com|blob\.core\.windows\.net|s3(?:[.-][\w-]+)?\.amazonaws\.com)$/;

function startup(words: string[], via: string): Effect {
  return { tool: 'startup', command: words.map((w) => w.replace(/\s+/g, '_').slice(0, 200) || '_').join(' '), via };
}

/** What a boot script's text plants: its commands, and the hosts it reaches. */
export function bootScript(text: string, where: string, out: Effect[]): void {
  const script = text.includes('\\n') ? text.replace(/\\n/g, '\n') : text;
  out.push({ tool: 'exec', command: script, via: `${where} runs on its own later`, onlyDeny: true });
  for (const u of reachedUrls(script)) {
    const h = /^[a-z]+:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^/:?#]+)/i.exec(u)?.[1]?.toLowerCase();
    if (!h || /^(?:localhost|127\.[\d.]+|metadata\.google\.internal|169\.254\.169\.254)$/.test(h)) continue;
    if (isVendorHost(h) || isKnownRegistry(h) || CLOUD_STORAGE.test(h)) continue;
    out.push(startup(['startup-fetch', u, 'vm-startup'], `${where} reaches ${h} each time it runs`));
  }
}

/** `KEY=VALUE,KEY=VALUE`; a script value runs to the end (its text may hold commas). */
function metadataPairs(value: string): [string, string][] {
  const out: [string, string][] = [];
  let rest = value;
  while (rest) {
    const m = /^([\w-]+)=/.exec(rest);
    if (!m) break;
    const key = m[1] ?? '';
    rest = rest.slice(m[0].length);
    if (SCRIPT_KEYS.test(key) || /^ssh-?keys$/i.test(key)) {
      out.push([key, rest]);
      break;
    }
    const comma = rest.search(/,[\w-]+=/);
    out.push([key, comma < 0 ? rest : rest.slice(0, comma)]);
    rest = comma < 0 ? '' : rest.slice(comma + 1);
  }
  return out;
}

function values(argv: string[], name: string): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === name) out.push(argv[++i] ?? '');
    else if (w.startsWith(`${name}=`)) out.push(w.slice(name.length + 1));
  }
  return out;
}

function gcloudMetadata(argv: string[], out: Effect[]): void {
  if (!argv.includes('compute')) return;
  const verb = argv.find((w) => /^(?:add-metadata|create|create-with-container|update)$/.test(w));
  if (!verb) return;
  const projectWide = argv.includes('project-info');
  const where = projectWide ? 'project metadata (every VM of the project)' : 'VM metadata';
  for (const v of values(argv, '--metadata'))
    for (const [k, text] of metadataPairs(v)) {
      if (/^ssh-?keys$/i.test(k)) {
        if (projectWide)
          out.push({
            tool: 'privilege',
            command: `opens-access member ssh-key gcloud-project-metadata ${text.split(/\s+/)[0]?.replace(/[^\w@.:-]/g, '_') || '_'}`,
            via: `gcloud adds an SSH key that logs in to every VM of the project`,
          });
      } else if (/-url$/.test(k)) {
        // the script's text is elsewhere: a web host that is no vendor's or cloud store is judged as reached
        if (/^https?:\/\//i.test(text)) bootScript(`curl -fsSL ${text}`, `the ${k} in ${where}`, out);
      } else if (SCRIPT_KEYS.test(k)) bootScript(text, `the ${k} in ${where}`, out);
    }
  for (const v of values(argv, '--metadata-from-file'))
    for (const pair of v.split(',')) {
      const [k, file] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (SCRIPT_KEYS.test(k) && ODD_PROGRAM.test(file))
        out.push(
          startup(
            ['startup-program', file, 'vm-startup'],
            `${where} runs ${file}, kept in a temporary or hidden place, at every boot`,
          ),
        );
    }
}

function awsUserData(argv: string[], out: Effect[]): void {
  if (argv[1] !== 'ec2' || argv[2] !== 'modify-instance-attribute') return;
  const attr = values(argv, '--attribute')[0];
  const data = [...values(argv, '--user-data'), ...(attr === 'userData' ? values(argv, '--value') : [])];
  for (const d of data) {
    const v = d.replace(/^Value=/, '');
    if (/^file:\/\//.test(v)) {
      const file = v.slice(7);
      if (ODD_PROGRAM.test(file))
        out.push(startup(['startup-program', file, 'vm-startup'], `EC2 user data from ${file} runs at the next boot`));
      continue;
    }
    const decoded = /^[A-Za-z0-9+/]{16,}={0,2}$/.test(v) ? Buffer.from(v, 'base64').toString('utf8') : v;
    if (/^[\x09\x0a\x0d\x20-\x7e]*$/.test(decoded)) bootScript(decoded, 'EC2 user data', out);
  }
}

function azCustomScript(argv: string[], out: Effect[]): void {
  if (argv[1] !== 'vm' && argv[1] !== 'vmss') return;
  if (!argv.includes('extension') || !argv.includes('set')) return;
  for (const s of [...values(argv, '--settings'), ...values(argv, '--protected-settings')]) {
    let doc: { fileUris?: unknown; commandToExecute?: unknown; script?: unknown };
    try {
      doc = JSON.parse(s) as typeof doc;
    } catch {
      continue;
    }
    const uris = Array.isArray(doc.fileUris) ? doc.fileUris.filter((u): u is string => typeof u === 'string') : [];
    const cmd = typeof doc.commandToExecute === 'string' ? doc.commandToExecute : '';
    const script =
      typeof doc.script === 'string' && /^[A-Za-z0-9+/=]+$/.test(doc.script)
        ? Buffer.from(doc.script, 'base64').toString('utf8')
        : '';
    bootScript(
      [...uris.map((u) => `curl -fsSLO ${u}`), cmd, script].filter(Boolean).join('\n'),
      'the Custom Script extension',
      out,
    );
  }
}

export function vmStartupEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (name === 'gcloud') gcloudMetadata(c.argv, out);
    else if (name === 'aws') awsUserData(c.argv, out);
    else if (name === 'az') azCustomScript(c.argv, out);
  }
}
