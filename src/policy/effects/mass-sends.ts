// Messages sent to a whole audience by the project's own code rather than a mailing service's
// API (saas-actions.ts reads those): `php artisan newsletter:send --audience=all`, `python
// manage.py send_newsletter --all`, `node scripts/push-all-subscribers.js --send`, `bin/rails
// runner 'User.find_each { |u| PromoMailer.promo(u).deliver_now }'`, `aws sns publish --topic-arn
// ...:all-customers`. What they do is the same: everyone on the list gets the message at once and
// it cannot be called back. Read as `saas-broadcast cli TOOL WORDS` (asked by
// hosted-service-actions). A test send, a preview or a dry run is not a broadcast.
// Sources: Laravel artisan and Django management command naming (`group:verb`, `verb_object`),
// Rails runner, Django send_mass_mail, WordPress wp_mail, Amazon SNS publish (a topic delivers to
// every subscription), the web-push library.
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';

/** Cheap gate: a word that sends. */
export const MASS_SEND_HINT = /send|deliver|blast|broadcast|mail|notif|push|announce|publish/i;

const SEND = new Set(
  'send sending deliver blast broadcast mail email mailer notify notification push dispatch announce'.split(' '),
);
const AUDIENCE = new Set(
  'newsletter newsletters campaign campaigns announcement announcements digest subscribers customers users members students everyone all bulk mass promo marketing'.split(
    ' ',
  ),
);
/** Options that address everyone. */
const ALL_OPTION =
  /^--(?:all|everyone|all-users|all-subscribers|to-all|(?:audience|segment|to|list|group)=(?:all|everyone|\*))$/i;
/** Programs whose push or publish moves code, images or packages, not messages. */
const NOT_TASKS =
  /^(?:git|hg|svn|docker|podman|buildah|nerdctl|helm|oras|crane|skopeo|kubectl|gh|glab|npm|pnpm|yarn|bun|cargo|twine|gem|dotnet|mvn|gradle|gradlew)$/;
/** Words that make it a rehearsal. */
const REHEARSAL = /^(?:--?(?:dry-?run|test|preview|pretend|simulate|limit=1)|test|preview)$/i;

/** Code that walks every user and mails or notifies each (Rails, Django, Laravel, WordPress, Node). */
const EVERY_USER =
  /\b(?:find_each|find_in_batches|\w+\.all\.each|objects\.all\(\)|::all\(\)|::cursor\(\)|get_users\s*\(|\.findAll\(\)|\.find\(\{\}\))/;
const MAILS_EACH =
  /\b(?:deliver_now|deliver_later|send_mail|send_mass_mail|wp_mail|Mail::to|->notify\(|\.notify\(|messages\.create|sendNotification|sendMail)\b/;

function tokens(words: string[]): string[] {
  return words.flatMap((w) => w.toLowerCase().split(/[^a-z]+/)).filter(Boolean);
}

/** Broadcasts by the project's own commands and code. */
export function massSendEffects(line: LineFacts, out: Effect[]): void {
  const push = (tool: string, words: string[], what: string) =>
    out.push({ tool: 'exec', command: `saas-broadcast cli ${tool} ${words.join(' ')}`, via: `${tool} ${what}` });
  if (EVERY_USER.test(line.text) && MAILS_EACH.test(line.text)) {
    push('code', ['each-user'], 'mails or notifies every user in a loop');
    return;
  }
  for (const c of line.cmds) {
    const a = c.argv;
    if (a.some((w) => REHEARSAL.test(w))) continue;
    const name = (a[0] ?? '').toLowerCase();
    if (/(?:^|\/)aws$/.test(name) && a[1] === 'sns' && a[2] === 'publish') {
      const i = a.findIndex((w) => w === '--topic-arn' || w.startsWith('--topic-arn='));
      const opt = i < 0 ? '' : (a[i] ?? '');
      const arn = opt.includes('=') ? opt.slice(opt.indexOf('=') + 1) : i < 0 ? '' : (a[i + 1] ?? '');
      const topic = arn.split(':').pop() ?? '';
      if (tokens([topic]).some((t) => AUDIENCE.has(t)))
        push('aws', ['sns', 'publish', topic], `publishes to every subscriber of ${topic}`);
      continue;
    }
    // a task or script whose own name sends to an audience (`send_newsletter`, `newsletter:send`,
    // `push-all-subscribers.js`), or a sending task given an everyone option; a push of code or
    // images (`git push origin notify-all-users`) names a branch or an image, not a task
    if (NOT_TASKS.test(name.replace(/^.*\//, ''))) continue;
    const words = a.slice(0, 6).filter((w) => !w.startsWith('-') && !/^['"]|\s/.test(w));
    const named = words.some((w) => {
      const t = tokens([w]);
      return t.some((x) => SEND.has(x)) && t.some((x) => AUDIENCE.has(x));
    });
    const sends = tokens(words).some((x) => SEND.has(x));
    if (named || (sends && a.some((w) => ALL_OPTION.test(w)))) push(name, a.slice(1, 6), 'sends to everyone on a list');
  }
}
