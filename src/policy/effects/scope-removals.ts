// An edit of a registry setting or build file that lets the organisation's own package names be
// taken from a public registry: dependency confusion made by configuration. Every ecosystem has a
// way to bind names to the internal source, and each is a line an edit can take out:
//   npm/pnpm .npmrc `@scope:registry=URL`, Yarn `npmScopes:`          (npm docs, "scope")
//   Gradle `content { includeGroup(..) }`, `exclusiveContent`,
//     `includeGroupByRegex`, `includeModule`                           (Gradle docs, "Repository content filtering")
//   NuGet `<packageSourceMapping>` / `<package pattern=..>`             (NuGet docs, "Package Source Mapping")
//   uv `explicit = true` on an index, Poetry `priority = "explicit"`   (uv and Poetry docs, "indexes")
//   Maven settings `<mirrorOf>*</mirrorOf>` (every repository through the mirror)
// and settings that widen resolution on purpose: uv `index-strategy = "unsafe-best-match"` /
// `"unsafe-first-match"` across indexes, pip's internal `index-url` demoted to an
// `extra-index-url` beside the public index (pip takes the highest version from any of them).
// Read as `mixed-indexes ECO WHAT` (asked, as an extra index beside PyPI is: sources.ts). Adding
// or widening a binding is the safe direction and no finding.
import type { Effect } from './types.js';
import { dependency } from './supply.js';
import { isInternalName } from './fetch-readings.js';
import { sourceHost } from './sources.js';

/** Lines that bind names to a source, by ecosystem. */
const BINDINGS: [string, RegExp][] = [
  ['npm', /^\s*@[\w.-]+:registry\b/],
  ['npm', /^\s*npmScopes\s*:/],
  [
    'maven',
    /\b(?:includeGroup|includeGroupByRegex|includeGroupAndSubgroups|includeModule|includeModuleByRegex|includeVersion)\b/,
  ],
  ['maven', /\bexclusiveContent\b/],
  ['maven', /<mirrorOf>\s*\*\s*<\/mirrorOf>/],
  ['nuget', /<packageSourceMapping\b|<package\s+pattern\s*=/i],
  ['pypi', /^\s*explicit\s*=\s*true\b/],
  ['pypi', /^\s*priority\s*=\s*["'](?:explicit|primary)["']/],
];

/** Settings that make a resolver take a name from whichever index offers it. */
const WIDENING: [string, RegExp][] = [['pypi', /\bindex[-_]strategy\s*=\s*["']?unsafe-(?:best|first)-match/i]];

function count(text: string, re: RegExp): number {
  return text.split('\n').filter((l) => re.test(l)).length;
}

/** The hosts a text sets as pip's main index, and as extra ones. */
function pipIndexes(text: string): { main: Set<string>; extra: Set<string> } {
  const main = new Set<string>();
  const extra = new Set<string>();
  for (const m of text.matchAll(
    /(?:^|\s)(?:--)?(extra[-_])?index[-_]url\s*[=:\s]\s*["']?(?:https?:\/\/)?(?:[^@/\s"']*@)?([^/:\s"']+)/gim,
  ))
    (m[1] ? extra : main).add((m[2] ?? '').toLowerCase());
  return { main, extra };
}

/** What an edit of `path` does to the bindings of internal names to internal sources. */
export function scopeRemovalEffects(oldText: string, newText: string, path: string): Effect[] {
  if (!oldText) return [];
  const file = path.split(/[\\/]/).pop() || 'a registry setting';
  const out: Effect[] = [];
  for (const [eco, re] of BINDINGS)
    if (count(oldText, re) > count(newText, re)) {
      out.push(
        dependency(
          ['mixed-indexes', eco, 'scope-binding-removed', file],
          `the edit takes out of ${file} the line that keeps the organisation's own package names on its own registry, so a public package of the same name can be installed in their place`,
        ),
      );
      break;
    }
  for (const [eco, re] of WIDENING)
    if (count(newText, re) > count(oldText, re))
      out.push(
        dependency(
          ['mixed-indexes', eco, 'any-index', file],
          `the edit lets ${file} take each package from whichever index offers it, the public one included`,
        ),
      );
  // npm: a scope bound to the organisation's registry now bound to a host outside it
  const scopes = (t: string) =>
    new Map(
      [...t.matchAll(/^\s*(@[\w.-]+):registry\s*=\s*(\S+)/gm)].map((m) => [m[1] ?? '', sourceHost(m[2] ?? '') ?? '']),
    );
  const now = scopes(newText);
  for (const [scope, host] of scopes(oldText)) {
    const to = now.get(scope);
    if (to && host && to !== host && isInternalName(host) && !isInternalName(to))
      out.push(
        dependency(
          ['mixed-indexes', 'npm', scope, 'to', to],
          `the edit moves the organisation's scope ${scope} from ${host} to ${to}, where anyone can publish under it`,
        ),
      );
  }
  // pip: an index that was the only one is now an extra beside another main index
  const before = pipIndexes(oldText);
  const after = pipIndexes(newText);
  for (const h of before.main)
    if (h && after.extra.has(h) && !after.main.has(h) && after.main.size)
      out.push(
        dependency(
          ['mixed-indexes', 'pypi', h, 'demoted', file],
          `the edit makes ${h} an extra index of ${file} beside ${[...after.main].join(', ')}: pip takes the highest version of a name from either`,
        ),
      );
  return out;
}
