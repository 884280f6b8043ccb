// A logging or telemetry format told to record the visitors' cookies or Authorization headers,
// by any proxy, CDN, web server or tracing setup: every session and bearer token that passes
// through then sits in the log stream, and the stream usually leaves the machine (a CDN's log
// endpoint, a collector, a bucket). The reading looks for the header written in a format
// language's own syntax on a line or command that is about logging, so routing on a cookie
// (`if (req.http.Cookie ~ "beta")`) or forwarding one is not this. Each finding reads as
// `logs-credentials HEADER in WHERE`, which the exfiltration policy asks about.
// Syntaxes (from each product's log-format reference): Varnish/Fastly VCL `req.http.Cookie`;
// nginx `$http_cookie`, `$http_authorization`; Apache httpd `%{Cookie}i`;
// IIS and CloudFront W3C fields `cs(Cookie)`; Envoy `%REQ(COOKIE)%`; HAProxy `req.hdr(cookie)`,
// `capture request header Cookie`; Traefik `accesslog.fields.headers.names.Cookie=keep`;
// OpenTelemetry's captured-header settings (`..._CAPTURE_HEADERS_SERVER_REQUEST=Authorization`).
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { basename } from '../shell-wrappers.js';

/** Programs that search or print text: a format named in their pattern is looked for, not set. */
const READERS =
  /^(?:grep|egrep|fgrep|rg|ag|ack|cat|less|more|head|tail|awk|gawk|sed|jq|yq|findstr|select-string|sls|git)$/i;

const HEADER = String.raw`(?:cookie|authorization|proxy-authorization|x-api-key|x-auth-token)`;
/** A request header named in a log-format language. */
const LOGGED = new RegExp(
  [
    String.raw`req\.http\.${HEADER}\b`,
    String.raw`\$http_${HEADER.replace(/-/g, '_')}\b`,
    String.raw`%\{${HEADER}\}i`,
    String.raw`\bcs\(${HEADER}\)`,
    String.raw`%REQ\(${HEADER}\)%`,
    String.raw`req\.(?:f?hdr|cook)\(\s*${HEADER}?`,
    String.raw`capture\s+request\s+header\s+${HEADER}\b`,
    String.raw`headers\.names\.${HEADER}=keep`,
    String.raw`CAPTURE_HEADERS_\w*REQUEST=[^\s;]*${HEADER}`,
  ].join('|'),
  'i',
);
/** Words that say the line or command is about logs, access logs or telemetry export. */
const LOGGING =
  /\b(?:log_format|logformat|customlog|access_?logs?|accesslog|logging|logpush|logs?|syslog|otel\w*|telemetry|tracing)\b|capture\s+request|CAPTURE_HEADERS|headers\.names/i;
/** Lines above a match that may hold its logging directive: a statement continued over lines (an
 * nginx log_format) runs back to the last line that ends one (`;`, `{`, `}`). */
const WINDOW = 3;

export const LOGGED_CREDENTIAL_HINT =
  /req\.http\.|\$http_|\$cookie_|%\{|cs\(|%REQ\(|req\.(?:f?hdr|cook)|capture\s+request|headers\.names|CAPTURE_HEADERS/i;

function finding(header: string, where: string, via: string): Effect {
  const h = /cookie/i.test(header) ? 'cookie' : 'authorization';
  return { tool: 'exec', command: `logs-credentials ${h} in ${where.replace(/[^\w@/.:~-]/g, '_')}`, via };
}

/** A command line (a CDN or proxy CLI, an environment assignment) that sets such a format. */
export function loggedCredentialEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const words = [...c.assigns.map((a) => `${a.name}=${a.value}`), ...c.argv];
    const text = words.join(' ');
    const m = LOGGED.exec(text);
    const name = c.argv[0] ?? 'a command';
    if (!m || !LOGGING.test(text) || READERS.test(basename(name))) continue;
    out.push(finding(m[0], name, `${name} sets a log format that records ${m[0]}, the visitors' credentials`));
  }
}

/** A configuration file written with a logging line that records such a header. */
export function loggedCredentialWrites(path: string, content: string): Effect[] {
  if (!LOGGED_CREDENTIAL_HINT.test(content)) return [];
  const lines = content.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = LOGGED.exec(lines[i] ?? '');
    if (!m) continue;
    let from = i;
    while (from > 0 && i - from < WINDOW && !/[;{}]\s*$/.test(lines[from - 1] ?? '')) from--;
    if (LOGGING.test(lines.slice(from, i + 1).join('\n')))
      return [finding(m[0], path, `${path} gets a log format that records ${m[0]}, the visitors' credentials`)];
  }
  return [];
}
