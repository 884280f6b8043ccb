// Filesystem MCP tools read as the shell commands they amount to: `delete_file {path}` is
// `rm -f PATH` (or `rm -rf PATH` when the path names a folder), `move_file {source, destination}`
// is `mv SOURCE DEST`, so a delete of the project folder or a move onto /dev/null is decided by
// the rules on deletes and moves whatever server offers the tool (docs/effects.md).
import type { Effect } from './types.js';

type Params = Record<string, unknown>;

/** Verbs that remove a file or folder, in the spellings filesystem servers use. */
const REMOVE = new Set(['delete', 'remove', 'rm', 'del', 'unlink', 'erase', 'trash', 'rmdir', 'destroy', 'wipe']);
const MOVE = new Set(['move', 'mv', 'rename']);
/** Objects a filesystem tool acts on (an empty object: `delete {path}`). */
const FS_OBJECT = new Set([
  'file',
  'files',
  'item',
  'items',
  'entry',
  'path',
  'paths',
  'node',
  'directory',
  'dir',
  'folder',
]);

function str(p: Params, ...keys: string[]): string | undefined {
  for (const k of keys) {
    const v = p[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return undefined;
}

/** A word safe on a command line: spaces and shell characters would split or change it. */
const SAFE = /^[\w@%+=:,./~-]+$/;

/** The effects of a filesystem MCP tool (lower-case name words, parameters, the path it names). */
export function mcpFileEffects(words: string[], p: Params, path: string | undefined): Effect[] {
  const verb = words.find((w) => REMOVE.has(w) || MOVE.has(w));
  if (!verb) return [];
  const object = words.filter((w) => w !== verb && w !== 'fs' && w !== 'filesystem');
  if (object.length && !object.some((w) => FS_OBJECT.has(w))) return [];
  const via = (c: string) => `MCP ${words.join('_')} (as \`${c}\`)`;
  if (MOVE.has(verb)) {
    const src = str(p, 'source', 'src', 'from', 'old_path', 'oldPath', 'path');
    const dst = str(p, 'destination', 'dest', 'target', 'to', 'new_path', 'newPath');
    if (!src || !dst || !SAFE.test(src) || !SAFE.test(dst)) return [];
    const c = `mv ${src} ${dst}`;
    return [{ tool: 'exec', command: c, via: via(c) }];
  }
  const target = path ?? str(p, 'path', 'file', 'file_path', 'filePath', 'target', 'dir', 'directory');
  if (!target || !SAFE.test(target)) return [];
  const last = target.replace(/\/+$/, '').split('/').pop() ?? '';
  const folder =
    target.endsWith('/') ||
    !/.\.[A-Za-z0-9]{1,8}$/.test(last) ||
    object.some((w) => /^(?:dir|directory|folder)$/.test(w));
  const c = `${folder ? 'rm -rf' : 'rm -f'} ${target}`;
  return [{ tool: 'exec', command: c, via: via(c) }];
}
