// Irreversible loss said by the shape of a call rather than by a destroy verb in its subcommand,
// for programs and modules svc has never heard of (the verb reader, shell-verbs.ts, finds
// `tool NOUN delete`; these find what it cannot):
//   - a Verb-Noun removal cmdlet of any PowerShell module (`Remove-PnPTenantSite`, `Remove-Mailbox`,
//     `Clear-XyzRecycleBinItem`): the cmdlet's verb is the verb and its noun the object, except the
//     nouns of the session and the machine's own state (`Remove-Variable`, `Remove-Job`,
//     `Remove-Module`), and the nouns other readings judge by their target (`Remove-Item`);
//   - an option that purges whatever the verb is (`New-ComplianceSearchAction -Purge -PurgeType
//     HardDelete`, `tool sweep run --hard-delete`, `--skip-recycle-bin`, `--delete-backups`), and
//     `--permanent` beside a delete, an empty or a trash (`tool trash empty --permanent`);
//   - a protection against deletion switched off (`-LitigationHoldEnabled $false`,
//     `--deletion-protection=false`, `--no-object-lock`, `Set-XRetentionPolicy -Enabled $false`,
//     `Disable-XHold`, `tool hold release --all`): what it protected is deleted by the next sweep
//     or the next mistake;
//   - a final act with its confirmation skipped (`validator exit --no-confirmation`, `account close
//     --skip-confirmation`, `ownership renounce`): the chain or the service cannot undo it;
//   - a destroy verb spelled as an option of a tool whose options are its verbs, aimed at keys,
//     protectors, shadow copies or backups (`manage-bde -protectors -delete`, `tool /delete /shadows`).
// Each is read as `cli-destroy TOOL WORDS` (asked by the standard profile), or `cli-destroy-all`
// when a wildcard, `--all` or a listing picks the targets. A rehearsal (`-WhatIf`, `--dry-run`,
// `-Preview`) and targets named for tests or scratch are not read (docs/shell-readings.md,
// "Loss said by options and cmdlet nouns").
import { devEnvShortcut, rehearses, scratchName } from './shell-verb-scope.js';

export interface LossReading {
  text: string;
  /** What was found, for explain. */
  from: string;
}

/** Verbs of a cmdlet that take away what its noun names. */
const CMDLET_LOSS = /^(remove|clear|unregister|purge|revoke)-([a-z0-9]{3,60})$/;

/**
 * Nouns of the session and of this machine's own setup, and nouns other readings judge by their
 * target (Remove-Item and its kin by the path, Clear-EventLog as a log wipe, Az/AWS/Graph cmdlets by
 * the cloud cmdlet reading): PowerShell's own Microsoft.PowerShell.* modules, PackageManagement and
 * PowerShellGet, PSReadLine, and the local networking, printing and scheduling modules.
 */
const LOCAL_NOUN = new Set(
  (
    'item itemproperty childitem content variable module job pssession psdrive psbreakpoint event eventlog ' +
    'typedata formatdata alias host history psreadlinekeyhandler psreadlineoption argumentcompleter ' +
    'dnsclientcache recyclebin appxpackage appxprovisionedpackage package packagesource psrepository ' +
    'psresource installedmodule installedpsresource script windowscapability windowsoptionalfeature ' +
    'printjob printer printerport smbmapping psdrive wmiobject ciminstance cimsession scheduledtask ' +
    'scheduledjob netroute netneighbor netipaddress trace breakpoint localgroupmember tempfiles ' +
    'psjob pssnapin sessionconfiguration mpthreat mppreference'
  ).split(' '),
);

/**
 * Nouns that hold what an account keeps and a person relies on, whatever the module. A person's
 * identity (a user, an account, a mailbox, a group or team) is kept in the directory's recycle
 * bin or as a soft-deleted mailbox for weeks after its removal, so it is read only when the
 * removal is permanent (`-Permanent`, `-SkipRecycleBin`).
 */
const HELD_NOUN =
  /(?:site|tenant|archive|recyclebin|deleteditem|trash|library|list$|drive|vault|backup|snapshot|database|db$|hold|retention|policy|key|secret|certificate|volume|disk|partition|share|web$|folder|document|file$|record|case|matter|repository|repo$|cluster|server|instance|bucket|container|blob|table|zone|domain|organization|workspace|project|collection|subscription|app$|application)/;

/**
 * Cmdlet nouns that are one small work item (a list item, a comment), or a person's access to a thing
 * (an admin, an owner, a permission: access-removal readings judge those), unless the trash is skipped.
 */
const WORK_NOUN =
  /(?:listitem|comment|task|label|tag|attachment|reaction|reminder|note|message|member|link|links|admin|admins|owner|owners|permission|permissions|access|rolebinding|roleassignment)$/;

/** Options that say the data is gone for good, whatever the verb before them. */
const PURGE_OPTION =
  /^-{1,2}(?:purge|purge-?(?:data|all|content|items?|backups?)|(?:cleanup|clean|drop|reset|wipe|recreate|purge)-?(?:database|db|data|schema|tables)|hard-?delete|skip-?recycle-?bin|bypass-?recycle-?bin|skip-?trash|bypass-?trash|no-?trash|delete-?(?:data|all-?data|backups?|snapshots?|volumes?|storage|contents?)|wipe-?data|destroy-?data|erase-?data|remove-?(?:data|backups?|snapshots?|all-?storage)|shred)$/i;

/** `-PurgeType HardDelete` (Exchange's compliance actions), `--deletion-mode=hard`. */
const HARD_TYPE = /^-{1,2}(?:purge-?type|delete-?type|deletion-?mode|delete-?mode)(?:[:=](.+))?$/i;

/** `--permanent`: a permanence only when the line deletes, empties or trashes. */
const PERMANENT = /^-{1,2}(?:permanent|permanently|forever)(?:[:=](.+))?$/i;
const REMOVAL_WORD =
  /^(?:delete|remove|rm|empty|clear|trash|purge|erase|destroy|retire|terminate)(?:[-_:.].*)?$|(?:delete|remove|empty|trash|purge)$/i;

/** Package managers: their `--purge` removes a package's configuration from this machine. */
const PACKAGE_TOOLS = new Set(
  'apt apt-get aptitude dpkg yum dnf zypper pacman yay paru snap flatpak brew port apk pip pip3 pipx npm yarn pnpm gem cargo conda mamba micromamba choco winget scoop nix-env opkg pkg emerge xbps-remove'.split(
    ' ',
  ),
);

/** Values that turn an option off. */
const OFF = /^(?:\$?false|0|off|no|none|disabled?|suspend(?:ed)?|\$null)$/i;

/**
 * Option names (dashes, underscores and case dropped) that keep data from being deleted: holds,
 * deletion and termination protection, object lock and immutability, versioning, soft delete and
 * purge protection and point-in-time recovery (a `--no-backup` on a local stop is not one).
 */
const PROTECTION_NAME =
  /(?:hold|deletionprotection|terminationprotection|deleteprotection|protectfromdeletion|preventdestroy|preventdeletion|objectlock|immutab|versioning|softdelete|purgeprotection|pointintimerecovery|retention(?:enabled)?$)/;

/** Cmdlet or path nouns of a protection (`Set-XRetentionPolicy -Enabled $false`, `Disable-XHold`). */
const PROTECTION_NOUN = /(?:hold|retention|protection|immutab|objectlock|versioning|softdelete|backup)/;

/** Verbs that lift a hold or lock (`hold release`, `lock lift`), as a delete of it does. */
const LIFT = /^(?:release|lift|clear|unset|off|disable|remove|delete|drop)$/i;
const HOLD_PATH =
  /^(?:holds?|legal-?holds?|litigation-?holds?|retention-?holds?|locks?|object-?locks?|preservations?)$/i;

/** Options that skip a prompt the tool shows before a step it cannot undo. */
const SKIP_CONFIRM =
  /^(?:--no-?confirm(?:ation)?|--skip-?confirm(?:ation)?|--yes|-y|--force|-f|--bypass-?warning|--i-understand[\w-]*|--accept[\w-]*risk[\w-]*|--confirm(?:ed)?|-Confirm:\$false|--non-?interactive|--assume-?yes)$/i;
/** Final acts that need a skipped prompt to run unattended: an exit, a closed account, a retirement. */
const FINAL_PROMPTED = /^(?:exit|voluntary-?exit|retire|close)$/i;
/** Nouns whose `close` ends them for good (an on-chain account or program, a channel, a vault). */
const CLOSABLE = /^(?:accounts?|wallets?|programs?|vaults?|positions?|channels?|validators?|stakes?|buffers?)$/i;
/** Final acts whatever the prompt: an ownership renounced, tokens burned, a contract destroyed. */
const FINAL_ALWAYS = /^(?:renounce(?:-?ownership)?|burn|self-?destruct|abandon|forfeit|relinquish)$/i;

/**
 * A site, store or application installed again over itself: Drupal's `drush site:install`, a
 * `reinstall` or `factory-reset` subcommand. The installer drops the tables of the database the
 * settings point at before it creates them afresh (drush site:install: "Install Drupal along with
 * modules/themes/configuration/profile", which empties the database). A development environment's
 * own copy (`ddev drush si`) is read by the dev-environment shortcut and not here.
 */
const REINSTALL =
  /^(?:(?:site|app|application|store|shop|instance)[:_-](?:install|reinstall|reinit|reset)|site-?install|reinstall|factory-?reset|reinit(?:ialize)?)$/i;

/**
 * An option-spelled removal given the name it removes, after the object's noun (Plesk's `plesk bin
 * subscription --remove NAME`, `tool domain --delete NAME`); a sync's or a copy's `--delete`
 * (rsync, rclone, `aws s3 sync`) mirrors a deploy and is left to the deploy readings.
 */
const NAMED_REMOVAL = /^(?:--?remove|--?delete|--?destroy|--?terminate)$/i;
const MIRRORS =
  /^(?:rsync|rclone|lftp|aws|gsutil|gcloud|az|azcopy|mc|s3cmd|unison|rdiff-backup|restic|borg|sync|mirror|cp|copy|push|deploy|upload)$/i;

/** An option-spelled destroy verb (`-delete`, `/delete`, `-remove`, `/purge`). */
const DASH_VERB = /^[-/](?:delete|del|remove|purge|wipe|erase|destroy)$/i;
/** What such a verb is aimed at when it is worth keeping: keys, protectors, shadow copies, backups. */
const KEPT_TARGET =
  /^[-/]?(?:protectors?|recoverypassword|recoverykey|recovery|tpm|keys|keyprotectors?|shadows|shadowstorage|catalog|backups?|systemstatebackup|snapshots?|vault)$/i;

/** Options that take no value, so the word after them is an operand (`drush -y site:install`). */
const BOOLEAN_OPTION =
  /^(?:-[yfqvFRrA]|--(?:yes|force|quiet|verbose|all|debug|json|recursive|permanent|non-interactive|no-interaction|assume-yes)|--no-[\w-]+)$/i;

/**
 * A program whose own name is a destroy verb glued to an account's object: the hosting panels'
 * scripts (cPanel's /scripts/removeacct and killacct, `deletedomain`, `delete_site`); a dashed
 * `Remove-Mailbox` is a cmdlet, read above.
 */
const GLUED_PROGRAM =
  /^(?:remove|delete|destroy|kill|drop|purge|wipe|terminate)_?(?:accts?|accounts?|users?|domains?|sites?|websites?|vhosts?|zones?|dns|mailbox(?:es)?|dbs?|databases?|subscriptions?|backups?|ledgers?|wallets?)$/i;

/** Whether a word stands for many targets known only when the line runs. */
function wide(w: string, computed: (w: string) => boolean): boolean {
  return (
    /^(?:--all|-all|\/all|-A|--everything)$/i.test(w) ||
    /[*?]/.test(w) ||
    w.includes('$(') ||
    w.includes('`') ||
    computed(w)
  );
}

/** The value of option `words[i]`: joined (`--x=v`, `-X:$false`) or the next word. */
function optionValue(words: readonly string[], i: number): { value: string | undefined; next: boolean } {
  const w = words[i] ?? '';
  const eq = /^-{1,2}[\w-]+[:=](.*)$/.exec(w);
  if (eq) return { value: eq[1], next: false };
  const n = words[i + 1];
  return n !== undefined && !n.startsWith('-') ? { value: n, next: true } : { value: undefined, next: false };
}

/** The option of `words` that switches a protection against deletion off, or null. */
function protectionOffOption(words: readonly string[], cmdletNoun: string | null): string | null {
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    if (!/^-{1,2}[A-Za-z]/.test(w)) continue;
    const bare = w.replace(/[:=].*$/, '');
    const name = bare.replace(/^-+/, '').replace(/[-_]/g, '').toLowerCase();
    // `--no-deletion-protection`, `--no-object-lock`, `--disable-versioning`
    const negated = /^(?:no|disable|without)(.+)$/.exec(name);
    if (negated && PROTECTION_NAME.test(negated[1] ?? '') && !/[:=]/.test(w)) return w;
    const { value } = optionValue(words, i);
    const v = (value ?? '').replace(/^['"]|['"]$/g, '');
    if (PROTECTION_NAME.test(name) && OFF.test(v)) return `${bare}=${v}`;
    // `Set-XRetentionPolicy -Enabled $false`: the cmdlet's noun says what is switched off
    if (cmdletNoun && PROTECTION_NOUN.test(cmdletNoun) && /^(?:enabled?|state|status)$/.test(name) && OFF.test(v))
      return `${bare}=${v}`;
  }
  return null;
}

/** Whether any operand names a test or scratch target (the project's own throwaway state). */
function scratchOnly(operands: readonly string[]): boolean {
  return operands.length > 0 && operands.every((w) => scratchName(w.replace(/^.*[/=]/, ''), true));
}

/** The loss readings of one simple command (program name first), or an empty list. */
export function lossMarkReadings(words: string[], computed: (w: string) => boolean = () => false): LossReading[] {
  const tool = (words[0] ?? '').toLowerCase();
  if (!tool || !/^[a-z][a-z0-9._-]*$/.test(tool)) return [];
  // a development environment's own copy of the site (`ddev drush site:install`, `lando wp ...`)
  if (devEnvShortcut(words, 0)) return [];
  const rest = words.slice(1);
  // a rehearsal: `--dry-run`, `-WhatIf`, `-Preview`
  if (rehearses(words) || rest.some((w) => /^-(?:whatif|preview|dryrun)(?::\$true)?$/i.test(w))) return [];
  const all = rest.some((w) => wide(w, computed));
  const make = (from: string): LossReading[] => {
    const text = `cli-destroy ${words.join(' ')}`;
    return all
      ? [
          { text, from },
          { text: text.replace('cli-destroy', 'cli-destroy-all'), from },
        ]
      : [{ text, from }];
  };
  const takesValue = (o: string) =>
    o.startsWith('-') && !o.includes('=') && !o.includes(':') && !BOOLEAN_OPTION.test(o);
  const operands = rest.filter((w, i) => !w.startsWith('-') && !takesValue(rest[i - 1] ?? ''));
  const namedValues = rest.filter((w, i) => !w.startsWith('-') && takesValue(rest[i - 1] ?? ''));
  const cmdlet = /^([a-z]+)-([a-z0-9]+)$/.exec(tool);
  const noun = cmdlet ? (cmdlet[2] ?? '') : null;

  // Remove-/Clear-/Unregister- of a module's object (see the file comment)
  const loss = CMDLET_LOSS.exec(tool);
  if (loss && !LOCAL_NOUN.has(loss[2] ?? '')) {
    const n = loss[2] ?? '';
    const forGood = rest.some(
      (w) => PURGE_OPTION.test(w) || (PERMANENT.test(w) && !OFF.test(optionValue(rest, rest.indexOf(w)).value ?? '')),
    );
    const trash = /recyclebin|deleteditem|trash/.test(n);
    const work = WORK_NOUN.test(n) && !trash && !forGood;
    if (!work && (HELD_NOUN.test(n) || forGood || trash) && !scratchOnly([...operands, ...namedValues]))
      return make(`${loss[1]} (${tool})`);
  }

  // `/scripts/removeacct shopowner`
  if (GLUED_PROGRAM.test(tool) && !scratchOnly([...operands, ...namedValues])) return make(`${tool}`);

  // a protection against deletion switched off
  const off = protectionOffOption(words, noun);
  if (off && !scratchOnly([...operands, ...namedValues])) return make(`${off} switches a protection off (${tool})`);
  if (cmdlet && cmdlet[1] === 'disable' && PROTECTION_NOUN.test(noun ?? '')) return make(`disable (${tool})`);
  const path = operands.slice(0, 4).map((w) => w.toLowerCase());
  const lift = path.findIndex((w, i) => i > 0 && LIFT.test(w) && HOLD_PATH.test(path[i - 1] ?? ''));
  if (lift > 0) return make(`${path[lift - 1]} ${path[lift]} (${tool})`);

  if (PACKAGE_TOOLS.has(tool)) return [];

  // an option that purges, whatever the verb
  const purge = rest.find((w, i) => {
    if (PURGE_OPTION.test(w)) return !OFF.test(optionValue(rest, i).value ?? '');
    const hard = HARD_TYPE.exec(w);
    if (hard) return /^(?:hard|harddelete|permanent|purge)/i.test(hard[1] ?? rest[i + 1] ?? '');
    return (
      PERMANENT.test(w) &&
      !OFF.test(optionValue(rest, i).value ?? '') &&
      (loss !== null || [tool, ...path].some((p) => REMOVAL_WORD.test(p)))
    );
  });
  if (purge && !scratchOnly(operands)) return make(`${purge} (${tool})`);

  // `drush site:install`: a site installed again over its own database
  const again = path.find((w) => REINSTALL.test(w));
  if (again && !scratchOnly(operands.filter((w) => !REINSTALL.test(w)))) return make(`${again} (${tool})`);

  // a final act: an exit, a closed account, a renounced ownership
  const finalAt = path.findIndex(
    (w, i) =>
      FINAL_ALWAYS.test(w) ||
      (FINAL_PROMPTED.test(w) &&
        i > 0 &&
        (w.toLowerCase() !== 'close' || CLOSABLE.test(path[i - 1] ?? '')) &&
        rest.some((x) => SKIP_CONFIRM.test(x))),
  );
  if (finalAt >= 0 && (finalAt > 0 || FINAL_ALWAYS.test(path[0] ?? ''))) return make(`${path[finalAt]} (${tool})`);

  // `plesk bin subscription --remove shop.example.com`
  const named = rest.findIndex((w) => NAMED_REMOVAL.test(w));
  const target = rest[named + 1] ?? '';
  if (
    named >= 0 &&
    path.length > 0 &&
    target !== '' &&
    !target.startsWith('-') &&
    ![tool, ...path].some((w) => MIRRORS.test(w)) &&
    !scratchName(target.replace(/^.*[/=]/, ''), true)
  )
    return make(`${rest[named]} ${target} (${tool})`);

  // `manage-bde -protectors -delete`, `tool /delete /shadows /all`
  const dash = rest.find((w) => DASH_VERB.test(w));
  if (dash && rest.some((w) => KEPT_TARGET.test(w))) return make(`${dash} (${tool})`);
  return [];
}
