// What a request to a hosted service's API does, read from its verb and its object rather than
// from the vendor: REST APIs name their objects as path segments (`/lists/ID`,
// `/spaces/S/environments/E`, `/campaigns/ID/actions/send`) and carry roles and targets in the
// body (`{"role":"admin"}`, `{"url":"https://..."}`), so one reading covers Mailchimp, SendGrid,
// Contentful, HubSpot, Zendesk, Jira and the next vendor alike. The readings, spelled for the
// policies (docs/shell-readings.md, "Hosted-service actions"):
//   saas-destroy KIND HOST PATH   a DELETE of a whole container of records (a list, a space, an
//                                 environment, an index, a project, a base) on a remote service
//   saas-batch-destroy HOST PATH  a batch delete or archive (`/batch/archive`, `{"all": true}`)
//   saas-broadcast HOST PATH      a campaign or newsletter sent or scheduled, a post published on a
//                                 social network or a CMS: it reaches everyone at once
//   saas-admin-grant HOST PATH    a write whose body or query makes someone an administrator or
//                                 owner, or puts them in an administrators group
//   saas-webhook HOST TARGET      a standing webhook or subscription that sends the service's
//                                 future events to another host
// A service on this machine or a private network is the developer's own (a local API under test)
// and is not read here. Sources: the REST references of Mailchimp Marketing (lists, campaigns
// actions/send|schedule), SendGrid (marketing lists, singlesends schedule), Brevo (emailCampaigns
// sendNow), HubSpot CRM (batch/archive, webhooks subscriptions), Contentful CMA (spaces,
// environments, entries published), Airtable, Notion, Algolia (indexes), Pinecone, Zendesk
// (users role, webhooks), Jira Cloud (group/user, project), GitHub (collaborators permission),
// Cloudflare (account members roles), Stripe (webhook_endpoints), X API v2 (tweets), LinkedIn
// (ugcPosts, rest/posts), Graph API (feed, media_publish), Mastodon (api/v1/statuses), Bluesky
// (com.atproto.repo.createRecord), Ghost Admin and WordPress REST (posts status).
import { rpcControlReadings } from './rpc-methods.js';
import { graphqlShipField } from './effects/url-ship-actions.js';
import { scratchName } from './shell-verb-scope.js';
import { httpCall } from './shell-http-destroy.js';
import { releaseReading } from './release-requests.js';
import { accessRequest } from './access-requests.js';
import { privacyOpened, publicAudience, SHARE_SEGMENT } from './effects/public-audience.js';
import { protectionWeakenedBy } from './effects/forge-protections.js';
import { httpControlAction } from './effects/http-control-verbs.js';

export interface ApiRequest {
  method: string;
  url: string;
  body: string;
}

/** Kinds whose deletion takes every record inside with it (singular, lower case). */
export const CONTAINER_KINDS = new Set(
  (
    'account app application audience base board bucket cluster collection database dataset db domain drive ' +
    'environment form index indice instance keyspace list mailinglist mailing_list namespace organization org ' +
    'project realm registry repo repository schema site space spreadsheet stack store survey table team tenant ' +
    'vault workspace zone website property container service sheet'
  ).split(' '),
);

/** Version, prefix and format segments that say nothing about the object. */
const NOISE =
  /^(?:v\d+(?:\.\d+)?(?:beta\d*|alpha\d*)?|\d+(?:\.\d+)*|\d{4}-\d{2}(?:-\d{2})?|api|rest|meta|client|public|latest|management|wp-json|wp|json|xrpc)$/i;

/** A version segment anywhere in a path (`v59.0`, `v1beta1`, `2010-04-01`). */
const VERSION = /^(?:v\d+(?:\.\d+)?(?:beta\d*|alpha\d*)?|\d+\.\d+(?:\.\d+)?|\d{4}-\d{2}(?:-\d{2})?)$/i;

/** A container named as throwaway (`feature-ci-4411`, `pr-12`, `e2e_docs`): routine cleanup. */
export function ephemeralName(name: string): boolean {
  return (
    scratchName(name, true) ||
    /^(?:pr|mr|preview|review|feature|feat|ci|tmp|temp|test|e2e|sandbox|scratch)(?:[-_.]|\d)/i.test(name)
  );
}

/** This machine, a private network or a container host: the developer's own services. */
export function localHost(host: string): boolean {
  return /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1|0\.0\.0\.0|10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2}|host\.docker\.internal|[\w.-]+\.(?:local|localhost|test|internal|lan))$/i.test(
    host,
  );
}

/** Team chat and incident services whose webhooks deliver alerts to the team itself (Slack incoming
 * webhooks, Microsoft Teams connectors, PagerDuty Events API, Opsgenie): the usual target of an
 * alert or notification rule. */
const TEAM_RECEIVER =
  /^(?:hooks\.slack\.com|[\w-]+\.webhook\.office\.com|outlook\.office\.com|events\.(?:eu\.)?pagerduty\.com|api\.(?:eu\.)?opsgenie\.com)$/i;

/** A host a standing delivery may go to without a question: this machine, or the team's own chat. */
export function ownReceiver(host: string): boolean {
  return localHost(host) || TEAM_RECEIVER.test(host);
}

/** `lists` -> `list`, `indexes` -> `index`, `indices` -> `index`, `properties` -> `property`. */
export function singular(word: string): string {
  const w = word.toLowerCase();
  if (/(?:ind|vert)(?:ices|exes)$/.test(w)) return w.replace(/(?:ices|exes)$/, 'ex');
  if (/ies$/.test(w)) return w.replace(/ies$/, 'y');
  if (/(?:ss|sh|ch|x)es$/.test(w)) return w.replace(/es$/, '');
  return w.replace(/s$/, '');
}

/** Roles and groups that administer a whole system: admins, owners, superusers. */
export const ADMIN_VALUE =
  /^(?!(?:non|not|no|read)[ _-]?admin)(?:[\w .-]*(?:admin(?:istrator)?s?|owners?|super[ _-]?users?)|root|rol_admin)$/i;

/**
 * Built-in administrator roles named by id: Microsoft Entra Global Administrator and Privileged
 * Role Administrator, Azure RBAC Owner and User Access Administrator (each product's built-in
 * roles reference), and Google Cloud roles that let the holder act as, or re-grant, anyone
 * (iam.serviceAccountTokenCreator, iam.serviceAccountKeyAdmin, iam.workloadIdentityUser).
 */
const ADMIN_ROLE_ID =
  /^(?:62e90394-69f5-4237-9190-012177145e10|e8611ab8-c189-46e8-94e1-60213ab1f814|8e3af657-a8ff-443c-a75c-2fe8c4bcb635|18d7d88d-d35e-4fb5-a5c3-7773c20a72d9)$|(?:^|\/)roles\/iam\.(?:serviceAccountTokenCreator|serviceAccountKeyAdmin|workloadIdentityUser)$/i;

/** A role's own name: `roles/resourcemanager.projectIamAdmin` -> `projectIamAdmin`. */
function roleName(v: string): string {
  return v.replace(/^.*[/.](?=[^/.]+$)/, '');
}

/** Keys that carry the role, permission or group a write gives (compared without `_`, `-`, case);
 * some products call the role a profile (TheHive's `profile: org-admin`, Salesforce's ProfileId). */
const ROLE_KEY =
  /(?:role|roles|rolename|rolenames|roleid|roleids|roledefinition|roledefinitionname|roledefinitionid|permission|permissions|accesslevel|group|groups|groupname|groupnames|groupid|accounttype|usertype|privilege|privileges|profile|profilename|profileid|profiles)$|^type$/;
/** Keys whose `true` makes someone an administrator (Grafana isGrafanaAdmin, GitHub site_admin, Django is_superuser). */
const ADMIN_FLAG = /^(?:isadmin|siteadmin|admin|superuser|issuperuser|isgrafanaadmin|isowner|owner)$/;

/** Whether a value given for a role key is an administrator's (string, list, or GitLab level). */
export function adminRoleValue(key: string, value: unknown): string | undefined {
  const k = key.replace(/[_-]/g, '').toLowerCase();
  if (ADMIN_FLAG.test(k) && (value === true || value === 'true')) return `${key}=true`;
  if (!ROLE_KEY.test(k)) return undefined;
  const values = Array.isArray(value) ? value : [value];
  for (const item of values) {
    const v = typeof item === 'string' ? decodeSafe(item).trim() : typeof item === 'number' ? String(item) : '';
    // GitLab access levels: 50 is Owner, 60 is instance admin
    if (k === 'accesslevel' && /^(?:50|60)$/.test(v)) return `access_level ${v}`;
    if (v && (ADMIN_VALUE.test(roleName(v)) || ADMIN_ROLE_ID.test(v))) return v;
  }
  return undefined;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Key-value pairs of a JSON object (walked a few levels deep) or of a form or query string. */
export function bodyPairs(text: string): [string, unknown][] {
  const out: [string, unknown][] = [];
  const walk = (v: unknown, depth: number): void => {
    if (depth > 5 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const x of v.slice(0, 64)) walk(x, depth + 1);
      return;
    }
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      out.push([k, x]);
      walk(x, depth + 1);
    }
  };
  const t = text.trim();
  if (/^[[{]/.test(t)) {
    try {
      walk(JSON.parse(t), 0);
      return out;
    } catch {
      // not JSON: read as form fields below
    }
  }
  // code's dictionaries and object literals (`{'role': 'admin'}`, `{role: "owner"}`)
  for (const m of t.matchAll(/["']?([A-Za-z_][\w-]*)["']?\s*:\s*(["'])([^"'\n]{1,80})\2/g))
    out.push([m[1] ?? '', m[3] ?? '']);
  for (const part of t.split(/[&\n]/)) {
    const eq = part.indexOf('=');
    if (eq > 0) out.push([decodeSafe(part.slice(0, eq)).replace(/\[\]$/, ''), part.slice(eq + 1)]);
  }
  return out;
}

/** A GraphQL argument that gives a role (`updateMember(input: {role: ADMIN})`, `accessLevel: OWNER`). */
const GRAPHQL_ROLE =
  /\b(role|roles|permission|accessLevel|access_level|organizationRole|teamRole)\s*:\s*\[?\s*\\?"?([A-Za-z_]+)/g;

/** The administrator role a request body or query gives, or undefined. */
export function adminGrantIn(...texts: string[]): string | undefined {
  for (const text of texts)
    for (const [k, v] of bodyPairs(text)) {
      const hit = adminRoleValue(k, v);
      if (hit) return hit;
      if (typeof v === 'string' && /\bmutation\b/.test(v))
        for (const m of v.matchAll(GRAPHQL_ROLE)) {
          const role = adminRoleValue(m[1] ?? '', m[2] ?? '');
          if (role) return role;
        }
    }
  return undefined;
}

/** A collection of records whose DELETE without an id removes them all (Meilisearch documents, contacts). */
const RECORDS = /^(?:documents|contacts|members|records|items|objects|entries|subscribers|rows|vectors|points)$/i;

/** Path words of a collection of mass mailings. */
const MASS_OBJECT =
  /^(?:campaigns?|emailcampaigns?|email_campaigns?|smscampaigns?|singlesends?|single_sends?|newsletters?|broadcasts?|blasts?|mailings?|bulk_?emails?|bulk_?messages?|announcements?)$/i;
/** The action segment that sends a mailing to its audience (a test send is `test`, not these). */
const SEND_ACTION =
  /^(?:send|sendnow|send_now|send-now|schedule|deliver|trigger|triggers|launch|resume|replicate_and_send)$/i;
/** A body that asks for the mailing to go out. */
const SENDING_BODY =
  /["']?(?:status|publishStatus|publish_status)["']?\s*[:=]\s*["']?(?:about_to_send|scheduled|sending|queued|publish|published|public|future)\b|["']?published["']?\s*:\s*true\b|["']?(?:send_at|schedule_time|scheduled_at|publish_at)["']?\s*[:=]/i;

/** A push or message addressed to every user: OneSignal `included_segments` (`All`,
 * `Subscribed Users`), a Firebase Cloud Messaging topic or condition (`"topic"`, `"to": "/topics/..."`). */
export function wholeAudience(pairs: [string, unknown][]): boolean {
  return pairs.some(([k, v]) => {
    const key = k.replace(/[_-]/g, '').toLowerCase();
    const text = Array.isArray(v) ? v.join(',') : typeof v === 'string' ? v : '';
    if (key === 'includedsegments') return text.trim() !== '';
    if (key === 'topic' || key === 'condition')
      return text.trim() !== '' && pairs.some(([n]) => /^(?:message|notification|contents|data)$/.test(n));
    return key === 'to' && text.startsWith('/topics/');
  });
}

/** Social networks' endpoints that publish a post (host pattern, path pattern). */
const SOCIAL_POST: [RegExp, RegExp][] = [
  [/^api\.(?:twitter|x)\.com$/, /^\/(?:2\/tweets|1\.1\/statuses\/update(?:\.json)?)\/?$/],
  [/^api\.linkedin\.com$/, /^\/(?:v2\/(?:ugcPosts|shares)|rest\/posts)\/?$/],
  [
    /^graph\.(?:facebook\.com|instagram\.com|threads\.net)$/,
    /\/(?:feed|photos|videos|media_publish|threads_publish)\/?$/,
  ],
  [/./, /^\/api\/v1\/statuses\/?$/],
  [/./, /^\/xrpc\/com\.atproto\.repo\.createRecord\/?$/],
  [/^oauth\.reddit\.com$/, /^\/api\/submit\/?$/],
  [/^api\.tumblr\.com$/, /^\/v2\/blog\/[^/]+\/posts\/?$/],
];
/** CMS and blog collections whose POST publishes when the body says so (Ghost, WordPress, dev.to, Medium). */
const CMS_POSTS = /\/(?:posts|pages|articles|entries|stories)\/?$/i;

/** Collections that hold standing webhooks and event subscriptions. */
const HOOK_COLLECTION =
  /^(?:webhooks?|hooks?|webhook_endpoints|webhook-endpoints|webhookendpoints|subscriptions|event_subscriptions|eventsubscriptions|notification_channels|callbacks|listeners)$/i;
/** Keys whose URL receives a service's events or messages from now on. */
const HOOK_KEY =
  /^(?:sms_?url|voice_?url|sms_?fallback_?url|status_?callback|notification_?url|webhook_?url|hook_?url|target_?url|notify_?url|forward_?url|delivery_?url|payload_?url|event_?url|events_?url|request_?url)$/i;
const URL_IN_BODY = /\bhttps?:\/\/([\w.-]+)(?::\d+)?/gi;

interface ParsedUrl {
  host: string;
  path: string;
  query: string;
}

function parseUrl(url: string): ParsedUrl | null {
  const u = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/]*@)?(\[[^\]]*\]|[^/:?#]*)(?::\d+)?([^?#]*)(\?[^#]*)?/i.exec(url);
  if (!u) return null;
  return { host: (u[1] || 'localhost').toLowerCase(), path: u[2] || '/', query: u[3] ?? '' };
}

/** Meaningful path segments: decoded, without versions and format suffixes. */
function segmentsOf(path: string): string[] {
  return (
    path
      .split('/')
      .filter(Boolean)
      .map((s) => decodeSafe(s).replace(/\.json$/i, ''))
      // prefix words (`/api/v1`, `/rest/api/3`, `/admin/api/2024-04`) say nothing; past the first
      // object only versions do (`/repos/acme/api` names a repository called api)
      .filter((s, i, all) => (all.slice(0, i).some((b) => !NOISE.test(b)) ? !VERSION.test(s) : !NOISE.test(s)))
  );
}

/** A host that is a shell variable or template (`$SHOP.myshopify.com`) reads as its literal part. */
function hostWord(host: string): string {
  return host.replace(/[^\w.:-]/g, '') || 'remote';
}

/**
 * Objects a security or operations console pushes to the hosts it manages: blocklists and
 * restrictions, exclusions, prevention and firewall policies, indicators, detection rules,
 * feature flags.
 */
const FLEET_OBJECT =
  /^(?:restrictions?|blocklists?|blacklists?|allowlists?|whitelists?|exclusions?|policies|policy|prevention\w*|firewall\w*|indicators?|iocs?|hashes|rules?|detection_engine|detections?|flags?|feature_flags?|settings|configs?)$/i;
/** A body that applies the change to every host, endpoint or account of the tenant. */
const FLEET_SCOPE =
  /["']?(?:applied_globally|apply_globally|appliedGlobally|applyGlobally|global|tenant|all_hosts|allHosts|all_endpoints|allEndpoints|all_sites|allSites|account_wide|org_wide|organization_wide)["']?\s*[:=]\s*(?:true|True|1)\b|["']?scope["']?\s*[:=]\s*["'](?:global|tenant|all|organization|account)["']/;
/**
 * Path segments of a repository's guards in the forges' REST APIs: GitHub (branches/B/protection
 * and its required_* and enforce_admins subroutes, rulesets, vulnerability-alerts,
 * automated-security-fixes), GitLab (protected_branches, protected_tags, protected_environments,
 * push_rule, approval_rules), Gitea (branch_protections), Bitbucket (branch-restrictions); Azure
 * DevOps' policy/configurations is matched on the path.
 */
const REPO_GUARD =
  /^(?:protection|protected_branches|protected_tags|protected_environments|branch_protections|branch-restrictions|rulesets|push_rule|approval_rules|required_status_checks|required_pull_request_reviews|required_signatures|enforce_admins|vulnerability-alerts|automated-security-fixes)$/i;

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1|0\.0\.0\.0)$/;
/** An import endpoint told to overwrite what is there. */
const IMPORT_SEG = /^_?(?:import|bulk_import|bulkimport|upload|sync)$/i;
const OVERWRITE =
  /[?&](?:overwrite|replace|force|override)=true\b|["']?(?:overwrite|replace|override)["']?\s*:\s*true\b/i;

/**
 * Verbs that put software or a configuration onto the machines a console manages: an MDM
 * profile or app assigned, firmware upgraded, a package installed or pushed.
 */
const ROLLOUT =
  /^(?:assign|assignments|upgrade|install|deploy|push|flash|rollout|distribute|update[-_]?firmware|firmware[-_]?update)$/i;
/** A command field of an RPC-style body (`{"cmd": "upgrade-all"}`, `{"action": "install"}`). */
const COMMAND_FIELD = /["']?(?:cmd|command|action|operation|op|task)["']?\s*:\s*["']([\w.-]+)["']/gi;
/**
 * A target that is every device, user or site: Intune's `allDevicesAssignmentTarget` and
 * `allLicensedUsersAssignmentTarget` (Microsoft Graph, deviceAndAppManagementAssignmentTarget),
 * `"target": "all"`, `"devices": "*"`, a UniFi-style `upgrade-all` command.
 */
const EVERY_TARGET =
  /all(?:Licensed)?(?:Devices|Users)(?:AssignmentTarget)?|all_(?:devices|users|sites|stores|hosts|endpoints)|["']?(?:target|targets|scope|devices|hosts|group|groups|sites|stores)["']?\s*:\s*\[?\s*["'](?:all|\*|everyone|all[-_ ][\w-]+)["']/i;

/**
 * A write that rolls something out to every machine a console manages at once: the endpoint's
 * verb (`.../deviceConfigurations/ID/assign`) or the body's command (`{"cmd": "upgrade-all"}`)
 * puts software or a profile in place, and the body or the command names every device, user or
 * site as its target. A console on the private network (`.internal`) manages the fleet as much
 * as a vendor's cloud; one device's upgrade or an assignment to a named group is not this.
 */
function rolloutToAll(last: string, body: string): boolean {
  const commands = [...body.matchAll(COMMAND_FIELD)].map((m) => m[1] ?? '');
  // a command glued to its scope: upgrade-all, installAll, push_all
  if (commands.some((c) => /^(?:upgrade|install|deploy|push|flash|rollout|update)[-_]?all$/i.test(c))) return true;
  const verb = ROLLOUT.test(last) || commands.some((c) => ROLLOUT.test(c));
  return verb && EVERY_TARGET.test(body);
}

/**
 * `fleet-wide` for a control object created or changed with a tenant-wide scope (a hash blocked on
 * every endpoint, `"filter": {"tenant": true}`, `applied_globally`), `import-overwrite` for a rule
 * or object set imported over the one in force (`_import?overwrite=true`): each reaches every
 * host the service manages at once, the way a deploy does.
 */
function fleetReading(lower: readonly string[], query: string, body: string): string | undefined {
  if (lower.some((x) => FLEET_OBJECT.test(x)) && FLEET_SCOPE.test(body)) return 'fleet-wide';
  if (rolloutToAll(lower[lower.length - 1] ?? '', body)) return 'rollout-all';
  if (IMPORT_SEG.test(lower[lower.length - 1] ?? '') && OVERWRITE.test(`${query} ${body}`)) return 'import-overwrite';
  return undefined;
}

/** The readings of one request, or an empty list for requests that change nothing of that kind. */
export function apiActionReadings(r: ApiRequest): string[] {
  const method = r.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return [];
  const u = parseUrl(r.url);
  if (!u) return [];
  const host = hostWord(u.host);
  const segs = segmentsOf(u.path);
  const path = u.path.replace(/\s/g, '');
  const out: string[] = [];
  // a security or traffic control pushed to every host of the tenant at once, or a rule set
  // imported over the one in force (fleetReading): a console inside the network (`.internal`,
  // a variable's host) manages the fleet as much as a vendor's cloud; this machine's own does not
  const fleet = LOOPBACK.test(u.host)
    ? undefined
    : fleetReading(
        segs.map((x) => x.toLowerCase()),
        u.query,
        r.body,
      );
  if (fleet) out.push(`ship ${fleet} ${host} ${path}`);
  if (localHost(u.host)) return [...out, ...localAccessReadings(method, u, r.body)];
  const last = segs[segs.length - 1] ?? '';
  if (method === 'DELETE' && segs.length >= 2) {
    const kind = singular(segs[segs.length - 2] ?? '');
    if (CONTAINER_KINDS.has(kind) && !CONTAINER_KINDS.has(singular(last)) && !ephemeralName(last))
      out.push(`saas-destroy ${kind} ${host} ${path}`);
  }
  const lower = segs.map((s) => s.toLowerCase());
  const batch =
    /(?:^|\/)(?:batch|bulk)\/(?:archive|delete|remove|purge)$/i.test(lower.slice(-2).join('/')) ||
    /^(?:destroy_many|delete_many|deletemany|clear|clear_all|clearall)$/i.test(last) ||
    /[?&](?:delete_all\w*|all)=true\b/i.test(u.query) ||
    (method === 'DELETE' && /[?&]ids=[^&]*,/i.test(u.query)) ||
    (method === 'DELETE' && RECORDS.test(last) && segs.length >= 2) ||
    /^(?:bulk[_-]?(?:delete|archive|remove)|batch[_-]?(?:delete|archive|remove)|delete[_-]?all|remove[_-]?all|archive[_-]?all)$/i.test(
      last,
    ) ||
    (/^(?:delete|remove|archive|purge)$/i.test(last) && /["']?all["']?\s*[:=]\s*true\b/i.test(r.body));
  if (batch && method !== 'GET') out.push(`saas-batch-destroy ${host} ${path}`);
  // a mailing sent: [..., campaigns, ID, (actions), send]
  const sendAt = lower.findIndex((s, i) => (i > 0 && SEND_ACTION.test(s)) || /^campaign[-_]?send/.test(s));
  if (
    (sendAt > 0 && lower.slice(0, sendAt).some((s) => MASS_OBJECT.test(s))) ||
    (sendAt >= 0 && /^campaign[-_]?send/.test(lower[sendAt] ?? '')) ||
    wholeAudience(bodyPairs(r.body))
  )
    out.push(`saas-broadcast ${host} ${path}`);
  else if (lower.some((s) => MASS_OBJECT.test(s)) && SENDING_BODY.test(r.body))
    out.push(`saas-broadcast ${host} ${path}`);
  else if (
    /^(?:publish|published|publish_all|publishall)$/i.test(last) &&
    method !== 'DELETE' &&
    !lower.some((s) => /^(?:exchanges?|topics?|queues?|channels?|streams?|events?)$/.test(s))
  )
    out.push(`saas-broadcast ${host} ${path}`);
  else if (SOCIAL_POST.some(([h, p]) => h.test(u.host) && p.test(u.path)) && method === 'POST')
    out.push(`saas-broadcast ${host} ${path}`);
  else if (
    CMS_POSTS.test(u.path) &&
    method !== 'DELETE' &&
    SENDING_BODY.test(r.body) &&
    !/["']?status["']?\s*:\s*["']?draft/i.test(r.body)
  )
    out.push(`saas-broadcast ${host} ${path}`);
  // what guards a shared repository removed or weakened by any client but gh and glab (whose
  // readings are forge-protections.ts'): a protection, ruleset, push or approval rule or security
  // alert deleted, or sent the fields that weaken it on either forge (a PUT with nulls lifts every
  // requirement at once); tightening and reads pass
  if (lower.some((x) => REPO_GUARD.test(x)) || /\/_apis\/policy\/configurations(?:\/|$)/i.test(u.path)) {
    const fields = bodyPairs(r.body).map(([k, v]) => `${k}=${v === null ? 'null' : String(v)}`);
    if (method === 'DELETE' || protectionWeakenedBy(fields)) out.push(`repo-guard-change ${method} ${host} ${path}`);
  }
  const release = releaseReading(method, host, path, segs, u.query.replace(/^\?/, ''), r.body);
  if (release) out.push(release);
  // an endpoint or body action named for a destroy or control verb, on any vendor's server
  // (http-control-verbs.ts), unless the release readings already name what it releases
  const control = release ? undefined : httpControlAction(method, u.host, u.path, u.query, r.body);
  if (control) out.push(control);
  // a GraphQL mutation that publishes or deploys, on any service (url-ship-actions.ts)
  const shipField = method === 'POST' ? graphqlShipField(r.body) : undefined;
  if (shipField) out.push(`ship graphql ${host} ${shipField}`);
  if (method !== 'DELETE') {
    const grant =
      adminGrantIn(r.body, u.query.replace(/^\?/, '')) ??
      (/(?:^|[._-])(?:set|make|promote|grant)[-_]?(?:admin|owner|superuser)s?$/i.test(last) ? last : undefined);
    const access = grant ? undefined : accessRequest(method, segs, u.query.replace(/^\?/, ''), r.body);
    if (grant || access?.kind === 'admin') out.push(`saas-admin-grant ${host} ${path}`);
    else if (access?.kind === 'membership') out.push(`membership-grant ${host} ${path}`);
    else if (access?.kind === 'key') out.push(`key-minted ${host} ${path}`);
    // a file, folder or link opened to everyone by a sharing endpoint, whoever hosts it (public-audience.ts)
    if (lower.some((s) => SHARE_SEGMENT.test(s))) {
      const query = [...new URLSearchParams(u.query.replace(/^\?/, ''))] as [string, unknown][];
      if (publicAudience([...bodyPairs(r.body), ...query])) out.push(`shares-data public-link ${host} ${path}`);
    } else if (privacyOpened(bodyPairs(r.body))) out.push(`shares-data public-link ${host} ${path}`);
    // a target named by its key on any write (Twilio SmsUrl, Graph notificationUrl, webhook_url)
    for (const [k, v] of bodyPairs(r.body)) {
      const target = typeof v === 'string' ? /^https?:\/\/([^/:?#\s]+)/i.exec(v.trim())?.[1]?.toLowerCase() : undefined;
      const mail =
        typeof v === 'string' && /forward/i.test(`${path} ${k}`)
          ? /^[^@\s]+@([\w.-]+\.[a-z]{2,})$/i.exec(v.trim())?.[1]?.toLowerCase()
          : undefined;
      if (target && HOOK_KEY.test(k) && !ownReceiver(target) && target !== u.host) {
        out.push(`saas-webhook ${host} ${hostWord(target)}`);
        break;
      }
      if (mail && /^(?:emailaddress|email|forwardingemail|forward_?to|address)$/i.test(k)) {
        out.push(`saas-webhook ${host} ${hostWord(mail)}`);
        break;
      }
    }
    const hooks = lower.findIndex((s) => HOOK_COLLECTION.test(s));
    if (hooks >= 0 && hooks >= lower.length - 2) {
      URL_IN_BODY.lastIndex = 0;
      for (let m = URL_IN_BODY.exec(r.body); m; m = URL_IN_BODY.exec(r.body)) {
        const target = (m[1] ?? '').toLowerCase();
        if (!ownReceiver(target) && target !== u.host) {
          out.push(`saas-webhook ${host} ${hostWord(target)}`);
          break;
        }
      }
    }
  }
  return out;
}

/**
 * Access handed out by a service on this machine or a private network (access-requests.ts): an
 * administrator made there reads `local-admin-grant`, asked rather than denied, since a
 * project's own API under test answers there too; memberships and minted keys read as remotely.
 */
function localAccessReadings(method: string, u: ParsedUrl, body: string): string[] {
  const host = hostWord(u.host);
  const path = u.path.replace(/\s/g, '');
  const segs = segmentsOf(u.path);
  const query = u.query.replace(/^\?/, '');
  const last = segs[segs.length - 1] ?? '';
  const grant =
    adminGrantIn(body, query) ??
    (/(?:^|[._-])(?:set|make|promote|grant)[-_]?(?:admin|owner|superuser)s?$/i.test(last) ? last : undefined);
  const access = grant ? undefined : accessRequest(method, segs, query, body);
  if (grant || access?.kind === 'admin') return [`local-admin-grant ${host} ${path}`];
  if (access?.kind === 'membership') return [`membership-grant ${host} ${path}`];
  if (access?.kind === 'key') return [`key-minted ${host} ${path}`];
  return rpcControlReadings(host, body);
}

/** Options of cloud and SaaS CLIs whose value is where a subscription or webhook delivers. */
const ENDPOINT_OPTION =
  /^--(?:url|endpoint|push-endpoint|notification-endpoint|sms-url|voice-url|status-callback|webhook-url|target-url|callback-url|forward-to|delivery-url|endpoint-url|address)$/;
/** Subcommand words that set up standing delivery (AWS SNS subscribe, Pub/Sub push subscriptions,
 * Event Grid event-subscription, Stripe webhook_endpoints, Twilio phone-number URLs, forwards). */
const STANDING = /subscri|webhook|hook|event-subscription|forward|phone-numbers|notification/i;
/** Compute that a cloud's own push delivery targets (a Cloud Run service, an API Gateway stage):
 * the project's own code, not an outside collector. */
const OWN_COMPUTE =
  /(?:\.run\.app|\.cloudfunctions\.net|\.appspot\.com|\.execute-api\.[\w-]+\.amazonaws\.com|\.lambda-url\.[\w-]+\.on\.aws|\.azurewebsites\.net|\.azure-api\.net)$/i;

/** `saas-webhook cli HOST` for a CLI call that sets up delivery of future events to another host. */
export function cliSubscriptionReading(words: string[]): string | undefined {
  const sub = words
    .slice(1, 6)
    .filter((w) => !w.startsWith('-'))
    .flatMap((w) => w.split(':'));
  if (!sub.some((w) => STANDING.test(w)) || /^(?:curl|wget|http|https|xh)$/.test(words[0] ?? '')) return undefined;
  if (sub.some((w) => /^(?:list|describe|get|show|delete|remove|unsubscribe|trigger|listen)$/.test(w)))
    return undefined;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    const eq = w.indexOf('=');
    const opt = eq > 0 ? w.slice(0, eq) : w;
    if (!ENDPOINT_OPTION.test(opt)) continue;
    const v = (eq > 0 ? w.slice(eq + 1) : words[i + 1]) ?? '';
    const host = (
      /^https?:\/\/([^/:?#\s]+)/i.exec(v)?.[1] ??
      /^[^@\s/]+@([\w.-]+\.[a-z]{2,})$/i.exec(v)?.[1] ??
      ''
    ).toLowerCase();
    if (host && !ownReceiver(host) && !OWN_COMPUTE.test(host)) return `saas-webhook cli ${hostWord(host)}`;
  }
  return undefined;
}

/** Endpoints that send one message, mail, text or push to the recipient the body names. */
const SEND_PATH = /\/(?:send|sendmail|send_?email|messages?|emails?|mail|sms|notifications?|push)\/?$/i;

/**
 * A send request whose recipient is bound at run time to each line of a listing (`while read e;
 * do curl .../single-email/send -d "{..\"to\":\"$e\"}"; done`, `xargs -I{}`): one message per
 * address of a customer file is a mass mailing, whatever the endpoint calls itself.
 */
export function loopedSend(words: string[], computed: (w: string) => boolean): string | undefined {
  const r = httpCall(words);
  if (!r || r.method === 'GET') return undefined;
  const u = parseUrl(r.url);
  if (!u || localHost(u.host) || !SEND_PATH.test(u.path)) return undefined;
  const sent = words.slice(1).some((w) => !/^https?:/i.test(w) && computed(w));
  return sent ? `saas-broadcast ${hostWord(u.host)} ${u.path.replace(/\s/g, '')} each-of-list` : undefined;
}
