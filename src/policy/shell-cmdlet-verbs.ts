// What a PowerShell cmdlet does, read from its approved verb and its parameters, for any module's
// cmdlet, including ones svc has never heard of. PowerShell names every command Verb-Noun from a
// fixed list of approved verbs (Get-Verb; "Approved Verbs for PowerShell Commands"), so the verb
// alone says whether the command destroys or switches off what its module manages:
//   Remove-, Clear-, Disable-, Suspend-, Revoke-, Reset-, Uninstall-, Unregister-, Unpublish-
// and its parameters say how far it reaches and whether it only rehearses:
//   -WhatIf                                  a rehearsal: nothing is changed
//   -Force, -Recurse, -All, -Permanent, -SkipRecycleBin, -HardDelete, -PurgeType HardDelete,
//   -ResultSize Unlimited, a wildcard identity   everything, with no prompt and no recycle bin
// A switch named for a destroy (`New-ComplianceSearchAction -Purge`) destroys whatever the verb;
// a Set-/Update- whose parameter turns a protection off (`-LitigationHoldEnabled $false`,
// `-DisableX $true`) revokes it. Nouns of the PowerShell session itself and of the local machine's
// disposable state (a variable, a module, a job, the recycle bin, a file's content, the DNS cache)
// are not what a module manages: their removal is routine, and file deletes have readings of
// their own (shell-windows-posix.ts reads Remove-Item as rm). Read as `cli-destroy pwsh CMDLET
// ...` and `cli-destroy-all pwsh CMDLET ...` (docs/shell-readings.md, "PowerShell cmdlets").
import type { VerbReading } from './shell-verb-types.js';

/** Approved verbs that destroy, remove or switch off. */
const DESTROY_VERB = /^(remove|clear|disable|suspend|revoke|reset|uninstall|unregister|unpublish)-([a-z][a-z0-9]*)$/;
/**
 * Generated SDK modules (Microsoft Graph, Azure) name an action that has no approved verb
 * Invoke-<prefix><Action><Noun>: `Invoke-MgWipeDeviceManagementManagedDevice` erases a device,
 * `Invoke-MgRetireDeviceManagementManagedDevice` strips its data. The action word after the
 * module prefix (up to four letters: Mg, Az, Pnp, Exo) is the verb.
 */
const INVOKE_DESTROY = /^invoke-(?:[a-z]{1,4}?)?(wipe|retire|erase|purge|destroy|delete|remove)([a-z][a-z0-9]*)$/;

/**
 * Nouns of the session and of disposable local state (about_* topics of Microsoft.PowerShell.*,
 * PowerShellGet, PackageManagement, DnsClient): their removal loses nothing a user would miss.
 */
const LOCAL_NOUNS = new Set(
  (
    'item itemproperty childitem content variable module psdrive job pssession event psbreakpoint typedata formatdata ' +
    'alias host history dnsclientcache recyclebin psresource installedmodule installedscript installedpsresource ' +
    'package packagesource script psrepository psresourcerepository psreadlinekeyhandler runspacedebug tracesource ' +
    'experimentalfeature appxpackage printjob clipboard error breakpoint jobtrigger netneighbor arpcache bcdata'
  ).split(' '),
);

/** Nouns of a grant: a member, an administrator, an owner, a permission, a delegate of something. */
const GRANT_NOUN =
  /(?:members?|admins?|administrators?|owners?|permissions?|delegates?|accessrules?|roleassignments?)(?:directoryobject)?(?:byref)?$/;

/** Parameters that widen the change to everything, or make it final with no prompt and no recycle bin. */
const ALL_PARAM =
  /^-(?:force|recurse|all|permanent|skiprecyclebin|harddelete|deletebucketcontent|deleteobjects?|includeall|removeall)(?::\$?true)?$/i;

/** Switches named for a destroy: the cmdlet destroys whatever its verb. */
const DESTROY_SWITCH = /^-(?:purge|delete|wipe|erase|destroy|harddelete|permanentlydelete)(?::\$?true)?$/i;

/** Verbs that change settings. */
const SET_VERB = /^(?:set|update|edit|write)-([a-z][a-z0-9]*)$/;
/** Parameters that keep a protection on when true: `-LitigationHoldEnabled`, `-AuditEnabled`, `-RequireMfa`. */
const PROTECTION_ON =
  /^-[a-z]*(?:enabled|enforced|required|protection|protected|hold|auditing|locked)$|^-require[a-z]+$/i;
/** Parameters that switch a protection off when true: `-DisableRealtimeMonitoring`, `-BypassPolicy`. */
const PROTECTION_OFF = /^-(?:disable|bypass|skip|allowunsigned|ignore)[a-z]+$/i;
const FALSE = /^(?:\$?false|0|no|off|disabled)$/i;
const TRUE = /^(?:\$?true|1|yes|on)$/i;

/**
 * A registry or policy value named for a protection, written so that it is off: `Set-GPRegistryValue
 * -ValueName DisableAntiSpyware -Value 1`, `Set-ItemProperty -Name EnableLUA -Value 0` (the value's
 * own name says which way is off, as the switch parameters above do).
 */
function valueOff(rest: readonly string[]): string | null {
  const at = (re: RegExp) => rest.findIndex((w) => re.test(w));
  // Set-GPRegistryValue names the GPO with -Name and the value with -ValueName
  const named = at(/^-valuename$/i);
  const n = named >= 0 ? named : at(/^-name$/i);
  const v = at(/^-value$/i);
  if (n < 0 || v < 0) return null;
  const name = (rest[n + 1] ?? '').replace(/^['"]|['"]$/g, '');
  const value = (rest[v + 1] ?? '').replace(/^['"]|['"]$/g, '');
  if (/^(?:disable|bypass)[a-z]+$/i.test(name) && TRUE.test(value)) return `${name}=${value}`;
  if (/^enable[a-z]+$/i.test(name) && FALSE.test(value)) return `${name}=${value}`;
  return null;
}

/** Whether the parameters turn a protection off, and which one. */
function protectionOff(rest: readonly string[]): string | null {
  const off = valueOff(rest);
  if (off) return off;
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i] ?? '';
    const [name = '', inline] = w.split(/:(.*)/s);
    const value = inline ?? rest[i + 1] ?? '';
    if (PROTECTION_ON.test(name) && FALSE.test(value.replace(/^['"]|['"]$/g, ''))) return w;
    if (
      PROTECTION_OFF.test(name) &&
      (TRUE.test(value) || (inline === undefined && (value === '' || value.startsWith('-'))))
    )
      return w;
  }
  return null;
}

/** PowerShell's rehearsal switch, on (`-WhatIf`, `-WhatIf:$true`; not `-WhatIf:$false`). */
function whatIf(rest: readonly string[]): boolean {
  return rest.some((w) => /^-whatif(?::\$?true)?$/i.test(w));
}

/** A wildcard or a listing's every object: `-ResultSize Unlimited`, `-Identity *`, `-Filter *`. */
function everything(rest: readonly string[], computed: (w: string) => boolean): boolean {
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i] ?? '';
    if (ALL_PARAM.test(w)) return true;
    if (/^-resultsize$/i.test(w) && /^unlimited$/i.test(rest[i + 1] ?? '')) return true;
    if (/^-purgetype$/i.test(w) && /^harddelete$/i.test(rest[i + 1] ?? '')) return true;
    if (!w.startsWith('-') && (w === '*' || computed(w))) return true;
  }
  return false;
}

function readings(tool: string, rest: readonly string[], verb: string, all: boolean): VerbReading[] {
  const text = `cli-destroy pwsh ${tool}${rest.length ? ' ' + rest.join(' ') : ''}`;
  const from = `${verb} (${tool})`;
  const one: VerbReading = { kind: 'destroy', text, from };
  return all ? [one, { kind: 'destroy-all', text: text.replace('cli-destroy', 'cli-destroy-all'), from }] : [one];
}

/**
 * The verb readings of a PowerShell cmdlet (`tool` lower-case Verb-Noun, `rest` its parameters),
 * an empty list when it destroys nothing, or null when `tool` is no cmdlet name.
 */
export function cmdletVerbReadings(
  tool: string,
  rest: readonly string[],
  computed: (w: string) => boolean,
): VerbReading[] | null {
  if (!/^[a-z]+-[a-z][a-z0-9]*$/.test(tool)) return null;
  const destroy = DESTROY_VERB.exec(tool) ?? INVOKE_DESTROY.exec(tool);
  const switched = rest.find((w) => DESTROY_SWITCH.test(w));
  const set = SET_VERB.exec(tool);
  const off = set && !destroy ? protectionOff(rest) : null;
  if (!destroy && !switched && !off) return null;
  if (destroy && LOCAL_NOUNS.has(destroy[2] ?? '') && !switched) return [];
  // a grant taken back (`Remove-PnPSiteCollectionAdmin -Owners old@x`, `Revoke-X -Permission`)
  // narrows who has access; only one that reaches every grant at once destroys
  if (
    destroy &&
    /^(?:remove|revoke)$/.test(destroy[1] ?? '') &&
    GRANT_NOUN.test(destroy[2] ?? '') &&
    !everything(rest, computed)
  )
    return [];
  if (whatIf(rest)) {
    const text = `cli-readonly pwsh ${tool}${rest.length ? ' ' + rest.join(' ') : ''}`;
    return [{ kind: 'readonly', text, from: `-WhatIf (${tool})` }];
  }
  const verb = destroy
    ? (destroy[1] ?? 'remove')
    : switched
      ? switched.replace(/^-|:.*$/g, '').toLowerCase()
      : 'revoke';
  return readings(tool, rest, verb, everything(rest, computed));
}
