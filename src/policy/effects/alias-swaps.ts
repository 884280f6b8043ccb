// An edit that keeps a library's name and points it somewhere else, whatever the tool: a
// Solidity remapping (`@openzeppelin/contracts/=lib/openzeppelin-contracts/contracts/` ->
// `=lib/oz-contracts-optimized/contracts/`), an import map, a bundler alias. Every
// import of the trusted name then compiles or loads the other code. Read as `fork alias NAME to
// VALUE` (asked, as source swaps are: source-swaps.ts) when the old target named the library
// (a word of its name, `openzeppelin`) and the new one does not. A version bump (`-v4` -> `-v5`) or a move that keeps the name (`lib/openzeppelin-
// contracts` -> `node_modules/@openzeppelin/contracts`) still names it and is no finding.
import type { Effect } from './types.js';
import { dependency } from './supply.js';

/** `NAME=VALUE`, `NAME: VALUE`, `"NAME": "VALUE"` lines. */
const LINE = /^\s*["']?(@?[A-Za-z][\w.-]*(?:\/[\w.-]*)*\/?)["']?\s*(?:=|:)\s*["']?([^"',\s]+)["']?\s*,?\s*$/;

function pairs(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const l of text.split('\n').slice(0, 2000)) {
    const m = LINE.exec(l);
    if (m?.[1] && m[2]) out.set(m[1], m[2]);
  }
  return out;
}

/** The words of a library name that say whose it is (`@openzeppelin/contracts/` -> openzeppelin, contracts). */
function nameWords(key: string): string[] {
  return key
    .toLowerCase()
    .split(/[@/._-]+/)
    .filter((w) => w.length >= 4 && !/^(?:contracts|src|lib|dist|index|main|core|utils|packages)$/.test(w));
}

export function aliasSwapEffects(before: string, after: string, path: string): Effect[] {
  if (!before || !after || (/\.(?:md|mdx|markdown|rst|txt|adoc|html?)$/i.test(path) && !/remappings\.txt$/i.test(path)))
    return [];
  const old = pairs(before);
  if (!old.size) return [];
  const out: Effect[] = [];
  for (const [key, value] of pairs(after)) {
    const was = old.get(key);
    if (was === undefined || was === value) continue;
    // (a dependency turned into an npm alias of another package is the manifest reading's: manifest-routes.ts)
    const words = nameWords(key);
    const renamed =
      !/^npm:/.test(value) &&
      /[/\\]/.test(value) &&
      words.some((w) => was.toLowerCase().includes(w)) &&
      !words.some((w) => value.toLowerCase().includes(w));
    if (!renamed) continue;
    out.push(
      dependency(['fork', 'alias', key, 'to', value], `the edit points ${key} at ${value}, code that is not ${key}`),
    );
    if (out.length >= 4) break;
  }
  return out;
}
