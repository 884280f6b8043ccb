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
import { flagFindings, isPackageManager, sourceFindings, sourceHost } from './sources.js';
import { dependency } from './supply.js';
import { codeInstallerPrograms } from './code-installers.js';
import { INSTALLER_PROGRAMS } from './installers.js';

/** The line gate: an install verb somewhere in the text, or a fetch verb or source setting beside a URL. */
export const INSTALL_PLACE_HINT =
  /\b(?:install|add|require|deps|activate)\b|\b(?:fetch|sync|get|update|upgrade|restore|refresh|resolve|set|use|register)\b[^|;&]*:\/\//i;

/** Words that say the command installs or adds something it fetches. */
const VERB = /^(?:install|add|require|deps|activate|(?:plugin|plugins|ext|extension|lib|core|package)[:-]install)$/i;

/**
 * Verbs that fetch or refresh what is installed (`brindle fetch`, `kelp sync`, `tarn restore`):
 * their operands may be anything (a project, a lockfile), but an option that names a registry,
 * index, mirror or feed says where the code they fetch comes from.
 */
const FETCH_VERB = /^(?:fetch|sync|get|update|upgrade|restore|refresh|resolve)$/i;

/**
 * Options whose name says the value is where packages come from, in any tool: what package
 * managers call them (--registry, --index-url, --extra-index-url, --mirror, --channel, --feed,
 * --repository; sources.ts reads the same names for the managers it knows), with a plugin,
 * package or extension prefix (--plugin-repo, --package-source). `--url`, `--server` and
 * `--source` name anything (an API, a data source) and count only beside an install verb.
 */
const SOURCE_OPTION =
  /^(?:(?:plugin|plugins|package|packages|pkg|extension|extensions|ext|module|modules|addon|addons)[-_]?)?(?:registry|registry[-_]url|index|index[-_]url|extra[-_]index|extra[-_]index[-_]url|mirror|mirror[-_]url|feed|feed[-_]url|channel|repo|repo[-_]url|repository|repository[-_]url)$/i;

/**
 * Config verbs that point a tool at a source: `qpk config set registry URL`, `dtl registry set
 * URL`, `lumenctl plugin repo set-url URL`, `kx use-registry URL`. The noun that says what is set
 * (registry, index, mirror, feed, channel, repository, package source) sits next to the verb or is
 * the key set; a URL operand is then where every later install fetches from.
 */
const SET_VERB = /^(?:set|use|register|set-url|seturl|configure|switch|replace)$/i;
const SOURCE_NOUN =
  /^(?:(?:plugin|plugins|package|packages|pkg|extension|extensions|ext|module|modules|addon|addons)[-_.:]?)?(?:registry|registries|registry[-_]?url|index|indexes|index[-_]?url|extra[-_]?index[-_]?url|mirror|mirrors|mirror[-_]?url|feed|feeds|channel|channels|repo|repos|repository|repositories|source|sources)$/i;
/** `set-registry`, `registry:set`, `use_mirror`: a verb and its noun in one word. */
const SET_COMPOUND =
  /^(?:[a-z]+-)?(?:(?:set|use|add|register)[-_:](?:registry|index|mirror|feed|channel|repo|repository|source)|(?:registry|index|mirror|feed|channel|repo|repository|source)[-_:](?:set|use|add|register))$/i;

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
  // `X remote add NAME URL`: a remote holds data or history, not code that runs here
  if (lead.some((l) => /^remotes?$/i.test(l.word) && l.at < (verb?.at ?? Infinity))) return;
  if (verb) {
    installRead(name, argv, verb.at, out);
    return;
  }
  const set = lead.find((l) => SET_VERB.test(l.word) || SET_COMPOUND.test(l.word));
  if (set && setRead(name, argv, lead, set, out)) return;
  const fetch = lead.find((l) => FETCH_VERB.test(l.word));
  if (fetch) fetchRead(name, argv, fetch.at, out);
}

function viaOf(name: string, argv: readonly string[], at: number): string {
  return `${name} ${argv
    .slice(1, at + 1)
    .filter((w) => !w.startsWith('-'))
    .join(' ')}`;
}

/** The option a word is the value of (`--index URL`, `--index=URL`), without dashes, or undefined. */
function optionOf(words: readonly string[], i: number): string | undefined {
  const w = words[i] ?? '';
  const eq = /^--?([A-Za-z][\w-]*)=/.exec(w);
  if (eq?.[1]) return eq[1];
  const prev = words[i - 1] ?? '';
  const m = /^--?([A-Za-z][\w-]*)$/.exec(prev);
  return m?.[1];
}

/** Whether option NAME (no dashes) names an index or registry: its value is a source, not code run. */
function indexOption(name: string | undefined): boolean {
  return !!name && (SOURCE_OPTION.test(name) || name === 'i');
}

/** An install verb: verification switches, source options, and every URL it is given. */
function installRead(name: string, argv: readonly string[], at: number, out: Effect[]): void {
  const via = viaOf(name, argv, at);
  const words = argv.slice(1);
  // verification switches and source options, read as for any package manager
  flagFindings(name, [...words], via, out);
  const indexes: { option: string; value: string }[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    const eq = w.startsWith('-') ? w.indexOf('=') : -1;
    const value = eq > 0 ? w.slice(eq + 1) : w.startsWith('-') ? undefined : w;
    if (!value || !PLACE.test(value)) continue;
    const option = optionOf(words, i);
    // an index or registry named by its option is a source like pip's --index-url: a name only
    // the organisation's network resolves is its own mirror (sources.ts)
    if (indexOption(option)) {
      indexes.push({ option: option ?? '', value });
      sourceFindings(name, value, `${via} --${option} installs from ${value}`, out, 'index');
    } else sourceFindings(name, value, `${via} installs code from ${value}`, out, 'code');
  }
  mixedIndexes(name, indexes, via, out);
}

/**
 * An extra index beside the main one, in any tool (`--index URL --extra-index URL`): whichever
 * index has the higher version of a name wins, so a public name shadows the organisation's own
 * (dependency confusion), as sources.ts reads pip's --extra-index-url.
 */
function mixedIndexes(name: string, indexes: { option: string; value: string }[], via: string, out: Effect[]): void {
  if (!indexes.some((x) => /extra/i.test(x.option))) return;
  const hosts = new Set(indexes.map((x) => sourceHost(x.value) ?? x.value));
  // an extra index with no main one named is beside the tool's default registry
  if (!indexes.some((x) => !/extra/i.test(x.option))) hosts.add(`${name}-default`);
  if (hosts.size >= 2)
    out.push(dependency(['mixed-indexes', name, ...[...hosts].sort()], `${via} (takes packages from several indexes)`));
}

/** A config verb whose noun or key is a package source: its URL operands are that source. */
function setRead(
  name: string,
  argv: readonly string[],
  lead: { word: string; at: number }[],
  set: { word: string; at: number },
  out: Effect[],
): boolean {
  const key = (w: string) => w.replace(/=.*$/, '').split(/[.:]/).pop() ?? '';
  const after = argv.slice(set.at + 1).find((w) => !w.startsWith('-')) ?? '';
  const named =
    SET_COMPOUND.test(set.word) ||
    lead.some((l) => l.at !== set.at && SOURCE_NOUN.test(key(l.word))) ||
    SOURCE_NOUN.test(key(after));
  if (!named) return false;
  const via = viaOf(name, argv, set.at);
  let found = false;
  for (const w of argv.slice(set.at + 1)) {
    const value = w.startsWith('-') ? undefined : w.includes('=') && !PLACE.test(w) ? w.slice(w.indexOf('=') + 1) : w;
    if (!value || !PLACE.test(value)) continue;
    sourceFindings(name, value, `${via} points ${name} at ${value}`, out, 'index');
    found = true;
  }
  return found;
}

/** A fetch verb: only options that name a source, and verification switches beside one. */
function fetchRead(name: string, argv: readonly string[], at: number, out: Effect[]): void {
  const words = argv.slice(1);
  const named = words.some((w, i) => {
    const o = /^--([A-Za-z][\w-]*)(?:=|$)/.exec(w)?.[1];
    if (!o || !SOURCE_OPTION.test(o)) return false;
    const v = w.includes('=') ? w.slice(w.indexOf('=') + 1) : (words[i + 1] ?? '');
    return PLACE.test(v);
  });
  if (!named) return;
  const via = viaOf(name, argv, at);
  flagFindings(name, [...words], via, out);
  const indexes: { option: string; value: string }[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    const eq = w.startsWith('-') ? w.indexOf('=') : -1;
    const value = eq > 0 ? w.slice(eq + 1) : w.startsWith('-') ? undefined : w;
    const option = optionOf(words, i);
    if (!value || !PLACE.test(value) || !option || !SOURCE_OPTION.test(option)) continue;
    indexes.push({ option, value });
    sourceFindings(name, value, `${via} --${option} fetches from ${value}`, out, 'index');
  }
  mixedIndexes(name, indexes, via, out);
}

/** The install-from-a-place readings of a line's simple commands. */
export function installPlaceEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) if (c.argv.length >= 3) readCommand(c.argv, out);
}
