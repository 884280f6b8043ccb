// Ansible's requirement files: `requirements.yml` (roles and collections `ansible-galaxy install
// -r` takes, and AWX/AAP installs before every job), a collection's `galaxy.yml` and a role's
// `meta/main.yml` dependencies. An entry names Galaxy content (`namespace.name`), a git
// repository (`src: https://...`, `git+https://...`, `scm: git`), an archive URL (`src:
// https://host/x.tar.gz`, collections `type: url`), or another Galaxy server (`source:`); its
// `version:` is a release, a tag, a commit or a branch (Ansible docs, "Installing roles and
// collections from a requirements file"). The roles and plugins installed run on every managed
// host, so:
//   an archive or another server on a host that is no vendor's    untrusted-source galaxy HOST (deny)
//   a git repository on an unknown host                           third-party-source galaxy HOST (ask)
//   a version that is a branch (`main`, `master`, `HEAD`)          unpinned-branch galaxy NAME (ask)
// A name the organisation's own network resolves is its own mirror or git server; owners the
// catalogues know are the vendor's. A Helm chart's requirements.yaml (infra-sources.ts) has
// none of these keys.
import type { Effect } from './types.js';
import { dependency } from './supply.js';
import { sourceFindings, sourceHost } from './sources.js';
import { isKnownOwner } from './supply-data.js';
import { isInternalName } from './fetch-readings.js';

const FILES = /(?:^|\/)(?:requirements|galaxy)\.ya?ml$|(?:^|\/)meta\/(?:main|requirements)\.ya?ml$/;
/** Branch names a requirement's `version:` follows rather than pins. */
const BRANCH = /^(?:main|master|head|devel|develop|development|dev|trunk|latest|nightly|edge|stable)$/i;
const ARCHIVE = /\.(?:tar\.gz|tgz|tar|zip|tar\.bz2|tar\.xz)(?:[?#].*)?$/i;

type Entry = Record<string, string>;

/** The `- key: value` items of the file's lists, each as its keys (a bare `- ns.name` as name). */
function entries(text: string): Entry[] {
  const out: Entry[] = [];
  let cur: Entry | undefined;
  let indent = -1;
  for (const raw of text.split('\n').slice(0, 4000)) {
    const l = raw.replace(/\s+#.*$/, '');
    const item = /^(\s*)-\s+(.*)$/.exec(l);
    if (item) {
      cur = {};
      out.push(cur);
      indent = (item[1] ?? '').length;
      const kv = /^([\w-]+)\s*:\s*["']?([^"'\s][^"']*?)["']?\s*$/.exec(item[2] ?? '');
      if (kv?.[1]) cur[kv[1].toLowerCase()] = kv[2] ?? '';
      else cur['name'] = (item[2] ?? '').replace(/["']/g, '').trim();
      continue;
    }
    const kv = /^(\s+)([\w-]+)\s*:\s*["']?([^"'\s][^"']*?)["']?\s*$/.exec(l);
    if (cur && kv && (kv[1] ?? '').length > indent) cur[(kv[2] ?? '').toLowerCase()] = kv[3] ?? '';
    else if (/^\S/.test(l)) cur = undefined;
  }
  return out;
}

/** Whether the file is Ansible's: its top keys, or entries shaped as Galaxy names or sources. */
function isGalaxy(path: string, text: string, list: Entry[]): boolean {
  if (/^(?:roles|collections)\s*:/m.test(text) || /(?:^|\/)(?:roles|collections|meta)\//.test(path)) return true;
  return list.some((e) => 'src' in e || 'scm' in e || /^[a-z]\w*\.[a-z]\w*$/.test(e['name'] ?? ''));
}

/** What the Ansible requirement file `path` (lower case) with `text` installs from where. */
export function galaxyRequirementFindings(path: string, text: string): Effect[] {
  if (!FILES.test(path)) return [];
  const list = entries(text);
  if (!list.length || !isGalaxy(path, text, list)) return [];
  const file = path.split('/').pop() ?? path;
  const out: Effect[] = [];
  for (const e of list) {
    const name = e['name'] ?? e['src'] ?? '';
    const src = [e['src'], e['name'], e['source']].find((v) => v && /^(?:git\+)?[a-z]+:\/\/|^git@/i.test(v));
    if (src) {
      const url = src.replace(/^git@([^:]+):/, 'ssh://$1/');
      const git = /^git\+|^ssh:|\.git$/i.test(url) || e['scm'] === 'git' || e['type'] === 'git';
      const kind =
        e['source'] === src ? 'index' : git ? 'git' : ARCHIVE.test(url) || e['type'] === 'url' ? 'code' : 'git';
      sourceFindings('galaxy', url, `${file} installs Ansible content from ${url}`, out, kind);
    }
    const version = e['version'] ?? '';
    if (!BRANCH.test(version)) continue;
    const host = src ? sourceHost(src.replace(/^git\+/, '')) : undefined;
    if (host && isInternalName(host)) continue;
    const owner = src ? /^(?:git\+)?[a-z]+:\/\/[^/]+\/([\w.-]+)\//i.exec(src)?.[1] : /^([a-z]\w*)[.-]/i.exec(name)?.[1];
    if (owner && isKnownOwner(owner)) continue;
    out.push(
      dependency(
        ['unpinned-branch', 'galaxy', name || 'requirement', version],
        `${file} installs ${name || 'a requirement'} at the branch ${version}: whatever is pushed there next runs on every managed host`,
      ),
    );
  }
  return out;
}
