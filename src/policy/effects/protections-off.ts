// A service's or application's configuration that switches one of its protections off, read for
// what it opens when the service next starts or the application is next deployed
// (`protection-off NAME:FILE`): authentication off or open to anyone (Postgres `trust` for remote
// hosts, MongoDB `authorization: disabled`, Elasticsearch security, Redis protected mode, the
// kubelet's anonymous access, Grafana's anonymous Admin), transport security off (Rails
// `force_ssl`, iOS App Transport Security, Android clear text, `insecure_skip_verify`), debug pages
// and actuator endpoints that print settings and secrets (Django `DEBUG` in production, Spring Boot
// `management.endpoints.web.exposure.include=*`), and browser protections opened (a
// Content-Security-Policy allowing any source or eval, `ALLOWED_HOSTS = ['*']`, CORS with
// credentials for every origin). An edit counts when it turns a protection from on to off (or
// adds the open value); a whole file written counts only for the values that are open whatever
// else it holds, or, for debug and transport settings, when its path names production.
// Sources: PostgreSQL "The pg_hba.conf File"; MongoDB security.authorization; Elasticsearch
// xpack.security.enabled; redis.conf protected-mode; kubelet config authentication.anonymous;
// Grafana [auth.anonymous]; Rails config.force_ssl; Apple NSAppTransportSecurity; Android
// network security configuration; Django settings DEBUG, ALLOWED_HOSTS and django-cors-headers;
// Spring Boot Actuator "Exposing Endpoints"; MDN Content-Security-Policy.
import { posix } from 'node:path';
import type { Effect } from './types.js';

interface Protection {
  name: string;
  /** The files it lives in (matched against the path). */
  file: RegExp;
  /** The text that has it off (tested on the new text). */
  off: RegExp;
  /** The text that has it on (an edit counts when the old text had it on, or did not have it off). */
  on?: RegExp;
  /** A whole file written with it off counts: anywhere, only under a production path, or never. */
  written: 'any' | 'prod' | 'never';
}

const LOCAL_ADDRESS = /^(?:127\.0\.0\.1\/32|::1\/128|localhost|samehost|samenet|127\.0\.0\.0\/8)$/;

const PROTECTIONS: Protection[] = [
  {
    name: 'pg_hba-trust',
    file: /(?:^|\/)pg_hba\.conf$/,
    off: /^\s*host(?:ssl|nossl|gssenc)?\s+\S+\s+\S+\s+(?!127\.0\.0\.1\/32\b|::1\/128\b|localhost\b|samehost\b)\S+\s+trust\b/m,
    written: 'any',
  },
  {
    name: 'mongodb-authorization',
    file: /mongo\w*\.conf$|\.ya?ml$/,
    off: /\bauthorization\s*:\s*["']?disabled\b/,
    on: /\bauthorization\s*:\s*["']?enabled\b/,
    written: 'prod',
  },
  {
    name: 'elasticsearch-security',
    file: /./,
    off: /\bxpack\.security\.enabled\s*[:=]\s*["']?false\b/,
    on: /\bxpack\.security\.enabled\s*[:=]\s*["']?true\b/,
    written: 'prod',
  },
  {
    name: 'redis-protected-mode',
    file: /redis[\w.-]*\.conf$/,
    off: /^\s*protected-mode\s+no\b/m,
    on: /^\s*protected-mode\s+yes\b/m,
    written: 'prod',
  },
  {
    name: 'kubelet-anonymous',
    file: /./,
    off: /\banonymous\s*:\s*\n\s*enabled\s*:\s*true\b|--anonymous-auth=true\b/,
    on: /\banonymous\s*:\s*\n\s*enabled\s*:\s*false\b|--anonymous-auth=false\b/,
    written: 'never',
  },
  {
    name: 'grafana-anonymous-admin',
    file: /grafana[\w.-]*\.ini$|\.env$|\.ya?ml$/,
    off: /\[auth\.anonymous\][^[]*\benabled\s*=\s*true\b[^[]*\borg_role\s*=\s*(?:Admin|Editor)\b|GF_AUTH_ANONYMOUS_ORG_ROLE\s*[=:]\s*["']?(?:Admin|Editor)\b/,
    written: 'any',
  },
  {
    name: 'force_ssl',
    file: /production\.rb$|\.rb$/,
    off: /\bconfig\.force_ssl\s*=\s*false\b/,
    on: /\bconfig\.force_ssl\s*=\s*true\b/,
    written: 'prod',
  },
  {
    name: 'app-transport-security',
    file: /Info\.plist$/,
    off: /<key>NSAllowsArbitraryLoads<\/key>\s*<true\s*\/>/,
    written: 'never',
  },
  {
    name: 'cleartext-traffic',
    file: /\.xml$/,
    off: /cleartextTrafficPermitted\s*=\s*"true"|android:usesCleartextTraffic\s*=\s*"true"/,
    written: 'never',
  },
  {
    name: 'tls-verify',
    file: /\.(?:ya?ml|toml|json|ini|conf|cfg|hcl|tf)$/,
    off: /\binsecure_skip_verify\s*[:=]\s*true\b|\bInsecureSkipVerify\s*[:=]\s*true\b|\bverify_ssl\s*[:=]\s*false\b|\bsslmode=disable\b/i,
    written: 'prod',
  },
  {
    name: 'django-debug',
    file: /\.py$/,
    off: /^\s*DEBUG\s*=\s*True\b/m,
    on: /^\s*DEBUG\s*=\s*False\b/m,
    written: 'prod',
  },
  {
    name: 'allowed-hosts-any',
    file: /\.py$/,
    off: /\bALLOWED_HOSTS\s*=\s*\[\s*["']\*["']\s*\]|\bCORS_(?:ORIGIN|ALLOW)_ALL(?:_ORIGINS)?\s*=\s*True\b/,
    written: 'prod',
  },
  {
    name: 'actuator-exposed',
    file: /\.(?:properties|ya?ml)$/,
    off: /\bmanagement\.endpoints\.web\.exposure\.include\s*[=:]\s*["']?\*|\bexposure\s*:\s*\n\s*include\s*:\s*["']?\*/,
    written: 'prod',
  },
  {
    name: 'content-security-policy',
    file: /./,
    off: /Content-Security-Policy["']?\s*[=:,]\s*["'][^"'\n]*(?:(?:default|script)-src\s+\*|'unsafe-eval')/i,
    written: 'never',
  },
];

/** Development, test and example places, where an open setting is how the stack runs locally. */
const LOCAL_PLACE =
  /(?:^|[/._-])(?:dev|develop|development|local|test|tests|testing|example|examples|sample|docker-compose|compose|ci)(?:[/._-]|$)/i;
const PROD_PLACE = /(?:^|[/._-])(?:prod|production|prd|live)(?:[/._-]|$)/i;

/** The protections a write or edit of `path` switches off. */
export function protectionEffects(path: string, before: string, after: string): Effect[] {
  const p = path.replace(/\\/g, '/');
  const rel = p.replace(/^(?:~|\/(?:home|Users)\/[^/]+|\/root)\//, '');
  const name = posix.basename(p);
  if (LOCAL_PLACE.test(rel) && !PROD_PLACE.test(rel)) return [];
  const out: Effect[] = [];
  for (const g of PROTECTIONS) {
    if (!g.file.test(p) || !g.off.test(after)) continue;
    const counts = before
      ? !g.off.test(before) && (!g.on || g.on.test(before) || g.written === 'any')
      : g.written === 'any' || (g.written === 'prod' && PROD_PLACE.test(rel));
    if (counts)
      out.push({
        tool: 'exec',
        // one word for the setting and its file: a file name read on its own is a verb to the CLI readers
        command: `protection-off ${g.name}:${name.replace(/[^\w.-]/g, '_')}`,
        via: `${name} switches off ${g.name.replace(/-/g, ' ')} for the next start or deploy`,
      });
  }
  return out;
}
