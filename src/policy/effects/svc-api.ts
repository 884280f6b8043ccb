// svc's own HTTP API reached directly, by the fetch tool or by curl/wget/httpie/interpreter code.
// The server listens on loopback, port 9090 by default (svc-identity.ts), and every route it has
// is under /v1/ (server/: approvals, rules, policy, audit, status, tool, preflight ...). The
// agent's calls reach it through the hooks; an agent that addresses it by hand is either
// changing what it decides (any method but GET: approving, adding rules, reloading, a guessed
// /v1/shutdown) or mapping it (GET of its rules, policy, audit or approvals). Reading its status
// or health is what `svc status` shows anyone, and asking it for a decision (/v1/tool,
// /v1/preflight) is what `svc test` does: both stay open. Another program of the project on port
// 9090 (Prometheus serves /api/v1/..., not /v1/) is not svc's.
import type { Effect } from './types.js';
import { SVC_PORT } from './svc-identity.js';

/** Loopback as a URL can spell it (fetch-readings.ts reads disguised spellings back to 127.0.0.1). */
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|0|\[::1?\]|\[::ffff:127\.0\.0\.1\]|[^.]+\.localhost)$/i;

/** Routes anyone may ask: the server's state, its health, a decision for a call. */
const OPEN_ROUTE = /^\/(?:v1\/(?:status|health|healthz|version|tool|preflight)(?:\/|$|\?)|healthz)/;

/** The route of `url` when it addresses svc's API on this machine, else undefined. */
export function svcApiRoute(url: string): string | undefined {
  const m = /^(?:https?:\/\/)?(?:[^@/?#\s]*@)?(\[[^\]]*\]|[^/:?#\s]*)(?::(\d+))?(\/[^\s'"]*)?/i.exec(url.trim());
  if (!m) return undefined;
  const [, host = '', port = '', path = '/'] = m;
  if (port !== SVC_PORT || !LOOPBACK.test(host)) return undefined;
  return /^\/(?:v1\/|approve\/)/.test(path) ? path.replace(/[?#].*$/, '') : undefined;
}

/** What reaching `url` with `method` does to svc: a tamper finding, or none. */
export function svcApiEffects(url: string, method: string, via: string): Effect[] {
  const route = svcApiRoute(url);
  if (!route) return [];
  const verb = method.toUpperCase();
  if (verb !== 'GET' && verb !== 'HEAD' && !/^\/v1\/(?:tool|preflight)(?:\/|$)/.test(route))
    return [
      { tool: 'tamper', command: `admin-http ${verb} ${route}`.slice(0, 300), via: `${via}: changes svc by hand` },
    ];
  if (OPEN_ROUTE.test(route)) return [];
  return [{ tool: 'tamper', command: `reads-svc ${route}`.slice(0, 300), via: `${via}: maps svc's rules or records` }];
}

/** The method a command line sends with (curl -X/-d, wget --post-data/--method, httpie VERB). */
export function lineMethod(text: string): string {
  const x = /(?:^|\s)(?:-X\s*|--request[=\s]+|--method[=\s]+|-Method\s+)['"]?([A-Za-z]+)/.exec(text);
  if (x?.[1]) return x[1];
  const h = /(?:^|[\s;&|])(?:http|https|xh)\s+(?:-\S+\s+)*(POST|PUT|PATCH|DELETE)\b/i.exec(text);
  if (h?.[1]) return h[1];
  if (/(?:^|\s)(?:-d|--data(?:-\w+)?|-F|--form|--json|--post-data|--post-file|--upload-file|-T)(?:[=\s]|$)/.test(text))
    return 'POST';
  if (
    /\b(?:method\s*[:=]\s*['"](?:POST|PUT|PATCH|DELETE)|requests\.(?:post|put|patch|delete)|\.(?:post|put|patch|delete)\()/i.test(
      text,
    )
  )
    return 'POST';
  return 'GET';
}
