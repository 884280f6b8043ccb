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
import { remoteWord } from './url-host.js';
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
  'git docker podman kubectl oc helm cp mv install rsync scp npm pnpm yarn bun make just task rake gradle mvn'.split(
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
  if (!sendVerb && !copyVerb && !SENDER_NAME.test(name)) return;
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
}
