// A mail rule that hides what a security sender writes: a filter or inbox rule created to trash,
// delete, mark read or move out of the inbox the messages of account, security, sign-in or fraud
// senders (`gmail_create_filter {criteria: {from: "security@..."}, action: {addLabelIds: ["TRASH"]}}`,
// an Outlook rule moving "password reset" mail to Deleted Items). Every later alert about a new
// sign-in, a changed password or a payment goes unseen: the standing cover attackers set after
// taking a mailbox (MITRE ATT&CK T1564.008, "Hide Artifacts: Email Hiding Rules"). A rule that
// files newsletters or labels a project's mail is ordinary, and so is one on security senders
// that only labels or stars.
//
// Read as `mail-rule-hide mcp TOOL` (policy mail-rules-hiding-alerts, ask).
import type { Effect } from './types.js';
import { toolWords } from './mcp-tools.js';

const RULE = new Set(['filter', 'filters', 'rule', 'rules', 'inboxrule', 'inboxrules', 'messagerule', 'messagerules']);
const CREATES = new Set(['create', 'add', 'new', 'set', 'update', 'put', 'insert', 'make']);
/** Actions that take a message out of sight: trash, spam, delete, read-and-archived, moved to deleted items. */
const HIDES =
  /"(?:TRASH|SPAM)"|"removeLabelIds"\s*:\s*\[[^\]]*"INBOX"|"?(?:delete|deleteMessage|permanentDelete|markAsRead|markRead|skipInbox|skip_inbox|archive|moveToTrash|trash)"?\s*:\s*true|"moveToFolder"\s*:\s*"(?:deleteditems|junkemail|archive|rss|conversation history)"|"(?:action|actions)"\s*:\s*"(?:delete|trash|archive|junk)"/i;
/** Senders and subjects of security and account mail. */
const SECURITY =
  /security|alert|verif|password|passcode|2fa|mfa|two-factor|sign-?in|signin|log-?in|login|fraud|accounts?[@.]|account (?:activity|alert|change)|unusual activity|suspicious|new device|recovery/i;

export function mcpMailHides(op: string, p: Record<string, unknown>): Effect[] {
  const words = toolWords(op);
  if (!words.some((w) => RULE.has(w)) || !words.some((w) => CREATES.has(w))) return [];
  const text = JSON.stringify(p);
  if (!HIDES.test(text)) return [];
  // what the rule matches: its criteria or conditions, else every field but the action
  const criteria = JSON.stringify(
    p['criteria'] ?? p['conditions'] ?? p['condition'] ?? p['query'] ?? p['from'] ?? p['match'] ?? p,
  );
  if (!SECURITY.test(criteria)) return [];
  const command = `mail-rule-hide mcp ${op.replace(/[^\w.-]/g, '_')}`;
  return [{ tool: 'exec', command, via: `MCP ${op} hides later mail from security or account senders` }];
}
