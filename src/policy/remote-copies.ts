// scp and rsync copies that send nothing away. Policy exfiltration asks for every copy to a
// remote host, because a copy to a host the attacker runs is how files leave. Two kinds of copy
// cannot do that, and read as a sentence of their own that the policy leaves alone
// (docs/shell-readings.md, "Copies to remote hosts"):
//   remote-copy-down HOST      every source is remote and the destination is in the working tree,
//                              not a hidden file or folder (.git/hooks, .envrc, .vscode): files come
//                              in, nothing goes out (as `scp host:f .` already passes)
//   remote-copy-private HOST   files of the working tree (relative paths, no `..`) copied to a host
//                              on the private network: an RFC 1918 or loopback address, a name with
//                              no dot (an ssh alias or a LAN name), or a name under a suffix public
//                              DNS never answers (.local per RFC 6762, .home.arpa per RFC 8375,
//                              .internal as ICANN reserved it in 2024, .lan, .localdomain, .intranet,
//                              .corp, .home, .private), and not into a place where the remote host
//                              runs what lands (its ~/.ssh, /etc, cron, systemd, shell start-up)
// A copy run through another remote shell than ssh (`rsync -e 'sh -c ...'`) gets neither.
//   remote-copy-dry-run HOST   rsync -n/--dry-run, rclone copy|sync|move --dry-run/-n: the tool
//                              lists what it would transfer and sends no file's content (rsync(1)
//                              --dry-run, rclone docs "--dry-run"), the preview the exfiltration
//                              message itself asks for
// rclone's `copy`/`copyto` from a configured remote (`name:path`) reads as remote-copy-down too.
// A down-copy may also land in a shared data mount named for data rather than for a user's
// programs (/scratch, /data, /mnt, /media, /Volumes, /tmp: HPC scratch and lab volumes; a
// forensic evidence locker or case folder, /evidence and /cases), where
// nothing runs what lands, never in the home folder, a system folder or a hidden or bin folder;
// and a copy to a private host may send such a mount's files (a NAS share to a second NAS), as
// it may the working tree's: neither holds the home folder's keys and start-up files.

/** scp(1) options that take a value. */
const SCP_VALUE = new Set(['-P', '-i', '-o', '-F', '-c', '-l', '-S', '-J', '-D', '-X']);
/** rsync(1) options that take the next word as their value (the `--opt=value` forms carry their own). */
const RSYNC_VALUE = new Set([
  '-e',
  '--rsh',
  '--exclude',
  '--include',
  '--filter',
  '-f',
  '--exclude-from',
  '--include-from',
  '--files-from',
  '--port',
  '--password-file',
  '--log-file',
  '--chmod',
  '--chown',
  '-T',
  '--temp-dir',
  '--partial-dir',
  '--backup-dir',
  '--compare-dest',
  '--link-dest',
  '--copy-dest',
  '--suffix',
  '--timeout',
  '--bwlimit',
  '--max-size',
  '--min-size',
  '-B',
  '--block-size',
  '--usermap',
  '--groupmap',
  '--info',
  '--debug',
  '--out-format',
  '--max-delete',
  '--modify-window',
  '--compress-level',
  '--skip-compress',
  '--contimeout',
  '--iconv',
]);

/** Names public DNS never answers: special-use and never-delegated suffixes. */
const PRIVATE_SUFFIX = /\.(?:local|lan|internal|home\.arpa|localdomain|intranet|corp|home|private)$/i;

/** Remote places where what lands runs: keys, system and service configuration, start-up files. */
const RUNS_THERE =
  /(?:^|\/)\.ssh(?:\/|$)|^\/etc(?:\/|$)|cron|systemd|\/init\.d|(?:^|\/)\.(?:bashrc|bash_profile|profile|zshrc|zprofile|zshenv|config\/fish|config\/autostart)|authorized_keys|sudoers|\/\.git\/hooks/i;

/** A host on the private network, as written on a copy's remote operand. */
export function privateHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(h);
  if (v4) {
    const a = Number(v4[1]);
    const b = Number(v4[2]);
    return a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  if (h.includes(':')) return h === '::1' || /^f[cd][0-9a-f]{2}:/.test(h);
  if (/^\d+$/.test(h)) return false;
  return /^[a-z0-9-]+$/.test(h) ? h !== '' : PRIVATE_SUFFIX.test(h);
}

interface Operand {
  host?: string;
  path: string;
}

function operand(word: string): Operand {
  if (/^rsync:\/\//i.test(word)) {
    const m = /^rsync:\/\/(?:[^@/]*@)?([^/:]+)(?::\d+)?(\/.*)?$/i.exec(word);
    return { host: m?.[1] ?? '', path: m?.[2] ?? '' };
  }
  if (word.startsWith('/') || word.startsWith('.') || word.startsWith('~')) return { path: word };
  const m = /^(?:[^@/:\s]+@)?([A-Za-z0-9.-]+|\[[0-9a-fA-F:.]+\])::?(.*)$/.exec(word);
  if (m && !/^[A-Za-z]$/.test(m[1] ?? '')) return { host: m[1] ?? '', path: m[2] ?? '' };
  return { path: word };
}

/** A path inside the working tree: relative, no `..`, nothing expanded later. */
export function inTree(p: string): boolean {
  return p !== '' && !/^[/~$]/.test(p) && !/(?:^|\/)\.\.(?:\/|$)/.test(p) && !/[`$]/.test(p);
}

/**
 * A literal folder under a shared data mount (see the top of this file), no `..`, no bin folder;
 * a forensic evidence locker or case folder (`/evidence`, `/evidence2`, SIFT's `/cases`) holds
 * acquired data the same way.
 */
const DATA_ROOT = /^\/(?:scratch|data|mnt|media|Volumes|tmp|evidence[\w.-]*|cases)\/[\w@+,.=-]/;
export function dataMount(p: string): boolean {
  return DATA_ROOT.test(p) && !/(?:^|\/)\.\.(?:\/|$)/.test(p) && !/[`$*?]/.test(p) && !/\/s?bin(?:\/|$)/.test(p);
}

/** A local destination files may come down into: the working tree or a data mount, not hidden. */
function landing(p: string): boolean {
  return (
    (inTree(p) || dataMount(p)) &&
    !p
      .replace(/^(?:\.\/)+/, '')
      .split('/')
      .some((part) => part.startsWith('.') && part !== '.')
  );
}

/** rclone(1) options that take the next word as their value (`--opt=value` carries its own). */
const RCLONE_VALUE =
  /^--(?:include|exclude|filter|include-from|exclude-from|filter-from|files-from|transfers|checkers|log-file|log-level|bwlimit|max-age|min-age|max-size|min-size|max-depth|retries|low-level-retries|stats|contimeout|timeout|multi-thread-streams|order-by|max-transfer|buffer-size)$/;

/** `rclone copy|copyto REMOTE:path LOCAL`: a configured remote brought down (rclone docs, "Usage"). */
function rcloneDown(words: readonly string[]): string | null {
  if (words[1] !== 'copy' && words[1] !== 'copyto') return null;
  const ops: string[] = [];
  for (let i = 2; i < words.length; i++) {
    const w = words[i] ?? '';
    if (!w.startsWith('-')) ops.push(w);
    else if (/^--(?:config|backup-dir|compare-dest|copy-dest|suffix|rc\w*|password-command)(?:=|$)/.test(w))
      return null;
    else if (RCLONE_VALUE.test(w)) i++;
  }
  if (ops.length !== 2) return null;
  const [src = '', dest = ''] = ops;
  // a remote is `name:path` (not a one-letter Windows drive) or an on-the-fly `:backend:path`
  const remote = /^(?::\w+[^:]*|[\w.-]{2,}):/.exec(src);
  if (!remote || /^[\w.-]{2,}:/.test(dest) || dest.startsWith(':') || !landing(dest)) return null;
  return `remote-copy-down ${remote[0].replace(/:$/, '')}`;
}

/**
 * `rclone copy|copyto|sync|move|moveto SRC DEST --dry-run` (or `-n`): a listing of what would be
 * transferred, nothing sent. Options that run a command (`--password-command`, `--rc*`) or load
 * another configuration give nothing, as in rcloneDown.
 */
function rcloneDryRun(words: readonly string[]): string | null {
  if (!/^(?:copy|copyto|sync|move|moveto)$/.test(words[1] ?? '')) return null;
  let dry = false;
  const ops: string[] = [];
  for (let i = 2; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w === '--dry-run' || w === '-n') dry = true;
    else if (!w.startsWith('-')) ops.push(w);
    else if (/^--(?:config|password-command|rc\w*)(?:=|$)/.test(w)) return null;
    else if (RCLONE_VALUE.test(w)) i++;
  }
  if (!dry || ops.length !== 2) return null;
  const remote = ops.map((o) => /^(?::\w+[^:]*|[\w.-]{2,}):/.exec(o)?.[0]).find(Boolean);
  return remote ? `remote-copy-dry-run ${remote.replace(/:$/, '')}` : null;
}

/** The remote-copy reading of one simple command (program's base name first), or null. */
export function remoteCopyReading(words: readonly string[]): string | null {
  const p = words[0] ?? '';
  if (p === 'rclone') return rcloneDryRun(words) ?? rcloneDown(words);
  if (p !== 'scp' && p !== 'rsync') return null;
  const takesValue = p === 'scp' ? SCP_VALUE : RSYNC_VALUE;
  const ops: string[] = [];
  let dry = false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    if (p === 'rsync' && (w === '--dry-run' || /^-[a-zA-Z0-9]*n[a-zA-Z0-9]*$/.test(w))) dry = true;
    if (w === '--') {
      ops.push(...words.slice(i + 1));
      break;
    }
    if (!w.startsWith('-')) {
      ops.push(w);
      continue;
    }
    const name = w.includes('=') ? w.slice(0, w.indexOf('=')) : w;
    const value = w.includes('=') ? w.slice(w.indexOf('=') + 1) : takesValue.has(w) ? (words[++i] ?? '') : '';
    // another remote shell than ssh, or an ssh made to run a command first: no reading
    if ((name === '-e' || name === '--rsh') && !/^ssh(?:\s+(?:-[pi46CqvTAx]+|-[pi]\s*\S+|-o\s*\S+))*$/.test(value))
      return null;
    if (p === 'scp' && (name === '-o' || name === '-S' || name === '-F')) return null;
    if (p === 'rsync' && /^--(?:rsync-path|remote-option)$/.test(name)) return null;
    if (p === 'rsync' && name === '-M') return null;
  }
  if (ops.length < 2) return null;
  const all = ops.map(operand);
  const dest = all[all.length - 1] as Operand;
  const sources = all.slice(0, -1);
  const remote = all.find((o) => o.host !== undefined);
  if (dry && remote) return `remote-copy-dry-run ${remote.host ?? ''}`;
  if (dest.host === undefined) {
    // not into a hidden file or folder (.git/hooks, .envrc, .vscode, .github): what lands there runs later
    if (sources.every((s) => s.host !== undefined) && landing(dest.path))
      return `remote-copy-down ${sources[0]?.host ?? ''}`;
    return null;
  }
  if (
    privateHost(dest.host) &&
    sources.every((s) => s.host === undefined && (inTree(s.path) || (dataMount(s.path) && landing(s.path)))) &&
    !RUNS_THERE.test(dest.path)
  )
    return `remote-copy-private ${dest.host}`;
  return null;
}

/** sftp(1) batch commands that change nothing and send nothing: listings, the remote directory, help. */
const SFTP_LOOK = /^(?:ls|dir|pwd|lpwd|lls|cd|df|version|help|\?|progress|exit|quit|bye)$/;
/** sftp(1) options that take a value; -o, -S and -F (an ssh option, program or configuration that can run a command) are not read. */
const SFTP_VALUE = new Set(['-P', '-i', '-l', '-R', '-B', '-c', '-J', '-s']);
/**
 * ssh_config(5) options an `-o` may set that only tune the connection and how the host is trusted:
 * none runs a command or loads code (ProxyCommand, LocalCommand, KnownHostsCommand, Match exec,
 * PKCS11Provider, SecurityKeyProvider and Include are not among them).
 */
const SFTP_SAFE_OPTION =
  /^(?:StrictHostKeyChecking|UserKnownHostsFile|GlobalKnownHostsFile|CheckHostIP|HashKnownHosts|UpdateHostKeys|Port|User|IdentityFile|IdentitiesOnly|BatchMode|ConnectTimeout|ConnectionAttempts|ServerAliveInterval|ServerAliveCountMax|TCPKeepAlive|LogLevel|Compression|PasswordAuthentication|PubkeyAuthentication|PreferredAuthentications|KbdInteractiveAuthentication|NumberOfPasswordPrompts|AddressFamily|HostKeyAlgorithms|PubkeyAcceptedKeyTypes|PubkeyAcceptedAlgorithms|Ciphers|MACs|KexAlgorithms)=[^\s;|&`$]*$/i;

/**
 * `sftp -b - HOST <<< 'ls -l public_html'`: a batch given on the line (a here-string or
 * here-document) whose every command lists, changes the remote directory or fetches a file into
 * the working tree or a data mount (get without a hidden name). Nothing leaves this machine, so it
 * reads as `remote-copy-down HOST`; a put, a remote change (rm, rename, chmod, mkdir), lcd or !cmd
 * gives nothing. Without -b, sftp reads its commands from standard input all the same (sftp(1):
 * the interactive commands come from stdin); with `-b FILE` they come from the file, not the line.
 * An `-o` that only tunes the connection (`-o StrictHostKeyChecking=no` for a local test server)
 * leaves the reading as it is; any other ssh option may run a command and gives nothing.
 */
export function sftpBatchReading(words: readonly string[], batch: string | null): string | null {
  if (words[0] !== 'sftp' || batch === null) return null;
  let host = '';
  let stdinBatch = true;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w === '-b') stdinBatch = words[++i] === '-';
    else if (w === '-o') {
      if (!SFTP_SAFE_OPTION.test(words[++i] ?? '')) return null;
    } else if (SFTP_VALUE.has(w)) i++;
    else if (/^-[46aCNpqrv]+$/.test(w)) continue;
    else if (w.startsWith('-') || host) return null;
    else host = w;
  }
  const m = /^(?:[^@/:\s]+@)?([A-Za-z0-9.-]+)(?::.*)?$/.exec(host);
  if (!stdinBatch || !m?.[1]) return null;
  for (const line of batch.split(/\r?\n/)) {
    const [cmd = '', ...args] = line.trim().replace(/^[-@]/, '').split(/\s+/);
    if (cmd === '' || cmd.startsWith('#')) continue;
    if (SFTP_LOOK.test(cmd)) continue;
    if (cmd !== 'get' && cmd !== 'reget') return null;
    const ops = args.filter((a) => !a.startsWith('-'));
    const name = (ops[0] ?? '').replace(/^.*\//, '');
    if (!name || name.startsWith('.') || /[*?$`]/.test(ops[0] ?? '')) return null;
    if (ops[1] !== undefined && !landing(ops[1])) return null;
  }
  return `remote-copy-down ${m[1]}`;
}
