// Files a listing hands to xargs, emptied by the script xargs runs on each: `find . -type f -print0
// | xargs -0 -I{} sh -c 'echo > {}'`, `git ls-files -z | xargs -0 -n1 sh -c ': > "$0"'`. The
// script's blank of `{}` or `$0`/`$1` (found by clobber.ts) is a blank of every file the listing
// names, so it is read again as a write of nothing to that glob (`./**`, `~/project/**\/*.py`)
// and the rules on blanked source and data decide it.
import { basename } from '../shell-wrappers.js';
import { listedGlob } from '../shell-destroy.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const XARGS_BLANK_HINT = /\bxargs\b/;

/** How a script run by xargs names the path it was handed. */
const HANDED = /^"?(?:\{\}|\$[01@]|\$\{[01@]\})"?$/;

export function xargsBlankEffects(line: LineView, out: Effect[]): void {
  const blanks = out.filter((e) => e.tool === 'write' && e.content === '' && e.path && HANDED.test(e.path));
  if (!blanks.length) return;
  for (const c of line.cmds) {
    const words = [basename(c.argv[0] ?? ''), ...c.argv.slice(1)];
    const glob = listedGlob(words);
    if (glob === null) continue;
    out.push({ tool: 'write', path: glob, content: '', via: `xargs empties every file ${words.join(' ')} lists` });
    return;
  }
}
