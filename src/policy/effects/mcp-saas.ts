// The hosted-service actions of src/policy/saas-actions.ts taken through an MCP tool or a browser
// automation tool instead of a raw request. A tool's name is a verb and an object and its
// parameters carry the role, the target URL or the element clicked, so the same readings come out:
//   `jira_add_user_to_group {group_name: jira-administrators}`, `zendesk_create_user {role: admin}`,
//   `github_add_collaborator {permission: admin}`          -> saas-admin-grant mcp TOOL ROLE
//   `zendesk_create_webhook {endpoint: https://elsewhere}` -> saas-webhook mcp TARGET
//   `mailchimp_send_campaign`, `twitter_post_tweet`        -> saas-broadcast mcp TOOL
//   `browser_click {element: "Delete space button"}`, `{element: "Publish button"}`,
//   `browser_select_option {values: [Owner]}`              -> ui-action VERB LABEL
// A target on this machine (a local webhook receiver) is the developer's own.
import type { Effect } from './types.js';
import { toolWords } from './mcp-tools.js';
import {
  ADMIN_VALUE,
  CONTAINER_KINDS,
  adminRoleValue,
  ephemeralName,
  ownReceiver,
  singular,
  wholeAudience,
} from '../saas-actions.js';

type Params = Record<string, unknown>;

/** Tool-name verbs that give, change or set something (a read, list or search gives nothing). */
const GIVES = new Set(
  'add invite create update set assign grant promote make change modify put patch upsert edit insert register subscribe install enable share transfer attach'.split(
    ' ',
  ),
);
const READ_ONLY = /^(?:get|list|search|read|describe|show|find|query|view|fetch|count|check|lookup)$/;

/** Objects of a tool that manages who may do what. */
const ACCESS_OBJECT =
  /^(?:users?|members?|membership|memberships|collaborators?|roles?|groups?|permissions?|teams?|invites?|invitations?|access|admins?|owners?|agents?|seats?|assignments?|iam|polic(?:y|ies)|bindings?|acls?|share|sharing|permission_?level|staff)$/;

/** Objects of a tool that sends future events somewhere. */
const HOOK_OBJECT =
  /^(?:webhooks?|hooks?|subscriptions?|callbacks?|listeners?|endpoints?|forwards?|forwarding|filters?|notifications?|integrations?|triggers?|channels?|rules?|alerts?|actions?|automations?)$/;

/** Tool-name verbs that delete or archive (an archived CRM record is gone from every list and flow). */
const DESTROYS = /^(?:delete|remove|destroy|drop|purge|wipe|erase|archive|trash|nuke)$/;

/** Social networks and publishing platforms whose post reaches the public. */
const SOCIAL =
  /^(?:twitter|tweet|tweets|x|linkedin|facebook|fb|instagram|ig|threads|mastodon|toot|bluesky|bsky|reddit|tumblr|youtube|tiktok|medium|devto|hashnode|substack)$/;
const POSTS = /^(?:post|posts|create|publish|send|share|submit|tweet|toot|upload|status|update)$/;
/** Mass-mailing objects (one message to one person is not one of these). */
const MASS = /^(?:campaigns?|newsletters?|broadcasts?|blasts?|singlesends?|mailings?|bulk|audience|segment|list)$/;
const SENDS = /^(?:send|schedule|launch|start|trigger|resume|publish|blast)$/;

/** Tool-name verbs that post a chat message. */
const CHATS = /^(?:send|post|message|messages|reply|chat|create|write|say|announce)$/;
/**
 * Mentions that notify every member of a channel or server at once: Slack's `<!channel>`,
 * `<!everyone>` (api.slack.com, "Formatting text: special mentions"), Discord's `@everyone`
 * (discord.com developers, "Allowed mentions"), Mattermost's and Rocket.Chat's `@channel`/`@all`.
 * `@here` (only members online) is left to the channel's own etiquette.
 */
const EVERYONE = /<!(?:channel|everyone)(?:\|[^>]*)?>|(?:^|[\s(])@(?:everyone|channel|all)\b/i;

/** The values of a call's parameters, walked a few levels deep, with their keys. */
function pairs(p: Params): [string, unknown][] {
  const out: [string, unknown][] = [];
  const walk = (v: unknown, depth: number): void => {
    if (depth > 8 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const x of v.slice(0, 64)) walk(x, depth + 1);
      return;
    }
    for (const [k, x] of Object.entries(v as Params)) {
      out.push([k, x]);
      walk(x, depth + 1);
    }
  };
  walk(p, 0);
  return out;
}

function word(s: string): string {
  return s.replace(/[^\w@.:-]/g, '_').slice(0, 80) || 'unknown';
}

/** The label of what a browser tool acts on: its element description, selector, text or chosen values. */
function uiLabel(p: Params): string {
  const parts: string[] = [];
  for (const k of [
    'element',
    'selector',
    'text',
    'label',
    'name',
    'target',
    'locator',
    'values',
    'value',
    'option',
    'action',
    'instruction',
  ]) {
    const v = p[k];
    if (typeof v === 'string') parts.push(v);
    else if (Array.isArray(v)) parts.push(...v.filter((x): x is string => typeof x === 'string'));
  }
  return parts.join(' ').slice(0, 400);
}

const UI_TOOL =
  /^(?:browser|puppeteer|playwright|page|web|chrome|selenium|computer|stagehand|browserbase|hyperbrowser)$/;
// `act` takes its action in words (Stagehand's act: "click the Delete workspace button")
const UI_VERB = /^(?:click|dblclick|double|tap|press|select|check|submit|choose|act)$/;
const UI_DESTROY =
  /\b(?:delet(?:e|ion|ing)|destroy|remov(?:e|al)|eras(?:e|ure)|wipe|purge|terminat(?:e|ion)|drop|archive|deactivat(?:e|ion)|close|revoke)\b/i;
const UI_OBJECT_WORDS =
  /\b(?:repository|repo|project|workspace|space|environment|site|account|organi[sz]ation|org|team|database|table|bucket|app|application|list|audience|index|domain|zone|cluster|instance|members|users|contacts|subscribers|customers|everything|permanently|forever)\b|\ball (?:the )?(?:contacts|members|users|subscribers|customers|records|data|files|repositories|projects|keys|api keys|tokens|entries|items|messages|emails)\b/i;

/** What a browser click or selection does, read from the words of what it acts on. */
function uiAction(words: string[], p: Params): string | undefined {
  if (!words.some((w) => UI_TOOL.test(w)) || !words.some((w) => UI_VERB.test(w))) return undefined;
  const label = uiLabel(p);
  if (!label) return undefined;
  const plain = label.replace(/[-_]/g, ' ');
  // a link, tab or menu entry that leads somewhere (`Release notes link`, `Danger zone tab`) acts on nothing
  if (
    /\b(?:link|tab|menu item|nav|navigation|sidebar|breadcrumb|docs?|documentation|guide|notes|history|changelog)\b/i.test(
      plain,
    )
  )
    return undefined;
  if (UI_DESTROY.test(plain) && UI_OBJECT_WORDS.test(plain)) {
    const name = /\b(?:environment|space|site|project|list|index)\s+["']?([\w.-]+)/i.exec(plain)?.[1];
    if (!name || !ephemeralName(name)) return `destroy ${word(label)}`;
  }
  if (
    /\b(?:publish|deploy|go live|make (?:\w+ )?public|change (?:\w+ )?visibility|release)\b/i.test(plain) &&
    !/\bunpublish|preview\b/i.test(plain)
  )
    return `publish ${word(label)}`;
  if (
    /\b(?:send|schedule)\b/i.test(plain) &&
    /\b(?:campaign|newsletter|broadcast|blast|everyone|all (?:subscribers|contacts|customers|users|members)|audience)\b/i.test(
      plain,
    )
  )
    return `broadcast ${word(label)}`;
  if (/\btransfer\b.*\bownership\b|\bmake (?:an? )?(?:admin|owner)\b|\bpromote\b.*\badmin/i.test(plain))
    return `admin ${word(label)}`;
  if (/\b(?:role|permission|access|member)\b/i.test(plain) || words.includes('select')) {
    const values = p['values'] ?? p['value'] ?? p['option'];
    const list = Array.isArray(values) ? values : [values];
    if (list.some((v) => typeof v === 'string' && ADMIN_VALUE.test(v.trim()))) return `admin ${word(label)}`;
  }
  return undefined;
}

/** Effects of an MCP tool `op` with parameters `p` on a hosted service (see the file comment). */
export function mcpSaasEffects(op: string, p: Params): Effect[] {
  const words = toolWords(op);
  if (!words.length || READ_ONLY.test(words[0] ?? '')) return [];
  const out: Effect[] = [];
  const via = `MCP ${op}`;
  const push = (command: string, what: string) => out.push({ tool: 'exec', command, via: `${via} ${what}` });
  const ui = uiAction(words, p);
  if (ui) push(`ui-action ${ui}`, `acts on "${uiLabel(p).slice(0, 60)}" in the page`);
  const destroy = words.findIndex((w) => DESTROYS.test(w));
  // `remove_product_from_collection`: a link between two things is cut, neither is destroyed
  if (destroy >= 0 && !(words[destroy] === 'remove' && words.slice(destroy + 1).includes('from'))) {
    const after = words.slice(destroy + 1).filter((w) => !/^(?:by|id|ids|the|permanently)$/.test(w));
    // a delete selected by a filter or query is as narrow as the filter (an empty one is mcp-tools.ts' reading)
    const filtered = ['filter', 'query', 'where', 'selector', 'conditions'].some((k) => {
      const v = p[k];
      return (
        (typeof v === 'string' && v.trim() !== '' && !/^\s*\{\s*\}\s*$/.test(v)) ||
        (v !== null && typeof v === 'object' && Object.keys(v).length > 0)
      );
    });
    const batch =
      (!filtered && words.some((w) => /^(?:batch|bulk|many|all|mass)$/.test(w))) ||
      Object.entries(p).some(
        ([k, v]) =>
          (/ids$|^ids?$|_list$/i.test(k) && Array.isArray(v) && v.length >= 5) ||
          (/^(?:all|delete_?all\w*|purge_?all)$/i.test(k) && (v === true || v === 'true')),
      );
    const kind = singular(after[after.length - 1] ?? '');
    const named = Object.entries(p).find(([k, v]) => typeof v === 'string' && /(?:id|name|key|slug)$/i.test(k))?.[1];
    if (batch) push(`saas-batch-destroy mcp ${word(op)}`, 'deletes records in bulk');
    else if (after.length && CONTAINER_KINDS.has(kind) && !(typeof named === 'string' && ephemeralName(named)))
      push(`saas-destroy ${kind} mcp ${word(op)}`, `deletes a whole ${kind}`);
  }
  const gives = words.some((w) => GIVES.has(w));
  // a seeded user of a test address (`admin@example.com`, `qa@app.test`) is fixture data, not a grant
  const seeded = pairs(p).some(
    ([, x]) =>
      typeof x === 'string' &&
      /@(?:example\.(?:com|org|net)|[\w.-]+\.(?:test|local|localhost|invalid|example))$/i.test(x.trim()),
  );
  if (gives && !seeded && words.some((w) => ACCESS_OBJECT.test(w))) {
    for (const [k, v] of pairs(p)) {
      const role = adminRoleValue(k, v);
      if (role) {
        push(`saas-admin-grant mcp ${word(op)} ${word(role)}`, `gives ${role}`);
        break;
      }
    }
  }
  // an AWS managed policy that administers everything or IAM itself, attached by an IAM tool
  if (
    !out.length &&
    gives &&
    words.some((w) => /^(?:policy|policies|iam|user|role|group)$/.test(w)) &&
    pairs(p).some(([, x]) => typeof x === 'string' && /(?:^|[:/])(?:AdministratorAccess|IAMFullAccess)$/.test(x.trim()))
  )
    push(`saas-admin-grant mcp ${word(op)} AdministratorAccess`, 'attaches an administrator policy');
  // `set_admin`, `make_owner`, `promote_to_admin`, `grant_superuser`: the name says the role
  const v = words.findIndex((w) => /^(?:set|make|promote|grant|add|assign)$/.test(w));
  if (
    v >= 0 &&
    words.slice(v + 1).some((w) => /^(?:admin|admins|owner|owners|superuser|superadmin)$/.test(w)) &&
    !out.length
  )
    push(`saas-admin-grant mcp ${word(op)}`, 'makes someone an administrator');
  if (gives && words.some((w) => HOOK_OBJECT.test(w))) {
    const targets = pairs(p).flatMap(([k, x]) =>
      (Array.isArray(x) ? x : [x]).filter((v): v is string => typeof v === 'string').map((v) => [k, v.trim()] as const),
    );
    for (const [k, x] of targets) {
      const url = /^https?:\/\/([^/:?#\s]+)/i.exec(x);
      const mail = /forward|redirect/i.test(k) ? /^[^@\s]+@([\w.-]+\.[a-z]{2,})$/i.exec(x) : null;
      const host = (url?.[1] ?? mail?.[1] ?? '').toLowerCase();
      if (host && !ownReceiver(host)) {
        push(`saas-webhook mcp ${word(host)}`, `sends the service's future events to ${host}`);
        break;
      }
    }
  }
  const status = ['status', 'post_status', 'publish_status', 'publishStatus', 'state']
    .map((k) => p[k])
    .find((v): v is string => typeof v === 'string');
  if (
    gives &&
    words.some((w) => /^(?:posts?|pages?|articles?|entries|entry|stories|story|blog|newsletter)$/.test(w)) &&
    status !== undefined &&
    /^(?:publish|published|public|live|future|scheduled|send|sending)$/i.test(status)
  )
    push(`saas-broadcast mcp ${word(op)}`, `publishes (status ${status})`);
  else if (words.some((w) => SOCIAL.test(w)) && words.some((w) => POSTS.test(w)) && !words.includes('draft'))
    push(`saas-broadcast mcp ${word(op)}`, 'posts in public');
  else if (
    words.some((w) => CHATS.test(w)) &&
    pairs(p).some(
      ([k, x]) =>
        typeof x === 'string' && /^(?:text|message|content|body|markdown|blocks)$/i.test(k) && EVERYONE.test(x),
    )
  )
    push(`saas-broadcast mcp ${word(op)}`, 'notifies everyone in the channel or server');
  else if (
    words.some((w) => SENDS.test(w) || w === 'notification' || w === 'push') &&
    (words.some((w) => MASS.test(w)) || wholeAudience(pairs(p))) &&
    !words.includes('test')
  )
    push(`saas-broadcast mcp ${word(op)}`, 'sends to a whole audience');
  return out;
}
