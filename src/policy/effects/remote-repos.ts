// Files put on another machine by programs that name the destination in a syntax of their own,
// which the scp-shaped reading (unknown-senders.ts) leaves to them because their operands look
// like logins or repositories rather than copies:
//  - backup tools writing a repository on another host: restic (`-r sftp:u@h:/p`,
//    `rest:https://h/`, RESTIC_REPOSITORY), borg (`borg create ssh://u@h/./r::a DIR`, `u@h:r::a`,
//    BORG_REPO), duplicity (`duplicity DIR sftp://|ftp://|scp://|rsync://|webdav://...`),
//    rdiff-backup (`DIR u@h::/p`), kopia (a repository connected over sftp/webdav in the line, then
//    `kopia snapshot create DIR`): read as the `scp -r DIR HOST:PATH` they amount to, so the
//    remote-copy rules decide them (a host on the private network passes, as scp's does);
//  - version control other than git pushed or imported to a URL given on the line (`hg push URL`,
//    `svn import . URL`, `bzr push URL`, `fossil push URL`): read as `git push URL`, which the
//    exfiltration policy denies for a repository that is not one of the project's remotes;
//  - DICOM senders (DCMTK `storescu`/`dcmsend HOST PORT FILES`, dcm4che `storescu -c AET@HOST:PORT`)
//    to a host outside the private network: studies are patients' records, read as
//    `shares-data dicom-studies to HOST` (asked);
//  - SQL that makes the database server write a file or open a path on another machine's share
//    (`INTO OUTFILE '\\\\host\\share\\f'`, `LOAD_FILE('\\\\host\\x')`, `xp_dirtree '\\host\x'`,
//    `BACKUP DATABASE d TO DISK = '\\host\share\d.bak'`): the server sends query results, a
//    backup or its own credentials (an SMB login) to that host, read as `scp 'sql-output' HOST:/share`;
//  - a drive letter mapped to a share outside (`net use Z: \\203.0.113.20\drop`, `New-PSDrive
//    -Root \\host\share`) and then copied onto: read as the copy to the share it is.
// Sources: restic's "Preparing a new repository" (sftp:, rest:, s3:, rclone: backends), borg's
// "Repository URLs", duplicity(1) URL FORMAT, rdiff-backup(1), hg help urls, svn import, DCMTK's
// storescu/dcmsend and dcm4che's storescu usage, MySQL SELECT ... INTO OUTFILE and LOAD_FILE,
// SQL Server BACKUP and the extended procedures xp_dirtree/xp_fileexist/xp_subdirs.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { outsideUncHost } from './cmdlet-shares.js';

export const REMOTE_REPO_PROGRAMS = new Set([
  'restic',
  'kopia',
  'borg',
  'borgbackup',
  'duplicity',
  'rdiff-backup',
  'hg',
  'svn',
  'bzr',
  'brz',
  'fossil',
  'storescu',
  'dcmsend',
]);
/** SQL that reaches a UNC path, and drives mapped to a share. */
export const REMOTE_REPO_HINT =
  /\b(?:restic|kopia|borg|borgbackup|duplicity|rdiff-backup|hg|svn|bzr|brz|fossil|storescu|dcmsend)\b|\\\\[^\\'"\s]+\\|\b(?:net\s+use|New-PSDrive)\b/i;

/** A host on this machine or the private network (where the remote-copy rules let copies pass too). */
const PRIVATE =
  /^(?:localhost|127\.|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|169\.254\.|100\.(?:6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.|\[?::1\]?$)|\.(?:local|lan|corp|internal|intra|intranet|home\.arpa|localdomain|private)$|^[\w-]+$/i;

function q(w: string): string {
  return `'${w.replace(/['\s]/g, '')}'`;
}
function safe(w: string): string {
  return w.replace(/[^\w@/.:~-]/g, '_').slice(0, 120) || '_';
}

/** The host and path of a destination written as a URL or as scp writes one. */
function hostOf(dest: string): { host: string; path: string } | undefined {
  const url =
    /^(?:[a-z][\w+.-]*\+)?(?:sftp|ftps?|scp|ssh|rsync|webdavs?|https?|davs?|svn\+ssh|svn|bzr\+ssh|bzr|rest:https?|rest:http):\/\/(?:[^@/]*@)?(\[[^\]]+\]|[A-Za-z0-9.-]+)(?::\d+)?(\/[^]*)?$/i.exec(
      dest.replace(/^rest:/i, ''),
    );
  if (url?.[1]) return { host: url[1].toLowerCase(), path: url[2] ?? '/' };
  // sftp:user@host:/path (restic), user@host:path, user@host::path (rdiff-backup)
  const scp = /^(?:sftp:)?(?:[\w.+-]+@)?([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+|\d+(?:\.\d+){3}):{1,2}([^]*)$/.exec(dest);
  if (scp?.[1] && (dest.includes('@') || dest.startsWith('sftp:')))
    return { host: scp[1].toLowerCase(), path: scp[2] ?? '' };
  return undefined;
}

function optionValue(a: readonly string[], names: RegExp): string | undefined {
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    const eq = w.indexOf('=');
    if (w.startsWith('--') && eq > 0 && names.test(w.slice(0, eq))) return w.slice(eq + 1);
    if (names.test(w)) return a[i + 1];
  }
  return undefined;
}

/** Operands after a verb, skipping options and the values of the options named. */
function operands(a: readonly string[], from: number, valued: RegExp): string[] {
  const out: string[] = [];
  for (let i = from; i < a.length; i++) {
    const w = a[i] ?? '';
    if (w.startsWith('-')) {
      if (!w.includes('=') && valued.test(w)) i++;
      continue;
    }
    out.push(w);
  }
  return out;
}

function copyTo(name: string, sources: string[], dest: { host: string; path: string }, out: Effect[]): void {
  const src = sources.filter((s) => s && s !== '-');
  if (!src.length) return;
  out.push({
    tool: 'exec',
    command: `scp -r ${src.map(q).join(' ')} ${dest.host}:${dest.path.replace(/[\s']/g, '') || '/'}`,
    via: `${name} backs up ${src.join(' ')} to ${dest.host}`,
  });
}

function backups(
  c: { argv: string[]; assigns: { name: string; value: string }[] },
  name: string,
  line: string,
  out: Effect[],
): void {
  const a = c.argv;
  const env = (n: string) => c.assigns.find((x) => x.name === n)?.value;
  if (name === 'restic') {
    const i = a.indexOf('backup');
    if (i < 0) return;
    const repo = optionValue(a, /^(?:-r|--repo)$/) ?? env('RESTIC_REPOSITORY');
    const dest = repo ? hostOf(repo) : undefined;
    if (dest)
      copyTo(
        name,
        operands(a, i + 1, /^(?:-r|--repo|--exclude|-e|--tag|--host|--files-from|--password-file|-p|--iexclude)$/),
        dest,
        out,
      );
  } else if (name === 'borg' || name === 'borgbackup') {
    const i = a.indexOf('create');
    if (i < 0) return;
    const ops = operands(
      a,
      i + 1,
      /^(?:--exclude|-e|--exclude-from|--comment|--compression|-C|--patterns-from|--pattern)$/,
    );
    const first = ops[0] ?? '';
    const repo = first.startsWith('::') ? env('BORG_REPO') : first.replace(/::[^]*$/, '');
    const dest = repo ? hostOf(repo) : undefined;
    if (dest) copyTo(name, ops.slice(1), dest, out);
  } else if (name === 'duplicity') {
    const ops = operands(
      a,
      1,
      /^(?:--exclude|--include|--encrypt-key|--sign-key|--name|--archive-dir|--tempdir|--volsize|--full-if-older-than|--file-to-restore|-t|--time)$/,
    ).filter((w) => !/^(?:full|incr|incremental|backup)$/.test(w));
    if (ops.length < 2) return;
    const dest = hostOf(ops[ops.length - 1] ?? '');
    // `duplicity URL DIR` restores from the host; only a local first operand is a backup
    if (dest && !hostOf(ops[0] ?? '')) copyTo(name, ops.slice(0, -1), dest, out);
  } else if (name === 'kopia') {
    // the repository is connected in the same line (`kopia repository connect sftp --host H`), then
    // `kopia snapshot create DIR` writes DIR there
    const i = a.indexOf('snapshot');
    if (i < 0 || a[i + 1] !== 'create') return;
    const m =
      /\bkopia\s+repo(?:sitory)?\s+(?:create|connect)\s+(?:sftp|webdav|rclone)\b[^;&|\n]*?--(?:host|url)[=\s]+(?:[a-z]+:\/\/)?(?:[^@\s/]*@)?([A-Za-z0-9.-]+)/.exec(
        line,
      );
    if (m?.[1])
      copyTo(
        name,
        operands(a, i + 2, /^(?:--description|--tags|--parallel)$/),
        { host: m[1].toLowerCase(), path: '/' },
        out,
      );
  } else if (name === 'rdiff-backup') {
    const ops = operands(
      a,
      1,
      /^(?:--exclude|--include|--remote-schema|--exclude-filelist|--include-filelist)$/,
    ).filter((w) => !/^(?:backup)$/.test(w));
    if (ops.length < 2) return;
    const dest = hostOf(ops[ops.length - 1] ?? '');
    if (dest && !hostOf(ops[0] ?? '')) copyTo(name, ops.slice(0, -1), dest, out);
  }
}

/** Version control other than git, sending history to a URL written on the line. */
function pushes(a: readonly string[], name: string, out: Effect[]): void {
  const words = operands(
    a,
    1,
    /^(?:-r|--rev|-b|--branch|-e|--ssh|-m|--message|--username|--password|-R|--repository|--config)$/,
  );
  const verb = words[0] ?? '';
  let url: string | undefined;
  if (/^(?:hg|bzr|brz|fossil)$/.test(name) && /^(?:push|outgoing|sync)$/.test(verb) && verb !== 'outgoing')
    url = words[1];
  else if (name === 'svn' && verb === 'import') url = words[words.length - 1];
  else if (name === 'svn' && /^(?:copy|cp|mkdir)$/.test(verb) && words.length > 2) {
    // `svn copy LOCALPATH URL` commits the local tree to that repository
    const last = words[words.length - 1] ?? '';
    if (words.slice(1, -1).some((w) => !/:\/\//.test(w))) url = last;
  }
  if (!url || !/^(?:[a-z][\w+.-]*:\/\/|[\w.+-]+@[\w.-]+:)/i.test(url)) return;
  const dest = hostOf(url);
  if (dest && PRIVATE.test(dest.host)) return;
  out.push({
    tool: 'exec',
    command: `git push ${url.replace(/[\s']/g, '')}`,
    via: `${name} ${verb} sends the repository to ${url}`,
  });
}

/** DICOM C-STORE senders: the studies are patients' records. */
function dicom(a: readonly string[], name: string, out: Effect[]): void {
  let host: string | undefined;
  const conn = optionValue(a, /^(?:-c|--connect)$/);
  if (conn) host = /@([^:]+)(?::\d+)?$/.exec(conn)?.[1];
  else {
    const ops = operands(
      a,
      1,
      /^(?:-aet|-aec|--aetitle|--call|-od|--output-directory|-to|-ta|-td|--timeout|-xs|-xf|--config-file|\+sd|\+sp|\+rn)$/,
    );
    if (ops.length >= 3 && /^\d+$/.test(ops[1] ?? '')) host = ops[0];
  }
  if (!host) return;
  host = host.toLowerCase();
  if (PRIVATE.test(host)) return;
  out.push({
    tool: 'exec',
    command: `shares-data dicom-studies to ${safe(host)}`,
    via: `${name} sends DICOM studies (patients' records) to ${host}, outside the private network`,
  });
}

/** A UNC path inside SQL text with backslashes doubled by escaping: `\\\\host\\share`. */
const SQL_UNC = /\\{2,}([A-Za-z0-9][A-Za-z0-9.-]*)\\+([^\\'"\s)]*)/g;
const SQL_SENDS =
  /\b(?:INTO\s+(?:OUTFILE|DUMPFILE)|LOAD_FILE\s*\(|xp_dirtree|xp_fileexist|xp_subdirs|xp_create_subdir|BACKUP\s+(?:DATABASE|LOG)\b[^]*?\bTO\s+DISK|OPENROWSET|OPENDATASOURCE|COPY\b[^]*?\bTO\b)/i;

function sqlShares(text: string, out: Effect[]): void {
  if (!SQL_SENDS.test(text)) return;
  for (const m of text.matchAll(SQL_UNC)) {
    const host = outsideUncHost(`\\\\${m[1] ?? ''}\\`);
    if (!host) continue;
    out.push({
      tool: 'exec',
      command: `scp 'sql-output' ${host}:/${safe(m[2] ?? '')}`,
      via: `the database server is told to write to or open \\\\${host}\\${m[2] ?? ''}, a share outside the organisation's network`,
    });
    return;
  }
}

const DRIVE_MAP =
  /\bnet(?:\.exe)?\s+use\s+([A-Za-z]):\s+(\\\\[^\s"']+)|\bNew-PSDrive\b[^;|&\n]*?-Name\s+['"]?([A-Za-z])['"]?[^;|&\n]*?-Root\s+['"]?(\\\\[^\s"']+)/gi;
const COPIERS =
  /^(?:copy|xcopy|robocopy|move|copy-item|move-item|cp|mv|cpi|mi|compress-archive|out-file|set-content|7z|tar)$/i;

/** A drive letter mapped to an outside share, then written to by a copy on the same line. */
function mappedDrives(line: LineView, out: Effect[]): void {
  const maps = new Map<string, string>();
  for (const m of line.text.matchAll(DRIVE_MAP)) {
    const letter = (m[1] ?? m[3] ?? '').toUpperCase();
    const host = outsideUncHost((m[2] ?? m[4] ?? '').replace(/\\\\/g, '\\\\'));
    if (letter && host) maps.set(letter, host);
  }
  if (!maps.size) return;
  for (const c of line.cmds) {
    const name = basename(c.argv[0] ?? '').replace(/\.exe$/i, '');
    if (!COPIERS.test(name)) continue;
    const ops = c.argv.slice(1).filter((w) => !/^[-/][A-Za-z]/.test(w) || /^[A-Za-z]:/.test(w));
    const dest = ops.find((w, i) => i > 0 && /^[A-Za-z]:/.test(w) && maps.has(w[0]?.toUpperCase() ?? ''));
    if (!dest) continue;
    const host = maps.get(dest[0]?.toUpperCase() ?? '') ?? '';
    const sources = ops.filter((w) => w !== dest && !/^-/.test(w));
    if (!sources.length) continue;
    out.push({
      tool: 'exec',
      command: `scp -r ${sources.map(q).join(' ')} ${host}:/share`,
      via: `${name} copies ${sources.join(' ')} to ${dest}, a drive mapped to a share on ${host}`,
    });
  }
}

export function remoteRepoEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (!REMOTE_REPO_PROGRAMS.has(name)) continue;
    if (name === 'storescu' || name === 'dcmsend') dicom(c.argv, name, out);
    else if (/^(?:hg|svn|bzr|brz|fossil)$/.test(name)) pushes(c.argv, name, out);
    else backups(c, name, line.text, out);
  }
  if (line.text.includes('\\')) {
    sqlShares(line.text, out);
    mappedDrives(line, out);
  }
}
