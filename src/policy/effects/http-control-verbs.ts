// A request that changes state (POST, PUT, PATCH, DELETE; whoever sends it: curl, wget, httpie,
// Invoke-RestMethod, the fetch tool with a method, requests/httpx/fetch/axios in code) to an
// endpoint named for a destroy or control verb, on a vendor's server svc has never heard of:
// `POST /batches/void-all`, `/api/channels/_stopAll`, `/tools/reset`, `/sites/44/factory-reset`,
// `/nodes/pve1/stopall`, `/admin/realms/R/logout-all`; or a body whose action field names one
// (`{"action": "purge_all_batches"}`, `{"command": "reset_ledger"}`, `{"operation": "shutdown"}`).
// Vendors' RPC-style APIs name the action as the path's last segment or a body field, in any
// spelling (kebab, snake, camelCase, a leading `_`), so the reading splits that name into words
// and looks for the verb at its head, after a modifier (`factory-reset`, `bulk_destroy`,
// `emergency-stop`) or after `and` (`close-and-wipe`). Read as
//   `http-control-action VERB HOST PATH`   (asked by the standard profile)
// The sibling readings are url-actions.ts (destroy verbs on API-shaped URLs whatever the method)
// and url-ship-actions.ts (deploys and power-offs). What keeps a call out: a GET (a page or a
// status of the action), this machine or the private network (saas-actions.ts returns before),
// a host named for development or testing, a dry run, and the user's own password, PIN or MFA
// reset (`/reset-password`, `/password/reset`), which account-takeovers.ts reads.
// Sources for the verbs: vendors' action endpoints as their API references name them: Mirth
// Connect (`/channels/_stopAll`, `_removeAllMessages`), Orthanc (`/tools/reset`, `/tools/shutdown`),
// Jenkins (`/safeExit`, `/quietDown`), Proxmox VE (`/nodes/N/stopall`), Keycloak
// (`/logout-all`), Hikvision ISAPI (`/System/factoryReset`), Splunk (`/server/control/restart`),
// Veeam (`deleteRestorePoints`), Docker/Portainer (`containers/prune`), UniFi (`cmd` bodies),
// Odoo JSON-RPC (`"method": "unlink"`).
import { pathSegments } from './url-ship-actions.js';

/**
 * Verbs that destroy, reset or take something out of service on their own: the action is done by
 * the call whatever it names (a register reset, a queue flushed, a tracker decommissioned).
 */
const STRONG = new Set(
  (
    'reset wipe purge flush erase void delete destroy drop truncate clear nuke obliterate shred empty ' +
    'remove unlink prune shutdown halt poweroff powercycle reboot restart kill terminate decommission ' +
    'deprovision unprovision uninstall unenroll retire revoke disable deactivate rollback revert restore ' +
    'downgrade immobilize evacuate drain reinitialize reinit quietdown safeexit'
  ).split(' '),
);
/** Verbs that act on one thing routinely (a run cancelled, a ticket closed) and matter when they reach all. */
const WEAK = new Set(
  (
    'stop cancel close lock unlock abort pause suspend logout expire invalidate archive disconnect block exit down ' +
    'reverse refund blank trip detach unpublish'
  ).split(' '),
);
/** Words before a verb that make it harder or wider, not another action (`factory-reset`, `bulk_destroy`). */
const MODIFIER = new Set(
  'bulk batch mass force forced hard emergency factory safe quiet full global do perform execute run'.split(' '),
);
/** A collection of actions: what comes after it is a verb even when routine (`/stations/7/actions/stop`). */
const ACTIONS = /^(?:actions?|cmd|commands?|control|ops|operations)$/i;
/** Words that scope an action to everything (`stopAll`, `void-all`, `revoke-everything`). */
const ALL = new Set(['all', 'everything', 'every', 'global', 'entire']);
/** What a reset of one's own login touches: the account-takeover readings decide those. */
const OWN_LOGIN = /^(?:password|passwd|pwd|pin|passcode|otp|mfa|2fa|totp|verification|forgot|forgotten|email)$/;
/** Routine state of a page or a list (`reset-filters`, `clear-search`, `notifications/clear`). */
const VIEW_STATE = /^(?:filters?|search|selection|form|cursor|view|notifications?|badge|cart|draft)$/;
/** Words that say the endpoint reports on the action rather than doing it. */
const ABOUT =
  /^(?:status|history|info|preview|check|estimate|validate|dry|dryrun|simulate|plan|log|logs|count|schema|options|help)$/;
/** Development and test hosts (a label, or a label's part before `-`). */
const DEV_LABEL =
  /(?:^|[.-])(?:dev|devel|develop|development|test|testing|sandbox|staging|stage|stg|qa|uat|local|demo|preview)\d*(?=[.-]|$)/i;
const PROD_LABEL = /(?:^|[.-])(?:prod|production|prd|live)\d*(?:[.-]|$)/i;
/** A dry run, by the query or the body. */
const DRY_RUN =
  /[?&](?:dry[-_]?run|dryrun|preview|simulate|validate[-_]?only|what[-_]?if)=(?:true|1|yes)\b|["']?(?:dry[-_]?run|dryRun|preview|simulate|validateOnly|validate_only)["']?\s*:\s*(?:true|1|"true")/i;
/** Body fields that name the action an RPC-style endpoint performs. */
const ACTION_FIELD =
  /["']?(?:action|command|cmd|operation|op|task|method|function|func|rpc)["']?\s*[:=]\s*["']?([A-Za-z_][\w.:-]{1,80})/g;
/** A body key that asks for everything to go (`"voidAll": true`, `"wipe_all": 1`). */
const ALL_KEY = /["']?([A-Za-z_][\w-]{2,40})["']?\s*[:=]\s*(?:true|1|"true")\b/g;

/** A name's words: `_stopAll` -> stop all, `close-and-wipe` -> close and wipe, `stopall` -> stop all. */
export function actionWords(name: string): string[] {
  const words = name
    .replace(/\.(?:php|json|cgi|aspx?|do|action|jsp|xml)$/i, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_.:+-]+/)
    .filter(Boolean);
  // a verb glued to `all` without a break (`stopall`, `purgeall`, `deleteall`)
  return words.flatMap((w) => {
    const m = /^([a-z]+?)(all|everything)$/.exec(w);
    return m && (STRONG.has(m[1] ?? '') || WEAK.has(m[1] ?? '')) ? [m[1] ?? '', m[2] ?? ''] : [w];
  });
}

/** The destroy or control verb an action name performs, or undefined. */
export function controlVerb(name: string, underActions = false): string | undefined {
  const w = actionWords(name);
  if (w.length === 0 || w.length > 6) return undefined;
  if (w.some((x) => OWN_LOGIN.test(x) || VIEW_STATE.test(x) || ABOUT.test(x))) return undefined;
  const all = w.some((x) => ALL.has(x));
  // `power off`, `power cycle`: one verb in two words
  for (let i = 0; i + 1 < w.length; i++) {
    if (w[i] === 'power' && (w[i + 1] === 'off' || w[i + 1] === 'cycle')) return `power${w[i + 1]}`;
    // `format-disks`, `formatStorage`: a format alone is also what code formatters' APIs are called
    if (w[i] === 'format' && /^(?:disks?|drives?|storage|volumes?|hdds?|sd|card|media)$/.test(w[i + 1] ?? ''))
      return 'format';
  }
  for (let i = 0; i < w.length; i++) {
    const x = w[i] ?? '';
    const head = i === 0 || MODIFIER.has(w[i - 1] ?? '') || w[i - 1] === 'and' || ALL.has(w[i - 1] ?? '');
    if (!head) continue;
    if (STRONG.has(x)) return x;
    // `emergency-stop`, `force-close`: the modifier makes a routine verb a control action
    if (WEAK.has(x) && (all || underActions || (i > 0 && MODIFIER.has(w[i - 1] ?? '')))) return all ? `${x}-all` : x;
    if (MODIFIER.has(x) || x === 'and') continue;
  }
  // `kill-switch` (the verb first, the thing it works second) is found above; `all/stop` is read on the path
  return undefined;
}

/**
 * `http-control-action VERB HOST PATH` for a state-changing request whose endpoint or body action
 * is a destroy or control verb, on a host that is not named for development or testing; else undefined.
 * The caller has already left out GETs and hosts on this machine or the private network.
 */
export function httpControlAction(
  method: string,
  host: string,
  path: string,
  query: string,
  body: string,
): string | undefined {
  if (!/^(?:POST|PUT|PATCH|DELETE)$/.test(method)) return undefined;
  if (DEV_LABEL.test(host) && !PROD_LABEL.test(host)) return undefined;
  if (DRY_RUN.test(query) || DRY_RUN.test(body)) return undefined;
  const segs = pathSegments(path);
  const last = segs[segs.length - 1] ?? '';
  const prev = segs[segs.length - 2] ?? '';
  const shown = `${host} ${path.replace(/\s/g, '')}`;
  // `DELETE /api/contacts/all`, `DELETE /records/*`: every record of the collection
  if (method === 'DELETE' && /^(?:_?all|everything|\*)$/i.test(last) && segs.length >= 2)
    return `http-control-action delete-all ${shown}`;
  if (method === 'DELETE') return undefined;
  // the login of the one calling (`/password/reset`, `/users/me/mfa/reset`) is not a vendor's action
  if (actionWords(prev).some((x) => OWN_LOGIN.test(x) || VIEW_STATE.test(x))) return undefined;
  const verb =
    /^[$A-Za-z_][\w.:$-]*$/.test(last) && !/^\d+$/.test(last)
      ? controlVerb(last.replace(/^\$/, ''), ACTIONS.test(prev))
      : undefined;
  if (verb) return `http-control-action ${verb} ${shown}`;
  // `/commands/command/EraseDevice/id/41,42`: the action named under a commands or actions
  // collection, with the ids it acts on after it
  for (let i = Math.max(1, segs.length - 4); i < segs.length - 1; i++) {
    const seg = segs[i] ?? '';
    const v = ACTIONS.test(segs[i - 1] ?? '') && /^[A-Za-z_][\w.-]*$/.test(seg) ? controlVerb(seg, true) : undefined;
    if (v) return `http-control-action ${v} ${shown}`;
  }
  // `/admin/v3/service?action=stop`: the query names the action, as an `actions/` path does
  for (const [k, v] of new URLSearchParams(query.replace(/^\?/, ''))) {
    const q = /^(?:action|cmd|command|op|operation|do|task)$/i.test(k) ? controlVerb(v, true) : undefined;
    if (q) return `http-control-action ${q} ${shown}`;
  }
  // `/cmd/devmgr {"cmd": "restart"}`, `/rpc {"action": "purge_all_batches"}`: the body names the action
  const text = body.slice(0, 4000);
  ACTION_FIELD.lastIndex = 0;
  for (let m = ACTION_FIELD.exec(text); m; m = ACTION_FIELD.exec(text)) {
    const v = controlVerb(m[1] ?? '');
    if (v) return `http-control-action ${v} ${shown}`;
  }
  // `{"voidAll": true}`, `{"purge_all": true}`: a switch that widens the action to everything
  ALL_KEY.lastIndex = 0;
  for (let m = ALL_KEY.exec(text); m; m = ALL_KEY.exec(text)) {
    const w = actionWords(m[1] ?? '');
    if (w.length === 2 && STRONG.has(w[0] ?? '') && ALL.has(w[1] ?? ''))
      return `http-control-action ${w[0] ?? ''}-all ${shown}`;
  }
  return undefined;
}
