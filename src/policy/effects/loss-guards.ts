// A command-line option that takes away a schema tool's guard against losing data, whatever the
// tool and however it is passed (`-Dflyway.cleanDisabled=false`, `-cleanDisabled=false`,
// `/p:BlockOnPossibleDataLoss=False`, `/p:DropObjectsNotInSource=True`, `--accept-data-loss`,
// `-Dliquibase.dropFirst=true`, `--spring.jpa.hibernate.ddl-auto=create-drop`): the tools ship
// with the guard on so that a run against a database that holds data refuses to drop or clean
// it, and an option that switches it off is there only for that run. Read as
//   `loss-guard-off OPTION TOOL ...`   (asked by the standard profile)
// unless the line names a database on this machine or one named for development or tests
// (`-Dflyway.url=jdbc:postgresql://localhost:5432/billing_test`, `-Pdev`, `--env=test`): resetting
// those is everyday work. Sources: the Flyway configuration reference (cleanDisabled), SqlPackage
// Publish properties (BlockOnPossibleDataLoss, DropObjectsNotInSource), Prisma CLI reference (db
// push --accept-data-loss), Liquibase dropFirst, Spring Boot and Hibernate ddl-auto values; the
// same settings written into files are read by armed-settings.ts.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';

/** The line gate: a word of one of the guards below. */
export const LOSS_GUARD_HINT =
  /clean-?disabled|dataloss|data-loss|dropobjectsnotinsource|drop-?first|ddl-?auto|hbm2ddl/i;

/** Setting names (any prefix: `-D`, `/p:`, `--`, `flyway.`) and the value that takes the guard away. */
const GUARDS: [RegExp, RegExp][] = [
  [/clean[-_.]?disabled$/i, /^false$/i],
  [/block[-_.]?on[-_.]?possible[-_.]?data[-_.]?loss$/i, /^false$/i],
  [/drop[-_.]?objects[-_.]?not[-_.]?in[-_.]?source$/i, /^true$/i],
  [/drop[-_.]?first$/i, /^true$/i],
  [/(?:ddl[-_.]?auto|hbm2ddl[-_.]auto)$/i, /^(?:create|create-drop|create_drop)$/i],
  [/(?:accept|allow)[-_.]?data[-_.]?loss$/i, /^(?:true|1|yes)?$/i],
];

/** A local server or a database named for development or tests, anywhere in the line's words. */
const SCRATCH_TARGET =
  /(?:\/\/|@|=|^)(?:localhost|127\.0\.0\.1|\[::1\]|\(localdb\))\b|(?:^|[^a-z])(?:test|tests|testing|dev|devel|development|local|ci|scratch|tmp|h2:mem)(?:[^a-z]|$)/i;

/** The guard an option takes away, as written, or undefined. */
function guardOff(word: string): string | undefined {
  const m = /^(?:-D|\/p:|--?|-P)?([\w.-]+?)(?:[=:](.*))?$/i.exec(word.replace(/^['"]|['"]$/g, ''));
  if (!m || (!word.startsWith('-') && !/^\/p:/i.test(word))) return undefined;
  const [, name = '', value = ''] = m;
  for (const [key, bad] of GUARDS) if (key.test(name) && bad.test(value.replace(/^['"]|['"]$/g, ''))) return word;
  return undefined;
}

/** `loss-guard-off` readings of a line's commands (see the top of this file). */
export function lossGuardEffects(cmds: SimpleCommand[], out: Effect[]): void {
  const words = cmds.flatMap((c) => [...c.assigns.map((a) => `${a.name}=${a.value}`), ...c.argv]);
  // the switch that picks the target (`-Pdev`, `--env=test`) or its URL names scratch; a file's
  // path (`C:\Users\dev\...`) names no database
  const target = (w: string) => !/[\\/]/.test(w) || w.includes('://');
  if (words.some((w) => target(w) && SCRATCH_TARGET.test(w) && !/prod|live/i.test(w))) return;
  for (const c of cmds) {
    const off = c.argv.slice(1).map(guardOff).find(Boolean);
    if (!off) continue;
    const tool = basename(c.argv[0] ?? '');
    out.push({
      tool: 'exec',
      command: `loss-guard-off ${off} ${tool} ${c.argv.slice(1).join(' ')}`,
      via: `${tool} ${off} switches off the tool's guard against dropping or cleaning a database that holds data`,
    });
  }
}
