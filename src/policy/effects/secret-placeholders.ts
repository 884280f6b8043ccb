// Values that documentation and examples write in a secret's place: `TOKEN=acme_xxxxxxxxxxxx`,
// `API_KEY=<your-key>`, `PASSWORD=${DB_PASSWORD}`, `SECRET={{ secret }}`, `TOKEN=changeme`. A docs
// page that shows how to export a token carries one of these, not the token; a real value (a
// provider-shaped token, a password someone chose) carries none of them.

/** Marks of a stand-in: runs of x or one character, an ellipsis, <...>, a variable, a template field, a stock word. */
const STANDS_FOR =
  /x{4,}|X{4,}|(.)\1{7,}|\.\.\.|<[^>]*>|\$\{?\w+\}?|\{\{[^}]*\}\}|^["']?(?:changeme|change-me|your[\w-]*|example\w*|dummy\w*|placeholder\w*|redacted|secret|password)["']?$/i;

/** Whether a matched credential is a stand-in: for `NAME=value` its value is read, else the whole match. */
export function isPlaceholderSecret(match: string): boolean {
  const eq = /^[A-Za-z0-9_]+=/.exec(match);
  return STANDS_FOR.test(eq ? match.slice(eq[0].length) : match);
}

/** The first match of `shape` in `text` that is not a stand-in, or null. */
export function firstLiveSecret(shape: RegExp, text: string): string | null {
  const all = new RegExp(shape.source, shape.flags.includes('g') ? shape.flags : shape.flags + 'g');
  for (const m of text.matchAll(all)) if (!isPlaceholderSecret(m[0])) return m[0];
  return null;
}
