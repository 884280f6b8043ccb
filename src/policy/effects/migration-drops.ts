// A table dropped by a migration's forward half, whatever the framework: plain SQL `DROP TABLE`,
// Rails `drop_table :x`, Ecto `drop table(:x)`, Alembic `op.drop_table('x')`, Laravel
// `Schema::drop('x')`, Knex/TypeORM `dropTable('x')`, Django `migrations.DeleteModel(...)`.
// wipes.ts reads the statements that empty tables or cascade (TRUNCATE, DELETE without WHERE,
// DROP ... CASCADE); this adds the plain drop, which takes the table's rows with it when the
// migration next runs on every environment. A table named as already replaced or never kept
// (`legacy_sessions`, `orders_old`, `tmp_import`, `users_backup`, `events_v1`) is the clean-up a
// migration exists for and is not read. Used by safeguard-edits.ts' `migration-wipe` reading.

/** Statements and DSL calls that drop a table, with the table's name as their last word when they show it. */
const DROPS: RegExp[] = [
  /\bDROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?[`"[]?[\w.]+/gi,
  /\bdrop(?:_if_exists)?\s+table\(\s*:\w+/g,
  /\bdrop_table\s*\(?\s*[:'"]\w+/g,
  /\bop\.drop_table\(\s*['"]\w+/g,
  /\bSchema::(?:drop|dropIfExists)\(\s*['"]\w+/g,
  /\.dropTable(?:IfExists)?\(\s*['"`]\w+/g,
  /\bmigrations\.DeleteModel\(\s*(?:name\s*=\s*)?['"]\w+/g,
];

/** A table named as retired or temporary (see the file comment). */
const RETIRED =
  /(?:^|[_.-])(?:legacy|old|obsolete|deprecated|unused|tmp|temp|backup|bak|archived?|import|imports|staging|copy|scratch)(?:$|[_.-])|_v\d+$/i;

/** The first drop of a table that is not retired in a migration's forward text, or null. */
export function tableDropIn(forward: string): string | null {
  const code = forward.replace(/^\s*(?:--|#|\/\/).*$/gm, '');
  for (const re of DROPS)
    for (const m of code.matchAll(re)) {
      const table = (/(\w+)$/.exec(m[0])?.[1] ?? '').toLowerCase();
      // (named, not quoted as SQL: the reading's sentence must not read as a statement run now)
      if (table && !RETIRED.test(table)) return `table-dropped ${table}`;
    }
  return null;
}
