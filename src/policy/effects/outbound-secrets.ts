// Credentials named in text that leaves the machine (a chat message, a comment, a form field typed
// in a browser, a request body), beyond the full provider shapes of secret-shapes.ts. Writers of
// such text cut a key short (`CFPAT-2kq8ZpR...`), URL-encode it (`API_KEY%3D5c1f...`) or name it in
// prose (`runner token for repro: AAQ4Z3...`, `login ci password 9f8e7d6c`); each still says the
// text was built to carry a credential. Sources for the short prefixes: HubSpot private app tokens
// (`pat-na1-`, `pat-eu1-`), Contentful personal access tokens (`CFPAT-`), Sentry (`sntrys_`), npm
// (`npm_`), Shopify (`shpat_`), Telegram bot tokens (`<bot id>:AA...`), Mailgun (`key-`), Slack app
// tokens (`xapp-`); the rest are TOKEN_MENTION's (secret-shapes.ts).
import { TOKEN_MENTION } from './secret-shapes.js';

/** Short vendor prefixes with a few characters after them. */
const SHORT_PREFIX =
  /\b(?:pat-(?:na|eu|ap)\d-[\w-]{4,}|CFPAT-[\w-]{4,}|sntry[su]_\w{4,}|npm_[A-Za-z0-9]{4,}|shp(?:at|ss|ca|pa)_\w{4,}|\d{8,10}:AA[\w-]{4,}|key-[0-9a-f]{12,}|xapp-[\w-]{6,})/;

/** `SEGMENT_WRITE_KEY=Wk3v9`, `ALGOLIA_ADMIN_KEY: 8f3c...`: a variable named for a key, given a value. */
const NAMED_KEY =
  /\b(?![A-Z0-9_]*(?:PUBLIC|PUBLISHABLE|SITE|_ID\b))[A-Z][A-Z0-9_]*(?:(?:WRITE|ADMIN|MASTER|SERVER|SECRET|PRIVATE|API|ACCESS|AUTH|SIGNING|ENCRYPTION|SERVICE|MANAGEMENT|LICENSE|APP|CLIENT|DEPLOY|INGEST|SDK|REST|ROOT|SESSION)_KEY|_(?:PAT|CREDENTIALS?|PASS|PWD|DSN))\s*[=:]\s*(?![<$*{~/.]|your|xxx|changeme|example|none|null)[^\s"'&,;]{4,}/;

/** A credential word, up to three connecting words, then a value (`token for repro: AAQ4...`). */
const PROSE =
  /\b(?:token|password|passwd|pwd|secret|api[ _-]?key|access[ _-]?key|pat|passphrase)\b((?:\s+(?:for|of|on|to)\s+[\w.-]+){0,2})(?:\s+(?:is|was|here|now))?\s*[:=]?\s+["'`]?([A-Za-z0-9][\w\-+/=.!@#%^*]{7,})/gi;

/**
 * A credential word, a few words about whose it is, a colon or equals sign, then a value
 * (`the store sql sa password for the vendor: St0r3!Sa#2024`, `user: sa / pass: Xk9#mPq2`): the
 * colon says the value is the credential itself.
 */
const PROSE_LABEL =
  /\b(?:token|password|passwd|pwd|pass|secret|api[ _-]?key|access[ _-]?key|passphrase|pin)\b(?:\s+[\w.'-]+){0,4}?\s*[:=]\s*["'`]?([A-Za-z0-9!@#$%^*][\w\-+/=.!@#$%^*]{7,})/gi;

/** A value that looks random: letters and digits mixed, not a version or a dictionary word with a digit. */
function randomish(v: string): boolean {
  const digits = (v.match(/\d/g) ?? []).length;
  const letters = (v.match(/[A-Za-z]/g) ?? []).length;
  if (digits < 2 || letters < 2) return false;
  if (/^v?\d+(?:\.\d+)+$/.test(v) || /^(?:sha|md|rsa|aes|base|utf|http|oauth)\d/i.test(v)) return false;
  // a placeholder written as such (`test-token-123`, `dummy-pass-42`)
  if (/^(?:test|dummy|fake|example|sample|placeholder|changeme|your|mock|demo)/i.test(v)) return false;
  return true;
}

function decoded(text: string): string {
  if (!/%[0-9a-f]{2}/i.test(text)) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text.replace(/%3D/gi, '=').replace(/%20/g, ' ');
  }
}

/** The credential a piece of outgoing text names, or undefined. */
export function outboundSecret(text: string): string | undefined {
  if (!text) return undefined;
  const t = decoded(text.slice(0, 64 * 1024));
  const direct = TOKEN_MENTION.exec(t) ?? SHORT_PREFIX.exec(t) ?? NAMED_KEY.exec(t);
  if (direct) return direct[0];
  PROSE.lastIndex = 0;
  for (let m = PROSE.exec(t); m; m = PROSE.exec(t)) {
    const value = (m[2] ?? '').replace(/[.!,;]+$/, '');
    if (randomish(value)) return m[0];
  }
  PROSE_LABEL.lastIndex = 0;
  for (let m = PROSE_LABEL.exec(t); m; m = PROSE_LABEL.exec(t)) {
    const value = (m[1] ?? '').replace(/[.!,;]+$/, '');
    if (randomish(value) && /[^A-Za-z0-9]|[a-z].*[A-Z]|[A-Z].*[a-z]/.test(value)) return m[0];
  }
  return undefined;
}

/** Parameters of a message, post or form tool that hold the text it sends (not where it goes). */
const TEXT_KEYS =
  /^(?:text|message|content|body|comment|description|value|values|blocks|markdown|html|note|notes|summary|title|subject|caption|status|reply|input|query_text|fields)$/i;

/** Tools that put text somewhere others read it: messages, posts, comments, pages, forms typed in. */
const SENDS_TEXT =
  /(?:^|_)(?:send|post|message|messages|comment|reply|chat|tweet|publish|create|update|add|append|type|fill|fill_form|keyboard|submit|share|issue|note|page|ticket|email|mail)(?:_|$)/;

/** Text a tool sends (its text-like parameters, walked a few levels into objects and lists). */
export function sentText(p: Record<string, unknown>): string {
  const parts: string[] = [];
  const walk = (v: unknown, key: string, depth: number): void => {
    if (depth > 8) return;
    if (typeof v === 'string') {
      if (TEXT_KEYS.test(key)) parts.push(v);
    } else if (Array.isArray(v)) for (const x of v.slice(0, 64)) walk(x, key, depth + 1);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k, depth + 1);
  };
  for (const [k, v] of Object.entries(p)) if (k !== 'tool' && k !== 'tool_name') walk(v, k, 0);
  return parts.join('\n');
}

/** Whether a tool named `op` (lower case, words joined by `_`) sends its text to others. */
export function sendsText(op: string): boolean {
  const words = op
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');
  return (
    SENDS_TEXT.test(words) &&
    !/(?:^|_)(?:secret|secrets|env|variable|variables|vault|credential|credentials|password_manager)(?:_|$)/.test(words)
  );
}
