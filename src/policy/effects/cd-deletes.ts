// Deletes after `cd` name paths under the directory moved to: `cd .. && rm -rf project` deletes
// ../project, which is the working directory itself when the project is called that, and
// `cd ~/code && rm -rf app` deletes ~/code/app. The per-command readings see the bare operand;
// this reading repeats each delete of a relative path with the directory joined on, so the rules
// on deletes decide the directory really deleted (policy workdir-deletes reads `../project` against
// the working directory, src/policy/workdir-span.ts). Only deletes are repeated: reads and writes
// under a moved-to hidden or system directory are cwd-paths.ts's.
import { posix } from 'node:path';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';
import { programEffects } from './programs.js';
import { basename } from '../shell-wrappers.js';

/** Programs whose effects include deletes (programs.ts: rm and the shredders, find -delete, rsync --delete, trash tools). */
const DELETERS = new Set([
  'rm',
  'rmdir',
  'unlink',
  'shred',
  'gshred',
  'srm',
  'wipe',
  'find',
  'rsync',
  'trash',
  'trash-put',
  'gio',
  'busybox',
]);

/** Where `cd ARGV` goes from `cwd` (a relative or absolute spelling), or undefined when unknown. */
export function cdDestination(cwd: string, argv: string[]): string | undefined {
  const a = argv.slice(1).find((w) => !w.startsWith('-') || w === '-');
  if (a === undefined) return '~';
  if (a === '-' || a.includes('$(') || a.includes('`')) return undefined;
  const t = /^(?:\/|~|\$)/.test(a) ? a : cwd === '.' ? a : `${cwd}/${a}`;
  const n = posix.normalize(t);
  return n.length > 1 ? n.replace(/\/+$/, '') : n;
}

export function cdDeleteEffects(l: LineFacts, out: Effect[]): void {
  let cwd = '.';
  for (const c of l.cmds) {
    const name = (c.argv[0] ?? '').replace(/^\/(?:usr\/)?bin\/(?=cd$|pushd$)/, '');
    if (name === 'cd' || name === 'pushd') {
      cwd = cdDestination(cwd, c.argv) ?? '.';
      continue;
    }
    if (name === 'popd') cwd = '.';
    if (cwd === '.' || !DELETERS.has(basename(name))) continue;
    const own: Effect[] = [];
    programEffects(c, own);
    for (const e of own) {
      if (e.tool !== 'delete' || !e.path || /^(?:\/|~|\$)/.test(e.path) || e.path.includes('://')) continue;
      const path = posix.normalize(`${cwd}/${e.path}`).replace(/(.)\/+$/, '$1');
      if (out.some((o) => o.tool === 'delete' && o.path === path)) continue;
      out.push({ ...e, path, via: `${e.via} (under ${cwd})` });
      // rm -rf DIR/* empties DIR: read as DIR itself (find's DIR/* is only "under DIR")
      if (name !== 'find' && path.endsWith('/*') && path.length > 2)
        out.push({ ...e, path: path.slice(0, -2), via: `${e.via} (everything in ${path.slice(0, -2)})` });
    }
  }
}
