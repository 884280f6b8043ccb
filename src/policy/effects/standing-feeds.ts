// Standing feeds: a webhook, push subscription or mail-forwarding rule that keeps sending future
// events, tickets, orders or mail to a URL or address after the session ends. Nothing is copied
// now, so no egress reading sees it; every later event is. Read from what is created (a
// subscription with a destination), whatever the service: `opens-access feed HOST WHAT`, asked by
// the standard profile (policy access-opened). A destination on this machine or an internal name
// (localhost, *.internal, *.local) is a developer's own listener and gives no reading; listing and
// deleting hooks change nothing.
//
// Sources: Stripe API "Webhook endpoints" (`stripe webhook_endpoints create --url`), AWS CLI
// `sns subscribe --protocol http|https|email --notification-endpoint`, gcloud `pubsub
// subscriptions create|update --push-endpoint`, Azure CLI `eventgrid event-subscription create
// --endpoint`, the webhook APIs of Zendesk, Jira, GitHub, GitLab, Sentry (service hooks), Shopify,
// Linear, and the Gmail API `users.settings.filters` (action.forward) and Microsoft Graph
// messageRules (forwardTo, redirectTo) for mail.
import { optionValues } from './operands.js';
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { toolWords } from './mcp-tools.js';
import { WEBMAIL } from './data-shares.js';

export const FEED_PROGRAMS: readonly string[] = [
  'stripe',
  'aws',
  'gcloud',
  'az',
  'curl',
  'http',
  'https',
  'xh',
  'heroku',
  'fly',
  'flyctl',
  'vercel',
  'netlify',
  'render',
  'railway',
  'doctl',
  'gam',
  'set-mailbox',
  'new-inboxrule',
  'set-inboxrule',
  'new-transportrule',
];

/** A word or option that forwards or redirects mail, with the address after it or inline. */
const FORWARD_WORD =
  /^(?:-{0,2})(?:forward(?:ing)?(?:[-_]?(?:to|address|email|smtp-?address))?|redirect(?:[-_]?to)?|forwardto|auto-?forward(?:[-_]?to)?)(?:[=:](.+))?$/i;
const MAIL_ADDRESS = /^['"]?[^@\s'"]+@[\w.-]+\.[a-z]{2,}['"]?$/i;
/** Programs whose words are only printed or searched. */
const TEXT_ONLY = new Set(
  'echo printf grep egrep rg ag cat less head tail sed awk jq yq git gh glab mail mailx sendmail mutt'.split(' '),
);

/** Platform CLI subcommands that add a log drain, webhook or stream (heroku drains:add, webhooks:add ...). */
const PLATFORM_FEED = /^(?:drains?|webhooks?|hooks?|log-?drains?|log-?streams?)(?::(?:add|create))?$/;

/** REST routes that create a subscription: Stripe webhook_endpoints, a service's hooks/webhooks/subscriptions. */
const HOOK_ROUTE =
  /\/(?:webhook_endpoints|webhooks?|hooks|subscriptions|event[-_]?subscriptions|callbacks)(?:\/?$|[/?])/i;
/** A destination in a request body: url=..., "url": "...", target_url, endpoint, callback. */
const BODY_URL =
  /(?:^|[&\s{,"'])"?(?:url|target_?url|targetUrl|endpoint|callback_?url|callbackUrl|payload_url|notification_url|delivery_url)"?\s*[=:]\s*"?(https?:\/\/[^\s"'&,}]+)/i;

/** curl/httpie writing to a hook route with a destination in the body. */
function httpFeed(argv: string[]): [string, string] | undefined {
  const url = argv.find((w) => /^https?:\/\//i.test(w));
  if (!url || !HOOK_ROUTE.test(url.replace(/^https?:\/\/[^/]+/i, ''))) return undefined;
  const body = argv
    .slice(1)
    .filter((w) => w !== url)
    .join(' ');
  const dest = BODY_URL.exec(body)?.[1];
  return dest ? [dest, `POST ${hostOf(url) ?? ''} hooks`] : undefined;
}

const LOCAL = /^(?:localhost|127\.[\d.]+|0\.0\.0\.0|\[::1\]|[\w.-]+\.(?:local|internal|localhost|lan|test))$/i;
/** The clouds' serverless front doors (Cloud Run, Cloud Functions, App Engine, API Gateway, Lambda
 * URLs, Azure Functions): a push subscription's documented target, a service of the same account. */
const SERVERLESS =
  /\.(?:run\.app|cloudfunctions\.net|appspot\.com|execute-api\.[\w-]+\.amazonaws\.com|lambda-url\.[\w-]+\.on\.aws|azurewebsites\.net)$/i;

/** Logging, monitoring and alerting services whose ingest hosts log drains and alert hooks are
 * documented to point at (Papertrail, Datadog, Sumo Logic, Better Stack/Logtail, Loggly, Splunk
 * Cloud, New Relic, Honeycomb, Sentry, Mezmo/LogDNA, Coralogix, Elastic Cloud, Grafana Cloud,
 * Axiom, Slack incoming webhooks, PagerDuty, Opsgenie). */
const OBSERVABILITY =
  /(?:^|\.)(?:papertrailapp\.com|datadoghq\.(?:com|eu)|sumologic\.com|logtail\.com|betterstack\.com|betteruptime\.com|loggly\.com|splunkcloud\.com|newrelic\.com|honeycomb\.io|sentry\.io|logdna\.com|mezmo\.com|coralogix\.com|cloud\.es\.io|elastic-cloud\.com|grafana\.net|axiom\.co|hooks\.slack\.com|events\.pagerduty\.com|api\.opsgenie\.com)$/i;

function hostOf(url: string): string | undefined {
  return /^[a-z][\w+.-]*:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^/:?#\s]+)/i.exec(url.trim())?.[1]?.toLowerCase();
}

function feed(dest: string, what: string, via: string): Effect | undefined {
  const d = dest.trim().replace(/^(['"])(.*)\1$/, '$2');
  const host = /^[^@\s]+@([\w.-]+\.[a-z]{2,})$/i.exec(d)?.[1]?.toLowerCase() ?? hostOf(d);
  if (!host || LOCAL.test(host) || SERVERLESS.test(host) || OBSERVABILITY.test(host)) return undefined;
  const w = (s: string) => s.replace(/[^\w@/.:,*~+=-]/g, '_').slice(0, 120) || '_';
  return { tool: 'privilege', command: `opens-access feed ${w(host)} ${w(what)}`, via };
}

export function feedEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const a = c.argv;
    const name = basename(a[0] ?? '').toLowerCase();
    const dests: [string, string][] = [];
    // heroku drains:add URL, heroku webhooks:add -u URL, a platform's drain or hook added with a URL
    if (a.slice(1, 4).some((w) => PLATFORM_FEED.test(w)) && a.slice(1, 5).some((w) => /(?::|^)(?:add|create)$/.test(w)))
      for (const u of a.slice(2)) if (/^(?:https?|syslog(?:\+tls)?):\/\//i.test(u)) dests.push([u, `${name} ${a[1]}`]);
    // Exchange: Set-Mailbox -ForwardingSmtpAddress, New-/Set-InboxRule -ForwardTo|-RedirectTo, transport rules
    if (/^(?:set-mailbox|new-inboxrule|set-inboxrule|new-transportrule)$/.test(name))
      for (const e of optionValues(
        a,
        /^-(?:ForwardingSmtpAddress|ForwardingAddress|ForwardTo|RedirectTo|ForwardAsAttachmentTo|BlindCopyTo|RedirectMessageTo)$/i,
      ))
        dests.push([e.replace(/^smtp:/i, ''), `${a[0]} forwarding`]);
    // GAM: gam user U forward on ADDR
    if (name === 'gam') {
      const i = a.indexOf('forward');
      if (i > 0 && a[i + 1] === 'on' && a[i + 2]) dests.push([a[i + 2] ?? '', 'gam mail forwarding']);
    }
    // stripe webhook_endpoints create --url U; stripe post /v1/webhook_endpoints -d url=U
    if (name === 'stripe' && /^webhook_endpoints$/.test(a[1] ?? '') && /^(?:create|update)$/.test(a[2] ?? ''))
      for (const u of optionValues(a, /^--url$/)) dests.push([u, 'stripe webhook_endpoints']);
    if (name === 'stripe' && a[1] === 'post' && /webhook_endpoints/.test(a[2] ?? ''))
      for (const d of optionValues(a, /^-d$|^--data$/))
        if (/^url=/.test(d)) dests.push([d.slice(4), 'stripe webhook_endpoints']);
    // aws sns subscribe --protocol http|https|email --notification-endpoint E
    if (name === 'aws' && a[1] === 'sns' && a[2] === 'subscribe') {
      const proto = optionValues(a, /^--protocol$/)[0] ?? '';
      // mail to a personal webmail address; a colleague's or a team's address is the usual alerting set-up
      for (const e of optionValues(a, /^--notification-endpoint$/))
        if (/^https?$/i.test(proto) || (/^email(?:-json)?$/i.test(proto) && WEBMAIL.test(e)))
          dests.push([e, 'aws sns subscribe']);
    }
    // gcloud pubsub subscriptions create|update --push-endpoint U
    if (name === 'gcloud' && a.includes('pubsub') && a.includes('subscriptions'))
      for (const u of optionValues(a, /^--push-endpoint$/)) dests.push([u, 'gcloud pubsub push subscription']);
    if (name === 'curl' || name === 'http' || name === 'https' || name === 'xh') {
      const f = httpFeed(a);
      if (f) dests.push(f);
    }
    // gcloud logging sinks create NAME DEST: logs of an organisation or folder, or sent to another project
    if (name === 'gcloud' && a.includes('logging') && a.includes('sinks') && a.includes('create')) {
      const i = a.indexOf('create');
      const dest = a.slice(i + 1).filter((w) => !w.startsWith('-'))[1] ?? '';
      const destProject = /\/projects\/([\w-]+)\//.exec(dest)?.[1];
      const project = optionValues(a, /^--project$/)[0];
      const wide = optionValues(a, /^--organization$|^--folder$/).length > 0;
      if (dest && (wide || (destProject && project && destProject !== project)))
        dests.push([`https://${dest}`, `gcloud logging sink${wide ? ' of a whole organisation' : ''}`]);
    }
    // aws logs put-subscription-filter --destination-arn ...:destination:NAME: a log destination,
    // CloudWatch Logs' way to send a group's events to another account
    if (name === 'aws' && a[1] === 'logs' && a[2] === 'put-subscription-filter')
      for (const d of optionValues(a, /^--destination-arn$/))
        if (/^arn:aws:logs:[\w-]+:\d{12}:destination:/.test(d))
          dests.push([`https://logs.${d.split(':')[4]}.aws`, 'aws logs cross-account destination']);
    // az eventgrid event-subscription create --endpoint U
    if (name === 'az' && a[1] === 'eventgrid' && a.includes('event-subscription') && a.includes('create'))
      for (const u of optionValues(a, /^--endpoint$/)) dests.push([u, 'az eventgrid event-subscription']);
    for (const [d, what] of dests) {
      const e = feed(d, what, `${what} sends every later event to ${d}`);
      if (e) out.push(e);
    }
  }
}

/** The line gate of forwardRuleEffects. */
export const FORWARD_HINT = /forward|redirect/i;

/**
 * Any program's mail rule or setting that forwards or redirects to an address (`create filter
 * from X forward ADDR`, `--forward-to ADDR`, `forwarding=ADDR`): every later matching message goes
 * there, whatever the mail system's CLI. Read as a feed to the address's domain, as the Exchange
 * and Gmail spellings above are.
 */
export function forwardRuleEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const a = c.argv;
    const name = basename(a[0] ?? '').toLowerCase();
    if (TEXT_ONLY.has(name) || /^(?:set-mailbox|new-inboxrule|set-inboxrule|new-transportrule)$/.test(name)) continue;
    for (let i = 1; i < a.length; i++) {
      const m = FORWARD_WORD.exec(a[i] ?? '');
      if (!m) continue;
      const next = m[1] ?? (/^(?:on|to)$/i.test(a[i + 1] ?? '') ? a[i + 2] : a[i + 1]) ?? '';
      if (!MAIL_ADDRESS.test(next)) continue;
      const e = feed(next, `${name} mail forwarding`, `${name} forwards later mail to ${next}`);
      if (e) out.push(e);
    }
  }
}

// ------------------------------------------------------------------ MCP tools

const CREATES = new Set(['create', 'add', 'register', 'set', 'update', 'subscribe', 'put', 'new', 'enable', 'install']);
const FEED_NOUNS = new Set([
  'webhook',
  'webhooks',
  'hook',
  'hooks',
  'subscription',
  'subscriptions',
  'endpoint',
  'callback',
  'forward',
  'forwarding',
  'filter',
  'rule',
  'sink',
  'destination',
  'notification',
  'integration',
  'drain',
  'drains',
  'stream',
  'oauth',
]);
const URL_KEYS =
  /^(?:url|uri|endpoint|address|target|target_url|targetUrl|callback|callback_url|callbackUrl|notification_url|notificationUrl|payload_url|payloadUrl|webhook_url|webhookUrl|push_endpoint|pushEndpoint|destination|delivery_url|redirect_uri|redirect_uris|redirectUri|redirectUris|callback_urls)$/;
const FORWARD_KEYS =
  /^(?:forward|forwardTo|forward_to|forwardAsAttachmentTo|redirectTo|redirect_to|forwardingAddress|forwarding_email)$/;
/** Keys that name where a service calls back (Twilio smsUrl/statusCallback, Slack request_url ...), on any writing tool. */
const CALLBACK_KEY =
  /^(?:[a-z]+_)?(?:callback|webhook|hook|notify|notification|sms|voice|status_?callback|event|delivery|push|forward(?:ing)?|request|payload)[_-]?(?:url|uri)$|^(?:statusCallback|smsUrl|voiceUrl|smsFallbackUrl|voiceFallbackUrl)$/i;

/** The destinations in params (and one level of nested objects: GitHub's `config.url`, Gmail's `action.forward`). */
function destinations(p: Record<string, unknown>, depth = 0): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(p)) {
    const vals = (Array.isArray(v) ? v : [v]).flatMap((x) =>
      typeof x === 'object' && x !== null && 'address' in x
        ? [(x as { address?: unknown }).address, (x as { emailAddress?: { address?: unknown } }).emailAddress?.address]
        : [x],
    );
    if (URL_KEYS.test(k) || CALLBACK_KEY.test(k))
      for (const x of vals)
        if (typeof x === 'string' && /^(?:https?|syslog(?:\+tls)?):\/\//i.test(x)) out.push(x);
        // a syslog or TCP endpoint given as host:port (log streams)
        else if (typeof x === 'string' && /^[\w-]+(?:\.[\w-]+)+:\d{2,5}$/.test(x)) out.push(`tcp://${x}`);
    if (FORWARD_KEYS.test(k)) for (const x of vals) if (typeof x === 'string' && /@/.test(x)) out.push(x);
    if (depth === 0 && typeof v === 'object' && v !== null && !Array.isArray(v))
      out.push(...destinations(v as Record<string, unknown>, 1));
  }
  return out;
}

/** An MCP tool that creates a webhook, push subscription or forwarding rule with a destination. */
export function mcpFeeds(op: string, p: Record<string, unknown>): Effect[] {
  const words = toolWords(op);
  if (!words.some((w) => CREATES.has(w))) return [];
  if (words.some((w) => w === 'delete' || w === 'remove' || w === 'list' || w === 'get' || w === 'test')) return [];
  const found = words.some((w) => FEED_NOUNS.has(w))
    ? destinations(p)
    : Object.entries(p)
        .filter(([k, v]) => CALLBACK_KEY.test(k) && typeof v === 'string' && /^https?:\/\//i.test(v))
        .map(([, v]) => v as string);
  // auto-forwarding set on a mailbox: its address is the destination (Gmail forwardingAddresses, autoForwarding)
  if (words.some((w) => w === 'forward' || w === 'forwarding'))
    for (const k of ['emailAddress', 'email', 'address', 'forwardingEmail'])
      if (typeof p[k] === 'string' && /@/.test(p[k] as string)) found.push(p[k] as string);
  const out: Effect[] = [];
  for (const d of found) {
    const e = feed(d, `mcp ${op}`, `MCP ${op} sends every later event or message to ${d}`);
    if (e) out.push(e);
  }
  return out.slice(0, 4);
}
