// Tools that overwrite a file's blocks before removing it (shred, srm, wipe, scrub, sdelete)
// destroy the content beyond any recovery: no trash, no undelete, no file-system snapshot of the
// blocks. Given a glob, a directory tree or a data file (databases, dumps, backups, archives) that
// is data destroyed on purpose: `overwrite-wipe glob|tree|data TOOL PATH`. One named file
// (`shred -u secrets.txt`, the tool's everyday use), one row export named inside the working
// tree (`shred -u exports/payroll-2024-06.csv`) and anything under the temporary directories
// give nothing.
// fallocate's --punch-hole, --collapse-range and --zero-range drop or zero a range of a file's
// bytes in place: the file keeps its name and size while its content goes, read as the
// `truncate -s 0 PATH` the blanked-files rules decide (a data file, a source file, a key).
// Sources: util-linux fallocate(1), GNU coreutils shred (-u/--remove, -n, -z), secure-delete srm (-r), wipe (-r),
// scrub (-r, -X), Sysinternals sdelete (-s subdirectories).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { parseArgs } from './operands.js';
import { table } from '../../util/lookup-table.js';

export const OVERWRITE_PROGRAMS: readonly string[] = [
  'shred',
  'srm',
  'wipe',
  'scrub',
  'sdelete',
  'sdelete64',
  'fallocate',
];

const WITH_ARG: Record<string, string[]> = table({
  shred: ['-n', '--iterations', '-s', '--size', '--random-source'],
  scrub: ['-p', '--pattern', '-b', '--blocksize', '-s', '--device-size'],
  wipe: ['-S', '-x', '-l', '-p', '-T', '-b'],
  sdelete: ['-p'],
  sdelete64: ['-p'],
});

/** Files that hold data: databases, dumps, archives, data sets (a `.bak` copy of one file is not). */
const DATA_FILE =
  /\.(?:db|sqlite3?|db3|mdb|accdb|sql|dump|tar|tgz|gz|zst|xz|zip|7z|parquet|csv|jsonl|ndjson|h5|hdf5|npy|pkl|feather|arrow|wal|ibd|frm|myd|rdb|aof|bson|ldb)$/i;
/**
 * Row exports (CSV, TSV, JSON lines) are also what a job writes out and shreds once sent (a
 * payroll or donor export); one named inside the working tree is that file, as `rm` of it is.
 */
const EXPORT_FILE = /\.(?:csv|tsv|jsonl|ndjson)$/i;
function projectExport(path: string): boolean {
  return EXPORT_FILE.test(path) && !/^[/~$\\]|^[A-Za-z]:/.test(path) && !/(?:^|\/)\.\.(?:\/|$)/.test(path);
}
const TEMP = /^(?:\/tmp\/|\/var\/tmp\/|\/dev\/shm\/|\$TMPDIR\/|\$\{TMPDIR\}\/)/;

export function overwriteEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (!OVERWRITE_PROGRAMS.includes(name)) continue;
    if (name === 'fallocate') {
      fallocateEffects(c.argv, out);
      continue;
    }
    const p = parseArgs(c.argv, WITH_ARG[name] ?? []);
    const recursive = p.options.some(
      ([k]) => /^-[a-zA-Z]*[rRs]|^--recursive$/.test(k) && !(name === 'shred' && /^-[a-zA-Z]*s/.test(k)),
    );
    for (const path of p.operands) {
      const glob = /[*?[]/.test(path);
      const kind =
        name !== 'shred' && recursive
          ? 'tree'
          : TEMP.test(path)
            ? undefined
            : glob
              ? 'glob'
              : (DATA_FILE.test(path) && !projectExport(path)) || /^\/dev\/(?!null$|zero$)/.test(path)
                ? 'data'
                : undefined;
      if (!kind) continue;
      out.push({
        tool: 'exec',
        command: `overwrite-wipe ${kind} ${name} ${path}`,
        via: `${name} overwrites ${path} beyond recovery`,
      });
    }
  }
}

/** `fallocate -p|-c|-z -o OFF -l LEN FILE`: a range of FILE's bytes dropped or zeroed. */
function fallocateEffects(argv: readonly string[], out: Effect[]): void {
  const p = parseArgs([...argv], ['-o', '--offset', '-l', '--length']);
  const drops = p.options.some(([k]) => /^-[a-zA-Z]*[pcz]|^--(?:punch-hole|collapse-range|zero-range)$/.test(k));
  if (!drops) return;
  for (const path of p.operands)
    out.push({
      tool: 'exec',
      command: `truncate -s 0 ${path}`,
      via: `fallocate drops or zeroes bytes of ${path} in place`,
    });
}
