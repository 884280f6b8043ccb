// SQL written to a file that something runs later (`psql -f /tmp/cleanup.sql`, `mysql < x.sql`,
// a cron job, a colleague): when the file empties or drops whole tables (a DELETE or UPDATE
// without WHERE, TRUNCATE, DROP TABLE/SCHEMA/DATABASE/KEYSPACE, as sql.ts reads them), the wipe is
// decided now, where its text can be seen, not when a client runs an unseen file. Read as
//   `staged-sql-wipe PATH STATEMENT`   (asked)
// Where such statements belong is not read: migrations (a migrations/changelog folder, Flyway's
// V1__x.sql, timestamped files), schema files that create what they drop, seeds, fixtures and
// tests, and database images' init folders (docker-entrypoint-initdb.d) run only on a new database.
// Mongo shell scripts that drop a database or empty a collection are read the same way.
import type { Effect } from './types.js';
import { sqlTextEffects } from './sql.js';

const SQL_FILE = /\.(?:sql|psql|pgsql|mysql|ddl|dml|cql|hql|bteq)$/i;
const MONGO_FILE = /\.(?:js|mongodb)$/i;
/** Folders and names of files where dropping and emptying tables is the file's purpose. */
const EXPECTED_PLACE =
  /(?:^|\/)(?:migrations?|migrate|changelogs?|changesets?|flyway|liquibase|alembic|versions|seeds?|fixtures?|tests?|spec|__tests__|testdata|docker-entrypoint-initdb\.d|initdb\.d|schema|schemas|ddl)(?:\/|$)|(?:^|\/)(?:V\d+(?:[._]\d+)*__|U\d+__|R__|\d{8,}[_-]|\d{3,4}[_-])[^/]*$|(?:^|\/)[^/]*(?:schema|seed|fixture|test)[^/]*$/i;
const MONGO_WIPE = /\.dropDatabase\s*\(\s*\)|\.drop\s*\(\s*\)|\.(?:deleteMany|remove)\s*\(\s*\{\s*\}\s*\)/;

export function stagedSqlEffects(path: string, content: string | undefined): Effect[] {
  if (!content || EXPECTED_PLACE.test(path)) return [];
  const name = path.replace(/^.*\//, '');
  if (SQL_FILE.test(path)) {
    // a schema file drops what it creates again (`DROP TABLE IF EXISTS t; CREATE TABLE t ...`)
    if (/\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:TABLE|SCHEMA|DATABASE)\b/i.test(content)) return [];
    // an UPDATE of every row is how a copy is anonymised (`UPDATE users SET email = ...`), not a wipe
    const wipe = sqlTextEffects(content.slice(0, 64 * 1024), 'generic', `writes ${name} with`).find(
      (e) => e.tool === 'exec' && e.command && !/^(?:db-host-code|UPDATE\b)/i.test(e.command),
    );
    if (!wipe?.command) return [];
    // the statement's words joined, so that only this reading's rule (asked) decides it, not the
    // rules on a statement run now
    const what = wipe.command.slice(0, 80).replace(/\s+/g, '-').toLowerCase();
    return [
      {
        tool: 'exec',
        command: `staged-sql-wipe ${path} ${what}`,
        via: `writes ${name}, a SQL script that runs \`${wipe.command.slice(0, 60)}\` when it is run`,
      },
    ];
  }
  if (MONGO_FILE.test(path) && /\bdb\b|getSiblingDB/.test(content)) {
    const m = MONGO_WIPE.exec(content);
    if (m)
      return [
        {
          tool: 'exec',
          command: `staged-sql-wipe ${path} ${m[0].replace(/\W+/g, '-')}`,
          via: `writes ${name}, a Mongo shell script that runs \`${m[0]}\` when it is run`,
        },
      ];
  }
  return [];
}
