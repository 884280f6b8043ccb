// An edit that widens who can do what, read as a diff of the text it replaces and the text it
// puts in, whatever the file's format (YAML, JSON, HCL, INI, TOML, a Go or Java annotation, a
// sudoers line) and whatever program later reads it. The edit widens when its new text has more
// of one of these than its old text had:
//   wildcard KEY   a permission key whose value is every item (`verbs: ["*"]`, `"Action": "*"`,
//                  `resources=*`, `scopes = "*"`, a YAML list item `- '*'` under `apiGroups:`)
//   admin-value    a level that administers written as a value: a cloud's administrator policy
//                  (AdministratorAccess, IAMFullAccess, PowerUserAccess, roles/owner), the
//                  Kubernetes superuser role and group (cluster-admin, system:masters), a
//                  directory's administrator groups (Domain Admins, Global Administrator),
//                  full-control rights (FullControl, FullAccess), sudo's `ALL=(ALL) ALL` and
//                  `NOPASSWD: ALL`, a database's owner roles (db_owner, sysadmin)
//   on KEY         a switch whose name says it grants power (`privileged`, `clusterAdmin`,
//                  `allowPrivilegeEscalation`, `hostPID`, `hostNetwork`, `isSuperuser`,
//                  `grantAll`) turned from false to true, or one that keeps it back
//                  (`runAsNonRoot`) turned from true to false
//   allow          a rule's effect turned from deny to allow (`"Effect": "Deny"` -> `"Allow"`)
// Read as `opens-access weakened widened KIND:FILE`, asked by access-opened. Documentation and
// test or example places are not read: a fixture or a page about RBAC grants nobody anything;
// nor are Dockerfiles, whose sudoers lines set up the image's own user.
// Narrowing (a wildcard replaced by a list, an admin policy by a scoped one, true -> false) and
// edits that keep what the old text had are not widening.
// Sources: Kubernetes "Using RBAC Authorization" (`*` verbs, resources and apiGroups;
// cluster-admin; system:masters), kubebuilder RBAC markers (`+kubebuilder:rbac:groups=...`), AWS
// IAM JSON policy elements (Effect, Action, Resource; AWS managed policies for job functions),
// Google Cloud basic roles, Pod Security Standards (privileged, allowPrivilegeEscalation,
// hostPID, hostIPC, hostNetwork, runAsNonRoot), sudoers(5), Microsoft Entra built-in roles,
// Exchange Online mailbox permissions (FullAccess), SQL Server fixed server and database roles.
import { posix } from 'node:path';
import type { Effect } from './types.js';

/** Keys whose value is a set of actions, resources, principals or scopes a grant covers. */
const PERMISSION_KEY =
  'verbs|verb|actions?|notactions|resources?|apigroups|groups|permissions?|scopes?|privileges?|rights|roles|principals?|subjects|nonresourceurls|capabilities|allow|allowed|grants?|operations|access|accessrights|dataactions';
/** A permission key with `*` (or `*:*`) as its whole value, inline or as a flow list's first item. */
const WILDCARD_INLINE = new RegExp(
  `(?:^|[\\s,;{(\\[])["']?(${PERMISSION_KEY})["']?\\s*(?:=>|[:=])\\s*\\[?\\s*["']?\\*(?::\\*)?["']?(?=\\s*[\\],;)}"'\\n]|\\s*$|\\s)`,
  'gim',
);
/** A block list under a permission key whose item is `*`. */
const WILDCARD_BLOCK = new RegExp(
  `(?:^|\\n)\\s*["']?(${PERMISSION_KEY})["']?\\s*:\\s*\\n(?:\\s*-\\s*\\S.*\\n)*?\\s*-\\s*["']?\\*["']?\\s*(?:\\n|$)`,
  'gi',
);

/** Values that administer whatever they are granted on. */
const ADMIN_VALUE =
  /\b(?:AdministratorAccess|IAMFullAccess|PowerUserAccess|OrganizationAccountAccessRole)\b|(?<![\w-])cluster-admin(?![\w-])|\bsystem:masters\b|\broles\/(?:owner|editor|iam\.(?:securityAdmin|roleAdmin|serviceAccountTokenCreator|serviceAccountKeyAdmin)|resourcemanager\.\w*Admin)\b|\b(?:Global|Company|Privileged Role|User Access|Domain|Enterprise|Schema|Exchange|SharePoint) ?Administrators?\b|\b(?:Domain|Enterprise|Schema) ?Admins\b|\bdb_owner\b|\bsysadmin\b|\bFull ?Control\b|\bFullAccess\b|\bNOPASSWD\s*:\s*ALL\b|\bALL\s*=\s*\(\s*ALL(?:\s*:\s*ALL)?\s*\)\s*(?:NOPASSWD\s*:\s*)?ALL\b/gi;
/** A level-like key given an administrator's level (`role: admin`, `grant_level = superuser`, `access_level: 50`). */
const LEVEL_VALUE =
  /(?:^|[\s,{(])["']?(?:\w+[-_])?(?:role|roles|level|access|access[-_]?level|permission|permissions|privileges?|rights|tier|group)["']?\s*(?:=>|[:=])\s*\[?\s*["']?(admin|admins|administrator|administrators|owner|owners|superuser|super[-_]?admin|root|sudo|sysadmin|full|full[-_]?access|full[-_]?control)["']?(?=\s*[\],;)}\n]|\s*$)/gim;
/** Lines that test for, deny or document a level rather than grant it. */
const NOT_GRANTING_LINE =
  /==|!=|\bdeny\b|\bforbid|\breject|\bblock|\bdisallow|\bnot\b|\bexcept\b|\bunless\b|\bif\b|^\s*(?:#|\/\/)\s*(?!\+)/i;

/** Switch names that grant power when true (compared without case, dashes or underscores). */
const POWER_ON =
  /^(?:privileged|allowprivilegeescalation|hostpid|hostipc|hostnetwork|\w*admin(?:istrator)?|\w*superuser|isstaff|(?:allow|enable|grant|is|has|can|as)?(?:all|fullaccess|fullcontrol|sudo|nopasswd|root|rootaccess|escalation|privileged|godmode)|runasroot|escalat\w*)$/;
/** Switch names that say the opposite though they hold a power word. */
const NOT_POWER = /non|readonly|disable|deny|block|forbid|prevent|require|audit|notify|email|^allowall$|^all$|^root$/;
/** Switch names that keep power back when true. */
const POWER_OFF = /^(?:runasnonroot|requireapprovals?|approvalrequired|mustrunasnonroot)$/;
const SWITCH = /(?:^|[\s,{(])["']?([A-Za-z][\w.-]*)["']?\s*(?:=>|[:=])\s*["']?\$?(true|false|yes|no|on|off)\b/gim;
const TRUE = /^(?:true|yes|on)$/i;

const DENY_EFFECT =
  /["']?(?:effect|decision|action|access|permission)["']?\s*[:=]\s*["']?(?:deny|disallow|reject|block)\b/gi;
const ALLOW_EFFECT =
  /["']?(?:effect|decision|action|access|permission)["']?\s*[:=]\s*["']?(?:allow|permit|accept|grant)\b/gi;

/** Documentation, tests, fixtures and examples: text about permissions, not permissions in force. */
const NOT_IN_FORCE =
  /(?:^|\/)(?:docs?|documentation|tests?|__tests__|testdata|test-data|fixtures?|examples?|samples?|spec|e2e)(?:\/|$)|\.(?:md|mdx|rst|adoc|txt|html?)$|(?:_test\.go|\.test\.[jt]sx?|\.spec\.[jt]sx?|_test\.py|Test\.java)$/i;

/** An image's build file: the accounts and sudoers it sets up are the image's own (root-and-setup). */
const IMAGE_FILE = /(?:^|\/)(?:Dockerfile|Containerfile)(?:\.[\w.-]+)?$|\.(?:dockerfile|containerfile)$/i;

function count(re: RegExp, text: string): number {
  return text.match(new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g'))?.length ?? 0;
}

/** Wildcard permission values by key. */
function wildcards(text: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const re of [WILDCARD_INLINE, WILDCARD_BLOCK])
    for (const x of text.matchAll(re)) {
      const k = (x[1] ?? '').toLowerCase();
      m.set(k, (m.get(k) ?? 0) + 1);
    }
  // kubebuilder markers and similar `key=*` lists separated by commas: groups=*,resources=*,verbs=*
  for (const x of text.matchAll(new RegExp(`(?:^|[,:\\s])(${PERMISSION_KEY})=\\*(?=[,;\\s]|$)`, 'gim'))) {
    const k = (x[1] ?? '').toLowerCase();
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

/** Administrator values written on lines that grant (not test, deny or document) them. */
function adminValues(text: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (NOT_GRANTING_LINE.test(line)) continue;
    for (const x of [...line.matchAll(ADMIN_VALUE), ...line.matchAll(LEVEL_VALUE)]) {
      const k = (x[1] ?? x[0]).replace(/\s+/g, ' ').toLowerCase();
      m.set(k, (m.get(k) ?? 0) + 1);
    }
  }
  return m;
}

/** Power switches and their values: `privileged` -> [true], `runasnonroot` -> [false]. */
function switches(text: string): Map<string, { on: number; off: number }> {
  const m = new Map<string, { on: number; off: number }>();
  for (const x of text.matchAll(SWITCH)) {
    const key = (x[1] ?? '').split('.').pop()?.replace(/[-_]/g, '').toLowerCase() ?? '';
    const grants = POWER_ON.test(key) && !NOT_POWER.test(key);
    const keeps = POWER_OFF.test(key);
    if (!grants && !keeps) continue;
    const v = TRUE.test(x[2] ?? '');
    const widened = grants ? v : !v;
    const e = m.get(key) ?? { on: 0, off: 0 };
    if (widened) e.on++;
    else e.off++;
    m.set(key, e);
  }
  return m;
}

/**
 * A principal in a personal mailbox (`user:jdoe@gmail.com`, `"member": "x@outlook.com"`) in text
 * that binds principals to roles (IAM bindings, role assignments, ACLs): no organisation manages
 * those accounts, so the grant goes to someone outside it (Google Cloud IAM principal identifiers,
 * Azure role assignments, GitHub/GitLab membership files).
 */
const PERSONAL_PRINCIPAL =
  /(?:user:|(?:members?|principal\w*|user_principal_name|assignee|grantee)["']?\s*[:=]\s*\[?\s*["'])[\w.+-]+@(?:gmail|googlemail|outlook|hotmail|live|yahoo|ymail|aol|icloud|me|proton|protonmail|pm|gmx|yandex|tutanota|zoho|fastmail|qq|163)\.[a-z.]{2,6}\b/gi;
const GRANT_CONTEXT =
  /\b(?:members?|role|roles|bindings?|principals?|assignees?|grantees?|owners?|admins?|permissions?)\b/i;

function finding(kind: string, file: string, via: string): Effect {
  return {
    tool: 'privilege',
    command: `opens-access weakened widened ${kind.replace(/[^\w:.*-]/g, '_').slice(0, 60)}:${file.replace(/[^\w.-]/g, '_').slice(0, 80)}`,
    via,
  };
}

/** The permissions an edit of `path` (old text `before`, new text `after`) widens. */
export function grantEditEffects(path: string, before: string, after: string): Effect[] {
  if (!after || before === after || after.length > 256 * 1024) return [];
  const p = path.replace(/\\/g, '/');
  if (NOT_IN_FORCE.test(p) || IMAGE_FILE.test(p)) return [];
  const file = posix.basename(p);
  // a whole file written is read only for what it holds that an edit would add: wildcards and
  // administrator values (a switch in a new file is the container and manifest readings' to judge)
  const edit = before !== '';
  const out: Effect[] = [];
  const wNew = wildcards(after);
  if (wNew.size) {
    const wOld = wildcards(before);
    for (const [k, n] of wNew)
      if (n > (wOld.get(k) ?? 0)) {
        // a new file must pair a wildcard action with a wildcard target to be everything
        if (!edit && !(wNew.size >= 2)) break;
        out.push(finding(`wildcard-${k}`, file, `${file} now grants every ${k} (\`*\`)`));
        break;
      }
  }
  const aNew = adminValues(after);
  if (aNew.size) {
    const aOld = adminValues(before);
    for (const [k, n] of aNew)
      if (n > (aOld.get(k) ?? 0)) {
        out.push(finding(`admin:${k}`, file, `${file} now grants ${k}`));
        break;
      }
  }
  if (edit) {
    const sNew = switches(after);
    const sOld = switches(before);
    for (const [k, v] of sNew) {
      const o = sOld.get(k) ?? { on: 0, off: 0 };
      // turned on: more widening values than before, and the old text had it off (a flip, not a
      // switch merely copied in beside others)
      if (v.on > o.on && o.off > v.off) {
        out.push(finding(`on:${k}`, file, `${file} turns ${k} ${POWER_OFF.test(k) ? 'off' : 'on'}`));
        break;
      }
    }
    // a personal mailbox's account added where grants are written: the grant leaves the organisation
    if (GRANT_CONTEXT.test(after) && count(PERSONAL_PRINCIPAL, after) > count(PERSONAL_PRINCIPAL, before))
      out.push(finding('outside-member', file, `${file} grants access to a personal account outside the organisation`));
    if (
      count(ALLOW_EFFECT, after) > count(ALLOW_EFFECT, before) &&
      count(DENY_EFFECT, after) < count(DENY_EFFECT, before)
    )
      out.push(finding('allow', file, `${file} turns a deny rule into an allow`));
  }
  return out;
}
