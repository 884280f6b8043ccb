// A schema or data change applied to a production database with its own client: `psql
// "$PROD_DATABASE_URL" -f migrations/042.sql`, `mysql -h prod-db.acme.io app < migrate.sql`,
// `sqlcmd -S prod-sql01 -i alter_orders.sql`, `psql -h db.prod -c 'ALTER TABLE ...'`. A migration
// tool's run is read by prod-targets.ts; this is the same change made by hand, without the tool's
// bookkeeping. The connection names production (host, service, URL or the variable that holds
// it) and the client runs a file or a statement that writes. Read as `cli-change-prod CLIENT
// ...` (asked by production-changes); a SELECT, a dump or a session against a local or staging
// database is not. Sources: psql(1) -f/-c, mysql(1) and mariadb(1) -e and stdin, sqlcmd -i/-Q,
// mongosh FILE/--file/--eval, clickhouse-client --queries-file/--query, snowsql -f/-q, sqlplus @file.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';

export const PROD_SQL_PROGRAMS = [
  'psql',
  'mysql',
  'mariadb',
  'sqlcmd',
  'mongosh',
  'mongo',
  'clickhouse-client',
  'snowsql',
  'sqlplus',
  'cockroach',
];

const PROD = /(?:^|[^a-z0-9])(?:prod|production|prd|live)(?:[^a-z0-9]|$|\d)/i;
/** Options whose value is a file of statements the client runs. */
const FILE_OPTION = /^(?:-f|--file|-i|--input-file|--queries-file|--filename)$/;
/** A file named for a change (`migrations/042.sql`, `V3__add_index.sql`, `alter_orders.sql`): a report or a query file is not. */
const CHANGE_FILE =
  /(?:migrat|schema|alter|ddl|patch|fix|seed|upgrade|deploy|update|backfill|hotfix|^v\d+__|[\\/]v\d+__|add_|drop_|create_)/i;
/** Options whose value is a statement. */
const STATEMENT_OPTION = /^(?:-c|--command|-e|--execute|-Q|-q|--query|--eval)$/;
/** A statement that changes the schema or the data. */
const WRITES =
  /\b(?:alter|create|insert|update|delete|drop|truncate|grant|revoke|rename|merge|replace|upsert)\b|\.(?:insert|update|delete|drop|create)\w*\s*\(/i;

/** Production databases changed by a file or a writing statement run through their client. */
export function prodSqlFileEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (!PROD_SQL_PROGRAMS.includes(name)) continue;
    const a = c.argv;
    const prod =
      c.assigns.some((v) => PROD.test(v.value) || PROD.test(v.name)) ||
      a.slice(1).some((w) => PROD.test(w) && !/\.sql$/i.test(w));
    if (!prod) continue;
    let runs = c.redirs.some((r) => r.op === '<' && CHANGE_FILE.test(r.target));
    for (let i = 1; i < a.length && !runs; i++) {
      const w = a[i] ?? '';
      const eq = w.indexOf('=');
      const opt = w.startsWith('--') && eq > 0 ? w.slice(0, eq) : w;
      const value = w.startsWith('--') && eq > 0 ? w.slice(eq + 1) : (a[i + 1] ?? '');
      if (FILE_OPTION.test(opt)) runs = CHANGE_FILE.test(value);
      else if (STATEMENT_OPTION.test(opt) && WRITES.test(value)) runs = true;
      else if (name === 'sqlplus' && w.startsWith('@')) runs = CHANGE_FILE.test(w);
      else if ((name === 'mongosh' || name === 'mongo') && /\.js$/i.test(w)) runs = CHANGE_FILE.test(w);
    }
    if (!runs) continue;
    out.push({
      tool: 'exec',
      command: `cli-change-prod ${name} ${a.slice(1).join(' ')}`,
      via: `${name} runs statements against a production database`,
    });
  }
}
