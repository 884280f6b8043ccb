// Values that documentation and examples write in a secret's place: `TOKEN=acme_xxxxxxxxxxxx`,
// `API_KEY=<your-key>`, `PASSWORD=${DB_PASSWORD}`, `SECRET={{ secret }}`, `TOKEN=changeme`. A docs
// page that shows how to export a token carries one of these, not the token; a real value (a
// provider-shaped token, a password someone chose) carries none of them.

/** Marks of a stand-in: runs of x or one character, an ellipsis, <...>, a variable, a template field, a stock word. */
const STANDS_FOR =
  /x{4,}|X{4,}|(.)\1{7,}|\.\.\.|<[^>]*>|\$\{?\w+\}?|\{\{[^}]*\}\}|^["']?(?:changeme|change-me|your[\w-]*|example\w*|dummy\w*|placeholder\w*|redacted|secret|password)["']?$/i;

/** A provider's token prefix (Stripe, GitHub, GitLab, Slack, AWS, Google, npm, OpenAI/Anthropic, Hugging Face). */
const PROVIDER_PREFIX = /^["']?(?:[sr]k_live_|gh[pousr]_|github_pat_|glpat-|xox[abpr]-|AKIA|ASIA|AIza|npm_|sk-|hf_)/;

/**
 * Whether a matched `NAME=value` credential is a stand-in. Only the value after a secret's name
 * is read; a value that starts with a provider's token prefix (`sk_live_51Hxxxx`) is that
 * provider's key however much of it is masked, and provider tokens, key blocks and passwords in
 * URLs matched on their own are never stand-ins.
 */
export function isPlaceholderSecret(match: string): boolean {
  const eq = /^[A-Za-z0-9_]+=/.exec(match);
  if (!eq) return false;
  const value = match.slice(eq[0].length);
  return !PROVIDER_PREFIX.test(value) && STANDS_FOR.test(value);
}

/** The first match of `shape` in `text` that is not a stand-in, or null. */
export function firstLiveSecret(shape: RegExp, text: string): string | null {
  const all = new RegExp(shape.source, shape.flags.includes('g') ? shape.flags : shape.flags + 'g');
  for (const m of text.matchAll(all)) if (!isPlaceholderSecret(m[0])) return m[0];
  return null;
}
