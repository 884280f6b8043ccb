// Where any tool's configuration says its packages, plugins or extensions come from, for tools
// svc has no reader for (manifests.ts reads the package managers' own files by their formats):
// `[index] url = "https://..."` in ~/.config/orbitpm/config.toml, `mirror "https://..."` in a
// Brindlefile, `repositories: - url: http://...` in vexil.yaml, `"pluginFeed": "https://..."` in
// .gantry/settings.json, `index_url = ...` with `trusted_host = ...` in ~/.quill/quill.ini, a
// `registry` key in a tool's JSON manifest. Package managers name these settings alike (pip's
// index-url and extra-index-url, npm's registry, Cargo's [source] registry, conda's channels,
// NuGet's packageSources, Maven's mirrors and repositories, Helm's repositories, Composer's
// repositories, Gradle's maven { url }), so a key path naming one of them, set to a URL, is read
// by the source reading of sources.ts whatever the tool:
//   a host that is no vendor's or registry's          untrusted-source (deny)
//   a loopback or known third party's mirror          third-party-source (ask)
//   a name only the organisation's network resolves   nothing (its own mirror)
// Words that also name other things (a data `source`, an RSS `feed`, a chat `channel`, a
// project's `repository` link) count only beside a package word (plugin, package, extension,
// module, dependency ...) in the key path or the file's place, or when the URL itself has the
// shape of a package index (`/simple`, `/index.json`, a host named registry, mirror, pkgs ...).
// Hosts named as trusted (`trusted_host`, `insecure_hosts`) are read as sources.ts reads pip's.
// A package, plugin or module search path (`packages_path`, `plugin_dirs`, `module-path`) that
// takes a scratch or downloads folder (/tmp, /dev/shm, ~/Downloads) loads whatever anyone put
// there: `scratch-source` (asked), as a package installed from there is (plugin-drops.ts).
// Documentation, code and test fixtures are not configuration and are not read.
import { posix } from 'node:path';
import type { Effect } from './types.js';
import { settingFindings, sourceFindings, sourceHost } from './sources.js';
import { pairs, words } from './verify-offs.js';
import { inScratch } from './supply-hooks.js';
import { dependency } from './supply.js';

/** Files that are read, not obeyed, and source files whose strings are not settings. */
const NOT_CONFIG =
  /\.(?:md|mdx|markdown|rst|txt|adoc|html?|csv|log|[cm]?[jt]sx?|py|rb|go|rs|java|kt|cs|php|c|h|cpp|swift|sh|ps1|sql|ipynb)$|(?:^|\/)(?:tests?|spec|specs|fixtures|__fixtures__|testdata|examples?|docs?)\//i;

/** Files where a tool keeps settings: config formats, rc files, dot folders, `Xfile` manifests. */
const CONFIG_FILE =
  /\.(?:toml|ini|cfg|conf|config|ya?ml|json|jsonc|json5|properties|xml|repo|list|lock)$|(?:^|\/)\.[\w.-]*(?:rc|config)$|(?:^|\/)\.[\w-]+\/[^/]+$|(?:^|\/)\.config\/|(?:^|\/)[A-Z][a-z]+file$|(?:^|\/)(?:config|settings|sources)$/;

/** Key words that name where packages come from, by themselves. */
const STRONG = new Set(['registry', 'registries', 'index', 'indexes', 'mirror', 'mirrors', 'repositories']);
/** Key words that name a source only beside a package word. */
const WEAK = new Set(['source', 'sources', 'feed', 'feeds', 'channel', 'channels', 'repository', 'repo', 'repos']);
/** Words that say the keys are about packages, plugins or extensions. */
const PACKAGE_WORD =
  /^(?:package|packages|pkg|pkgs|plugin|plugins|extension|extensions|ext|exts|module|modules|addon|addons|dependency|dependencies|deps|lib|libs|library|libraries|crate|crates|gem|gems|wheel|wheels|mod|mods|bundle|bundles|component|components|toolchain|toolchains)$/;
/** A URL shaped like a package index: its host or path says so. */
const INDEX_URL =
  /^[a-z+]+:\/\/(?:[^/]*\b(?:registry|mirror|pkgs?|packages|repo|repos|artifacts?|feeds?|plugins?|extensions?|modules?|mods|index|dist|cdn)\b[^/]*|[^/]+\/(?:.*\/)?(?:simple|index(?:\.json)?|registry|repo|repository|packages|pkgs|plugins|extensions|modules|mods|feed(?:\.json)?|channel|stable|mirror|dist|v\d+\/index\.json)(?:\/|$))/i;
/** Keys naming hosts exempt from checks (pip's trusted-host, uv's allow-insecure-host). */
const TRUST_HOSTS = /^(?:trusted[-_]?hosts?|allow[-_]?insecure[-_]?hosts?|insecure[-_]?hosts?)$/i;

const URL = /^(?:git\+|sparse\+|registry\+)?(?:https?|git|ssh|ftp):\/\/[^\s"'<>]+$/i;

/** Key path words: `pluginFeed` -> plugin, feed; `extra_index_url` -> extra, index, url. */
function pathWords(keys: string[]): string[] {
  return keys.flatMap((k) => words(k.replace(/^\[+|\]+$/g, '')));
}

/** Whether a key path set to a URL names a package source. */
function namesSource(keys: string[], file: string, url: string): boolean {
  const w = pathWords(keys);
  // `homepage`, `docs`, `issues`: a project's links, not sources
  if (w.some((x) => /^(?:homepage|documentation|docs|issues|bugs|changelog|funding|website|author|license)$/.test(x)))
    return false;
  if (w.some((x) => STRONG.has(x))) return true;
  if (!w.some((x) => WEAK.has(x))) return false;
  const place = words(file.replace(/\.[\w]+$/, '')).concat(pathWords(file.split('/').slice(-3, -1)));
  return w.some((x) => PACKAGE_WORD.test(x)) || place.some((x) => PACKAGE_WORD.test(x)) || INDEX_URL.test(url);
}

/** A key naming where packages, plugins or modules are looked for (`packages_path`, `plugin_dirs`). */
function searchPath(keys: string[]): boolean {
  const w = words(keys[keys.length - 1] ?? '');
  return (
    w.some((x) => PACKAGE_WORD.test(x)) &&
    w.some((x) => /^(?:path|paths|dir|dirs|directory|directories|search|location|locations|root|roots)$/.test(x))
  );
}

/** `mirror "URL"`, `source 'URL'` lines of a Ruby-like or Tcl-like manifest (a Brindlefile). */
function bareCalls(text: string): { path: string[]; value: string }[] {
  const out: { path: string[]; value: string }[] = [];
  for (const m of text.matchAll(/^\s*([a-z_]+)\s*\(?\s*["']([^"'\s]+)["']/gim))
    if (m[1] && m[2]) out.push({ path: [m[1]], value: m[2] });
  return out;
}

/** List items under a key (`repositories:\n  - url: ...`, `channels = ["URL"]`, `- URL`): pairs() keeps the key path. */
function listItems(text: string): { path: string[]; value: string }[] {
  const out: { path: string[]; value: string }[] = [];
  let key = '';
  let indent = -1;
  for (const raw of text.split('\n').slice(0, 4000)) {
    const k = /^(\s*)["']?([\w.-]+)["']?\s*[:=]\s*(.*)$/.exec(raw);
    if (k && !/^\s*-/.test(raw)) {
      // `channels = ["https://...", ...]` on one line
      for (const u of (k[3] ?? '').matchAll(/["']((?:https?|git|ssh):\/\/[^"'\s]+)["']/g))
        if (u[1] && /^\[/.test((k[3] ?? '').trim())) out.push({ path: [k[2] ?? ''], value: u[1] });
      key = k[2] ?? '';
      indent = (k[1] ?? '').length;
      continue;
    }
    const item = /^(\s*)-\s+["']?((?:git\+)?(?:https?|git|ssh|ftp):\/\/[^"'\s#]+)/.exec(raw);
    if (item?.[2] && key && (item[1] ?? '').length >= indent) out.push({ path: [key], value: item[2] });
  }
  return out;
}

/** The source findings of a tool's configuration file written with `content`. */
export function configSourceEffects(path: string, content: string): Effect[] {
  const p = path.replace(/\\/g, '/');
  if (
    NOT_CONFIG.test(p) ||
    !CONFIG_FILE.test(p) ||
    content.length > 256 * 1024 ||
    !/:\/\/|\/tmp\/|\/dev\/shm\/|Downloads|trusted|insecure/i.test(content)
  )
    return [];
  const file = posix.basename(p) || 'file';
  const tool = file.replace(/^\./, '').replace(/(?:rc)?(?:\.[\w]+)?$/, '') || 'config';
  const via = `${file} sets where ${tool} fetches packages from`;
  const out: Effect[] = [];
  const seen = new Set<string>();
  const entries = [...pairs(content), ...listItems(content), ...bareCalls(content)];
  for (const { path: keys, value } of entries) {
    const key = keys[keys.length - 1] ?? '';
    const v = value.replace(/^["']|["']$/g, '').trim();
    if (TRUST_HOSTS.test(key)) {
      if (v && sourceHost(v.includes('://') ? v : `https://${v}`))
        settingFindings(tool, 'trusted-host', v, `${file} sets ${key}`, out);
      continue;
    }
    if (searchPath(keys)) {
      const dir = v
        .split(/[\s,;:'"[\]]+/)
        .map((d) => d.trim())
        .find((d) => d && inScratch(d));
      if (dir && !seen.has(dir)) {
        seen.add(dir);
        out.push(
          dependency(['scratch-source', 'plugin', dir], `${file} adds ${dir}, a scratch folder, to ${keys.join('.')}`),
        );
      }
      continue;
    }
    if (!URL.test(v) || seen.has(v)) continue;
    if (!namesSource(keys, p, v)) continue;
    seen.add(v);
    // a repository on a code host is how a project's own link or a git dependency is written: read
    // as a git dependency (an owner posing as its project is still found), not as a registry
    // so is a single `repo`, `repository` or `source` (a hook's or a plugin's repository): a git
    // dependency from an unknown host asks, as in a manifest; a registry, index or mirror is a source
    const host = sourceHost(v) ?? '';
    const code = /^(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)$/.test(host);
    const strong = pathWords(keys).some((x) => STRONG.has(x));
    sourceFindings(tool, v, `${via} (${keys.join('.')})`, out, code || !strong ? 'git' : 'index');
  }
  return out;
}
