// The secret patterns, one named rule per kind, compiled once at load.
//
// Every pattern is written to run in linear time on adversarial input: no nested quantifiers, a
// lookbehind at each token start so a scan never restarts inside a run of token characters, and
// quoted values whose closing quote is optional (a match that has scanned text always consumes it).
// Only the secret part is replaced by the marker; names, schemes, hosts and quotes stay so the
// command remains readable.

export const REDACTED = '[REDACTED]';

/** The 13 categories of docs/api.md, plus private key blocks (numbered 0). */
export const CATEGORIES = {
  0: 'private key blocks',
  1: 'cloud access key ids',
  2: 'cloud secret keys',
  3: 'payment live/test keys',
  4: 'AI provider API keys',
  5: 'messaging and SaaS API keys',
  6: 'developer platform API keys',
  7: 'generic API keys and secret assignments',
  8: 'personal access tokens',
  9: 'Bearer tokens',
  10: 'Authorization header values',
  11: 'basic-auth credentials in URLs',
  12: 'hex tokens of 40 or more characters',
  13: 'base64 blobs in header values',
} as const;

export type Category = keyof typeof CATEGORIES;

export interface Rule {
  name: string;
  category: Category;
  pattern: RegExp;
  /** Receives the arguments of String.prototype.replace's callback; returns the replacement. */
  replace: (match: string, ...groups: (string | undefined)[]) => string;
}

/** Longest quoted value a single match scans; longer values are redacted up to this bound. */
const MAX_VALUE = 4096;

const whole = (): string => REDACTED;

/** Keeps group 1 (the name and separator), replaces the rest. */
const keepPrefix = (_m: string, prefix: string | undefined): string => (prefix ?? '') + REDACTED;

/** Schemes whose credential follows after a space in an Authorization header. */
const AUTH_SCHEMES =
  'basic|bearer|token|digest|negotiate|ntlm|bot|oauth|apikey|api-key|key|sso-key|ssws|dpop|jwt|aws4-hmac-sha256|splunk|genie ?key';

/** Name endings that mark an assignment, header or flag as carrying a secret. */
const SECRET_NAME_SUFFIX =
  'pass(?:word|wd|phrase)|secret|token|api[_-]?key|access[_-]?key|secret[_-]?key|private[_-]?key|signing[_-]?key|encryption[_-]?key|master[_-]?key';

/** A value that is a reference, not a secret: $VAR, ${VAR}, $(cmd), %VAR%, <placeholder>. */
function isReference(v: string): boolean {
  return /^[$%<]/.test(v) || v.includes('[REDACTED');
}

/** Heuristic for a bare word after "Bearer" or a scheme-less Authorization value. */
export function looksLikeToken(v: string, min: number): boolean {
  if (v.length < min || isReference(v)) return false;
  if (/[0-9]/.test(v)) return true;
  return v.length >= 20 && /[a-z]/.test(v) && /[A-Z]/.test(v);
}

/** A base64 blob in a header value: long, mixed case, and a digit or base64 punctuation. */
export function looksLikeBase64Blob(v: string): boolean {
  if (v.length < 20) return false;
  if (/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-/.test(v)) return false; // UUIDs are identifiers
  return /[a-z]/.test(v) && /[A-Z]/.test(v) && /[0-9+/=]/.test(v);
}

/** Replaces the inside of a possibly quoted value, keeping its quotes. */
function replaceQuoted(value: string): string {
  const q = value[0] === '\\' ? value.slice(0, 2) : value[0];
  if (q === '"' || q === "'" || q === '\\"') {
    const closed = value.length > q.length && value.endsWith(q);
    return q + REDACTED + (closed ? q : '');
  }
  return REDACTED;
}

function unquote(value: string): string {
  return value.replace(/^\\?["']/, '').replace(/\\?["']$/, '');
}

const BLOB_IN_VALUE = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{20,}={0,2}/g;

function redactBlobs(value: string): string {
  return value.replace(BLOB_IN_VALUE, (b) => (looksLikeBase64Blob(b) ? REDACTED : b));
}

// A quoted value with an optional closing quote, or an unquoted run.
const VALUE = `(\\\\?"[^"\\r\\n\\\\]{0,${MAX_VALUE}}(?:\\\\?")?|'[^'\\r\\n]{0,${MAX_VALUE}}'?|[^\\s"'&;,|)}\\]<>]+)`;

export const RULES: readonly Rule[] = [
  {
    name: 'url_credentials',
    category: 11,
    // scheme://user:password@host -> scheme://[REDACTED]@host (the password may itself hold '@').
    pattern: /(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]{0,30}:\/\/)[^\s:/?#@"'<>[\]]+:[^\s/?#"'<>]*@/g,
    replace: (_m, scheme) => `${scheme}${REDACTED}@`,
  },
  {
    name: 'cloud_access_key_id',
    category: 1,
    // AWS (AKIA, ASIA and the other key-id prefixes), GCP HMAC (GOOG...), Alibaba (LTAI...).
    pattern:
      /(?<![A-Za-z0-9])(?:(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|AKPA|ANPA|ANVA|APKA|AROA|ASCA)[A-Z0-9]{16}|GOOG[A-Z0-9]{20,60}|LTAI[A-Za-z0-9]{12,20})(?![A-Za-z0-9])/g,
    replace: whole,
  },
  {
    name: 'payment_key',
    category: 3,
    // Stripe secret/restricted/publishable live and test keys and webhook secrets; Square tokens.
    pattern:
      /(?<![A-Za-z0-9_])(?:(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,247}|whsec_[A-Za-z0-9]{20,}|sq0(?:atp|csp)-[A-Za-z0-9_-]{22,60})(?![A-Za-z0-9])/g,
    replace: whole,
  },
  {
    name: 'ai_provider_key',
    category: 4,
    // OpenAI sk-/sk-proj-/sk-svcacct-, Anthropic sk-ant-... (a digit must appear early, so a
    // hyphenated word after "sk-" survives), Google AIza..., Groq, xAI, Perplexity, Replicate.
    pattern:
      /(?<![A-Za-z0-9_-])(?:sk-(?=[A-Za-z_-]{0,64}[0-9])[A-Za-z0-9_-]{20,}|AIza[0-9A-Za-z_-]{35}|gsk_[A-Za-z0-9]{40,}|xai-[A-Za-z0-9]{60,}|pplx-[A-Za-z0-9]{40,}|r8_[A-Za-z0-9]{37,})(?![A-Za-z0-9_-])/g,
    replace: whole,
  },
  {
    name: 'messaging_api_key',
    category: 5,
    // Slack tokens, SendGrid, Twilio API keys, Mailgun, Telegram bot tokens.
    pattern:
      /(?<![A-Za-z0-9_-])(?:xox[abposr]-[A-Za-z0-9-]{10,}|xapp-[0-9]-[A-Za-z0-9-]{10,}|SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}|SK[0-9a-f]{32}|key-[0-9a-f]{32}|[0-9]{8,10}:AA[A-Za-z0-9_-]{30,})(?![A-Za-z0-9_-])/g,
    replace: whole,
  },
  {
    name: 'messaging_webhook_url',
    category: 5,
    // Slack and Discord webhook URLs carry their secret in the path.
    pattern:
      /(hooks\.slack\.com\/(?:services|workflows|triggers)\/|discord(?:app)?\.com\/api\/webhooks\/[0-9]+\/)[A-Za-z0-9_/-]+/g,
    replace: keepPrefix,
  },
  {
    name: 'platform_api_key',
    category: 6,
    // Hugging Face, Databricks, DigitalOcean, Shopify, Linear, Notion, Postman, Doppler, Vault,
    // Pulumi, Grafana, Sentry, Heroku.
    pattern:
      /(?<![A-Za-z0-9_-])(?:hf_[A-Za-z0-9]{30,}|dapi[0-9a-f]{32}(?:-[0-9])?|do[por]_v1_[a-f0-9]{64}|shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}|lin_api_[A-Za-z0-9]{40}|ntn_[A-Za-z0-9]{40,}|secret_[A-Za-z0-9]{43}|PMAK-[a-f0-9]{24}-[a-f0-9]{34}|dp\.(?:pt|st|sa|ct|scrt)\.[A-Za-z0-9]{40,}|hv[sbr]\.[A-Za-z0-9_-]{24,}|pul-[a-f0-9]{40}|glsa_[A-Za-z0-9]{32}_[a-f0-9]{8}|glc_[A-Za-z0-9+/]{32,}={0,2}|sntry[su]_[A-Za-z0-9+/=_]{40,}|HRKU-[A-Za-z0-9_-]{30,})(?![A-Za-z0-9_-])/g,
    replace: whole,
  },
  {
    name: 'personal_access_token',
    category: 8,
    // GitHub classic and fine-grained, GitLab, npm, PyPI, Docker Hub, Atlassian, Bitbucket, RubyGems.
    pattern:
      /(?<![A-Za-z0-9_-])(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255}|gl(?:pat|dt|ptt|rt|cbt|oas|ft|imt|soat)-[A-Za-z0-9_-]{20,}|npm_[A-Za-z0-9]{36}|pypi-AgE[A-Za-z0-9_-]{50,}|dckr_pat_[A-Za-z0-9_-]{20,}|ATATT3[A-Za-z0-9_=-]{50,}|ATBB[A-Za-z0-9_=.-]{32,}|rubygems_[a-f0-9]{48})(?![A-Za-z0-9_-])/g,
    replace: whole,
  },
  {
    name: 'cloud_secret_key',
    category: 2,
    // A 40+ character base64-ish value after a cloud secret's name: AWS secret access keys,
    // Azure storage AccountKey / SharedAccessKey.
    pattern:
      /((?<![A-Za-z0-9])(?:aws[_-]?)?secret[_-]?(?:access[_-]?)?key|(?<![A-Za-z0-9])(?:storage[_-]?)?account[_-]?key|(?<![A-Za-z0-9])shared[_-]?access[_-]?key)(\\?["']?[ \t]*[:=][ \t]*\\?["']?)[A-Za-z0-9/+]{40,}={0,2}/gi,
    replace: (_m, name, sep) => `${name}${sep}${REDACTED}`,
  },
  {
    name: 'authorization_header',
    category: 10,
    // Authorization: <scheme> <credential> (also JSON and key=value spellings). A value without a
    // known scheme is redacted when it looks like a token, so "Authorization: see docs" survives.
    pattern: new RegExp(
      `(?<![A-Za-z0-9_-])((?:proxy-)?authorization\\\\?["']?[ \\t]*[:=][ \\t]*\\\\?["']?)(?:(${AUTH_SCHEMES})([ \\t]+))?([^\\s"'\\\\,;]+)`,
      'gi',
    ),
    replace: (m, prefix, scheme, space, value) => {
      if (!value || isReference(value)) return m;
      if (scheme) return `${prefix}${scheme}${space}${REDACTED}`;
      return looksLikeToken(value, 6) ? `${prefix}${REDACTED}` : m;
    },
  },
  {
    name: 'bearer_token',
    category: 9,
    // "Bearer <token>" anywhere; prose ("the Bearer scheme") survives because a token needs a
    // digit or mixed case at length.
    pattern: /(?<![A-Za-z0-9_-])(bearer[ \t]+)([A-Za-z0-9._~+/-]+=*)/gi,
    replace: (m, prefix, token) => (token && looksLikeToken(token, 8) ? `${prefix}${REDACTED}` : m),
  },
  {
    name: 'jwt',
    category: 9,
    pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g,
    replace: whole,
  },
  {
    name: 'header_argument_base64',
    category: 13,
    // curl/wget/httpie header arguments: -H 'Name: value', --header=Name:value.
    pattern: new RegExp(
      `(?<![A-Za-z0-9_-])(-H|--header)([ \\t]+|=|(?=["']))(?:(')([^'\\r\\n]{1,${MAX_VALUE}})('?)|(")([^"\\r\\n]{1,${MAX_VALUE}})("?)|()([^\\s'"]+)())`,
      'g',
    ),
    replace: (m, flag, sep, ...rest) => {
      const [open, arg, close] =
        rest[0] !== undefined ? rest.slice(0, 3) : rest[3] !== undefined ? rest.slice(3, 6) : rest.slice(6, 9);
      const value = arg ?? '';
      const colon = value.indexOf(':');
      if (colon < 0) return m;
      const redactedValue = value.slice(0, colon + 1) + redactBlobs(value.slice(colon + 1));
      return redactedValue === value ? m : `${flag}${sep}${open ?? ''}${redactedValue}${close ?? ''}`;
    },
  },
  {
    name: 'header_line_base64',
    category: 13,
    // Header-shaped text (a hyphenated name such as X-Signature) followed by a base64 blob.
    pattern: /(?<![A-Za-z0-9_-])([A-Za-z][A-Za-z0-9]*-[A-Za-z0-9-]*[ \t]*:[ \t]*)([A-Za-z0-9+/_-]{20,}={0,2})/g,
    replace: (m, prefix, blob) => (blob && looksLikeBase64Blob(blob) ? `${prefix}${REDACTED}` : m),
  },
  {
    name: 'secret_assignment',
    category: 7,
    // NAME=value, name: value, "name": "value", X-API-Key: value, ?api_key=value where the name
    // ends in a secret word (api_key, *_TOKEN, *_SECRET, password, ...).
    pattern: new RegExp(
      `(?<![A-Za-z0-9_.-])([A-Za-z0-9_.-]{0,60}?(?:${SECRET_NAME_SUFFIX})\\\\?["']?[ \\t]*[:=][ \\t]*)${VALUE}`,
      'gi',
    ),
    replace: (m, prefix, value) => {
      if (!value || isReference(unquote(value)) || unquote(value) === '') return m;
      return `${prefix}${replaceQuoted(value)}`;
    },
  },
  {
    name: 'secret_flag',
    category: 7,
    // --api-key VALUE, --token=VALUE, --password 'VALUE', --client-secret VALUE.
    pattern: new RegExp(
      `(?<![A-Za-z0-9_-])(--?[A-Za-z0-9_-]{0,40}?(?:${SECRET_NAME_SUFFIX})(?:=|[ \\t]+))${VALUE}`,
      'gi',
    ),
    replace: (m, prefix, value) => {
      if (!value || value.startsWith('-') || isReference(unquote(value)) || unquote(value) === '') return m;
      return `${prefix}${replaceQuoted(value)}`;
    },
  },
  {
    name: 'short_password_flag',
    category: 7,
    // `docker login -u me -p VALUE` (and helm/podman/oc/skopeo login), `mysql -pVALUE`: short
    // flags that only mean "password" after these commands.
    pattern: new RegExp(
      `(?<![A-Za-z0-9_-])((?:login[ \\t][^\\n|;&]{0,200}?[ \\t]-p[ \\t]+|mysql(?:dump|admin|sh)?[ \\t][^\\n|;&]{0,200}?[ \\t]-p))${VALUE}`,
      'g',
    ),
    replace: (m, prefix, value) => {
      if (!value || value.startsWith('-') || isReference(unquote(value)) || unquote(value) === '') return m;
      return `${prefix}${replaceQuoted(value)}`;
    },
  },
  {
    name: 'basic_auth_flag',
    category: 11,
    // curl -u user:password / --user / --proxy-user: keep the user, replace the password.
    // A numeric "password" is a uid:gid pair (docker -u 1000:1000), not a credential.
    pattern: /(?<![A-Za-z0-9_-])((?:-u|-U|--user|--proxy-user)(?:=|[ \t]+)["']?[^\s:'"]+:)([^\s'"]+)/g,
    replace: (m, prefix, pass) => (!pass || /^[0-9]+$/.test(pass) || isReference(pass) ? m : `${prefix}${REDACTED}`),
  },
  {
    name: 'hex_token',
    category: 12,
    // Whole hex tokens of 40 or more characters (this includes git SHAs, by design), 0x kept.
    pattern: /(?<![A-Za-z0-9_])(0x)?[0-9a-fA-F]{40,}(?![A-Za-z0-9_])/g,
    replace: (_m, prefix) => (prefix ?? '') + REDACTED,
  },
];

const PEM_BEGIN = /-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;
const PEM_END = /-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;
/** Body characters of a PEM block whose END marker is missing (base64, whitespace, escapes). */
const PEM_BODY = /[A-Za-z0-9+/=\s\\:,-]*/y;

/**
 * Replaces the body of every private key block, keeping the BEGIN/END lines. Done by scanning
 * rather than one lazy regex so text with many BEGIN markers and no END stays linear.
 */
export function redactPrivateKeys(text: string): string {
  if (!text.includes('PRIVATE KEY')) return text;
  let out = '';
  let pos = 0;
  PEM_BEGIN.lastIndex = 0;
  for (let m = PEM_BEGIN.exec(text); m; m = PEM_BEGIN.exec(text)) {
    const bodyStart = m.index + m[0].length;
    PEM_END.lastIndex = bodyStart;
    const end = PEM_END.exec(text);
    let resume: number;
    if (end) {
      out += text.slice(pos, bodyStart) + REDACTED;
      resume = end.index;
    } else {
      // A truncated key is still a key: redact the contiguous body.
      PEM_BODY.lastIndex = bodyStart;
      PEM_BODY.exec(text);
      out += text.slice(pos, bodyStart) + REDACTED;
      resume = PEM_BODY.lastIndex;
    }
    pos = resume;
    PEM_BEGIN.lastIndex = Math.max(resume, bodyStart);
  }
  return out + text.slice(pos);
}
