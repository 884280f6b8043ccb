// PowerShell's environment drive listed whole (`dir env:`), and PowerShell's and cmd.exe's file readers, by their names in any case: `Get-Content F`,
// `gc F -Raw`, `type F`, `Select-String -Path F`, `Import-Csv F`. Each file they read is a read,
// so the credential rules decide `gc .env` as they decide `cat .env` (the cmdlet's name is case
// blind, its parameters are any unambiguous prefix of their names).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { at } from '../../util/invariant.js';
import { powershellEnvFate, secretVariables } from './env-filters.js';

const READERS = new Set([
  'get-content',
  'gc',
  'type',
  'select-string',
  'sls',
  'import-csv',
  'get-filehash',
  'format-hex',
  'fhx',
]);
/** Parameters whose value is the file read. */
const PATH_PARAM = /^-(?:p|pa|pat|path|literalpath|lp|l|li|lit)$/i;
/** Parameters that take a value that is not the file (skipped). */
const VALUE_PARAM =
  /^-(?:encoding|totalcount|first|head|tail|last|readcount|delimiter|pattern|algorithm|count|stream)$/i;

/** The path the environment-dump rules name (interp/line.ts reads env dumps as this read too;
 * importing it from there would make a cycle through programs.ts). */
const ENVIRONMENT_PATH = '/proc/self/environ';

/** Words of a variable name that says it holds a secret. */
const SECRET_NAME_WORD = /TOKEN|SECRET|PASSW|PWD|API_?KEY|ACCESS_?KEY|PRIVATE|CREDENTIAL|_PAT\b/i;

/** Commands that list a PowerShell drive's items. */
const LISTERS = new Set(['get-childitem', 'gci', 'dir', 'ls', 'get-item', 'gi']);

export function powershellReads(c: SimpleCommand, out: Effect[], cmds: SimpleCommand[] = []): void {
  const argv0 = c.argv[0];
  if (argv0 === undefined || !/^[a-zA-Z-]+$/.test(argv0)) return;
  const name = basename(argv0).toLowerCase();
  // `Get-ChildItem Env:`, `dir env:`: every variable of the environment drive
  if (LISTERS.has(name) && c.argv.slice(1).some((w) => /^(?:env:[\\/]?\*?|-path=?env:)$/i.test(w))) {
    // piped through a filter on the name, or a selection of the names only: what it lets out
    const fate = powershellEnvFate(c.pipedInto, cmds);
    if (fate === 'names') return;
    const via =
      fate === 'search'
        ? `${argv0} env: | ${c.pipedInto?.[0] ?? ''} searches the environment for secrets`
        : c.pipedInto
          ? `${argv0} env: | ${c.pipedInto[0] ?? ''} lets secret variables through`
          : `${argv0} env: prints every environment variable`;
    out.push({ tool: 'read', path: ENVIRONMENT_PATH, via });
    return;
  }
  // `dir env:*TOKEN*`, `gci env:MINIO_*`, `Get-Item env:STEAM_PASSWORD`: the variables the drive's
  // wildcard names, with their values, when a secret's name is among them (a secret word in the
  // pattern, or a catalogued secret variable it matches; `gci env:PYTHON*` prints settings)
  const named = LISTERS.has(name)
    ? c.argv
        .slice(1)
        .map((w) => /^(?:-path=?)?env:[\\/]?([\w*?[\]-]+)$/i.exec(w.replace(/^['"]|['"]$/g, ''))?.[1])
        .find((x) => x !== undefined && x !== '*')
    : undefined;
  if (named !== undefined) {
    const like = new RegExp(
      `^${named
        .replace(/[.+^${}()|\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\?/g, '.')}$`,
      'i',
    );
    const secret = SECRET_NAME_WORD.test(named) || secretVariables().some((v) => v !== '*' && like.test(v));
    if (secret && powershellEnvFate(c.pipedInto, cmds) !== 'names')
      out.push({ tool: 'read', path: ENVIRONMENT_PATH, via: `${argv0} env:${named} prints secret variables` });
    return;
  }
  if (
    !READERS.has(name) ||
    (name === 'type' && argv0 === 'type' && c.argv.length === 2 && !/[./\\]/.test(c.argv[1] ?? ''))
  )
    return; // `type ls` is the POSIX shell builtin asking what a name is
  const a = c.argv;
  const patternFirst = name === 'select-string' || name === 'sls';
  let patternSeen = false;
  for (let i = 1; i < a.length; i++) {
    const w = at(a, i);
    if (PATH_PARAM.test(w)) {
      const f = a[++i];
      if (f) for (const x of f.split(',')) out.push({ tool: 'read', path: x, via: `${argv0} reads ${x}` });
    } else if (VALUE_PARAM.test(w)) {
      if (/^-pattern$/i.test(w)) patternSeen = true;
      i++;
    } else if (w.startsWith('-')) continue;
    else if (patternFirst && !patternSeen) patternSeen = true;
    else for (const x of w.split(',')) out.push({ tool: 'read', path: x, via: `${argv0} reads ${x}` });
  }
}
