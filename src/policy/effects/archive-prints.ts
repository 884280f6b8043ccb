// Files printed straight out of an archive: `unzip -p backup.zip .env`, `tar -xOf backup.tar
// .env`, `7z e -so keys.7z id_rsa`. The member is read as the file it was (unzip(1) -p, tar(1)
// -O/--to-stdout, 7-Zip -so), so a credential or .env file kept in a backup is decided like the
// file itself. Extracting to disk, listing (`unzip -l`, `tar -tf`) and whole archives are not.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';

export const ARCHIVE_PROGRAMS = ['unzip', 'tar', 'bsdtar', 'gtar', '7z', '7za', '7zz'];

function members(name: string, argv: string[]): string[] | undefined {
  const rest = argv.slice(1);
  if (name === 'unzip') {
    if (!rest.some((w) => /^-[a-zA-Z]*[pc][a-zA-Z]*$/.test(w))) return undefined;
    const ops = rest.filter((w) => !w.startsWith('-'));
    return ops.slice(1);
  }
  if (name === '7z' || name === '7za' || name === '7zz') {
    if (!/^[ex]$/.test(rest[0] ?? '') || !rest.includes('-so')) return undefined;
    return rest
      .slice(1)
      .filter((w) => !w.startsWith('-'))
      .slice(1);
  }
  // tar: bundled (xOf, -xOf) or separate (-x -O -f A) options, or --to-stdout
  const flags = rest
    .filter((w) => w.startsWith('-') || /^[a-zA-Z]+$/.test(w))
    .slice(0, 1)
    .join('');
  const bundled = /^-?[a-zA-Z]*x[a-zA-Z]*$/.test(flags) ? flags : '';
  const extract = bundled.includes('x') || rest.includes('-x') || rest.includes('--extract');
  const toStdout = bundled.includes('O') || rest.includes('-O') || rest.includes('--to-stdout');
  if (!extract || !toStdout) return undefined;
  const out: string[] = [];
  let archiveSeen = false;
  for (let i = bundled ? 1 : 0; i < rest.length; i++) {
    const w = rest[i] ?? '';
    if (w === '-f' || w === '--file') {
      i++;
      archiveSeen = true;
      continue;
    }
    if (w.startsWith('-')) continue;
    // with f bundled, the first operand is the archive
    if (!archiveSeen && (bundled.includes('f') || w.includes('.tar') || /\.t[gx]z$/.test(w))) {
      archiveSeen = true;
      continue;
    }
    out.push(w);
  }
  return out;
}

export function archivePrintEffects(line: LineFacts, out: Effect[]): void {
  for (const c of line.cmds) {
    const name = basename(c.argv[0] ?? '');
    if (!ARCHIVE_PROGRAMS.includes(name)) continue;
    for (const m of members(name, c.argv) ?? [])
      out.push({ tool: 'read', path: m, via: `${name} prints ${m} out of an archive` });
  }
}
