// An import or load told to replace what its target holds, whatever the tool: `bq load --replace
// analytics.customers FILE`, `mongoimport --drop --collection products`, `sanity dataset import
// seed.ndjson production --replace`, `TOOL data import --overwrite`, `--write_disposition=
// WRITE_TRUNCATE`. An import adds rows; the option makes it drop or empty the table, collection or
// dataset first, so what was there is gone unless the file holds all of it. Read as
//   `data-replaced TOOL ...`   (asked by the standard profile)
// unless the line names a local server or a target named for development, tests or scratch
// (`mongoimport --drop --db test`, `bq load --replace scratch.tmp_import`). Restores with --clean
// or --drop are the data-reset readings' (data-resets.ts).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';

/** The line gate: an import or load word and a replacing option. */
export const REPLACE_IMPORT_HINT = /(?:import|load)[\s\S]*(?:replace|drop|overwrite|truncate)/i;

/** Subcommands (or program names) that bring data in. */
const IMPORT_VERB = /^(?:[a-z]+[-_:.])?(?:import|load|bulk-?load|ingest)(?:[-_:.][a-z]+)?$/i;
/** Options that empty the target first. */
const REPLACING =
  /^--?(?:replace|drop|overwrite|truncate|drop-existing|delete-existing|replace-all|force-replace)$|^--?write[-_]disposition=write_truncate$|^--?mode=overwrite$/i;
/** A local server, or a target named for development, tests or scratch. */
const SCRATCH =
  /(?:\/\/|@|=|^)(?:localhost|127\.0\.0\.1)\b|(?:^|[^a-z])(?:test|tests|testing|dev|devel|development|local|ci|scratch|tmp|temp|sandbox)(?:[^a-z]|$)/i;

/** `data-replaced` readings of a line's commands (see the top of this file). */
export function replaceImportEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const a = c.argv;
    const tool = basename(a[0] ?? '').toLowerCase();
    const positional = a.slice(1).filter((w) => !w.startsWith('-'));
    const imports =
      /^[a-z0-9]*import$/.test(tool) ||
      IMPORT_VERB.test(tool) ||
      positional.slice(0, 3).some((w) => IMPORT_VERB.test(w));
    const replacing = a.slice(1).find((w) => REPLACING.test(w));
    if (!imports || !replacing) continue;
    // a file's path or a storage URL is the source (`/tmp/seed.ndjson`, `gs://tmp-bucket/x.csv`);
    // a name, an option value or a database URL is the target
    const targets = a
      .slice(1)
      .filter(
        (w) =>
          !/[\\/]/.test(w) || (w.includes('://') && !/^(?:gs|s3|s3a|https?|file|az|abfss?|wasbs?|r2):\/\//i.test(w)),
      );
    if (targets.some((w) => SCRATCH.test(w) && !/prod|live/i.test(w))) continue;
    out.push({
      tool: 'exec',
      command: `data-replaced ${tool} ${a.slice(1).join(' ')}`,
      via: `${tool} ${replacing} empties its target before the import: what it held is replaced by the file`,
    });
  }
}
