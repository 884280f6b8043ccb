// An edit of a dependency manifest that keeps a dependency's name and changes the namespace it is
// published under: `com.fasterxml.jackson.core:jackson-databind` -> `com.fasterxmI.jackson.core:
// jackson-databind` in a Gradle script, `org.apache.kafka:kafka-clients` -> `io.github.kafka-patched:
// kafka-clients` in a version catalog, `@babel/core` -> `@babeI/core`, `monolog/monolog` ->
// `monolog-patched/monolog`, `community.general` -> `communlty.general` in a collection list,
// `mod 'puppetlabs-stdlib'` -> `mod 'puppetIabs-stdlib'`. Whatever the ecosystem, the namespace
// is who publishes (a Maven groupId is a domain its owner proved to the registry, an npm scope or
// a Composer vendor is an account, a Galaxy namespace or a Forge owner likewise), so the next
// resolution takes someone else's code under the trusted name. A near spelling of the old
// namespace is a look-alike; any other publisher is a fork (both asked, as source swaps are:
// source-swaps.ts). A namespace under the same organisation (`io.swagger` ->
// `io.swagger.core.v3`, `mysql` -> `com.mysql`) is the project moving its own coordinates.
import type { Effect } from './types.js';
import { dependency } from './supply.js';
import { editDistance } from './supply-data.js';

interface Coordinate {
  ns: string;
  name: string;
  text: string;
}

/**
 * Files that declare dependencies by namespace and name (lower case, forward slashes), with the
 * spellings each family of tools uses and the separator it writes between the two.
 */
const FAMILIES: [RegExp, RegExp[], string][] = [
  [
    /(?:^|\/)(?:[^/]+\.gradle(?:\.kts)?|[^/]+\.versions\.toml|pom\.xml|ivy\.xml|[^/]+\.sbt|[^/]+\.scala|build\.sc|build\.mill|workspace(?:\.bazel)?|module\.bazel|[^/]+\.bzl)$/,
    [
      // "group:artifact[:version]" strings (Gradle, Bazel maven_install, Mill, Coursier)
      /["']([A-Za-z][\w.-]*):{1,2}([A-Za-z][\w.-]*)(?::[^"'\s]*)?["']/g,
      // sbt `"group" % "artifact"` and `%%`
      /"([\w.-]+)"\s*%{1,3}\s*"([\w.-]+)"/g,
      // version catalog `group = "g", name = "a"`, Gradle's map notation `group: 'g', name: 'a'`
      /\bgroup\s*[=:]\s*["']([\w.-]+)["']\s*,\s*name\s*[=:]\s*["']([\w.-]+)["']/g,
      // Maven and Ivy XML
      /<groupId>\s*([\w.-]+)\s*<\/groupId>\s*<artifactId>\s*([\w.-]+)\s*<\/artifactId>/g,
      /\borg\s*=\s*"([\w.-]+)"\s+name\s*=\s*"([\w.-]+)"/g,
    ],
    ':',
  ],
  // Clojure `group/artifact {:mvn/version ..}` and `[group/artifact "1.0"]`
  [/(?:^|\/)(?:deps\.edn|project\.clj|build\.boot)$/, [/(?<![\w./:-])([a-z][\w.-]*)\/([a-z][\w.-]*)\s+(?:\{|")/g], '/'],
  // npm scoped names and Composer vendor/package, as the keys of dependency maps
  [/(?:^|\/)(?:package|composer)\.json$/, [/"(@?[a-z0-9][\w.-]*)\/([a-z0-9][\w.-]*)"\s*:/g], '/'],
  // Galaxy `name: ns.collection`, `src: ns.role`, `- ns.collection`
  [
    /(?:^|\/)(?:requirements|galaxy)\.ya?ml$/,
    [/^\s*(?:-\s*)?(?:(?:name|src)\s*:\s*)?["']?([a-z][a-z0-9_]*)\.([a-z][a-z0-9_]*)["']?\s*$/gm],
    '.',
  ],
  // Puppetfile `mod 'owner-name'` / `mod 'owner/name'`
  [/(?:^|\/)puppetfile$/, [/\bmod\s+["']([a-z0-9]+)[-/]([a-z][a-z0-9_]*)["']/gi], '-'],
];

function coordinates(text: string, shapes: RegExp[], sep: string): Coordinate[] {
  const out: Coordinate[] = [];
  for (const re of shapes)
    for (const m of text.slice(0, 200_000).matchAll(re)) {
      const ns = m[1] ?? '';
      const name = m[2] ?? '';
      if (!ns || !name || /^(?:https?|git|ssh|file|ftp|mvn|ivy)$/i.test(ns)) continue;
      out.push({ ns, name, text: `${ns}${sep}${name}` });
    }
  return out;
}

/**
 * The organisation a namespace belongs to: the domain of a reverse-domain group (`org.apache`,
 * `io.github.someone` on the code hosts' group prefixes), the namespace itself otherwise.
 */
function organisation(ns: string): string {
  const parts = ns.toLowerCase().replace(/^@/, '').split('.');
  if (parts.length < 2 || !/^(?:com|org|net|io|dev|co|de|fr|uk|eu|ch|nl|me|app|info|edu|gov|ai)$/.test(parts[0] ?? ''))
    return ns.toLowerCase().replace(/^@/, '');
  const n = /^(?:github|gitlab|bitbucket|sourceforge|codeberg)$/.test(parts[1] ?? '') ? 3 : 2;
  return parts.slice(0, n).join('.');
}

/** The same publisher under both namespaces: one organisation, or a one-word group relocated into its own domain. */
function samePublisher(a: string, b: string): boolean {
  const oa = organisation(a);
  const ob = organisation(b);
  if (oa === ob) return true;
  const la = a.toLowerCase().replace(/^@/, '');
  const lb = b.toLowerCase().replace(/^@/, '');
  return (!la.includes('.') && lb.split('.').includes(la)) || (!lb.includes('.') && la.split('.').includes(lb));
}

function near(a: string, b: string): boolean {
  if (a.length < 3 || b.length < 3) return false;
  if (b.startsWith(a) || b.endsWith(a) || a.startsWith(b) || a.endsWith(b)) return true;
  return editDistance(a, b, 2) <= 2;
}

/** What an edit of `path` does to the publishers of the dependencies its old text named. */
export function coordinateSwapEffects(oldText: string, newText: string, path: string): Effect[] {
  const p = path.toLowerCase().replace(/\\/g, '/');
  const family = FAMILIES.find(([re]) => re.test(p));
  if (!oldText || !newText || !family) return [];
  const [, shapes, sep] = family;
  const before = coordinates(oldText, shapes, sep);
  if (!before.length) return [];
  const kept = new Set(before.map((c) => `${c.ns.toLowerCase()}/${c.name.toLowerCase()}`));
  const out: Effect[] = [];
  const seen = new Set<string>();
  for (const n of coordinates(newText, shapes, sep)) {
    const key = `${n.ns.toLowerCase()}/${n.name.toLowerCase()}`;
    if (kept.has(key) || seen.has(key)) continue;
    const o = before.find(
      (b) => b.name.toLowerCase() === n.name.toLowerCase() && b.ns.toLowerCase() !== n.ns.toLowerCase(),
    );
    if (!o || samePublisher(o.ns, n.ns)) continue;
    seen.add(key);
    const via = `the edit moves ${o.text} to the namespace ${n.ns}, another publisher under the same name`;
    out.push(
      near(organisation(o.ns), organisation(n.ns))
        ? dependency(['lookalike', 'source', n.text, 'of', o.text], via)
        : dependency(['fork', 'source', o.text, 'to', n.text], via),
    );
  }
  return out;
}
