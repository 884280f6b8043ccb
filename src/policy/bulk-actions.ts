// Any program's action handed every item of a list, whatever the program: the shape says it, not
// the name. Two shell shapes svc had read only for deletes and for HTTP sends:
//  - a CLI's send verb over a list: `CRM contacts list | xargs -n1 CRM sms send --to`, `for u in
//    $(TOOL users list); do TOOL users email $u --subject ...; done`, `twilio
//    api:core:messages:create --to $n` in a `while read n` loop. Everyone on the list gets the
//    message and it cannot be called back: `saas-broadcast cli TOOL WORDS each-of-list` (asked,
//    as a campaign sent to everyone is).
//  - an HTTP request per listed id that ends or voids what the id names: `for id in $(curl
//    .../backups | jq ...); do curl -X POST .../backups/$id/expire; done`, `xargs -I{} curl -X
//    POST .../subscriptions/{}/cancel`, `-X PATCH .../users/{} -d '{"active":false}'`. Read as
//    `bulk-action http HOST PATH each-of-list` (asked by bulk-actions).
// The verbs are the word classes below (not products): a send, message or notify verb, or a
// message noun with a create verb (`messages:create`, `sms create`); the end-of-life verbs are the
// bulk verbs shell-verbs.ts already reads over a listing (cancel, void, refund, deactivate ...).
// A rehearsal (`--dry-run`, `--test`, `--preview`), a request to this machine or a private
// network, and a loop that only prints are not read.
import { httpCall } from './shell-http-destroy.js';
import { localHost } from './saas-actions.js';
import { rehearses } from './shell-verb-scope.js';

/** Verbs that deliver a message to someone (CLI reference naming: send, notify, sms, email, invite ...). */
export const SEND_VERBS = new Set(
  'send sendmail send-email send-sms email mail sms text notify message remind broadcast blast dm page invite'.split(
    ' ',
  ),
);
/** Nouns of a message, created to send it (Twilio `api:core:messages:create`, `notifications create`). */
const MESSAGE_NOUN =
  /^(?:messages?|sms|mms|texts?|emails?|mails?|notifications?|push-notifications?|reminders?|invitations?|invites?|broadcasts?|campaigns?|newsletters?)$/;
const CREATE = /^(?:create|post|new|add|queue|enqueue|schedule|trigger|dispatch|deliver)$/;
/** Programs whose send or publish verbs move code, packages or patches, or that are read elsewhere. */
const NOT_MESSAGING =
  /^(?:git|hg|svn|docker|podman|buildah|nerdctl|helm|oras|crane|skopeo|kubectl|oc|gh|glab|npm|pnpm|yarn|bun|cargo|twine|gem|dotnet|mvn|gradle|gradlew|nc|ncat|socat|curl|wget|http|https|xh|ssh|scp|rsync|echo|printf|kill|pkill|tmux|screen|wall|write|notify-send|osascript|terminal-notifier|logger|systemd-notify|say|espeak|zenity|kdialog|mqtt|mosquitto_pub|aws|gcloud|az)$/;
/** Options that make a send a rehearsal or a message to oneself. */
const REHEARSAL = /^--?(?:dry-?run|test|test-mode|preview|pretend|simulate|sandbox|draft)(?:=(?:true|1|yes))?$/i;

/** The send verb among a command's leading subcommand words, or null. */
function sendVerb(words: string[]): { verb: string; at: number } | null {
  for (let i = 1, seen = 0; i < words.length && seen < 4; i++) {
    const w = (words[i] ?? '').toLowerCase();
    if (w.startsWith('-')) break;
    if (!/^[a-z][\w:.-]*$/.test(w)) break;
    seen++;
    if (SEND_VERBS.has(w)) return { verb: w, at: i };
    const parts = w.split(/[:.]/);
    const last = parts[parts.length - 1] ?? '';
    if (parts.length > 1 && SEND_VERBS.has(last)) return { verb: last, at: i };
    if (parts.length > 1 && CREATE.test(last) && parts.slice(0, -1).some((p) => MESSAGE_NOUN.test(p)))
      return { verb: w, at: i };
    if (CREATE.test(w) && i > 1 && MESSAGE_NOUN.test((words[i - 1] ?? '').toLowerCase())) return { verb: w, at: i };
    const dashed = w.split('-');
    if (dashed.length > 1 && SEND_VERBS.has(dashed[0] ?? '')) return { verb: dashed[0] ?? w, at: i };
  }
  return null;
}

/**
 * `TOOL ... send|email|sms|notify ... $ITEM` where ITEM comes from a listing, a `read` loop or
 * xargs: one message per listed recipient. `isComputed` says whether a word is known only at run
 * time (shell-verbs.ts); an option's value counts here (`--to $n` names the recipient).
 */
export function listedSendReading(words: string[], isComputed: (w: string) => boolean): string | undefined {
  const tool = (words[0] ?? '').toLowerCase();
  if (!/^[a-z][a-z0-9._-]*$/.test(tool) || NOT_MESSAGING.test(tool)) return undefined;
  // a program named for sending (`sendmail-cli --to "$e"`, `sms-send $n`) is its own verb
  const named = tool.split(/[-_.]/).some((p) => /^(?:send|sendmail|sendemail|mail|mailx|email|sms|notify)$/.test(p));
  const found = sendVerb(words) ?? (named ? { verb: tool, at: 0 } : null);
  if (!found) return undefined;
  const rest = words.slice(found.at + 1);
  if (!rest.some((w) => isComputed(w) && !/^-/.test(w))) return undefined;
  if (rest.some((w) => REHEARSAL.test(w)) || rehearses(words, 1)) return undefined;
  return `saas-broadcast cli ${words.slice(0, found.at + 1).join(' ')} each-of-list`;
}

/** Path words that end, void or shut out what the id before them names (shell-verbs.ts' bulk verbs, and deletes). */
const END_SEGMENT =
  /^(?:cancel|close|deactivate|disable|suspend|archive|refund|void|expire|lock|block|ban|revoke|terminate|decommission|delete|destroy|purge|wipe|erase|reset|factory-?reset|retire|unpublish|offboard|unsubscribe|reject|decline|kill|stop|shutdown|remove)$/i;
/** A body that switches what it names off (`{"active":false}`, `status=cancelled`). */
const OFF_BODY =
  /["']?(?:active|enabled|is_active|isActive|enable)["']?\s*[:=]\s*(?:false|0)\b|["']?(?:status|state)["']?\s*[:=]\s*["']?(?:cancell?ed|disabled|deactivated|suspended|inactive|revoked|closed|terminated|void(?:ed)?)\b/i;

/**
 * An HTTP request per listed id (the URL holds the loop's variable or xargs' replace string) that
 * ends what the id names: its last path word is an end verb, or a PATCH/PUT body switches it off.
 * DELETE requests are the HTTP delete reading's business (shell-http-destroy.ts).
 */
export function loopedHttpAction(words: string[], isComputed: (w: string) => boolean): string | undefined {
  const r = httpCall(words);
  if (!r || !/^(?:POST|PUT|PATCH)$/.test(r.method)) return undefined;
  if (!isComputed(r.url)) return undefined;
  const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/]*@)?(\[[^\]]*\]|[^/:?#]*)(?::\d+)?([^?#]*)(\?[^#]*)?/i.exec(r.url);
  const host = (m?.[1] ?? '').toLowerCase();
  if (!host || localHost(host)) return undefined;
  const segs = (m?.[2] ?? '').split('/').filter(Boolean);
  const last = (segs[segs.length - 1] ?? '').replace(/^[:_]/, '');
  const query = m?.[3] ?? '';
  const ends =
    END_SEGMENT.test(last.replace(/_/g, '-')) ||
    END_SEGMENT.test(/[?&](?:action|op|operation)=([\w-]+)/i.exec(query)?.[1] ?? '') ||
    (/^(?:PATCH|PUT)$/.test(r.method) && OFF_BODY.test(r.body));
  if (!ends) return undefined;
  return `bulk-action http ${host.replace(/[^\w.:-]/g, '') || 'remote'} ${segs.join('/')} each-of-list`;
}

/** Nouns of an end made by creating it (`stripe refunds create --charge=$c`, `cancellations create`). */
const END_NOUN = /^(?:refunds?|cancellations?|voids?|revocations?|terminations?|deactivations?)$/;
/** An option that switches what it names off (`--active=false`, `--enabled false`, `--disable`). */
function switchesOff(words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) {
    const w = (words[i] ?? '').toLowerCase();
    const m = /^--(?:active|enabled|is-active|is_active|enable|login-enabled|can-login)(?:=(.*))?$/.exec(w);
    if (m && /^(?:false|0|no|off)$/.test(m[1] ?? words[i + 1] ?? '')) return true;
    if (/^--(?:disable|disabled|deactivate|deactivated|suspend|suspended|block|blocked|lock|locked)$/.test(w))
      return true;
  }
  return false;
}

/**
 * Any program's update or create that ends what each listed item names: a refund or cancellation
 * created per listed charge (`for c in $(...); do TOOL refunds create --charge=$c; done`), an
 * update that switches each listed account off (`TOOL users update $u --active=false`). The id
 * may be an option's value here. Read as `bulk-action cli TOOL WORDS each-of-list`.
 */
export function listedEndReading(words: string[], isComputed: (w: string) => boolean): string | undefined {
  const tool = (words[0] ?? '').toLowerCase();
  if (!/^[a-z][a-z0-9._-]*$/.test(tool) || NOT_MESSAGING.test(tool)) return undefined;
  const path: string[] = [];
  for (let i = 1; i < words.length && path.length < 4; i++) {
    const w = (words[i] ?? '').toLowerCase();
    if (w.startsWith('-') || !/^[a-z][\w:.-]*$/.test(w)) break;
    path.push(w);
  }
  const parts = path.flatMap((w) => w.split(/[:.]/));
  const create = parts.some((p) => CREATE.test(p)) && parts.some((p) => END_NOUN.test(p));
  const update = parts.some((p) => /^(?:update|set|patch|edit|modify)$/.test(p)) && switchesOff(words);
  if (!create && !update) return undefined;
  if (!words.slice(path.length + 1).some((w) => isComputed(w))) return undefined;
  if (words.some((w) => REHEARSAL.test(w)) || rehearses(words, 1)) return undefined;
  return `bulk-action cli ${[tool, ...path].join(' ')} each-of-list`;
}
