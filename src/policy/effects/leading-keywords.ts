// The walker keeps a compound command's keyword as the first word of the command inside it
// (`for h in ...; do ipmitool ...; done` gives `do ipmitool ...`); readings that look at the
// program drop these first.

/** Shell keywords and prefixes that can stand before a command's program. */
export const LEADING_KEYWORDS: ReadonlySet<string> = new Set([
  'do',
  'then',
  'else',
  'elif',
  'if',
  'while',
  'until',
  '!',
  '{',
  '(',
  'time',
]);

/** The argv without the leading shell keywords (and any `also` words a reading skips as well). */
export function withoutKeywords(argv: readonly string[], also: readonly string[] = []): string[] {
  let i = 0;
  while (i < argv.length - 1 && (LEADING_KEYWORDS.has(argv[i] ?? '') || also.includes(argv[i] ?? ''))) i++;
  return argv.slice(i);
}
