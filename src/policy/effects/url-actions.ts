// An HTTP API whose endpoint is named for a destroy action does it on a plain GET or POST:
// cPanel/WHM `json-api/removeacct?user=x`, Cloudflare `zones/Z/purge_cache`, a panel's
// `/api/v1/servers/9/delete`, `?action=deleteuser`, `?cmd=drop_database`, Moodle's
// `?wsfunction=core_course_delete_courses`. The method says nothing
// there (only `curl -X DELETE` is read by its method, shell-http-destroy.ts), so the endpoint's
// last path segment, or an action/cmd/method/op query value, is read for a destroy verb, alone or
// glued to its noun (`removeacct`, `killacct`, `delete_user`, `purge-cache`). Only URLs shaped
// like an API call count (an `/api/` or `/json-api/` or `/vN/` path, an `api.` host, a port, or a
// query), so a documentation page or a package called `delete-empty` is not one. Read as
//   `http-action-destroy HOST PATH`   (asked by the standard profile)
// for the fetch tools and for every client that reaches the URL (curl, wget, an SDK, MCP).

import { rebuildsMachine } from '../machine-rebuilds.js';

/** A destroy verb, alone or with its noun glued on (`removeacct`, `delete_user`, `purge-cache`). */
// Endpoint security and device management consoles take their agents and devices away by an action
// endpoint too: SentinelOne's `POST /web/api/v2.1/agents/actions/uninstall` and `.../disable-agent`,
// Microsoft Graph's `managedDevices/{id}/retire`, an MDM's `unenroll`, a fleet's `decommission`
// (SentinelOne Management API, Graph Intune reference): the host is left unprotected or unmanaged.
const ACTION =
  /^(?:delete|remove|destroy|purge|drop|wipe|terminate|kill|erase|truncate|flush|nuke|uninstall|unenroll|decommission|retire|disable)(?:[_-]?[a-z]+)?$/i;
/** Query keys that name the action an endpoint performs (Moodle's web services take `wsfunction`). */
const ACTION_KEY = /^(?:action|cmd|command|method|op|operation|function|func|task|wsfunction)$/i;
/**
 * A destroy verb as one part of a namespaced function name: Moodle's `core_course_delete_courses`
 * (component, area, verb, noun), Slack-style `users.delete`, `files:remove`.
 */
const FUNCTION_PART = /^(?:delete|remove|destroy|purge|drop|wipe|terminate|erase|truncate|nuke)$/i;
/** Path shapes of an API call. */
const API_PATH = /\/(?:api|json-api|xml-api|rest|v\d+(?:\.\d+)?|execute|cgi-bin)\//i;
/** Hosts of documentation, code and package pages: their paths name files and pages, not actions. */
const PAGE_HOST =
  /(?:^|\.)(?:github\.com|gitlab\.com|githubusercontent\.com|npmjs\.(?:com|org)|pypi\.org|crates\.io|pkg\.go\.dev|rubygems\.org|stackoverflow\.com|readthedocs\.io|wikipedia\.org|cloud\.google\.com|learn\.microsoft\.com|developer\.mozilla\.org)$|^(?:docs|doc|developer|developers|learn|help|support|www)\./i;

/** A URL that may call an action: http(s), parsed, and not on a documentation or code host. */
export function actionUrl(url: string): URL | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  return /^https?:$/.test(u.protocol) && !PAGE_HOST.test(u.hostname) ? u : undefined;
}

/** The destroy action a URL's endpoint performs, as `http-action-destroy HOST PATH`, or undefined. */
export function urlActionDestroy(url: string): string | undefined {
  const u = actionUrl(url);
  if (!u) return undefined;
  const segments = u.pathname.split('/').filter(Boolean);
  const last = decodeURIComponent(segments[segments.length - 1] ?? '').replace(/\.(?:php|json|cgi|aspx?)$/i, '');
  const apiShaped = API_PATH.test(`${u.pathname}/`) || /^api\./i.test(u.hostname) || u.port !== '' || u.search !== '';
  if (!apiShaped) return undefined;
  if (ACTION.test(last)) return `http-action-destroy ${u.host}${u.pathname}`;
  // `/v1/servers/ID/actions/rebuild`, `/v4/linode/instances/ID/rebuild`: a machine reimaged (machine-rebuilds.ts)
  if (rebuildsMachine(segments.slice(0, -1), last)) return `http-action-destroy ${u.host}${u.pathname}`;
  for (const [k, v] of u.searchParams)
    if (ACTION_KEY.test(k) && (ACTION.test(v) || v.split(/[_.:/-]/).some((p) => FUNCTION_PART.test(p))))
      return `http-action-destroy ${u.host}${u.pathname}?${k}=${v}`;
  return undefined;
}
