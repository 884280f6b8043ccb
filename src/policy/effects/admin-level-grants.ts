// An administrator's level handed to an account by any application's or directory's own CLI, read
// from the shape those CLIs share rather than from one tool's spelling: a subcommand that creates,
// changes or adds to an identity, a group, a role or a permission (`users create`, `user:add`,
// `set_user_tags`, `group addmembers`, `role add`, `permissions.set`, `add-cluster-role-to-user`,
// `New-VIPermission`, `Add-ADGroupMember`, dsmod's `-addmbr`), and on the same command a level
// that administers: an administrator switch (`--admin`, `--superuser`, `--system-admin`,
// `--is_superuser true`, `--all-access`), a role, group, tag, type or policy option whose value
// names administrators (`--role Admin`, `-Role Admin`, `--group=admin`, `-policy-name
// global-management`, `-type management`), an operand after the verb that does (`Domain Admins`,
// `administrator`, `cluster-admin`, `idm_admins`, `OrgManager`), or every right at once (redis
// `+@all`, rabbitmq `.* .* .*`). Compound verbs say it alone: `create-admin`, `createsuperuser`,
// `add-admin`. Read as `opens-access member role SYSTEM LEVEL WHO`, asked by access-opened.
//
// Accounts named only with the documentation domains of RFC 2606 (example.com, .test, localhost)
// are a local fixture (`manage.py createsuperuser --username admin --email admin@example.com`),
// not a grant to someone, and are not read.
//
// Sources: Airflow `users create|add-role`, Flask-AppBuilder/Superset `fab create-admin`, Gitea and
// Forgejo `admin user create --admin`, Mattermost mmctl `--system-admin`, Nextcloud occ
// `user:add --group`, Sentry `createuser --superuser`, RabbitMQ `set_user_tags administrator` and
// `set_permissions`, Keycloak kcadm `add-roles`, AWX/Tower CLI `--is_superuser` and `role grant`,
// Consul ACL `global-management` policy, Nomad `acl token create -type management`, InfluxDB
// `auth create --all-access`, Redis ACL SETUSER `+@all`, govc `permissions.set -role Admin`,
// PowerCLI `New-VIPermission`, OpenStack `role add`, Proxmox pvesh `/access/acl`, Cloud Foundry
// `set-org-role OrgManager`, IBM Cloud `iam user-policy-create --roles Administrator`, OpenShift
// `oc adm policy add-cluster-role-to-user`, Samba `samba-tool group addmembers`, `net rpc group
// addmem`, ActiveDirectory `Add-ADGroupMember`, dsmod `-addmbr`, FreeIPA `group-add-member`,
// Kanidm `group add-members` (each tool's reference).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

/** The gate: a word of an administrator's level or of a grant's verb somewhere on the line. */
export const ADMIN_LEVEL_HINT =
  /admin|superuser|super-user|manage|root|wheel|sudo|all-access|\+@all|\.\*|permi|role|member|addmbr|0x1ff|owner|full|send-?as|impersonat|\*all|secofr|secadm|special|operations|alter|control|system:masters|rights|acl|uid\(0|altuser|\balu\b|cap|sys1\.|bpx\./i;

/** Names of groups, roles, tags and policies whose holders administer (`Domain Admins`, `sysadmins`, `cluster-admin`, `OrgManager`, `global-management`). */
export const ADMIN_NAMED =
  /(?:^|[\W_]|sys|idm|nx|org|site|super|global|realm|cluster|system|tenant)admin(?:istrator)?s?(?:[\W_]|$)|^(?:root|wheel|sudo|sudoers|superusers?|owners?|administrators?|global-management|management|(?:org|organization|space|account|tenant)[\W_]?manag(?:er|ement)|organization management)$/i;
/**
 * Levels that amount to an administrator's on what they are granted on, though no word says admin:
 * full control or access (Windows ACLs, SharePoint, Exchange `FullAccess`), acting as the owner
 * (`SendAs`, `ApplicationImpersonation`), every right (`*ALL`, `all`), the role groups that search
 * or export every mailbox (Exchange Online and Purview "eDiscovery Manager", "Discovery
 * Management", "Compliance Management"), IBM i special authorities and RACF user attributes that
 * administer the system (`*ALLOBJ`, `*SECADM`, `*SECOFR`, `SPECIAL`, `OPERATIONS`).
 */
const FULL_LEVEL =
  /^(?:full[\W_]?(?:access|control)|send[\W_]?as|(?:application[\W_]?)?impersonation|\*all|\*allobj|\*secadm|\*secofr|special|operations|e-?discovery[\W_ ]?(?:manager|administrator)s?|(?:discovery|compliance|security|organization|records)[\W_ ]management)$/i;

/** Values that say "not an administrator" though they contain the word. */
export const NOT_ADMIN = /^(?:non|not|no|read|view|viewer)[\W_]?admin|admin[\W_]?(?:read|view|viewer|ro)$/i;

/** Switches whose presence makes the account an administrator. */
const ADMIN_SWITCH =
  /^-{1,2}(?:admin|superuser|super-user|system[-_]admin|sysadmin|site[-_]admin|is[-_]?\w*admin(?:istrator)?|is[-_]?superuser|is[-_]?staff|all[-_]access|grant[-_]all|special)(?:[=:](?:true|yes|1|on|\$true))?$/i;
/** Options whose value is the level, group, tag or policy given. */
const LEVEL_OPTION =
  /^-{1,2}(?:(?:security|user|member|access|admin|org|site|system|primary|default|app|application|account|directory|tenant|project|team|workspace|global|portal|store|staff)[-_](?:roles?|groups?)|acls?|role|roles|rolename|role-name|role_name|r|group|groups|g|groupname|group-name|tags?|type|policy|policies|policy-name|policy_name|token-policies|permissions?|access-level|access_level|accesslevel|level|privileges?|identity|profile|access-?rights?|rights|link-?type|permission-?level|authority|aut|spcaut|usrcls|attributes?)$/i;
/** Option names whose value is a level, spelled without dashes (`role=admin`, `ACCESS(ALTER)`). */
const LEVEL_KEY =
  /^(?:role|roles|group|groups|level|access|access[-_]?level|access[-_]?rights?|rights|permissions?|privileges?|authority|aut|spcaut|usrcls|policy|policies)$/i;
/** Every right at once: redis ACL `+@all`/`allcommands`, rabbitmq `.*` for configure, write and read. */
const EVERY_RIGHT = /^(?:\+@all|allcommands|all_privileges|\*:\*)$/i;

/** Verbs that create, change or add to an identity, group, role or permission. */
const VERB =
  /^(?:create|add|new|set|grant|permit|elevate|bind|alter|altuser|alu|assign|modify|update|edit|append|invite|register|promote|priv|addmem|addmembers|addmember|add-members|add-member|addmbr|setuser|mod|useradd|adduser)$/;
/** What the verb acts on: an identity, a group, a role, a permission. */
const NOUN =
  /^(?:users?|accounts?|employees?|staff|operators?|people|persons?|identit(?:y|ies)|members?|membership|logins?|principals?|groups?|roles?|permissions?|perms?|acls?|polic(?:y|ies)|privileges?|priv|tags|auth|tokens?|vipermission|rolebinding|assignment|access|caps?|capabilit(?:y|ies)|perm)$/;
/** Compound verbs that create or make an administrator on their own. */
const ADMIN_VERB =
  /^(?:create|add|make|new|set|promote)[-_:]?(?:admin|superuser|super-user|sysadmin|site-admin|super-admin)s?$|^createsuperuser$|^(?:add|new|grant|promote)-\w*(?:admin|administrator|owner)s?$/i;
/** Compound verbs that create an account (`createuser`, `add_user`, `user:add`, `user-create`). */
const ACCOUNT_VERB = /^(?:create|add|new)[-_:]?(?:user|account|member)s?$|^(?:user|account)s?[-_:](?:create|add)$/i;

/** Subcommands that issue a credential to a new client: the client is an identity with the role given. */
const ISSUED =
  /^(?:api[-_]?clients?|api[-_]?keys?|apikeys?|service[-_]?accounts?|client[-_]?certs?|client[-_]?credentials?)$/i;
/** Programs whose operands are text, code or files, or whose grants other readings decide. */
const NOT_GRANTING = new Set(
  'echo printf grep egrep rg cat less head tail sed awk git npm npx pnpm yarn pip pip3 cargo go helm gh glab curl wget http https xh ssh scp rsync mail sendmail make docker podman kubectl gcloud az aws sudo doas su ls find test jq yq'.split(
    ' ',
  ),
);
/** Interpreters whose first operand is the program run (`php occ`, `python3 setup.py`). */
const INTERPRETERS = /^(?:python\d?(?:\.\d+)?|php|ruby|node|perl|java)$/;

/**
 * Permissions and capabilities that administer the application they are granted in: Drupal's
 * `administer users` / `administer permissions` / `bypass node access`, WordPress's
 * `manage_options`, `promote_users`, `edit_users`, `unfiltered_upload` (each project's roles and
 * capabilities reference): granted to a role or user they make an administrator.
 */
const ADMIN_PERMISSION =
  /^(?:administer(?:[ _]\w+)*|bypass[ _]\w+(?:[ _]\w+)*|manage[_ ](?:options|users|roles|permissions|network|sites)|promote_users|edit_users|create_users|unfiltered_upload|install_plugins|edit_plugins|\*all)$/i;
/** An operand that makes an account the system's superuser: a user id 0, a profile named for superusers. */
const SUPERUSER_OPERAND = /^(?:\w+\()?UID\(0\)\)?$|(?:^|[\W_])super[\W_]?users?$/i;

/** z/OS profiles whose access is the system's: SYS1 data sets, the UNIX superuser and daemon facilities, RACF's own. */
const SYSTEM_PROFILE = /^(?:SYS1\.|BPX\.(?:SUPERUSER|DAEMON|SERVER|FILEATTR)|IRR\.)/i;

/** PowerShell's Verb-Noun grants: New-VIPermission, Add-ADGroupMember, New-MgDirectoryRoleMemberByRef. */
const GRANT_CMDLET = /^(add|new|set|grant)-\w*(permission|role|member|user|acl|account|access|privilege)\w*$/i;

/** Documentation-only identities (RFC 2606): a local fixture, not somebody let in. */
const FIXTURE = /@(?:example\.(?:com|org|net)|localhost|[\w.-]+\.(?:test|example|invalid|localhost))$|^admin$/i;

/** Whether an option's value names an administrator's level. */
function isLevel(x: string, key = ''): boolean {
  const v = x.replace(/^['"]|['"]$/g, '');
  // `--permissions all`, `rights=all`: every right (a type, tag or group called all is not a level)
  if (/^all$/i.test(v)) return /permission|rights|privilege|access|aut|acl/i.test(key);
  // a role or group named as an owner of something (`org-owner`, `project_owners`)
  if (/(?:^|[\W_])owners?$/i.test(v)) return true;
  // an access level of ALTER or CONTROL is the owner's (RACF PERMIT ... ACCESS(ALTER))
  if (/^(?:alter|control)$/i.test(v)) return /^access$/i.test(key);
  return (ADMIN_NAMED.test(v) && !NOT_ADMIN.test(v)) || FULL_LEVEL.test(v);
}

/** Parts of a subcommand word: `permissions.set` -> permissions, set; `New-VIPermission` -> new, vipermission. */
function parts(word: string): string[] {
  return word
    .toLowerCase()
    .split(/[.:_/-]+/)
    .filter(Boolean);
}

function safe(w: string): string {
  return w.replace(/[^A-Za-z0-9@/._:+=,#*~-]/g, '_').slice(0, 120) || '_';
}

/** A subcommand path that makes or adds a user or account (`admin:user:create`, `admin user add`). */
function accountOrUserVerb(path: readonly string[]): boolean {
  return (
    path.some((p) => /^(?:users?|accounts?|logins?)$/.test(p)) &&
    /^(?:create|add|new|register)$/.test(path[path.length - 1] ?? '')
  );
}

/** Grant verbs of PowerShell (Add-, New-, Grant-, Set-) and what their noun says is given. */
const GRANT_VERB_NOUN = /^(?:add|new|grant|set)-([a-z][a-z0-9]*)$/i;
/** Nouns that name an administrator or owner of what the module manages (`Add-PnPSiteCollectionAdmin`, `Add-TeamOwner`). */
const ADMIN_NOUN = /(?:admins?|administrators?|owners?|superusers?)(?:byref)?$/i;
/** Nouns that add a member to a role or role group: membership of a role is its power (`Add-RoleGroupMember`, `New-MgDirectoryRoleMemberByRef`). */
const ROLE_MEMBER_NOUN = /role(?:group)?members?(?:byref)?$/i;
/** Entra ID directory roles through Microsoft Graph PowerShell (`New-MgDirectoryRoleMemberByRef`, `New-MgRoleManagementDirectoryRoleAssignment`, `...RoleAssignmentScheduleRequest`). */
const DIRECTORY_ROLE_NOUN =
  /^mg(?:directoryrolemembers?(?:byref)?|rolemanagementdirectoryroleassignment(?:schedulerequest)?)$/i;
/** Exchange's management role assignments: every management role administers some of the organisation. */
const MANAGEMENT_ROLE_NOUN = /^managementroleassignment$/i;
/** Role names that administer: admin, manager, owner, and the compliance and discovery roles that read every mailbox. */
const ADMIN_ROLE =
  /admin|manag|owner|global|privileged|compliance|discovery|security|organization|exchange|import|export|impersonation|full/i;
/** Options naming the role a member is added to. */
const ROLE_OPTION = /^-(?:identity|role|rolename|group|directoryroleid|roleid|roledefinitionid|roledefinitionname)$/i;
/** Rights options and the values that hand over everything: a mailbox's FullAccess, a folder's FullControl, SendAs. */
const RIGHTS_OPTION = /^-(?:accessrights|rights|permissionlevel|permissions?|role|filesystemrights|accessright)$/i;
const FULL_RIGHTS = /^(?:full(?:access|control)?|owner|sendas|sendonbehalf|genericall|administrator|fullcontrol)$/i;
/** Options naming who receives it. */
const WHO_OPTION =
  /^-(?:user|member|members|owners?|trustee|principal|principalid|userprincipalname|account|identity)$/i;

/**
 * A PowerShell grant read from the cmdlet's own grammar, for any module: a grant verb whose noun
 * names an administrator or owner, a role membership, or a rights option set to everything.
 */
function cmdletLevel(argv: string[], text: string): { level: string; who: string } | undefined {
  const name = basename(argv[0] ?? '');
  const m = GRANT_VERB_NOUN.exec(name);
  if (!m) return undefined;
  const noun = (m[1] ?? '').toLowerCase();
  let who = '_';
  let rights: string | undefined;
  let role = '';
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const [key = '', inline] = w.split(/:(.*)/s);
    const value = (inline ?? argv[i + 1] ?? '').replace(/^['"]|['"]$/g, '');
    if (RIGHTS_OPTION.test(key) && value.split(/[\s,]+/).some((v) => FULL_RIGHTS.test(v))) rights = value;
    if (who === '_' && WHO_OPTION.test(key) && /^-(?!identity)/i.test(key) && value && !value.startsWith('-'))
      who = value;
    if (ROLE_OPTION.test(key) && value && !value.startsWith('-')) role = value;
  }
  if (/^set-/i.test(name)) return rights ? { level: rights, who } : undefined;
  if (ADMIN_NOUN.test(noun) || MANAGEMENT_ROLE_NOUN.test(noun)) return { level: noun, who };
  // Entra ID's directory roles are its administrator roles (Global, User, Exchange, Intune ...
  // Administrator; Microsoft Entra built-in roles reference): a member added to one, or a role
  // assignment made at directory scope, administers the tenant whichever role the id names
  // (a role looked up by a name on the line that administers nothing, `'Directory Readers'`, is not one)
  if (DIRECTORY_ROLE_NOUN.test(noun)) {
    const named = /displayName\s+eq\s+'([^']+)'/i.exec(text)?.[1];
    if (named === undefined || ADMIN_ROLE.test(named)) return { level: named?.replace(/\s+/g, '_') ?? noun, who };
  }
  // a member added to a role: the role's name says whether it administers; a role looked up at
  // run time (`(Get-MgDirectoryRole -Filter ...).Id`) is read from the whole line
  if (ROLE_MEMBER_NOUN.test(noun) && (ADMIN_ROLE.test(role) || ((!role || /[($]/.test(role)) && ADMIN_ROLE.test(text))))
    return { level: role.replace(/\s+/g, '_'), who };
  if (rights) return { level: rights, who };
  return undefined;
}

/** The administrator level one command hands out, with the system and the account, or undefined. */
function adminLevel(argv: string[], text: string): { level: string; who: string } | undefined {
  let start = 1;
  if (INTERPRETERS.test(basename(argv[0] ?? '')) && argv[1] && !argv[1].startsWith('-')) start = 2;
  // the subcommand: leading plain words (and an API path such as /access/acl) up to the verb
  let verbAt = -1;
  let granting = false;
  let accountMade = false;
  let adminVerb: string | undefined;
  const path: string[] = [];
  for (let i = start; i < argv.length && i < start + 10; i++) {
    const w = argv[i] ?? '';
    // global options before the subcommand (`redis-cli -h HOST ACL SETUSER`, `ipmitool -H HOST
    // user priv`): an option and its value, unless the value is itself a subcommand word
    if (w.startsWith('-')) {
      if (path.length) break;
      const next = argv[i + 1] ?? '';
      if (!w.includes('=') && next && !next.startsWith('-') && !parts(next).some((p) => VERB.test(p) || NOUN.test(p)))
        i++;
      continue;
    }
    if (!/^[A-Za-z/][\w.:/-]*$/.test(w)) break;
    const ps = parts(w);
    path.push(...ps);
    if (ADMIN_VERB.test(w)) adminVerb = w;
    if (ACCOUNT_VERB.test(w)) accountMade = true;
    if (ps.some((p) => VERB.test(p)) || ADMIN_VERB.test(w) || ACCOUNT_VERB.test(w)) {
      verbAt = i;
      break;
    }
    // a credential issued to a client is an identity made (`velociraptor config api_client --role X`)
    if (ISSUED.test(w)) {
      verbAt = i;
      accountMade = true;
      break;
    }
  }
  // PowerShell's Verb-Noun: New-VIPermission, Add-ADGroupMember, Set-...Role
  const cmdlet = GRANT_CMDLET.exec(basename(argv[0] ?? ''));
  if (cmdlet) {
    granting = true;
    verbAt = 0;
  }
  // a cmdlet's noun or parameters that say the level themselves, whatever the module (cmdletLevel)
  const byCmdlet = cmdletLevel(argv, text);
  if (byCmdlet) return byCmdlet;
  // a program whose name is the grant (`PERMIT profile ID(x) ACCESS(ALTER)`, `grant ...`)
  // RACF's PERMIT (PE) grants access to a profile; ALTUSER (ALU) changes a user's attributes, SPECIAL
  // and OPERATIONS being the administrator's
  const grantProgram = /^(?:grant|permit|pe|elevate|altuser|alu)$/i.test(basename(argv[0] ?? ''));
  if (ADMIN_VERB.test(basename(argv[0] ?? ''))) {
    granting = true;
    verbAt = 0;
    adminVerb = basename(argv[0] ?? '');
  }
  // dsmod group DN -addmbr MEMBER: the verb is an option
  if (argv.some((w) => /^-(?:addmbr|add-?member|addmember)$/i.test(w))) granting = true;
  // the object may follow the verb: `pvesh set /access/acl`, `openstack role add` reads either way
  const after = verbAt >= 0 ? parts(argv[verbAt + 1] ?? '') : [];
  if (grantProgram) {
    granting = true;
    verbAt = 0;
  } else if (verbAt >= 0 && !cmdlet)
    granting = path.some((p) => NOUN.test(p)) || after.some((p) => NOUN.test(p)) || accountMade || !!adminVerb;
  // the object made is an administrator itself (`create admin USER ROLE`, `add administrator
  // USER`, `assign superadmin USER`): the verb's whole object is the level
  // or the group the subcommand names just before its verb is the administrators (`device-admin
  // add USER`, `site-admins add USER`); a command group called admin before other words is not
  // (`gitea admin user create`)
  const verbLast = parts(argv[verbAt] ?? '').pop() ?? '';
  const ADMIN_OBJECT =
    /^(?:admins?|administrators?|super[-_]?admins?|superusers?|admin[-_]?roles?|adminroleassignments?)$/i;
  const adminObject =
    verbAt >= 0 && /^(?:create|add|new|assign|grant|make|promote)$/.test(verbLast)
      ? (ADMIN_OBJECT.exec(argv[verbAt + 1] ?? '')?.[0] ??
        (verbAt > start &&
        /^(?:add|assign|grant)$/.test(verbLast) &&
        ADMIN_OBJECT.test(parts(argv[verbAt - 1] ?? '').pop() ?? '')
          ? argv[verbAt - 1]
          : undefined))
      : undefined;
  if (adminObject) granting = true;
  if (!granting) return undefined;

  // an account raised with no level named (`account elevate USER`): elevate says it alone
  let level: string | undefined =
    adminVerb ?? adminObject ?? (/^elevate$/.test(verbLast) && granting ? 'elevated' : undefined);
  let who = '_';
  const rights: string[] = [];
  for (let i = Math.max(verbAt + 1, start); i < argv.length; i++) {
    const w = argv[i] ?? '';
    const eq = w.indexOf('=');
    const key = w.startsWith('-') && eq > 0 ? w.slice(0, eq) : w;
    if (w.startsWith('-')) {
      if (ADMIN_SWITCH.test(w)) {
        // --is_superuser true | false
        const next = (argv[i + 1] ?? '').toLowerCase();
        if (/^(?:false|no|0|off|\$false)$/.test(next) || /[=:](?:false|no|0|off|\$false)$/i.test(w)) continue;
        if (/^(?:true|yes|1|on|\$true)$/.test(next)) i++;
        level ??= w.replace(/^-+/, '');
        continue;
      }
      if (LEVEL_OPTION.test(key)) {
        const v = eq > 0 ? w.slice(eq + 1) : (argv[i + 1] ?? '');
        if (eq < 0) i++;
        for (const x of v.split(',')) if (isLevel(x.trim(), key)) level ??= x.trim();
        continue;
      }
      if (/^-{1,2}(?:user|users|username|uusername|u|login|email|members?|principal|name|n|account)$/i.test(key)) {
        const v = eq > 0 ? w.slice(eq + 1) : (argv[i + 1] ?? '');
        if (v && !v.startsWith('-') && who === '_') who = v;
        if (eq < 0) i++;
      }
      continue;
    }
    if (EVERY_RIGHT.test(w) || w === '.*') rights.push(w);
    for (const x of w.split(',')) if (ADMIN_PERMISSION.test(x.trim())) level ??= x.trim();
    if (SUPERUSER_OPERAND.test(w) || (grantProgram && /^(?:special|operations)$/i.test(w))) level ??= w;
    // role=admin, ACCESS(ALTER), AUT(*ALL): a level given as a keyword operand
    const kv = /^([A-Za-z][\w-]*)(?:=(.+)|\((.+)\))$/.exec(w);
    if (kv && LEVEL_KEY.test(kv[1] ?? '')) {
      for (const x of (kv[2] ?? kv[3] ?? '').split(/[,\s]+/)) if (isLevel(x, kv[1])) level ??= x;
      continue;
    }
    // a DN names its group first (CN=Domain Admins,CN=Users,...)
    const name = /^(?:cn|CN)=([^,]+)/.exec(w)?.[1] ?? w;
    if (ADMIN_NAMED.test(name) && !NOT_ADMIN.test(name)) level ??= name;
    else if (who === '_' && /^[\w.@\\-]+$/.test(w) && !/^\d+$/.test(w)) who = w;
  }
  // RACF PERMIT on the system's own profiles: write access to SYS1 data sets (PARMLIB, LINKLIB,
  // APF libraries) or any access to BPX.SUPERUSER / BPX.DAEMON / IRR.* is the superuser's power
  // (z/OS Security Server RACF Security Administrator's Guide; z/OS UNIX "BPX.SUPERUSER")
  if (!level && grantProgram) {
    const profile = argv.find((w) => SYSTEM_PROFILE.test(w.replace(/^'/, '')));
    const access = /^ACCESS\((\w+)\)$/i.exec(argv.find((w) => /^ACCESS\(/i.test(w)) ?? '')?.[1]?.toUpperCase() ?? '';
    if (profile && access !== 'NONE' && (/^'?SYS1\./i.test(profile) ? /^(?:UPDATE|CONTROL|ALTER)$/.test(access) : true))
      level = profile;
  }
  if (!level && (rights.some((r) => r !== '.*') || rights.filter((r) => r === '.*').length >= 3)) level = 'all-rights';
  // an account made under the application's admin namespace, spelled as one console command,
  // with a password the caller sets (`bin/magento admin:user:create --admin-password=...`): a
  // back-office login whoever ran it holds from then on (a command group's separate words, as
  // `gitea admin user create`, name no level)
  const verbWord = parts(argv[verbAt] ?? '');
  if (
    !level &&
    verbWord.length >= 3 &&
    accountOrUserVerb(verbWord) &&
    verbWord.slice(0, -1).some((p) => /^(?:admin|administrators?|superusers?|backend|backoffice)$/.test(p)) &&
    argv.some(
      (w, i) =>
        /^-{1,2}[\w-]*password=\S/i.test(w) || (/^-{1,2}[\w-]*password$/i.test(w) && /^[^-]/.test(argv[i + 1] ?? '')),
    )
  )
    level = 'admin-account';
  if (!level) return undefined;
  // a fixture account of the documentation domains, made by a create verb, is local scaffolding
  // (an option's value, `--role admin`, is the level, not an account)
  const named = argv.filter(
    (w, i) => i > verbAt && /@|^admin$/.test(w) && !w.startsWith('-') && !/^-[\w-]+$/.test(argv[i - 1] ?? ''),
  );
  const optionNamed = argv.flatMap((w, i) =>
    /^--?(?:[\w]+-)?(?:email|username|user)$/.test(w)
      ? [argv[i + 1] ?? '']
      : /^--?(?:[\w]+-)?(?:email|username)=/.test(w)
        ? [w]
        : [],
  );
  const ids = [...named, ...optionNamed].map((w) => w.replace(/^--?[\w-]+=/, ''));
  if ((adminVerb || accountMade || path.includes('create')) && ids.length && ids.every((w) => FIXTURE.test(w)))
    return undefined;
  return { level, who };
}

/**
 * A client certificate requested with the Kubernetes superuser group as its organization
 * (`-subj '/CN=x/O=system:masters'`): once signed, whoever holds the key is cluster-admin, and no
 * binding can take it back (Kubernetes "Authenticating": a client certificate's O fields are the
 * user's groups; "Using RBAC Authorization": system:masters bypasses authorization).
 */
const SUPERUSER_SUBJECT = /(?:^|[/,+]\s*)O\s*=\s*(system:masters)(?=$|[/,+\s])/;

/** The words of a command given as one quoted operand (`tsocmd "PERMIT ... ACCESS(ALTER)"`). */
function innerCommand(w: string): string[] | undefined {
  if (!/\s/.test(w) || w.length > 400 || !/^[A-Za-z]/.test(w.trim())) return undefined;
  return w
    .trim()
    .split(/\s+/)
    .map((x) => x.replace(/^['"]|['"]$/g, ''));
}

/** Administrator levels handed out by any CLI's user, group, role or permission subcommands. */
export function adminLevelGrantEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const tool = basename(c.argv[0] ?? '').toLowerCase();
    const subject = c.argv.map((w) => SUPERUSER_SUBJECT.exec(w)?.[1]).find((x) => x);
    if (subject) {
      out.push({
        tool: 'privilege',
        command: `opens-access member role x509 ${subject} ${safe(tool)}`,
        via: `${tool} requests a certificate in the group ${subject}, which is the cluster's superuser`,
      });
      return;
    }
    if (!tool || NOT_GRANTING.has(tool)) continue;
    let hit = adminLevel(c.argv, line.text);
    // a command string handed to a console program (a mainframe's TSO, a database's shell) is read as a command
    for (const w of c.argv.slice(1)) {
      if (hit) break;
      const inner = innerCommand(w);
      if (inner && !NOT_GRANTING.has(basename(inner[0] ?? '').toLowerCase())) hit = adminLevel(inner, line.text);
    }
    // a grant cmdlet whose role is looked up by a subexpression on the same line
    // (`New-MgDirectoryRoleMemberByRef -DirectoryRoleId (Get-MgDirectoryRole -Filter "displayName eq
    // 'Global Administrator'").Id`): the role's quoted name is the level
    if (!hit && GRANT_CMDLET.test(basename(c.argv[0] ?? '')) && c.argv.length <= 3) {
      const named = [...line.text.matchAll(/'([^'\n]{3,60})'/g)]
        .map((m) => m[1] ?? '')
        .find((q) => ADMIN_NAMED.test(q) && !NOT_ADMIN.test(q));
      if (named) hit = { level: named, who: '_' };
    }
    if (!hit) continue;
    out.push({
      tool: 'privilege',
      command: `opens-access member role ${safe(tool)} ${safe(hit.level)} ${safe(hit.who)}`,
      via: `${tool} gives ${hit.who === '_' ? 'an account' : hit.who} the administrator level ${hit.level}`,
    });
    return;
  }
}
