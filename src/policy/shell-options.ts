// GNU long options may be abbreviated to any unambiguous prefix (`rm --recur --forc`,
// `curl --upload-f`). Policies spell options in full, so the restrictive readings also carry
// the spelled-out form. Each program's long options are listed here; a prefix that fits
// several options yields one reading per option (an extra reading can only make a deny or
// ask rule fire, never let a call through).
import { at } from '../util/invariant.js';
import { table } from '../util/lookup-table.js';

const LONG: Record<string, string> = table({
  rm: 'recursive force interactive one-file-system no-preserve-root preserve-root dir verbose help version',
  chmod: 'recursive reference changes silent quiet verbose preserve-root no-preserve-root help version',
  chown:
    'recursive reference changes silent quiet verbose preserve-root no-preserve-root from dereference no-dereference help version',
  chgrp:
    'recursive reference changes silent quiet verbose preserve-root no-preserve-root dereference no-dereference help version',
  cp: 'recursive force archive attributes-only backup copy-contents dereference interactive link no-clobber no-dereference preserve no-preserve parents reflink remove-destination sparse strip-trailing-slashes symbolic-link suffix target-directory no-target-directory update verbose one-file-system help version',
  mv: 'force interactive no-clobber backup strip-trailing-slashes suffix target-directory no-target-directory update verbose help version',
  shred: 'force iterations random-source size remove verbose exact zero help version',
  ln: 'force symbolic interactive no-dereference relative logical physical target-directory verbose backup suffix',
  sed: 'in-place expression file quiet silent regexp-extended null-data separate sandbox posix debug follow-symlinks line-length unbuffered',
  curl: 'upload-file data data-binary data-raw data-urlencode data-ascii form form-string output remote-name remote-name-all header request user insecure location location-trusted silent show-error fail fail-with-body proxy config cookie cookie-jar json url output-dir create-dirs write-out max-time connect-timeout retry compressed head include verbose referer user-agent cert key cacert capath netrc netrc-file netrc-optional oauth2-bearer upload get proto proto-redir resolve connect-to unix-socket abstract-unix-socket interface dns-servers doh-url socks5 socks5-hostname preproxy proxy-user trace trace-ascii dump-header stderr variable expand-url',
  wget: 'post-file post-data body-file body-data method output-document input-file quiet no-check-certificate header user password execute recursive mirror directory-prefix output-file append-output continue timestamping spider tries timeout user-agent referer save-cookies load-cookies no-verbose verbose',
  tar: 'extract create list append update file directory to-command checkpoint-action checkpoint use-compress-program gzip bzip2 xz zstd verbose overwrite remove-files absolute-names info-script new-volume-script exclude files-from',
  rsync:
    'rsh rsync-path delete delete-before delete-after delete-during delete-excluded remove-source-files archive recursive verbose compress exclude include files-from dry-run',
  git: 'exec-path git-dir work-tree namespace config-env bare no-pager paginate',
  'git push':
    'all branches prune mirror dry-run porcelain delete tags follow-tags signed no-signed atomic no-atomic push-option receive-pack exec force force-with-lease force-if-includes no-force-with-lease no-force-if-includes repo set-upstream thin no-thin quiet verbose progress no-progress recurse-submodules no-recurse-submodules verify no-verify ipv4 ipv6',
  'git clean': 'force dry-run quiet exclude interactive',
  'git reset': 'hard soft mixed merge keep quiet patch recurse-submodules no-recurse-submodules pathspec-from-file',
  'git checkout':
    'force quiet progress ours theirs track no-track detach orphan merge conflict patch overwrite-ignore ignore-other-worktrees recurse-submodules',
  'git branch':
    'delete force move copy list all remotes verbose quiet track no-track set-upstream-to unset-upstream contains merged no-merged',
  'git filter-branch':
    'env-filter tree-filter index-filter parent-filter msg-filter commit-filter tag-name-filter subdirectory-filter prune-empty original state-branch force',
  'git config':
    'global system local worktree file blob add unset unset-all replace-all get get-all get-regexp list edit type',
  docker: 'config context host log-level tls tlscacert tlscert tlskey tlsverify',
  'docker run':
    'privileged volume mount network pid ipc userns cap-add security-opt device rm interactive tty detach entrypoint env user workdir name',
  kubectl: 'kubeconfig context namespace cluster user server token',
  'kubectl delete': 'all all-namespaces force grace-period now selector filename recursive cascade wait',
  npm: 'registry userconfig globalconfig prefix force global',
  'npm publish': 'tag access dry-run otp registry provenance force',
  pip: 'index-url extra-index-url trusted-host no-index find-links break-system-packages user upgrade force-reinstall',
  'pip install':
    'index-url extra-index-url trusted-host no-index find-links break-system-packages user upgrade force-reinstall requirement editable target',
  ssh: '',
  dd: '',
  find: '',
  xargs:
    'null delimiter arg-file eof replace max-lines max-args max-procs max-chars interactive no-run-if-empty process-slot-var open-tty exit verbose show-limits',
  env: 'ignore-environment null unset chdir split-string argv0 default-signal ignore-signal block-signal list-signal-handling debug',
  timeout: 'preserve-status foreground kill-after signal verbose',
  nice: 'adjustment',
  sudo: 'user group login shell preserve-env non-interactive background chdir host prompt role type command-timeout other-user close-from stdin edit list validate remove-timestamp reset-timestamp',
  crontab: '',
  systemctl: 'user system now force quiet no-block global runtime',
  openssl: '',
  base64: 'decode ignore-garbage wrap',
  xxd: 'revert plain',
});

const TABLE = new Map<string, string[]>();
for (const [k, v] of Object.entries(LONG)) TABLE.set(k, v.split(' ').filter(Boolean));

/** Long option names that a prefix may stand for: exact names win, else every option it begins. */
export function longOptionNames(program: string, prefix: string): string[] {
  const opts = TABLE.get(program);
  if (!opts || !prefix) return [];
  if (opts.includes(prefix)) return [prefix];
  return opts.filter((o) => o.startsWith(prefix));
}

/** Most alternative spellings produced for one command (prefixes fitting several options multiply). */
const MAX_SPELLINGS = 8;

/**
 * The command's words with abbreviated long options spelled out, one list per alternative;
 * null when no word is an abbreviation. `words[0]` is the program's base name.
 */
export function spellOutLongOptions(words: string[]): string[][] | null {
  if (!words.some((w) => w.length > 3 && w.charCodeAt(0) === 45 && w.charCodeAt(1) === 45)) return null;
  const key = words[1] !== undefined && TABLE.has(`${words[0]} ${words[1]}`) ? `${words[0]} ${words[1]}` : at(words, 0);
  if (!TABLE.has(key)) return null;
  let alts: string[][] = [words];
  let changed = false;
  const start = key.includes(' ') ? 2 : 1;
  for (let i = start; i < words.length; i++) {
    const w = at(words, i);
    if (w === '--') break;
    if (!w.startsWith('--') || w.length < 3) continue;
    const eq = w.indexOf('=');
    const name = eq > 0 ? w.slice(2, eq) : w.slice(2);
    const full = longOptionNames(key, name);
    if (!full.length || (full.length === 1 && full[0] === name)) continue;
    changed = true;
    const next: string[][] = [];
    for (const a of alts) {
      for (const f of full) {
        if (next.length >= MAX_SPELLINGS) break;
        const c = a.slice();
        c[i] = '--' + f + (eq > 0 ? w.slice(eq) : '');
        next.push(c);
      }
    }
    alts = next;
  }
  return changed ? alts : null;
}
