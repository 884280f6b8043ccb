// What SQL or ORM code wipes when it runs: one list for the readers of migrations
// (safeguard-edits.ts) and of hooks and scheduled tasks (armed-settings.ts).
import { destroys, sqlStatements } from './sql.js';

/** What a migration's up half wipes: TRUNCATE ... CASCADE, DELETE without WHERE, DROP ... CASCADE, delete_all. */
const WIPES: [RegExp, string][] = [
  // a TRUNCATE of a scratch table is routine cleanup (test/policy/precision-lookalikes); one that
  // cascades empties every table that refers to it
  [/\bTRUNCATE\s+(?:TABLE\s+)?(?:ONLY\s+)?["`]?\w[^;\n]*\bCASCADE\b/i, 'TRUNCATE ... CASCADE'],
  [/\bDELETE\s+FROM\s+["`]?[\w.]+["`]?\s*(?:;|$|["'`)])/im, 'DELETE without WHERE'],
  [/\bDROP\s+(?:TABLE|SCHEMA|DATABASE|KEYSPACE)\b[^;\n]*\bCASCADE\b/i, 'DROP ... CASCADE'],
  [/\bDROP\s+(?:SCHEMA|DATABASE|KEYSPACE)\b/i, 'DROP SCHEMA'],
  [/\bdrop_table\b[^\n]*\bforce:\s*:cascade\b/, 'drop_table force: :cascade'],
  [/\b[A-Z]\w*\.(?:delete_all|destroy_all)\b|\.objects\.all\(\)\.delete\(\)/, 'delete_all'],
  // a WHERE every row meets (`created_at < now()`, `1=1`, `id > 0`) deletes every row too
  [
    /\bDELETE\s+FROM\s+["`]?[\w.]+["`]?\s+WHERE\s+(?:1\s*=\s*1|true|["`]?(?:created|inserted|added)_?(?:at|on|date)["`]?\s*<=?\s*(?:now\(\)|current_timestamp|current_date|CURRENT_TIMESTAMP)|["`]?\w+["`]?\s+IS\s+NOT\s+NULL|["`]?id["`]?\s*>\s*0)\s*(?:;|$|["'`)])/im,
    'DELETE with a WHERE every row meets',
  ],
  // query builders and ORMs deleting a whole table: knex('t').del() / .truncate() with no where
  // between, Sequelize `truncate: true` and bulkDelete(t, null|{}), TypeORM `.clear()`, Prisma
  // `deleteMany()` / `deleteMany({})`
  [/\b\w+\(\s*["'`][\w.]+["'`]\s*\)\s*\.(?:del|delete|truncate)\(\s*\)/, 'delete of every row'],
  [/\btruncate\s*:\s*true\b|\bbulkDelete\(\s*["'`][\w.]+["'`]\s*,\s*(?:null|\{\s*\})/, 'delete of every row'],
  [/\.(?:deleteMany)\(\s*(?:\{\s*\})?\s*\)|getRepository\([^)]*\)\.clear\(\)/, 'delete of every row'],
  // every table of the schema, looked up and emptied or dropped in a loop
  [
    /\b(?:pg_tables|information_schema\.tables|sqlite_master|SHOW\s+TABLES|connection\.tables|\.get_table_names\(|inspector\.get_table_names|sorted_tables|metadata\.tables)\b[\s\S]{0,400}?\b(?:TRUNCATE|DROP\s+TABLE|DELETE\s+FROM|drop_table|\.drop\()/i,
    'every table',
  ],
  [
    /\b(?:TRUNCATE|DROP\s+TABLE|DELETE\s+FROM)\b[\s\S]{0,200}?\b(?:pg_tables|information_schema\.tables|sqlite_master|connection\.tables)\b/i,
    'every table',
  ],
  [/\bmetadata\.drop_all\(|\bdrop_all_tables\b|\bdropAllTables\(|\bdropSchema\(\s*\)|\bdb:drop\b/, 'every table'],
  // the audit trail itself: its table dropped or its triggers switched off
  [
    /\bDROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?["`]?\w*(?:audit|activity_log|event_log|access_log|security_log)\w*|\bdrop_?[Tt]able(?:IfExists)?\s*\(?\s*[:"'`]\w*(?:audit|activity_log|event_log)\w*|\bDISABLE\s+TRIGGER\s+ALL\b/i,
    'audit trail removed',
  ],
  // more query builders' delete-all forms: Laravel `DB::table('t')->delete()` / `Model::truncate()`,
  // Ecto `Repo.delete_all(Module)`, a Knex builder under another name
  [
    /\bDB::table\(\s*['"][\w.]+['"]\s*\)\s*->\s*(?:delete|truncate)\(\s*\)|\b[A-Z]\w*::truncate\(\s*\)/,
    'delete of every row',
  ],
  [/\bRepo\.delete_all\(\s*[A-Z][\w.]*\s*\)/, 'delete of every row'],
  [/\bbulkDelete\(\s*['"`][\w.]+['"`]\s*(?:,\s*undefined\s*)?\)/, 'delete of every row'],
];

/**
 * A DELETE whose WHERE keeps every row in practice (`WHERE created_at < now()`, `WHERE id > 0`,
 * `account_id IN (SELECT id FROM accounts)`), read statement by statement as the database would
 * (sql.ts), in a SQL file or in a string of code.
 */
function everyRowDelete(text: string): boolean {
  if (!/\bDELETE\b/i.test(text)) return false;
  const pieces = [
    text,
    ...[...text.matchAll(/'([^'\n]{8,})'|"([^"\n]{8,})"|`([^`]{8,})`/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? ''),
  ];
  return pieces.some((p) => sqlStatements(p).some((st) => destroys(st)?.startsWith('DELETE FROM') === true));
}

/** The first wipe of a migration's kind that SQL or ORM code runs, or null (migrations in safeguard-edits.ts, hooks and tasks in armed-settings.ts). */
export function wipeIn(text: string): string | null {
  for (const [re, what] of WIPES) if (re.test(text)) return what;
  return everyRowDelete(text) ? 'DELETE without WHERE' : null;
}

/**
 * A script that empties the whole database rather than some tables: `DROP OWNED BY`, or a loop over
 * the catalogue (`pg_tables`, `information_schema.tables`, `sqlite_master`) that truncates or
 * drops each table it finds. A `DROP SCHEMA public CASCADE; CREATE SCHEMA public` reset script is
 * the usual way a project rebuilds its development schema (test/policy/precision-lookalikes) and
 * is not read here. Each is named in words that are not SQL, so that the canonical text is not
 * read as the statement itself.
 */
export function schemaWipeIn(text: string): string | null {
  if (/\bDROP\s+OWNED\s+BY\b/i.test(text)) return 'drop-owned';
  if (
    /\b(?:pg_tables|pg_class|information_schema\.tables|sqlite_master|sys\.tables|all_tables|user_tables)\b/i.test(
      text,
    ) &&
    /\b(?:EXECUTE|EXEC|PREPARE|format\s*\()/i.test(text) &&
    /\b(?:TRUNCATE|DROP\s+TABLE|DELETE\s+FROM)\b/i.test(text)
  )
    return 'every-table';
  return null;
}

/** Every kind of wipe the code runs (a seed is judged only for the ones that go beyond seeding). */
export function wipesIn(text: string): string[] {
  return [...new Set(WIPES.filter(([re]) => re.test(text)).map(([, what]) => what))];
}
