// Files a listing hands to xargs, emptied by the script xargs runs on each: `find . -type f -print0
// | xargs -0 -I{} sh -c 'echo > {}'`, `git ls-files -z | xargs -0 -n1 sh -c ': > "$0"'`. The
// script's blank of `{}` or `$0`/`$1` (found by clobber.ts) is a blank of every file the listing
// names, so it is read again as a write of nothing to that glob (`./**`, `~/project/**\/*.py`)
// and the rules on blanked source and data decide it. A blanker xargs hands the names to as
// operands (`git ls-files -z | xargs -0 -n50 sed -i '1,$d'`, `... | xargs truncate -s 0`) is
// read the same way: its command with the glob as the operand.
import { basename, unwrapLauncher } from '../shell-wrappers.js';
import { clobberEffects } from './clobber.js';
import { deletesOperands, listedGlob, narrowedFind } from '../shell-destroy.js';
import { readFind } from '../shell-flags.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const XARGS_BLANK_HINT = /\bxargs\b/;

/** How a script run by xargs names the path it was handed. */
const HANDED = /^"?(?:\{\}|\$[01@]|\$\{[01@]\})"?$/;

export function xargsBlankEffects(line: LineView, out: Effect[]): void {
  operandBlanks(line, out);
  narrowedFindDeletes(line, out);
  listedDirDeletes(line, out);
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

/** Filters a listing passes through on its way to xargs without changing what it names. */
const PASS_NAMES = new Set(['grep', 'egrep', 'fgrep', 'rg', 'sort', 'uniq', 'head', 'tail', 'tr']);

/** `LISTING | [filters |] xargs [opts] BLANKER ARGS`: BLANKER run on every file the listing names. */
function operandBlanks(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const glob = listedGlob([basename(c.argv[0] ?? ''), ...c.argv.slice(1)]);
    if (glob === null) continue;
    let into = c.pipedInto;
    for (let g = 0; g < 6 && into && PASS_NAMES.has(basename(into[0] ?? '')); g++) {
      const cur = into;
      into = line.cmds.find((x) => x.argv === cur)?.pipedInto;
    }
    if (!into) continue;
    // the walk has usually taken xargs off already (the hint keeps this to lines that run it)
    let cmd = into;
    if (basename(into[0] ?? '') === 'xargs') {
      const inner = unwrapLauncher(
        into.map((text) => ({ text, quoted: false, redir: false })),
        true,
      );
      // with a replace string (`-I{}`) the script names where the file goes: read above
      if (!inner || inner.replace) continue;
      cmd = inner.tokens.map((t) => t.text);
    }
    if (!cmd.length || cmd.some((w) => HANDED.test(w))) continue;
    const argv = [...cmd, glob];
    const found: Effect[] = [];
    clobberEffects({ argv, quoted: argv.map(() => false), redirs: [], assigns: [], unsets: [] }, found);
    for (const e of found)
      if (e.tool === 'write' && e.content === '')
        out.push({ ...e, via: `xargs ${argv[0] ?? ''} empties every file ${c.argv.join(' ')} lists` });
  }
}

/**
 * `find /srv/data -type f -mtime +90 | xargs rm -f`: a find narrowed by age, size or kind but not
 * by name hands the deleter files from every corner of its tree, as its own `-delete` would. Read
 * as a delete of what is under each start (`START/*`), so the rules on where deletes reach
 * (wide-deletes.ts, data stores, backups) decide it as they decide that `-delete`.
 */
function narrowedFindDeletes(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const found = narrowedFind([basename(c.argv[0] ?? ''), ...c.argv.slice(1)]);
    if (!found) continue;
    let into = c.pipedInto;
    for (let g = 0; g < 6 && into && PASS_NAMES.has(basename(into[0] ?? '')); g++) {
      const cur = into;
      into = line.cmds.find((x) => x.argv === cur)?.pipedInto;
    }
    if (!into) continue;
    const inner = xargsRuns(into);
    const prog = basename(inner?.[0] ?? '');
    if (!inner || !deletesOperands(prog)) continue;
    for (const start of readFind(found)?.starts ?? [])
      out.push({
        tool: 'delete',
        path: `${start.replace(/\/+$/, '')}/*`,
        // named as find's own delete, so its filters are weighed as for `-delete` (wide-deletes.ts)
        via: `find deletes under ${start} (xargs ${prog} on what ${found.slice(0, -1).join(' ')} lists)`,
      });
  }
}

/**
 * The command a pipe's receiver runs on the names it is given: what xargs launches, or the
 * receiver itself (the walk has usually taken xargs off already, leaving the command it runs).
 */
function xargsRuns(into: readonly string[]): readonly string[] | undefined {
  return basename(into[0] ?? '') === 'xargs'
    ? unwrapLauncher(
        into.map((text) => ({ text, quoted: false, redir: false })),
        true,
      )?.tokens.map((t) => t.text)
    : into;
}

/**
 * `ls /mnt/archive/2020 | xargs -I{} rm -f /mnt/archive/2020/{}`: every name a plain listing of a
 * folder gives, handed straight to a deleter that puts it back under that folder, is `rm
 * DIR/*`. Read as that delete, so the rules on where deletes reach decide it. A listing filtered
 * or cut on its way (`| grep .log$`, `ls -t | tail -n +6`, keeping the newest) picks names and is
 * not read.
 */
function listedDirDeletes(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    if (basename(c.argv[0] ?? '') !== 'ls') continue;
    const dirs = c.argv.slice(1).filter((w) => !w.startsWith('-'));
    // a sorted or long listing is someone choosing among names, not every name
    if (dirs.length !== 1 || c.argv.slice(1).some((w) => /^-\w*[lt1]|^--sort/.test(w) && !/^-1$/.test(w))) continue;
    const dir = (dirs[0] ?? '').replace(/\/+$/, '');
    if (!dir || /[*?$`]/.test(dir)) continue;
    const into = c.pipedInto;
    if (!into) continue;
    const inner = xargsRuns(into);
    const prog = basename(inner?.[0] ?? '');
    if (!inner || !deletesOperands(prog)) continue;
    if (!inner.some((w) => w === `${dir}/{}` || w === `"${dir}/{}"`)) continue;
    out.push({ tool: 'delete', path: `${dir}/*`, via: `xargs ${prog} deletes every name ls lists in ${dir}` });
  }
}
