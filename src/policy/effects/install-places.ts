// Code installed from a place, whatever the tool. Every ecosystem has installers svc has no entry
// for (arduino-cli's board indexes, dbt's packages, az extensions, Unreal and Unity helpers, a
// studio's own plugin manager), and they all spell the same effect the same way: an install verb
// (`install`, `add`, `require`, `deps`, `activate`) with a URL or repository as an operand or an
// option's value, or with a switch that stops checking what is downloaded. What that place serves
// runs here. So a line no package-manager or catalogue reading claims is read by its shape and
// each place is handed to the source reading of `pip install URL` (sources.ts):
//   a host that is no vendor's or registry's          untrusted-source (deny)
//   a code-host repository under an unknown owner     third-party-source (ask)
//   a verification switch (--ignore-checksums ...)    no-verify (deny)
// Remotes that hold data, not code (`git remote add`, `dvc remote add`, `rclone`), and programs
// whose own readings know their sources better (package managers, catalogue installers) are left
// alone.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { flagFindings, isPackageManager, sourceFindings } from './sources.js';
import { codeInstallerPrograms } from './code-installers.js';
import { INSTALLER_PROGRAMS } from './installers.js';

/** The line gate: an install verb somewhere in the text. */
export const INSTALL_PLACE_HINT = /\b(?:install|add|require|deps|activate)\b/i;

/** Words that say the command installs or adds something it fetches. */
const VERB = /^(?:install|add|require|deps|activate|(?:plugin|plugins|ext|extension|lib|core|package)[:-]install)$/i;

/** A place code is fetched from: a URL of a fetching scheme, or `git@host:path`. */
const PLACE = /^(?:git\+|hg\+)?(?:https?|git|ssh|ftp):\/\/[^\s'"<>]+$|^git@[\w.-]+:[\w./-]+$/i;

/**
 * Programs left to other readings, or whose `add`/`install` with a URL is not code run here:
 * fetchers and shells (their readings decide what they fetch), version control and data remotes,
 * containers and clusters (image and manifest readings), text tools that only print the words.
 */
const ELSEWHERE = new Set(
  (
    'git hg svn dvc rclone restic borg curl wget ssh scp rsync docker podman kubectl oc helm gh code ' +
    'echo printf grep egrep fgrep rg ag sed awk jq yq cat tee xargs sudo doas env nohup time timeout ' +
    'watch make cmake ninja ssh-add ssh-keygen gpg apt-key systemctl service tailscale zerotier-cli'
  ).split(' '),
);

/** The first positional words of argv (where a sub-command and its verb are). */
function leadingWords(argv: readonly string[], n: number): { word: string; at: number }[] {
  const out: { word: string; at: number }[] = [];
  for (let i = 1; i < argv.length && out.length < n; i++) {
    const w = argv[i] ?? '';
    if (w === '--') break;
    if (!w.startsWith('-')) out.push({ word: w, at: i });
  }
  return out;
}

function readCommand(whole: readonly string[], out: Effect[]): void {
  // `python -m pip ...`, `py -m pip ...`: the module is the program
  const argv =
    /^(?:python[\d.]*|py|pypy[\d.]*)$/i.test(basename(whole[0] ?? '')) && whole[1] === '-m' ? whole.slice(2) : whole;
  const name = basename(argv[0] ?? '')
    .toLowerCase()
    .replace(/\.exe$/, '');
  if (!name || ELSEWHERE.has(name) || isPackageManager(name)) return;
  if ((INSTALLER_PROGRAMS as readonly string[]).includes(name) || codeInstallerPrograms().includes(name)) return;
  const lead = leadingWords(argv, 4);
  const verb = lead.find((l) => VERB.test(l.word));
  if (!verb) return;
  // `X remote add NAME URL`: a remote holds data or history, not code that runs here
  if (lead.some((l) => /^remotes?$/i.test(l.word) && l.at < verb.at)) return;
  const via = `${name} ${argv
    .slice(1, verb.at + 1)
    .filter((w) => !w.startsWith('-'))
    .join(' ')}`;
  const words = argv.slice(1);
  // verification switches and source options, read as for any package manager
  flagFindings(name, [...words], via, out);
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    const eq = w.startsWith('-') ? w.indexOf('=') : -1;
    const value = eq > 0 ? w.slice(eq + 1) : w.startsWith('-') ? undefined : w;
    if (value && PLACE.test(value)) sourceFindings(name, value, `${via} installs code from ${value}`, out, 'code');
  }
}

/** The install-from-a-place readings of a line's simple commands. */
export function installPlaceEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) if (c.argv.length >= 3) readCommand(c.argv, out);
}
