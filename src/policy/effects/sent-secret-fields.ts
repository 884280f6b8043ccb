// A request body that carries a password-like field with a real value (`vault_pass=Sup3r...`,
// `{"smtp_pass": "Qw9!zLm3Rt"}`, `ldap_bind_pw=...`, `enable_secret=...`) sent to a host outside
// this machine and its network: whoever receives the request holds the password, whatever
// client sends it (the fetch tool, an MCP request tool, curl -d/--data*/-F, wget --post-data,
// httpie's `key=value` items). The field is found by its name in any case and spelling (the
// secret-shapes.ts and outbound-secrets.ts readings know values and upper-case variable names);
// the value must look like a password (letters with digits or symbols, not a placeholder, a
// variable or a masked `****`).
//
// A password sent to a sign-in or token endpoint (`/login`, `/oauth/token`, `/sessions`) is how
// signing in works, and one sent to this machine or the private network stays with its owner:
// neither is read here.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { withoutKeywords } from './leading-keywords.js';
import { internalV4, isInternalName } from './fetch-readings.js';

/** A field named for a password or secret: `db_password`, `smtp_pass`, `ldap_bind_pw`, `enable_secret`, `passphrase`. */
const SECRET_KEY = /passw(?:or)?d|passwd|pwd|passphrase|secret|(?:^|[_.-])(?:pass|pw)(?:$|[_.-])/i;
/** Field names about a password rather than holding one. */
const ABOUT_KEY =
  /reset|forgot|policy|length|min|max|hint|strength|change|confirm|field|label|placeholder|type|required|expir|rotat|manager|name|path|file|ref|id$|_id|version|enabled|mode|hash/i;
/** `key=value` (a form or query) or `"key": "value"` (JSON, YAML). */
const FIELD = /(?:^|[\s&?{,;(])["']?([A-Za-z_][\w.-]{1,60})["']?\s*(?:=|:)\s*["']?([^\s"'&,;}]{6,128})/g;

/** Whether a value looks like a password: letters with digits or symbols, not a word, a variable or a mask. */
function passwordLike(v: string): boolean {
  if (/^[$<{%*]|^(?:x+|changeme|password|secret|example\w*|test\w*|dummy\w*|your\w*|null|none|true|false)$/i.test(v))
    return false;
  if (/^v?\d+(?:\.\d+)+$/.test(v) || /^https?:/.test(v)) return false;
  const letters = (v.match(/[A-Za-z]/g) ?? []).length;
  const digits = (v.match(/\d/g) ?? []).length;
  const symbols = (v.match(/[^A-Za-z0-9]/g) ?? []).length;
  return letters >= 2 && (digits >= 1 || symbols >= 1) && letters + digits >= 5;
}

/** The `key=value` a body gives a password-like field, or undefined. */
export function secretFieldValue(text: string): string | undefined {
  if (!text || !/pass|pwd|secret|pw\b/i.test(text)) return undefined;
  let t = text.slice(0, 64 * 1024);
  if (/%[0-9a-f]{2}/i.test(t))
    try {
      t = decodeURIComponent(t.replace(/\+/g, ' '));
    } catch {
      /* keep it as written */
    }
  FIELD.lastIndex = 0;
  for (let m = FIELD.exec(t); m; m = FIELD.exec(t)) {
    const key = m[1] ?? '';
    const value = m[2] ?? '';
    if (SECRET_KEY.test(key) && !ABOUT_KEY.test(key) && passwordLike(value)) return `${key}=${value}`;
  }
  return undefined;
}

/** Sign-in and token endpoints: a password or client secret sent there is a sign-in. */
const SIGN_IN = /\/(?:log-?in|sign-?in|signon|auth|authenticate|oauth2?|token|sessions?|connect\/token)(?:[/?#.]|$)/i;

/** Whether a request to `url` takes what it carries away from this machine and its network. */
export function awayFromHome(url: string): boolean {
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]+)(?::\d+)?([^]*)$/i.exec(url);
  if (!m) return false;
  const host = (m[1] ?? '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host === '0.0.0.0') return false;
  if (internalV4(host) || isInternalName(host) || /\.(?:test|example|invalid)$/.test(host)) return false;
  return !SIGN_IN.test(m[2] ?? '');
}

/** The effect of sending `field` to `url`. */
export function sentSecretField(url: string, field: string, via: string): Effect {
  const host = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#]+)/i.exec(url)?.[1] ?? 'remote';
  const key = field.slice(0, field.indexOf('=')).replace(/[^\w.-]/g, '_');
  return {
    tool: 'exec',
    command: `may-expose-secret sends a password field (${key}) to ${host.replace(/[^\w.:-]/g, '_')}`,
    via: `${via} sends ${key} with a password-like value to ${host}`,
  };
}

export const SENT_FIELD_CLIENTS: readonly string[] = ['curl', 'curlie', 'wget', 'wget2', 'http', 'https', 'xh', 'xhs'];
const CLIENTS = new Set(SENT_FIELD_CLIENTS);
/** Options whose value is the body (curl, wget). */
const BODY_OPTION =
  /^(?:-d|--data|--data-raw|--data-binary|--data-ascii|--data-urlencode|--json|-F|--form|--form-string|--post-data|--body-data)$/;

/** HTTP clients on the line that send a password-like field to a host away from home. */
export function sentSecretFieldEffects(line: LineView, out: Effect[]): void {
  const jolokia = JOLOKIA_BODY.test(line.text);
  if (!jolokia && !SENT_FIELD_HINT.test(line.text)) return;
  for (const cmd of line.cmds) {
    const c = { argv: withoutKeywords(cmd.argv) };
    const name = basename(c.argv[0] ?? '');
    if (!CLIENTS.has(name)) continue;
    const urls: string[] = [];
    const bodies: string[] = [];
    for (let i = 1; i < c.argv.length; i++) {
      const w = c.argv[i] ?? '';
      const eq = w.indexOf('=');
      const opt = w.startsWith('--') && eq > 0 ? w.slice(0, eq) : w;
      if (BODY_OPTION.test(opt)) {
        bodies.push(opt === w ? (c.argv[++i] ?? '') : w.slice(eq + 1));
        continue;
      }
      const attached = /^-[dF](.+)$/.exec(w);
      if (attached) bodies.push(attached[1] ?? '');
      else if (/^https?:\/\//i.test(w)) urls.push(w);
      // httpie / xh request items: key=value, key:=json
      else if (/^(?:https?|xhs?|curlie)$/.test(name) && /^[\w.-]+:?=/.test(w)) bodies.push(w.replace(':=', '='));
    }
    // a JMX bridge's request body naming an operation or a write (control-urls.ts reads the URL forms)
    const bridge = jolokia ? urls.find((u) => /\/jolokia\b/i.test(u)) : undefined;
    if (bridge && bodies.some((b) => JOLOKIA_BODY.test(b)))
      out.push({
        tool: 'exec',
        command: `fetch-jmx-bridge body ${bridge.replace(/^[a-z]+:\/\//i, '').replace(/[^\w.:/-]/g, '_')}`,
        via: `${name} tells the JMX bridge at ${bridge} to run an MBean operation or set an attribute`,
      });
    const url = urls.find(awayFromHome);
    if (!url || !bodies.length) continue;
    const field = secretFieldValue(bodies.join('&'));
    if (field) out.push(sentSecretField(url, field, name));
  }
}

/** A Jolokia request body that runs an operation or sets an attribute (jolokia.org, POST requests). */
const JOLOKIA_BODY = /["']?type["']?\s*:\s*["']?(?:exec|write)\b/i;

/** Cheap gate for the line reading. */
export const SENT_FIELD_HINT = /passw|passwd|pwd|passphrase|secret|[_.-]pw\b|[_.-]pass\b/i;
