// What leaves the machine through a sending program. Each file a sender puts on another machine
// (a bucket, an FTP or SMB share, a mail, a peer-to-peer drop, a gist) is read as a read of that
// file, so the credential and .env rules decide it as they decide `cat FILE`; a home folder or
// the root sent whole, and a local file sent by a web cmdlet to another host, read as
// `uploads-remote`, which the exfiltration policy denies. The channels are data (egress-data.ts);
// secrets held in environment variables are followed in flow.ts.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import { parseArgs } from './operands.js';
import type { SimpleCommand } from './walk.js';
import { isLoopbackHost, remoteWord } from './url-host.js';
import { POWERSHELL_SENDERS, SENDERS, type Sender } from './egress-data.js';
import { isServiceHost } from './token-homes.js';
import { at } from '../../util/invariant.js';
import { unknownSenderEffects } from './unknown-senders.js';
import { routeEffects } from './egress-routes.js';
import { privateHost } from '../remote-copies.js';
import { isIngressUrl } from './ingress-urls.js';

/** Sources sent whole that hold everything: a home folder, the root, /etc. */
const BULK = /^(?:~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+|\/root|\/|\/etc|\/home|\/Users)\/?$/;

const read = (path: string, via: string): Effect => ({ tool: 'read', path, via });

function sent(name: string, what: string, f: string, out: Effect[]): void {
  const file = f.replace(/^@/, '');
  if (!file || file === '-' || remoteWord(file)) return;
  out.push(read(file, `${name} ${what} sends ${file}`));
  if (BULK.test(file))
    out.push({ tool: 'exec', command: `uploads-remote ${name} ${file}`, via: `${name} ${what} sends all of ${file}` });
}

/** Files named by the put commands of an ftp-like script (put F, mput F G, reput, mirror -R D). */
function scriptPuts(script: string): string[] {
  const files: string[] = [];
  for (const line of script.split(/[;\n]/)) {
    const w = line.trim().split(/\s+/);
    const verb = (w[0] ?? '').toLowerCase();
    if (/^(?:put|mput|reput|append|send)$/.test(verb))
      for (const x of w.slice(1)) {
        if (x.startsWith('-')) continue;
        files.push(x.replace(/^["']|["']$/g, ''));
        if (verb !== 'mput') break;
      }
    else if (verb === 'mirror' && w.some((x) => x === '-R' || x === '--reverse'))
      files.push(...w.slice(1).filter((x) => !x.startsWith('-')));
  }
  return files;
}

/** The server an ftp-like client is pointed at: `//HOST/share`, `proto://[user@]HOST`, `[user@]HOST`. */
function scriptHost(argv: string[]): string | undefined {
  for (let i = 1; i < argv.length; i++) {
    const w = at(argv, i);
    if (w.startsWith('-')) {
      if (/^(?:-[ecbupfUIWAmOPT]|--command|--user|--port)$/.test(w)) i++;
      continue;
    }
    const m =
      /^(?:\/\/|\\\\)([A-Za-z0-9.-]+)/.exec(w) ??
      /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[A-Za-z0-9.-]+)/i.exec(w) ??
      /^(?:[^@\s/]+@)?(\d+(?:\.\d+){3}|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)(?::.*)?$/.exec(w);
    if (m?.[1]) return m[1].toLowerCase();
  }
  return undefined;
}

/** The subcommand path a sender's argv starts with (options before it skipped), or undefined. */
function subcommand(s: Sender, argv: string[]): { sub: string[]; rest: string[] } | undefined {
  if (!s.subs) return { sub: [], rest: argv.slice(1) };
  const words: number[] = [];
  const takes = new Set(s.withArg ?? []);
  for (let i = 1; i < argv.length && words.length < 4; i++) {
    const w = at(argv, i);
    if (w.startsWith('-')) {
      if (takes.has(w)) i++;
      continue;
    }
    words.push(i);
  }
  for (const sub of s.subs)
    if (sub.every((x, k) => argv[words[k] ?? -1] === x)) {
      const last = words[sub.length - 1] ?? 0;
      return { sub, rest: [...argv.slice(1, words[0] ?? 1), ...argv.slice(last + 1)] };
    }
  return undefined;
}

function senderEffects(name: string, s: Sender, c: SimpleCommand, out: Effect[]): void {
  const found = subcommand(s, c.argv);
  if (!found) return;
  const start = out.length;
  const what = found.sub.join(' ') || '';
  const p = parseArgs([name, ...found.rest], [...(s.withArg ?? []), ...(s.fileOpts ?? []), ...(s.scriptOpts ?? [])]);
  for (const [k, v] of p.options) {
    if (v === undefined) continue;
    if (s.fileOpts?.includes(k)) {
      // gh api -F key=@file, swaks --body @file: the file after '@'
      const at_ = v.indexOf('@');
      if (k === '-F' || k === '--field') {
        if (at_ > 0) sent(name, what, v.slice(at_ + 1), out);
      } else sent(name, what, v, out);
    }
    if (s.scriptOpts?.includes(k)) for (const f of scriptPuts(v)) sent(name, what, f, out);
  }
  // tftp -c put FILE: the command is the rest of the line
  if (name === 'tftp') {
    const k = c.argv.indexOf('-c');
    if (k > 0) for (const f of scriptPuts(c.argv.slice(k + 1).join(' '))) sent(name, what, f, out);
  }
  if (s.scriptOnStdin && c.stdin) for (const f of scriptPuts(c.stdin)) sent(name, what, f, out);
  // the put commands of an ftp-like script copy files to the server the line names: read as the
  // `scp FILE HOST:` it amounts to, so the remote-copy rules decide it (a private host passes)
  if (s.scriptOpts || s.scriptOnStdin) {
    const files = out.slice(start).filter((e) => e.tool === 'read' && e.path && e.via.includes(' sends '));
    const host = scriptHost(c.argv);
    if (files.length && host && !isLoopbackHost(host) && !privateHost(host))
      out.push({
        tool: 'exec',
        command: `scp ${files.map((e) => `'${(e.path ?? '').replace(/'/g, '')}'`).join(' ')} ${host}:`,
        via: `${name} puts ${files.map((e) => e.path).join(' ')} on ${host}`,
      });
  }
  const ops = p.operands;
  const sources =
    s.operands === 'sources'
      ? ops.length >= 2 && remoteWord(at(ops, ops.length - 1))
        ? ops.slice(0, -1)
        : []
      : s.operands === 'all'
        ? ops
        : s.operands === 'all-but-first'
          ? ops.slice(1)
          : s.operands === 'all-but-last'
            ? ops.length >= 2
              ? ops.slice(0, -1)
              : ops
            : [];
  for (const f of sources) sent(name, what, f, out);
  if (s.personal) {
    const first = out.slice(start).find((e) => e.tool === 'read' && e.path);
    if (first?.path)
      out.push({
        tool: 'exec',
        command: `shares-data ${first.path.replace(/[^\w@/.:~-]/g, '_')} to ${name}`,
        via: `${name} ${what} hands ${first.path} to a personal file-hosting service or a device nearby`,
      });
  }
}

/** PowerShell parameters match by any unambiguous prefix, in any case. */
function psParam(word: string, full: string, min: number): boolean {
  const w = word.toLowerCase();
  return w.length >= min + 1 && w.startsWith('-') && full.startsWith(w.slice(1));
}

/** Invoke-WebRequest/Invoke-RestMethod -InFile F, -Body (Get-Content F); Send-MailMessage -Attachments F. */
function powershellEffects(name: string, c: SimpleCommand, out: Effect[]): void {
  const a = c.argv;
  let fileSent = false;
  let host: string | undefined;
  for (let i = 1; i < a.length; i++) {
    const w = at(a, i);
    const next = a[i + 1];
    if (next === undefined) continue;
    if (
      psParam(w, 'infile', 2) ||
      psParam(w, 'attachments', 2) ||
      (psParam(w, 'source', 2) && name === 'start-bitstransfer')
    ) {
      sent(name, '', next.replace(/^['"]|['"]$/g, ''), out);
      fileSent = true;
    } else if (psParam(w, 'body', 2)) {
      const text = a.slice(i + 1, i + 4).join(' ');
      const m = /(?:Get-Content|\bgc|\bcat|\btype)\s+(?:-(?:Path|LiteralPath|Raw)\s+)*['"]?([^\s'")]+)/i.exec(text);
      const f = m?.[1] ?? /ReadAll(?:Text|Bytes|Lines)\(\s*['"]([^'"]+)['"]/i.exec(text)?.[1];
      if (f) {
        sent(name, '', f, out);
        fileSent = true;
      }
    } else if (psParam(w, 'uri', 1) || psParam(w, 'destination', 2)) host = hostOf(next);
  }
  host ??= a
    .slice(1)
    .map(hostOf)
    .find((h) => h !== undefined);
  if (fileSent && host && !isLoopbackHost(host))
    out.push({ tool: 'exec', command: `uploads-remote ${name} ${host}`, via: `${name} sends a local file to ${host}` });
}

function hostOf(word: string): string | undefined {
  const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]+)/i.exec(word.replace(/^['"]|['"]$/g, ''));
  return m?.[1]?.toLowerCase();
}

/** Request bodies kept in files: JSON, XML, YAML, GraphQL, form text. */
const PAYLOAD = /\.(?:json|jsonl|ndjson|xml|ya?ml|graphql|gql|txt|csv|md)$/i;

/**
 * A request body from a payload file (`-d @request.json`) sent to a known service's API
 * (api.github.com, api.stripe.com ...: the issuers' hosts) is the API's ordinary use, not an
 * upload of the project; gists and pastes stay uploads, and so does a file from outside the working
 * tree posted to an incoming webhook or form. A secret file is still denied by its read.
 */
export function payloadToService(files: string[], hosts: string[], effects: Effect[]): boolean {
  if (!files.every((f) => PAYLOAD.test(f) && !/(?:^|\/)\.env|secret|credential|token|passw/i.test(f))) return false;
  if (effects.some((e) => e.tool === 'fetch' && e.url && /gist|paste|upload/i.test(e.url))) return false;
  // an incoming webhook or form endpoint hands the body to whoever made it (ingress-urls.ts): a
  // request body kept in the working tree may still go there, a file from elsewhere is a send
  if (
    effects.some((e) => e.tool === 'fetch' && e.url && isIngressUrl(e.url)) &&
    !files.every((f) => /\.json$/i.test(f) && !/^(?:[/~$]|[A-Za-z]:|\(|.*\.\.\/)/.test(f))
  )
    return false;
  return hosts.every((h) => isServiceHost(h));
}

/**
 * `docker cp C:/path .`, `kubectl cp ns/pod:/path ./x`: copying out of a container reads the
 * container's file (its service-account token, its mounted secrets), also when the container is
 * picked by a substitution (`docker cp $(docker ps -qf name=vault):/vault/data .`).
 */
function containerCopyOut(name: string, argv: string[], out: Effect[]): void {
  const i = argv.indexOf('cp');
  if (i < 1 || i > 2) return;
  const ops = argv.slice(i + 1).filter((w) => !w.startsWith('-'));
  const src = ops[0];
  const m =
    src !== undefined && ops.length >= 2 ? /^(?:\$\([^()]*\)|`[^`]*`|[^/:\s]+(?:\/[^/:\s]+)?):(\/.*)$/.exec(src) : null;
  if (src !== undefined && m?.[1])
    out.push(read(m[1], `${name} cp copies ${m[1]} out of ${src.slice(0, src.length - m[1].length - 1)}`));
}

/** The effects of one simple command as a sender. Cheap for every other program: one lookup. */
export function egressEffects(c: SimpleCommand, out: Effect[]): void {
  const argv0 = c.argv[0];
  if (argv0 === undefined) return;
  const name = basename(argv0);
  const lower = name.toLowerCase();
  const s = Object.hasOwn(SENDERS, name) ? SENDERS[name] : undefined;
  if (s) senderEffects(name, s, c, out);
  else if (c.argv.length > 1) unknownSenderEffects(c, out);
  if (POWERSHELL_SENDERS.has(lower)) powershellEffects(lower, c, out);
  if (name === 'docker' || name === 'podman' || name === 'kubectl' || name === 'oc')
    containerCopyOut(name, c.argv, out);
  routeEffects(c, out);
}
