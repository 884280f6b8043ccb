// Files handed to a program the sender table (egress-data.ts) does not name, when its command
// line says it sends them: a send verb as its subcommand (`slack-cli chat send --file F`,
// `teams-cli message post --attach F`, `acme-share upload F`), a program named for sending
// (`transfer F`, `uploader F`; chat and push CLIs named for their service: slackcat, telegram-send,
// ntfy, apprise), or a copy to a `host:path` operand (`tailscale file cp F peer:`).
// A copy to a destination written as scp writes one (`user@host.domain:path`, `sftp://host/path`)
// also reads as the `scp` it amounts to, so the remote-copy rules decide it as they decide scp.
// Each such file is read as a read of that file, as a known sender's files are, so only files
// the credential and .env rules guard are stopped: `acme-share upload report.pdf` passes.
// Secret managers and platforms whose send verb stores the secrets it is given (`doppler
// secrets upload .env`, `gh secret set -f .env`, `wrangler secret bulk`) are what those files
// are for; a command line naming secrets, variables or env settings as its object is left alone.
// What is sent also decides, whatever the service (sensitivePayloads below): a database dump or
// backup, a file or folder named for people's or production data, an archive named for secrets,
// or the home folder or a user's documents, handed to such a program (or pushed, synced or backed
// up by any program to a URL outside this machine and the private network given as its
// destination: `hexvault backup create ~/ --repo https://vault.example/u/jd`) reads as
// `shares-data WHAT to WHERE` (the exfiltration policy asks). The service's name is never needed:
// the verb, the destination's host class and the payload's shape are.
import { remoteWord } from './url-host.js';
import { SENSITIVE_DATA, SENSITIVE_NAME } from './data-shares.js';
import { internalV4, isInternalName } from './fetch-readings.js';
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';

/** Subcommand words that send what they are given to someone else. */
const SEND_VERB =
  /^(?:send|send-file|sendfile|upload|share|post|paste|transfer|attach|mail|email|e-mail|submit|drop|beam|push-file|file-send)$/i;
/** Program names that are themselves a send. */
const SENDER_NAME =
  /^(?:transfer|uploader?|upload-file|sendfile|share|paste|pastebin[\w-]*|dropit|filedrop|(?:slack|discord|telegram|teams|mattermost|matrix|signal|pushover|gotify|ntfy)[-_]?(?:cat|send|post|notify|upload|cli|commander)|ntfy|apprise)$/i;
/** Verbs that put a tree into a content-addressed store, a send only with a recursive option. */
const STORE_VERB = /^(?:add|put|pin|publish|store)$/i;
/** Copy verbs, a send only with a remote operand. */
const COPY_VERB = /^(?:cp|copy|put)$/i;
/** Objects that say the command stores secrets where they belong (a secret manager, platform settings). */
const SECRET_STORE_OBJECT =
  /^(?:secrets?|env|envs|environment|variables?|vars?|config|configs|settings|vault|kv|credentials?)$/i;
/** Options whose value is a file being sent. */
const FILE_OPTION =
  /^--?(?:file|files|attach|attachment|attachments|upload|input|path|body-file|content-file|document|photo|f|a)$/;
/** Programs whose copies and pushes are read elsewhere (or are local), and task runners, whose targets are the project's own names, not verbs. */
const READ_ELSEWHERE = new Set(
  'git docker podman kubectl oc helm cp mv install rsync scp npm pnpm yarn bun make just task rake gradle mvn curl wget http https xh xhs curlie'.split(
    ' ',
  ),
);

/**
 * A destination written the way scp writes one, `user@host.domain:path` (or a transfer URL,
 * `sftp://`, `ftps://`, `scp://`, `ssh://`, `rsync://`, `webdavs://`; unison's and Nix's `ssh://` roots):
 * the program copies its other operands to another
 * machine, whatever it is called (Aspera's ascp, PuTTY's pscp, mscp, a vendor's transfer client).
 */
const SCP_DEST = /^[\w.+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+|\d+(?:\.\d+){3}):(.*)$/;
const TRANSFER_URL = /^(?:sftp|ftps?|scp|ssh|rsync|webdavs?|davs?):\/\/(?:[^@/]*@)?([A-Za-z0-9.-]+)(?::\d+)?(\/.*)?$/i;
/** Options whose value names where a program writes (a remote repository or destination). */
const DEST_OPTION = /^(?:-r|--remote|--repo|--repository|--dest|--destination|--target|--to)$/;
/** Programs that name a remote account for their own reasons (a login, a repository, a mount). */
const NOT_COPIES = new Set(
  'ssh mosh sshfs autossh ssh-copy-id sftp ftp lftp rclone borg restic duplicity git hg svn mount umount'.split(' '),
);

/** An unknown program's copy to a remote destination, read as the scp it amounts to (remote-copies.ts decides it). */
function scpShaped(name: string, a: readonly string[], out: Effect[]): void {
  if (NOT_COPIES.has(name)) return;
  // a remote repository or destination given as an option's value (`bup save -r u@h:/bup DIR`,
  // `--remote u@h:path`, `--dest sftp://h/p`) is where the operands go
  let optionDest: RegExpExecArray | null = null;
  const skip = new Set<number>();
  for (let i = 1; i < a.length - 1 && !optionDest; i++)
    if (DEST_OPTION.test(a[i] ?? '')) {
      optionDest = SCP_DEST.exec(a[i + 1] ?? '') ?? TRANSFER_URL.exec(a[i + 1] ?? '');
      if (optionDest) skip.add(i + 1);
    }
  const ops = a.slice(1).filter((w, i) => !w.startsWith('-') && !skip.has(i + 1));
  if (ops.length < (optionDest ? 1 : 2)) return;
  const last = ops[ops.length - 1] ?? '';
  const m = optionDest ?? SCP_DEST.exec(last) ?? TRANSFER_URL.exec(last);
  if (!m?.[1]) return;
  const sources = (optionDest ? ops : ops.slice(0, -1)).filter(
    (w) => /^(?:\/|~\/|\.{0,2}\/|[\w.-]+\/|[A-Za-z]:[\\/])/.test(w) && !remoteWord(w),
  );
  if (!sources.length) return;
  const quoted = sources.map((f) => `'${f.replace(/'/g, '')}'`).join(' ');
  out.push({
    tool: 'exec',
    command: `scp ${quoted} ${m[1].toLowerCase()}:${(m[2] ?? '').replace(/[\s']/g, '')}`,
    via: `${name} copies ${sources.join(' ')} to ${m[1]}`,
  });
}

/** Verbs that move a tree or file to where the command is pointed: a send only toward a destination outside. */
const MOVE_VERB = /^(?:push|sync|backup|back-up|mirror|replicate|archive|save|export|put)$/i;
/** The destination options of a push or a backup whose value is a URL (`--repo https://...`, `--remote-url`). */
const URL_DEST_OPTION =
  /^--?(?:r|remote|remote-url|repo|repository|repo-url|dest|destination|target|to|url|upload-url|endpoint|server)$/i;
/** Names of files kept for trying things (a fixture, a sample): not data anyone owns. */
const SAMPLE =
  /(?:^|[\/._-])(?:test|tests|fixtures?|samples?|examples?|mocks?|dummy|fake|demo|seed|stub)(?:[\/._-]|$)/i;
/** Database files and backups by their extension, compressed or not. */
const DATABASE_FILE =
  /\.(?:dump|bak|backup|sqlite3?|db|mdb|accdb|rdb|bson|kdbx|pgdump)(?:\.(?:gz|zst|xz|bz2|zip|7z|enc|gpg))?$/i;
/** Archives and exports named for secrets or keys. */
const SECRET_ARCHIVE =
  /(?:secret|credential|passw|private|confidential|keys?|wallet|vault)[^/\\]*\.(?:tar|tgz|gz|zip|7z|rar|json|txt|csv|xlsx?|kdbx)$/i;
/** The home folder itself, or a user's documents, desktop, pictures, mail or synced folders. */
const PERSONAL_TREE =
  /^(?:~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+|[A-Za-z]:[\\/]Users[\\/][^\\/]+)(?:[\\/](?:Documents|Desktop|Pictures|Downloads|Mail|Library\/Mail|OneDrive[^\\/]*|Dropbox)(?:[\\/].*)?)?[\\/]?$/i;

/** What a file or folder handed to a sender holds, when it is data someone owns; else undefined. */
export function sensitivePayload(path: string): string | undefined {
  const f = path.replace(/^["'@]|["']$/g, '');
  // a URL or httpie's localhost shorthand (`:8000/api/orders`) names an endpoint, not a file
  if (/^(?:[a-z][a-z0-9+.-]*:\/\/|:\d*\/)/i.test(f)) return undefined;
  if (PERSONAL_TREE.test(f)) return 'a home or documents folder';
  if (SAMPLE.test(f)) return undefined;
  if (DATABASE_FILE.test(f)) return 'a database file or backup';
  if (SENSITIVE_DATA.test(f)) return "people's or production data";
  if (SECRET_ARCHIVE.test(f)) return 'an archive named for secrets';
  const base =
    f
      .replace(/[\\/]+$/, '')
      .split(/[\\/]/)
      .pop() ?? '';
  // a folder (no extension) named for such data (`./data/patients`, `exports/`)
  if (base && !/\.\w{1,8}$/.test(base) && /[\\/]/.test(f) && SENSITIVE_NAME.test(base))
    return "a folder of people's or production data";
  return undefined;
}

/** The host of an http(s) URL when it is outside this machine and the private network; else undefined. */
function outsideHost(url: string): string | undefined {
  const host = /^https?:\/\/(?:[^@/]*@)?([^/:?#]+)/i.exec(url)?.[1]?.toLowerCase();
  if (!host || !host.includes('.') || isInternalName(host) || internalV4(host)) return undefined;
  if (/^(?:localhost|[^.]+\.localhost|0\.0\.0\.0)$/.test(host)) return undefined;
  return host;
}

/** `shares-data WHAT to WHERE` for each file given to a send that holds data someone owns. */
function sensitiveSends(name: string, files: Iterable<string>, where: string, out: Effect[]): void {
  for (const f of files) {
    const what = sensitivePayload(f);
    if (!what) continue;
    const w = (s: string) => s.replace(/[^\w@/.:~-]/g, '_');
    out.push({
      tool: 'exec',
      command: `shares-data ${w(f)} to ${w(where)}`,
      via: `${name} sends ${f} (${what}) to ${where}`,
    });
  }
}

/** The effects of an unknown program that sends files: a read of each file it is given. */
export function unknownSenderEffects(c: SimpleCommand, out: Effect[]): void {
  const a = c.argv;
  const name = basename(a[0] ?? '');
  if (READ_ELSEWHERE.has(name)) return;
  scpShaped(name, a, out);
  const words = a.slice(1).filter((w) => !w.startsWith('-'));
  // the first words after the name are its subcommand path (`chat send`, `file cp`)
  const head = words.slice(0, 3);
  if (head.some((w) => SECRET_STORE_OBJECT.test(w))) return;
  const sendVerb = head.some((w) => SEND_VERB.test(w));
  const copyVerb =
    (head.some((w) => COPY_VERB.test(w)) && remoteWord(words[words.length - 1] ?? '')) ||
    // a whole tree added to a content-addressed store or network (`ipfs add -r DIR`, `w3 put -r
    // DIR`, `x pin --recursive DIR`): what it holds is fetchable by its hash from then on
    (head.some((w) => STORE_VERB.test(w)) && a.some((w) => /^(?:-r|-R|--recursive|-rQ|-Qr)$/.test(w)));
  // a push, sync or backup whose destination option is a URL outside (`--remote https://...`)
  let urlDest: string | undefined;
  for (let i = 1; i < a.length - 1 && !urlDest; i++) {
    const w = a[i] ?? '';
    const eq = w.indexOf('=');
    const opt = eq > 0 && w.startsWith('-') ? w.slice(0, eq) : w;
    if (URL_DEST_OPTION.test(opt))
      urlDest = outsideHost(eq > 0 && w.startsWith('-') ? w.slice(eq + 1) : (a[i + 1] ?? ''));
  }
  const moves = head.some((w) => MOVE_VERB.test(w));
  const putVerb = head.some((w) => /^put$/i.test(w));
  if (!sendVerb && !copyVerb && !SENDER_NAME.test(name)) {
    if (!(moves && urlDest) && !putVerb) return;
    // (only what it holds decides these: a push of source to a host is the remote-copy readings')
    const ops = a
      .slice(1)
      .filter((w, i) => !w.startsWith('-') && !URL_DEST_OPTION.test(a[i] ?? '') && /[./~$]/.test(w));
    sensitiveSends(name, ops, urlDest ?? name, out);
    return;
  }
  const files = new Set<string>();
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    const eq = w.indexOf('=');
    if (w.startsWith('-') && FILE_OPTION.test(eq > 0 ? w.slice(0, eq) : w)) {
      const v = eq > 0 ? w.slice(eq + 1) : a[++i];
      if (v) files.add(v.replace(/^@/, ''));
    } else if (!w.startsWith('-') && !remoteWord(w) && /[./~]/.test(w)) files.add(w.replace(/^@/, ''));
  }
  const verb = head.find((w) => SEND_VERB.test(w) || COPY_VERB.test(w)) ?? name;
  for (const f of files) if (f && f !== '-') out.push({ tool: 'read', path: f, via: `${name} ${verb} sends ${f}` });
  sensitiveSends(name, files, urlDest ?? name, out);
}
