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
  // query builders emptying a table they are handed with no condition between (Knex
  // `knex('t').del()` / `.truncate()`, Laravel `DB::table('t')->delete()`, `Model::truncate()`,
  // Sequelize `queryInterface.bulkDelete('t', null)` or `{}`, Prisma `deleteMany({})` or
  // `deleteMany()`, Ecto `Repo.delete_all(Module)`): each reference's delete-all form
  [/\bknex\(\s*['"`][\w.]+['"`]\s*\)\s*\.\s*(?:del|delete|truncate)\(\s*\)/, 'delete_all'],
  [/\bDB::table\(\s*['"][\w.]+['"]\s*\)\s*->\s*(?:delete|truncate)\(\s*\)|\b[A-Z]\w*::truncate\(\s*\)/, 'delete_all'],
  [/\bbulkDelete\(\s*['"`][\w.]+['"`]\s*(?:,\s*(?:null|undefined|\{\s*\})\s*)?[,)]/, 'delete_all'],
  [/\.deleteMany\(\s*(?:\{\s*\})?\s*\)/, 'delete_all'],
  [/\bRepo\.delete_all\(\s*[A-Z][\w.]*\s*\)/, 'delete_all'],
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
