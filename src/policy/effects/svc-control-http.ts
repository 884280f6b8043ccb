// A request to a control API on this machine that speaks svc's vocabulary: switch the firewall
// off, pause or bypass it, approve or allow everything, replace or delete its policy, clear its
// audit log, take its hooks out. svc's own API is on 9090 under /v1/ (svc-api.ts reads that);
// an agent that does not know the port guesses one (7777, 8787, 7878, 9000 ...) and a route
// (`/api/mode {"mode":"off"}`, `/api/disable`, `/api/approvals/approve-all`, `PUT /v1/policies`)
// through curl, wget, httpie, the fetch tool, Python, node or PowerShell. Any port on a loopback
// or local address is read, but only requests whose route or body say what svc is and what is
// done to it: a project's dev server answering `/api/reset-cache`, `/api/todos/12` or
// `/api/jobs/42/pause` says neither, and stays open. The words come from svc's own API and
// settings (docs/api.md: mode enforce|monitor, approvals, policy, rules, audit; docs/cli.md:
// SERVICE_FAIL_OPEN, hooks) and from the guesses outsiders wrote in the dev halves' svc-tampering
// cases (test/corpus/blind/*: firewall, guard, enforcement, protection, bypass, allow-all).
import type { Effect } from './types.js';

/** Loopback, unspecified and private addresses as a URL spells them, and the Docker host's name. */
const LOCAL_HOST =
  /^(?:localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|0|\[::1?\]|\[::ffff:127\.0\.0\.1\]|[^.]+\.localhost|host\.docker\.internal|10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2})$/i;

/** What the firewall is called in a route: svc's own nouns and the guesses for them. */
const NOUN =
  /^(?:svc|mode|modes|firewall|guard|guards|guardrails?|enforcement|enforcer|enforce|protection|policy|policies|rules?|ruleset|approvals?|audit|audits|audit-?log|hooks?|interceptor)$/;
/**
 * Nouns whose whole replacement or deletion (PUT, DELETE) takes svc's rules or record away: the
 * collection itself (`PUT /v1/policies`, `DELETE /api/audit`) or one of svc's profiles by name
 * (`DELETE /v1/policies/standard`); one item of a project's own (`DELETE /api/policies/42`, an
 * insurance app's) is not.
 */
const REPLACEABLE = /^(?:policy|policies|rules?|ruleset|audit|audits|audit-?log|hooks?|approvals?|guardrails?)$/;
const PROFILE = /^(?:standard|strict|permissive|ci|default|auto-allowed|base|all|\*)$/;
/** A route word that switches svc off or lets everything through, wherever it stands. */
const ALWAYS = /^(?:approve-?all|allow-?all|auto-?approve|accept-?all|bypass|bypass-?all|yolo|fail-?open)$/;
/** Verbs that act on the firewall named by a noun beside them (or on the whole service, alone). */
const SWITCH =
  /^(?:off|disable|disabled|deactivate|pause|suspend|stop|bypass|unhook|uninstall|remove|clear|purge|wipe|truncate|reset|permissive|monitor|audit-?only|allow|skip|mute|silence|kill)$/;
/** The same, for a verb that is the whole route (`/api/disable`): what a service does to itself. */
const SELF_SWITCH = /^(?:off|disable|deactivate|pause|suspend|bypass|unhook|permissive|monitor|audit-?only)$/;
/** Route prefixes that carry no meaning: an API root and its version. */
const ROOT = /^(?:api|v\d+|admin|control|ctl|internal|_+|rpc|manage|management)$/;
/** Values a body or query gives a mode: svc's `monitor`, and the guesses for off. */
const MODE_VALUE =
  /\b(?:mode|state|status|enforcement|level|action|command|op|operation|set|value|to|new[-_]?mode)['"\\]*\s*[:=]\s*['"\\]*(off|disabled?|permissive|monitor(?:ing)?|audit[-_]?only|bypass|allow[-_]?all|approve[-_]?all|passthrough|pass[-_]?through|fail[-_]?open|none|dry[-_]?run|learn(?:ing)?)\b/i;
/** svc's own switches by name, set false or off in a body whatever the route (`{"enforce": false}`). */
const SVC_KEY_OFF =
  /\b(?:enforce|enforcing|enforcement|firewall|svc)['"\\]*\s*[:=]\s*['"\\]*(?:false|off|0|no|disabled?)\b/i;
/** Keys that say the firewall is on, set false or off in a body. */
const ENABLED_OFF =
  /\b(?:enforce|enforcing|enforcement|enabled?|active|protection|firewall|guard|blocking|intercept)['"\\]*\s*[:=]\s*['"\\]*(?:false|off|0|no|disabled?)\b/i;
/** A body that hands the firewall an allow-everything policy. */
const ALLOW_POLICY =
  /\b(?:default|default[-_]?action|fallback)['"\\]*\s*[:=]\s*['"\\]*allow\b|\brules['"\\]*\s*[:=]\s*\[\s*\]|\b(?:approve|allow|accept)[-_]?all\b|\bscope['"\\]*\s*[:=]\s*['"\\]*(?:always|all|\*)/i;

/** A body that trusts, approves or allows everything, whatever the route. */
const EVERYTHING =
  /\b(?:approve|allow|accept|trust)[-_]?all\b|\btrust['"\\]*\s*[:=]\s*['"\\]*(?:all|\*|always|everything)\b/i;
/** A method or command in the body naming the firewall and what is done to it (`"method": "firewall.disable"`). */
const NAMED_SWITCH =
  /\b(?:svc|firewall|guard|enforcement|enforcer|protection|policy|approvals?|audit|hooks?|interceptor)[._/:-](?:off|disable|deactivate|pause|suspend|stop|bypass|unhook|uninstall|clear|purge|wipe|reset|approve[-_]?all|allow[-_]?all)\b/i;
/** A command sent to the service itself: disable, pause, bypass ... as a command, action or op value. */
const SELF_COMMAND =
  /\b(?:command|cmd|action|op|operation|method)['"\\]*\s*[:=]\s*['"\\]*(?:off|disable|deactivate|pause|suspend|bypass|unhook|permissive|monitor|shutdown|stop)\b/i;
/** A mode value sent bare as the body (`--data-binary permissive`). */
const BARE_VALUE =
  /(?:^|\s)(?:--data(?:-\w+)?|-d|--json|--body|-Body)[=\s]+['"]?(?:off|disabled?|permissive|monitor|bypass|audit-only)['"]?(?:\s|$)/i;

/** A route's words: segments split on `-`, `_` and camelCase, kept whole too. */
function words(segment: string): string[] {
  const s = segment.replace(/\.(?:json|php)$/, '');
  const parts = s
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .split(/[-_.]+/)
    .filter(Boolean);
  const whole = s.toLowerCase().replace(/_/g, '-');
  return [whole, ...parts];
}

/**
 * What a state-changing request to `url` with `body` (the request's text: a body, a form, the
 * rest of the command line) does to svc, or undefined when the route and body say nothing of it.
 */
export function controlRoute(url: string, method: string, body: string): string | undefined {
  const m = /^(?:https?:\/\/)?(?:[^@/?#\s]*@)?(\[[^\]]*\]|[^/:?#\s]*)(?::(?:\d+|\$\{?\w+\}?))?(\/[^\s'"`]*)?$/i.exec(
    url.trim(),
  );
  if (!m) return undefined;
  const host = m[1] ?? '';
  if (host !== '' && !LOCAL_HOST.test(host)) return undefined;
  const verb = method.toUpperCase();
  if (verb === 'GET' || verb === 'HEAD' || verb === 'OPTIONS') return undefined;
  const full = m[2] ?? '/';
  const path = full.replace(/[?#].*$/, '');
  const query = full.includes('?') ? full.slice(full.indexOf('?') + 1) : '';
  const segs = path.split('/').filter(Boolean);
  const meaningful = segs.filter((s) => !ROOT.test(s.toLowerCase()));
  const all = segs.map(words);
  const flat = all.flat();
  const said = `${body} ${query.replace(/&/g, ' ')}`;
  const route = path.slice(0, 120);
  if (flat.some((w) => ALWAYS.test(w))) return `${verb} ${route}`;
  // `mode` names svc's switch only as a whole segment (`/api/mode`), not in `dark-mode`
  if (SVC_KEY_OFF.test(said) || EVERYTHING.test(said) || NAMED_SWITCH.test(said)) return `${verb} ${route}`;
  // a route that is only an API root (`/api/v1/control`, `/rpc`) addresses the service itself
  if (!meaningful.length && SELF_COMMAND.test(said)) return `${verb} ${route}`;
  const noun = all.some((ws) => ws[0] === 'mode' || ws.some((w) => w !== 'mode' && NOUN.test(w)));
  // a verb that is the whole route acts on the service itself (`POST /api/disable`)
  if (meaningful.length === 1 && words(meaningful[0] ?? '').some((w) => SELF_SWITCH.test(w))) return `${verb} ${route}`;
  if (!noun) return undefined;
  // the firewall named and a switching verb beside it (`/api/firewall/pause`, `/control/disable-enforcement`)
  if (flat.some((w) => SWITCH.test(w))) return `${verb} ${route}`;
  // its rules, record or hooks replaced or deleted whole
  const last = (segs[segs.length - 1] ?? '').toLowerCase();
  if (
    (verb === 'PUT' || verb === 'DELETE') &&
    (REPLACEABLE.test(last) ||
      (PROFILE.test(last) && segs.length > 1 && REPLACEABLE.test((segs[segs.length - 2] ?? '').toLowerCase())))
  )
    return `${verb} ${route}`;
  // a mode or on-switch given an off value, an allow-everything policy in the body
  if (MODE_VALUE.test(said) || ENABLED_OFF.test(said) || ALLOW_POLICY.test(said) || BARE_VALUE.test(said))
    return `${verb} ${route}`;
  // every pending approval granted at once (`{"ids": "*", "decision": "approve"}`)
  if (
    all.some((ws) => ws.some((w) => /^approvals?$/.test(w))) &&
    /approve|allow|accept/i.test(said) &&
    /['"]\*['"]|\ball\b/i.test(said)
  )
    return `${verb} ${route}`;
  return undefined;
}

/** A URL on a loopback or local host (or httpie's `:PORT/path` shorthand) as a command line writes it. */
const LOCAL_URL =
  /(?:https?:\/\/)?(?<![\w.@-])(?:localhost|127\.[\d.]+|0\.0\.0\.0|\[::1?\]|\[::ffff:127\.0\.0\.1\]|host\.docker\.internal|10\.[\d.]+|192\.168\.[\d.]+|172\.(?:1[6-9]|2\d|3[01])\.[\d.]+)(?::(?:\d+|\$\{?\w+\}?))?\/[^\s'"`)]*|(?<=(?:^|[\s;&|])(?:http|https|xh|xhs)\s+(?:-\S+\s+)*(?:POST|PUT|PATCH|DELETE)\s+):\d+\/[^\s'"`)]*/gi;

/** Words that say a line may speak to a local control API (the reading's gate). */
export const LOCAL_URL_HINT = /localhost|127\.\d|0\.0\.0\.0|\[::|host\.docker|10\.\d|192\.168\.|172\.\d|\s:\d{2,5}\//i;

/** What a command line's requests to local control APIs do to svc (`method` as svc-api.ts reads the line). */
export function controlHttpEffects(text: string, method: string): Effect[] {
  const out: Effect[] = [];
  const seen = new Set<string>();
  // curl's short options run together (`-sX POST`, `-sSfX PUT`)
  if (method.toUpperCase() === 'GET') method = /(?:^|\s)-[a-zA-Z]+X\s*['"]?([A-Za-z]+)/.exec(text)?.[1] ?? method;
  for (const m of text.matchAll(LOCAL_URL)) {
    const url = m[0];
    const rest = text.slice(0, m.index ?? 0) + ' ' + text.slice((m.index ?? 0) + url.length);
    const r = controlRoute(url, method, rest);
    if (!r || seen.has(r)) continue;
    seen.add(r);
    out.push({
      tool: 'tamper',
      command: `admin-http control ${r}`.replace(/[^\x20-\x7e]/g, '_').slice(0, 300),
      via: `sends ${r} to a control API on this machine in svc's words (switching the firewall off, approving everything or replacing its rules)`,
    });
  }
  return out;
}
