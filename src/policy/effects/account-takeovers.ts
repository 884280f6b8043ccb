// Accounts taken or planted through any directory's or application's own CLI, read from the shape
// those CLIs share rather than from one tool's spelling:
//   takeover ACCOUNT  a password the caller chooses set on an existing account, with the
//                     account's own forced change at next sign-in switched off (`update user U
//                     password P changepassword off`, `--must-change-password=false`,
//                     `-ChangePasswordAtLogon $false`, `--force-change-password-next-sign-in false`,
//                     `--temporary=false`): the owner never learns it changed, and whoever set it
//                     signs in as them from then on. A helpdesk reset leaves the change forced.
//   hidden ACCOUNT    an account created with a password the caller sets and hidden from the
//                     directory everyone else browses (`gal off`, `-HiddenFromAddressListsEnabled
//                     $true`, `--hidden`, `showInAddressList false`), on the same line: a standing
//                     login nobody sees in the address book (MITRE ATT&CK T1136 "Create Account",
//                     T1564.002 "Hidden Users").
//   mfa-off ACCOUNT   an account's second factor switched off or its enrolment wiped (`--mfa
//                     disabled`, `2sv off`, `--2fa=false`, `turnoff2sv`, `disable-mfa`): its
//                     password alone then signs in (MITRE ATT&CK T1556.006 "Modify Authentication
//                     Process: Multi-Factor Authentication"). A helpdesk does this for a lost phone,
//                     so it is `opens-access weakened mfa-off ACCOUNT`, asked by access-opened.
// The first two are `account-change takeover|hidden ACCOUNT`, denied by privilege-readings. Accounts of the
// documentation domains (RFC 2606: example.com, .test, localhost) are fixtures and are not read.
// Sources: GAM "Users" (password, changepassword, gal), Microsoft Graph passwordProfile
// (forceChangePasswordNextSignIn), Azure CLI `az ad user`, ActiveDirectory module Set-ADUser
// (-ChangePasswordAtLogon), Exchange Set-Mailbox (-HiddenFromAddressListsEnabled), Keycloak kcadm
// `set-password --temporary`, Samba `samba-tool user create --must-change-at-next-login`.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

/** The line gate: a password or a directory's visibility is named. */
export const ACCOUNT_TAKEOVER_HINT =
  /pass(?:word|wd)|usermod|\bgal\b|hidden|addresslist|address-list|mfa|2fa|2sv|two[-_]?factor|multi[-_]?factor|totp|strong[-_]?auth/i;
/** A second factor's option or keyword, its value next or inline. */
const MFA_WORD =
  /^-{0,2}(?:mfa|2fa|2sv|two[-_]?(?:factor|step)(?:[-_]?auth(?:entication)?)?|multi[-_]?factor(?:[-_]?auth(?:entication)?)?|totp|otp|strong[-_]?auth(?:entication)?)(?:[-_]?(?:enabled|required|enforced|enforcement|state|status))?(?:[=:](.+))?$/i;
/** Verbs that switch a second factor off or wipe its enrolment. */
const MFA_OFF_VERB =
  /^(?:turnoff2sv|(?:disable|remove|delete|clear|wipe|reset|revoke|unenroll|deactivate)[-_]?(?:mfa|2fa|2sv|otp|totp|two[-_]?factor|multi[-_]?factor|strong[-_]?auth\w*|authenticators?|factors?))$/i;

/** Programs whose words are only text (a grep pattern, an echoed line) or whose reading is elsewhere. */
const TEXT_ONLY = new Set(
  'echo printf grep egrep fgrep rg ag ack cat less head tail sed awk jq yq git gh glab man pytest npm npx'.split(' '),
);

/** An option or keyword that sets a password, its value next or inline. */
const PASSWORD_WORD = /^-{0,2}(?:new[-_]?)?pass(?:word|wd)(?:[=:](.+))?$/i;
/** Verbs that set a password on their own (`set-password`, `reset-password`, `change-password`). */
const PASSWORD_VERB = /^(?:set|reset|change|update)[-_]?pass(?:word|wd)$/i;
/** The account's forced change at next sign-in, by its option or keyword name. */
const FORCED_CHANGE =
  /^-{0,2}(?:changepassword|change[-_]?password(?:[-_]?at[-_]?(?:next[-_]?)?log(?:on|in))?|must[-_]?change(?:[-_]?password|[-_]?at[-_]?next[-_]?log(?:on|in))?|force[-_]?change[-_]?password(?:[-_]?next[-_]?sign[-_]?in)?|force[-_]?password[-_]?change|require[-_]?password[-_]?change|password[-_]?change[-_]?required|temporary|temp)(?:[=:](.+))?$/i;
/** Switches that say the password is permanent. */
const PERMANENT =
  /^--?(?:no[-_]?(?:must[-_]?change(?:[-_]?password)?|temporary|force[-_]?change[-_]?password)|permanent)$/i;
const OFF = /^['"]?(?:off|false|no|0|\$false|never|disabled?|none)['"]?$/i;
const ON = /^['"]?(?:on|true|yes|1|\$true)['"]?$/i;
/** Hiding from the directory: GAM's `gal off`, Exchange's hidden-from-address-lists, a --hidden switch. */
const HIDE_WORD =
  /^-{0,2}(?:gal|show[-_]?in[-_]?(?:global[-_]?)?address[-_]?lists?|include[-_]?in[-_]?(?:global[-_]?)?address[-_]?lists?)(?:[=:](.+))?$/i;
const HIDDEN_SWITCH =
  /^-{0,2}(?:hidden|hidden[-_]?from[-_]?(?:global[-_]?)?address[-_]?lists?(?:[-_]?enabled)?)(?:[=:](.+))?$/i;
/** Words that name what the subcommand acts on: an account. */
const ACCOUNT_NOUN = /^(?:users?|accounts?|identit(?:y|ies)|members?|principals?|logins?|mailbox(?:es)?)$/i;
/** Options naming the account. */
const ACCOUNT_OPTION = /^-{1,2}(?:identity|user(?:name)?|upn|userprincipalname|id|login|account|email|name|u)$/i;
const CREATE = /^(?:create|add|new|useradd|adduser|register)$/i;
const FIXTURE = /@(?:example\.(?:com|org|net)|localhost|[\w.-]+\.(?:test|example|invalid|localhost))$/i;

/** Subcommand words that only look, and words that change. */
const LOOK = /^(?:list|ls|get|show|print|describe|search|find|query|report|info|view|count|audit|check|export)$/i;
const CHANGE = /^(?:update|set|modify|create|add|new|disable|reset|remove|delete|change|edit|patch)$/i;

interface AccountFacts {
  account?: string;
  setsPassword: boolean;
  forcedOff: boolean;
  forcedOn: boolean;
  hidden: boolean;
  creates: boolean;
  mfaOff: boolean;
}

const unquote = (w: string): string => w.replace(/^['"]|['"]$/g, '');

/** Words of a command with inline key/value lists spread out (`@{Password='x';ForceChangePasswordNextSignIn=$false}`,
 * `{"forceChangePasswordNextSignIn": false}`): each pair as `key=value`. */
function spread(argv: string[]): string[] {
  const out: string[] = [];
  for (const w of argv) {
    out.push(w);
    if (!/[{;,]/.test(w) || w.length > 4096) continue;
    for (const m of w.matchAll(/["']?([A-Za-z][\w-]*)["']?\s*[=:]\s*(["']?)([^;,}'"\s]+)\2/g))
      out.push(`${m[1] ?? ''}=${m[3] ?? ''}`);
  }
  return out;
}

/** Built-in superuser accounts: a password set on them is root's, forced change or not. */
const SUPERUSER_ACCOUNT = /^(?:root|toor|administrator|\.\\administrator|[\w-]+\\administrator)$/i;
/** A PowerShell cmdlet that changes an account: its first operand is the account. */
const ACCOUNT_CMDLET = /^(?:set|update|enable|unlock|reset)-\w*(?:user|account|identity|principal)\w*$/i;

function factsOf(raw: string[]): AccountFacts {
  const argv = spread(raw);
  const f: AccountFacts = {
    setsPassword: false,
    forcedOff: false,
    forcedOn: false,
    hidden: false,
    creates: false,
    mfaOff: false,
  };
  let nounSeen = false;
  const changes =
    /^(?:set|update|new|reset)-/i.test(basename(argv[0] ?? '')) ||
    argv.slice(1).some((w) => !w.startsWith('-') && CHANGE.test(w));
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const next = argv[i + 1] ?? '';
    if (CREATE.test(w) || /^new-\w*(?:user|account|mailbox)$/i.test(w)) f.creates = true;
    if (ACCOUNT_NOUN.test(w)) nounSeen = true;
    if (PASSWORD_VERB.test(w)) f.setsPassword = true;
    // usermod -p HASH: the account's password replaced by a hash the caller made
    if (/^usermod$/.test(basename(argv[0] ?? '')) && (w === '-p' || w === '--password') && next) f.setsPassword = true;
    if (/^set-\w*accountpassword$/i.test(basename(argv[0] ?? '')) && /^-newpassword$/i.test(w)) f.setsPassword = true;
    // a password option sets one only on a subcommand that changes (`user update --password`);
    // on a client's line it is the login (`mysql --user=root --password=secret`)
    const pw = PASSWORD_WORD.exec(w);
    if (pw && changes && (pw[1] !== undefined || (next && !next.startsWith('-')))) f.setsPassword = true;
    const forced = FORCED_CHANGE.exec(w);
    if (forced) {
      const v = forced[1] ?? next;
      if (OFF.test(v)) f.forcedOff = true;
      else if (ON.test(v) || (forced[1] === undefined && w.startsWith('-') && (!next || next.startsWith('-'))))
        f.forcedOn = true;
    }
    if (PERMANENT.test(w)) f.forcedOff = true;
    const mfa = MFA_WORD.exec(w);
    if ((mfa && OFF.test(mfa[1] ?? next)) || MFA_OFF_VERB.test(w)) f.mfaOff = true;
    const hide = HIDE_WORD.exec(w);
    if (hide && OFF.test(hide[1] ?? next)) f.hidden = true;
    const hidden = HIDDEN_SWITCH.exec(w);
    if (hidden && (hidden[1] !== undefined ? ON.test(hidden[1]) : !next || next.startsWith('-') || ON.test(next)))
      f.hidden = true;
    if (f.account === undefined && ACCOUNT_OPTION.test(w.split('=')[0] ?? '')) {
      const v = w.includes('=') ? w.slice(w.indexOf('=') + 1) : next;
      if (v && !v.startsWith('-')) f.account = unquote(v);
    }
    // an account named as an operand: an address, the word after an account noun, a cmdlet's
    // first operand, the last operand of usermod/passwd
    if (
      f.account === undefined &&
      i === 1 &&
      ACCOUNT_CMDLET.test(basename(argv[0] ?? '')) &&
      /^[\w.\\@-]+$/.test(w) &&
      !w.startsWith('-')
    )
      f.account = w;
    if (
      f.account === undefined &&
      i === raw.length - 1 &&
      /^(?:usermod|passwd)$/.test(basename(argv[0] ?? '')) &&
      /^[\w.-]+$/.test(w)
    )
      f.account = w;
    if (f.account === undefined && /^['"]?[^@\s'"=]+@[\w.-]+\.[a-z]{2,}['"]?$/i.test(w)) f.account = unquote(w);
    else if (f.account === undefined && nounSeen && ACCOUNT_NOUN.test(argv[i - 1] ?? '') && /^[\w.\\@-]+$/.test(w))
      f.account = w;
  }
  return f;
}

function safe(w: string): string {
  return w.replace(/[^A-Za-z0-9@/._:+=,#~-]/g, '_').slice(0, 120) || '_';
}

export function accountTakeoverEffects(line: LineView, out: Effect[]): void {
  const created = new Map<string, string>();
  const hiddenNames = new Set<string>();
  // a password set by one command and the forced change switched off by the next, same account
  const passwordSet = new Map<string, string>();
  const forcedOff = new Set<string>();
  for (const c of line.cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (!name || TEXT_ONLY.has(name)) continue;
    // a listing filtered by the setting (`users list --mfa disabled`) changes nothing
    const head = c.argv.slice(1, 5);
    if (head.some((w) => LOOK.test(w)) && !head.some((w) => CHANGE.test(w))) continue;
    const f = factsOf(c.argv);
    if (!f.account || FIXTURE.test(f.account)) continue;
    const who = f.account.toLowerCase();
    if (f.setsPassword && !f.creates && SUPERUSER_ACCOUNT.test(f.account))
      out.push({
        tool: 'privilege',
        command: `account-change takeover ${safe(f.account)}`,
        via: `${name} sets a chosen password on the superuser account ${f.account}`,
      });
    if (f.setsPassword && !f.creates) passwordSet.set(who, name);
    if (f.forcedOff && !f.forcedOn) forcedOff.add(who);
    if (f.setsPassword && f.forcedOff && !f.forcedOn && !f.creates)
      out.push({
        tool: 'privilege',
        command: `account-change takeover ${safe(f.account)}`,
        via: `${name} sets a chosen password on ${f.account} and switches off the owner's forced change`,
      });
    if (f.mfaOff)
      out.push({
        tool: 'privilege',
        command: `opens-access weakened mfa-off ${safe(f.account)}`,
        via: `${name} switches off the second factor of ${f.account}`,
      });
    if (f.creates && f.setsPassword) created.set(who, name);
    if (f.hidden) hiddenNames.add(who);
  }
  // a password profile written inline (PowerShell hash, JSON body) that the shell's own parse
  // splits at `;`: read from the whole text
  const profile = /\bpassword['"]?\s*[=:]\s*['"]?[^\s'";,}]/i.test(line.text)
    ? /\b(?:force|require)\w*change\w*password\w*['"]?\s*[=:]\s*['"]?(?:\$false|false|0|no)\b/i.exec(line.text)
    : null;
  const profileWho = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(line.text)?.[0];
  if (profile && profileWho && !FIXTURE.test(profileWho) && !/\bnew-\w*user\b|\bcreate\b/i.test(line.text))
    (passwordSet.set(profileWho.toLowerCase(), 'a password profile'), forcedOff.add(profileWho.toLowerCase()));
  for (const [who, name] of passwordSet)
    if (forcedOff.has(who) && !out.some((e) => e.command === `account-change takeover ${safe(who)}`))
      out.push({
        tool: 'privilege',
        command: `account-change takeover ${safe(who)}`,
        via: `${name} sets a chosen password on ${who} and the line switches off the owner's forced change`,
      });
  for (const [who, name] of created)
    if (hiddenNames.has(who))
      out.push({
        tool: 'privilege',
        command: `account-change hidden ${safe(who)}`,
        via: `${name} creates ${who} with a chosen password and hides it from the directory`,
      });
}
