// Words of an argv spelled back as one shell line that splits into the same words, for derived
// calls read again as commands (`python -m pytest -k 'delete or purge'` runs `pytest` with the
// one argument `delete or purge`, not with the verbs `delete` and `purge`). Only words that a
// shell would split are quoted: variables, `~` and globs stay as written so the second reading
// sees them as the first one did.

/** One word as shell text that reads back as one word. */
export function argvWord(w: string): string {
  if (w !== '' && !/[\s'"\\;&|<>()`]/.test(w)) return w;
  // keep `$VAR` readable as a variable inside double quotes; otherwise single quotes are literal
  if (w.includes('$') || w.includes("'")) return `"${w.replace(/(["\\`])/g, '\\$1')}"`;
  return `'${w}'`;
}

/** The words as one shell line. */
export function argvLine(words: readonly string[]): string {
  return words.map(argvWord).join(' ');
}
