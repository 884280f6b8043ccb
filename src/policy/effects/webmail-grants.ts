// Access to an organisation's files, calendars or mail granted to a personal webmail account, by
// any admin or sync tool: a sharing verb (share, an ACL, a permission, a delegate, an invite, a
// collaborator or member added) on a command line that names an address at a consumer mail
// provider (`gam user it@school.org add drivefileacl FILE user someone@gmail.com role reader`,
// `acme-drive share --with me@outlook.com FOLDER`, `o365 spo file sharinglink add --email
// x@yahoo.com`). Whoever holds that account reads the data from then on, outside every control of
// the organisation's own accounts. Read as `shares-data access to ADDRESS`, which the exfiltration
// policy asks about. Mail sent to such an address is data-shares.ts' reading; a command that only
// looks an account up (`info`, `show`, `print`, `get`) grants nothing.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';
import { WEBMAIL } from './data-shares.js';

/** A cheap first look: a consumer mail domain on the line. */
export const WEBMAIL_GRANT_HINT =
  /@(?:gmail|googlemail|outlook|hotmail|live|msn|yahoo|ymail|aol|icloud|me|mac|proton|protonmail|pm|gmx|mail|yandex|tutanota|tuta|zoho|fastmail|hey|qq|163)\./i;

/** Words that say the command lets someone in. */
const GRANT_WORD =
  /^(?:[\w-]*acls?|[\w-]*share[sd]?|sharing[\w-]*|sharinglink|[\w-]*permissions?|perms?|delegates?|delegation|delegate-?\w*|invite[sd]?|invitations?|collaborators?|grant|add-?member|addmember|members?|sendas|role|reader|writer|editor|commenter|viewer|organizer|fileorganizer|owner|co-?owner|manager)$/i;
/** Words that say it only looks (an account or ACL listed, shown or removed). */
const LOOK_WORD = /^(?:info|show|print|get|list|ls|describe|view|remove|delete|del|revoke|unshare)$/i;
/** Programs that mail or commit rather than share (their addresses are recipients or authors). */
const NOT_GRANTS = /^(?:mail|mailx|mutt|neomutt|sendmail|swaks|msmtp|s-nail|git|hg|echo|printf|grep|rg|sed|awk)$/;

export function webmailGrantEffects(line: LineFacts, out: Effect[]): void {
  for (const c of line.cmds) {
    const a = c.argv;
    if (NOT_GRANTS.test(basename(a[0] ?? '').toLowerCase())) continue;
    const words = a.slice(1).map((w) => w.replace(/^-+/, '').replace(/=.*$/, ''));
    if (!words.some((w) => GRANT_WORD.test(w)) || words.some((w) => LOOK_WORD.test(w))) continue;
    const to = a
      .slice(1)
      .map((w) => w.replace(/^-[\w-]*=/, '').replace(/^(?:user|group|anyone|email|to|with):/i, ''))
      .find((w) => WEBMAIL.test(w));
    if (!to) continue;
    out.push({
      tool: 'exec',
      command: `shares-data access to ${to.replace(/[^\w@.-]/g, '_')}`,
      via: `${basename(a[0] ?? '')} gives ${to}, a personal webmail account, access`,
    });
  }
}
