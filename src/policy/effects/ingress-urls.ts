// Ingress URLs: addresses that exist only to take data in and hand it to whoever made them. An
// incoming webhook, a form's submission endpoint or a chat bot's send method carries its owner's
// key in the URL itself, so anything posted there goes to the person who created it, on a host
// that looks like a well-known service's API. A request body sent to one is never "the API's
// ordinary use" by the user's own account (egress.ts, payloadToService): a file posted there leaves
// as it would to an unknown host.
// Shapes, read from the path and host rather than from the service's name:
//   .../webhooks/ID/TOKEN, .../webhook/ID, .../webhookb2/..., .../hooks/ID...   incoming webhooks
//     (Discord "Execute Webhook", Slack hooks.slack.com/services/T/B/X, Microsoft Teams
//     webhookb2, Mattermost and Rocket.Chat /hooks/ID, n8n /webhook/ID, Zapier /hooks/catch/)
//   hooks.HOST, hook.HOST (a host named for taking hooks)                    Slack, Zapier, Make
//   .../triggers/.../paths/invoke                                            workflow HTTP triggers
//   .../trigger/EVENT/with/key/KEY                                           IFTTT-style triggers
//   .../formResponse, .../forms/.../submit, /f/ID on a form host            form submissions
//   .../bot<digits>:<token>/send*                                           chat bot send methods
// Sources: each service's documentation of its incoming webhooks and submission endpoints (Discord
// developer docs "Webhook resource", Slack "Sending messages using incoming webhooks", Microsoft
// "Create incoming webhooks", Google Forms prefilled submission, Telegram Bot API).

const HOOK_SEGMENT = /\/(?:webhooks?|webhookb2|hooks)\/(?:[\w.%-]+\/[\w.%@-]+|[\w.%-]{16,})/i;
/** A forge's API for managing a repository's or group's webhooks (list, read, ping), not one hook's ingress. */
const HOOK_ADMIN = /\/(?:repos\/[^/]+\/[^/]+|orgs\/[^/]+|projects\/[^/]+|groups\/[^/]+|api\/v\d+\/[^/]+)\/hooks\//i;
const HOOK_HOST = /^(?:hooks?|webhooks?|ingest|inbound)\.[a-z0-9-]+\.[a-z.]+$/i;
const TRIGGER = /\/triggers\/[^/]+\/paths\/invoke\b|\/trigger\/[^/]+\/with\/key\/[^/]+/i;
const FORM = /\/formResponse\b|\/forms?\/[^/?#]+\/(?:submit|responses?)\b/i;
// a token held in a variable (`bot$TG_TOKEN`, `bot${BOT_TOKEN}`) is still a bot's send method
const BOT_SEND = /\/bot(?:\d{5,}:[\w-]{20,}|\$\{?[A-Za-z_]\w*\}?)\/send\w*/i;

/** Whether the URL is an ingress endpoint (an incoming webhook, form submission or bot send method). */
export function isIngressUrl(url: string): boolean {
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/:?#]+)(?::\d+)?([^?#]*)/i.exec(url.trim());
  if (!m) return false;
  const host = (m[1] ?? '').toLowerCase();
  const path = m[2] ?? '';
  return (
    (HOOK_HOST.test(host) && path.length > 1) ||
    (HOOK_SEGMENT.test(path) && !HOOK_ADMIN.test(path)) ||
    TRIGGER.test(path) ||
    FORM.test(path) ||
    BOT_SEND.test(path)
  );
}
