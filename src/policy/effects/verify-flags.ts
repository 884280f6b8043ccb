// A command-line option that switches off a check of what a tool fetches or syncs, on a tool svc
// has no entry for: `hammer repository update --verify-ssl-on-sync false`, `pulp rpm remote
// update --tls-validation false`, `artifactctl remote create --no-verify-ssl`, `sattool sync
// --skip-signature-check`. Package managers and the catalogues' installers spell the same change
// with their own options (sources.ts reads those); every other tool that manages a repository, a
// mirror, a feed or a sync names the option after the check it turns off, the way its
// configuration file would (verify-offs.ts reads the file; this reads the option by the same
// words): a check of transport, signatures or checksums set to an off value, or a switch that
// names skipping one. Read as `no-verify TOOL OPTION` (supply-chain-sources denies), but only
// when the command is about where code comes from (a repository, mirror, channel, feed or
// registry word, a fetch or sync verb, in its name or its subcommand): `mysql --ssl-mode=DISABLED`,
// a checker's `--validate-contents false`, an object store's `--no-verify-ssl` and a push's
// `--dest-skip-tls` name no check of fetched code and are not read.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { isPackageManager } from './sources.js';
import { dependency } from './supply.js';
import { CHECKED, SKIP, switchesOff, words } from './verify-offs.js';

/** The line gate: an option naming a transport, signature or checksum check. */
export const VERIFY_FLAG_HINT = /--?[\w-]*(?:ssl|tls|cert|sign|sig|gpg|pgp|checksum|integrity|hash|verif)/i;

/** Words of a command that manages where code comes from, or fetches it. */
const SOURCE_WORD =
  /^(?:repos?|repositor(?:y|ies)|remotes?|mirrors?|sources?|channels?|feeds?|registr(?:y|ies)|index(?:es)?|upstreams?|subscriptions?|products?|content|sync|synchronize|reposync|fetch|pull|download|update|upgrade|install|import|refresh)$/i;
/** A program named for that job (`reposync`, `repo-mirror`, `pkg-fetch`). */
const SOURCE_PROGRAM = /repo|mirror|sync|fetch|feed|pull|install|update|upgrade|import|registry|channel/i;
/** Options about the place written to (`--dest-skip-tls`): they check no code that is fetched. */
const WRITE_SIDE = /^(?:dest|destination|target|to|push|upload|output|out)$/i;

/** Programs whose own readings decide these options: fetchers, connections, containers, clusters. */
const ELSEWHERE = new Set(
  (
    'curl wget git hg svn ssh scp sftp rsync docker podman kubectl oc helm openssl gpg gpgv keytool certutil ' +
    'mysql mysqldump psql pg_dump mongosh mongo redis-cli nc ncat socat sudo env echo printf grep rg sed awk ' +
    // object stores and cloud CLIs move data (a local MinIO under --no-verify-ssl is routine)
    'aws gcloud gsutil az azcopy rclone mc s3cmd'
  ).split(' '),
);

/** Bare switches that name skipping a check of fetched code (`--nogpgcheck`, `--no-verify-ssl`). */
const NO_CHECK = /^no[-_]?(?:verify|check|gpg|sig|ssl|tls|cert|signature|checksum|integrity)/i;
const OFF_VALUE = /^(?:false|no|off|0|none|disabled?|skip|ignore|never|insecure)$/i;
const ON_VALUE = /^(?:true|yes|on|1|always|enabled?)$/i;

/** Whether an option's name speaks of a check of fetched code or the connection. */
function namesChecked(name: string): boolean {
  return words(name).some((w) => CHECKED.has(w)) || /gpgcheck|sslverify|verifyssl|checksig/i.test(name);
}

function readCommand(argv: readonly string[], out: Effect[]): void {
  const name = basename(argv[0] ?? '')
    .toLowerCase()
    .replace(/\.exe$/, '');
  if (!name || ELSEWHERE.has(name) || isPackageManager(name)) return;
  const lead = argv
    .slice(1)
    .filter((w) => !w.startsWith('-'))
    .slice(0, 4);
  if (!SOURCE_PROGRAM.test(name) && !lead.some((w) => SOURCE_WORD.test(w))) return;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '--') break;
    const m = /^--?([A-Za-z][\w.-]*)(?:=(.*))?$/.exec(w);
    if (!m?.[1] || !namesChecked(m[1]) || words(m[1]).some((x) => WRITE_SIDE.test(x))) continue;
    const flag = m[1];
    const next = argv[i + 1] ?? '';
    const value = m[2] ?? (OFF_VALUE.test(next) || ON_VALUE.test(next) ? next : undefined);
    const off =
      value === undefined
        ? SKIP.test(flag) || NO_CHECK.test(flag)
        : SKIP.test(flag) || NO_CHECK.test(flag)
          ? ON_VALUE.test(value)
          : switchesOff([flag], value);
    if (!off) continue;
    const spelled = value === undefined ? `--${flag}` : `--${flag}=${value}`;
    const via = `${name} ${lead.slice(0, 3).join(' ')}`.trim();
    out.push(dependency(['no-verify', name, spelled], `${via} ${spelled} (stops verifying what it fetches)`));
    return;
  }
}

/** The verification-off options of each simple command of a line. */
export function verifyFlagEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) if (c.argv.length >= 2) readCommand(c.argv, out);
}
