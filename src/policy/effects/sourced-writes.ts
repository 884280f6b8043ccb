// A shell start-up file made to source another file, and that file written in the same line
// (`echo 'source ~/project/.devrc' >> ~/.bashrc && printf 'curl ... | sh' > ~/project/.devrc`):
// the second file runs in every new shell as much as the first, so its text is read as written
// to the start-up file itself (startup-plant.ts decides it).
import type { Effect } from './types.js';
import { isHomeRc } from './startup-plant.js';

/** The line's gate: something is sourced. */
export const SOURCED_HINT = /(?:\bsource|(?:^|[\s;&|'"])\.)\s+["']?[~$/\w]/;

/** A path as written, home spelled one way (~/x, $HOME/x, /home/dev/x). */
function norm(p: string): string {
  return p
    .trim()
    .replace(/^["']|["']$/g, '')
    .replace(/^(?:\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+|\/root)(?=\/)/, '~')
    .replace(/\/+$/, '');
}

export function sourcedWriteEffects(out: Effect[]): void {
  const sourced = new Map<string, string>();
  for (const e of out) {
    if (e.tool !== 'write' || !e.path || !e.content || !isHomeRc(e.path)) continue;
    for (const m of e.content.matchAll(/(?:^|[\s;&|])(?:source|\.)\s+("[^"\n]+"|'[^'\n]+'|[^\s;&|]+)/g))
      if (m[1]) sourced.set(norm(m[1]), e.path);
  }
  if (!sourced.size) return;
  for (const e of out.slice()) {
    if (e.tool !== 'write' || !e.path || !e.content) continue;
    const rc = sourced.get(norm(e.path));
    if (rc && rc !== e.path)
      out.push({ tool: 'write', path: rc, content: e.content, via: `${e.path} is sourced by ${rc}` });
  }
}
