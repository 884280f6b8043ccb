// A folder moved somewhere harmless-looking and deleted there: `mv ~/project /tmp/x && rm -rf
// /tmp/x`, `rsync -a --remove-source-files ~/src/ /tmp/dump/ && rm -rf /tmp/dump`. The delete
// names only a scratch path, but what it deletes is what was moved there, so a later delete of
// the destination (or of anything under it) is read as the delete of the sources:
//   `rm -rf SOURCE`   (decided like a direct call by the delete rules)
// Only moves the line shows, in the order it runs them; a copy (`cp -r`) keeps its source and
// gives nothing.
// Sources: mv(1) (SOURCE... DIRECTORY, -t DIRECTORY), rsync(1) (--remove-source-files).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const MOVE_DELETE_PROGRAMS: readonly string[] = ['mv', 'rsync'];

/** Programs whose operands are deleted (their options are skipped). */
const DELETERS = new Set(['rm', 'rmdir', 'shred', 'srm', 'trash', 'trash-put', 'gio']);

function trimSlash(p: string): string {
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/** Where each source of a move went: destination -> sources. */
function moveOf(argv: readonly string[]): { dest: string; sources: string[] } | null {
  const name = basename(argv[0] ?? '');
  const ops: string[] = [];
  let target: string | undefined;
  let removes = name === 'mv';
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '-t' || w === '--target-directory') target = argv[++i];
    else if (w.startsWith('--target-directory=')) target = w.slice('--target-directory='.length);
    else if (w === '--remove-source-files') removes = true;
    else if (
      name === 'rsync' &&
      /^(?:-e|--rsh|--exclude|--include|--filter|-f|--files-from|--log-file|--password-file)$/.test(w)
    )
      i++;
    else if (!w.startsWith('-')) ops.push(w);
  }
  if (!removes) return null;
  const dest = target ?? ops.pop();
  if (dest === undefined || !ops.length) return null;
  // a remote rsync destination (host:path) leaves nothing on this machine to delete
  if (name === 'rsync' && /^[^/]*:/.test(dest)) return null;
  return { dest: trimSlash(dest), sources: ops.map(trimSlash) };
}

export function moveDeleteEffects(line: LineView, out: Effect[]): void {
  const moved = new Map<string, string[]>();
  for (const c of line.cmds) {
    const name = basename(c.argv[0] ?? '');
    const m = name === 'mv' || name === 'rsync' ? moveOf(c.argv) : null;
    if (m) {
      moved.set(m.dest, [...(moved.get(m.dest) ?? []), ...m.sources]);
      continue;
    }
    if (!moved.size || !DELETERS.has(name)) continue;
    for (const w of c.argv.slice(1)) {
      if (w.startsWith('-')) continue;
      const p = trimSlash(w.replace(/\/\*$/, ''));
      for (const [dest, sources] of moved) {
        // the destination itself or a folder holding it: every source; DEST/NAME: the source called NAME
        const whole = p === dest || dest.startsWith(p + '/');
        const inside = p.startsWith(dest + '/') ? p.slice(dest.length + 1) : null;
        for (const s of sources)
          if (whole || (inside !== null && basename(s) === inside))
            out.push({ tool: 'exec', command: `rm -rf ${s}`, via: `${name} deletes ${w}, where ${s} was moved` });
      }
    }
  }
}
