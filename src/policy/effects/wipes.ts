// What SQL or ORM code wipes when it runs: one list for the readers of migrations
// (safeguard-edits.ts) and of hooks and scheduled tasks (armed-settings.ts).

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
];

/** The first wipe of a migration's kind that SQL or ORM code runs, or null (migrations in safeguard-edits.ts, hooks and tasks in armed-settings.ts). */
export function wipeIn(text: string): string | null {
  for (const [re, what] of WIPES) if (re.test(text)) return what;
  return null;
}
