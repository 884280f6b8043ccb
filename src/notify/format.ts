// The messages a new approval sends: one plain description, rendered for Slack incoming
// webhooks, Discord webhooks, ntfy's JSON publishing, a plain JSON body, and the desktop.
// Every field is untrusted (the agent chose the command), already redacted, and escaped for
// the receiving format so it cannot mention people or forge links.
import type { WebhookTarget } from './notify-config.js';

export interface AskNotice {
  id: string;
  tool: string;
  agent: string;
  /** The command, path, URL, or MCP tool and arguments (redacted). */
  subject: string;
  /** The policy's reason for asking. */
  reason: string;
  expiresAt: string;
  /** Confirm pages for a browser (a link preview can never resolve by fetching them). */
  approveUrl: string;
  denyUrl: string;
  /** The signed POST endpoint, for receivers that can POST themselves (ntfy actions). */
  resolveUrl: string;
  dashboardUrl: string;
}

const MAX_SUBJECT = 500;

const cut = (s: string, n = MAX_SUBJECT) => (s.length > n ? s.slice(0, n - 1) + '…' : s);
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, ' ');

export function plainText(n: AskNotice): string {
  return `${oneLine(n.agent)} wants to run ${oneLine(n.tool)}: ${cut(oneLine(n.subject))}\nreason: ${cut(oneLine(n.reason), 200)}\napproval ${n.id}, expires ${n.expiresAt}\napprove: svc approve ${n.id} or ${n.dashboardUrl}`;
}

/** Slack mrkdwn: &, < and > are the only characters Slack asks to escape. */
const slackEsc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Inside a code span nothing is formatted; a backtick would end it. */
const code = (s: string) => cut(oneLine(s)).replace(/`/g, "'");
/** Discord markdown: escape its formatting characters. */
const discordEsc = (s: string) => oneLine(s).replace(/([\\*_~`|>\[\]()#@-])/g, '\\$1');

export function slackBody(n: AskNotice): unknown {
  const text = `svc: approval needed for ${slackEsc(oneLine(n.agent))} (${slackEsc(oneLine(n.tool))})`;
  return {
    text,
    blocks: [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `*Approval needed* · ${slackEsc(oneLine(n.agent))} wants to run *${slackEsc(oneLine(n.tool))}*:\n\`${slackEsc(code(n.subject))}\`\n${slackEsc(cut(oneLine(n.reason), 200))}\nApproval \`${slackEsc(n.id)}\`, expires ${slackEsc(n.expiresAt)}. Or: \`svc approve ${slackEsc(n.id)}\``,
        },
      },
      {
        type: 'actions',
        elements: [
          { type: 'button', text: { type: 'plain_text', text: 'Approve' }, style: 'primary', url: n.approveUrl },
          { type: 'button', text: { type: 'plain_text', text: 'Deny' }, style: 'danger', url: n.denyUrl },
        ],
      },
    ],
  };
}

export function discordBody(n: AskNotice): unknown {
  return {
    content: `svc: approval needed for ${discordEsc(n.agent)} (${discordEsc(n.tool)})`,
    // Nothing in an agent's text may ping anyone.
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: 'Approval needed',
        description: `\`${code(n.subject)}\`\n${discordEsc(cut(n.reason, 200))}\n\n[Approve](${n.approveUrl}) · [Deny](${n.denyUrl})`,
        fields: [
          { name: 'agent', value: discordEsc(cut(n.agent, 100)) || '-', inline: true },
          { name: 'tool', value: discordEsc(n.tool) || '-', inline: true },
          { name: 'approval', value: `\`svc approve ${n.id}\``, inline: false },
          { name: 'expires', value: n.expiresAt, inline: true },
        ],
      },
    ],
  };
}

/** ntfy JSON publishing goes to the server's root with the topic in the body. */
export function ntfyRequest(target: WebhookTarget, n: AskNotice): { url: string; body: unknown } {
  const u = new URL(target.url);
  const topic = u.pathname.replace(/^\/+|\/+$/g, '');
  u.pathname = '/';
  return {
    url: u.toString(),
    body: {
      topic,
      title: `svc: approval needed (${oneLine(n.tool)})`,
      message: plainText(n),
      priority: 4,
      tags: ['warning'],
      click: n.dashboardUrl,
      actions: [
        // ntfy POSTs these itself: one tap resolves, through the signed route.
        {
          action: 'http',
          label: 'Approve',
          url: n.resolveUrl,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"approved":true}',
          clear: true,
        },
        {
          action: 'http',
          label: 'Deny',
          url: n.resolveUrl,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"approved":false}',
          clear: true,
        },
      ],
    },
  };
}

export function jsonBody(n: AskNotice): unknown {
  return {
    event: 'approval_requested',
    approval_id: n.id,
    tool: n.tool,
    agent: n.agent,
    subject: n.subject,
    reason: n.reason,
    expires_at: n.expiresAt,
    approve_url: n.approveUrl,
    deny_url: n.denyUrl,
    resolve_url: n.resolveUrl,
    dashboard_url: n.dashboardUrl,
  };
}

export function webhookRequest(
  target: WebhookTarget,
  n: AskNotice,
): { url: string; body: unknown; headers: Record<string, string> } {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  switch (target.type) {
    case 'slack':
      return { url: target.url, body: slackBody(n), headers };
    case 'discord':
      return { url: target.url, body: discordBody(n), headers };
    case 'ntfy': {
      if (target.token) headers.authorization = `Bearer ${target.token}`;
      const r = ntfyRequest(target, n);
      return { ...r, headers };
    }
    case 'json':
      return { url: target.url, body: jsonBody(n), headers };
  }
}
