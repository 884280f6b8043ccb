// A hardened host's review under root: what an administrator of a locked-down Linux fleet (STIG or
// CIS baselines, SELinux or AppArmor, auditd, file-integrity checks) runs all day to see what
// happened and whether the baseline holds. Root is needed only because the logs and databases are
// root's; none of these change the system. root-local.ts reads a `sudo TOOL ...` that passes here
// as `root-local TOOL ...`, which the sudo rules leave alone (docs/shell-readings.md, "Read-only
// and project-local work"). From each tool's manual page:
//   ls(1), stat(1), getfacl(1), lsattr(1)   list names, modes, ACLs and attributes, any option
//   ausearch(8), aureport(8)   search and summarise the audit trail; `--checkpoint FILE` writes a
//                              file and `-if FILE` reads one (only logs under /var/log/audit)
//   audit2allow(1), audit2why(8)   explain denials or draft a policy module for review: `-M NAME`
//                              writes NAME.te/NAME.pp in the working folder, `-o FILE` a file in the
//                              project or /tmp; loading one is `semodule -i`, which keeps the ask
//   sealert(8)                 `-a FILE` analyses a log under /var/log/audit, `-l ID` shows an alert
//   semanage(8) OBJECT -l      lists logins, users, ports, contexts, booleans, modules
//   semodule(8) -l             lists the installed modules
//   restorecon(8) -n           reports the contexts it would reset and resets nothing
//   aide(1) --check            compares the files with the database; `--init`/`--update` write a
//                              database and `-B`/`-A` add configuration lines, so they keep the ask
//   fips-mode-setup --check, update-crypto-policies --show/--is-applied
//   firewall-cmd --state, --list-*, --get-*, --query-*, --info-* (with --zone and --permanent)
//   faillock (without --reset), chage -l USER, crontab -l [-u USER]

/** Programs that only list what they are pointed at, with any option. */
const LISTERS = new Set(['ls', 'stat', 'getfacl', 'lsattr', 'lastlog', 'getsebool', 'matchpathcon', 'seinfo']);

/** A literal path with no way out of where it starts. */
function literal(p: string): boolean {
  return p !== '' && !/[`$*?[\s]/.test(p) && !/(?:^|\/)\.\.(?:\/|$)/.test(p);
}

/** A log of the audit trail (auditd writes /var/log/audit/audit.log and its rotations). */
function auditLog(p: string): boolean {
  return literal(p) && p.startsWith('/var/log/audit/');
}

/** A file the review may write: in the project (relative) or straight under /tmp. */
function draftFile(p: string): boolean {
  return literal(p) && !p.startsWith('-') && (!p.startsWith('/') || /^\/tmp\/[\w.-]+$/.test(p));
}

/** ausearch/aureport: any search option; their only file options are the checkpoint (writes) and the input. */
function auditSearch(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const w = args[i] ?? '';
    if (/^--checkpoint/.test(w)) return false;
    if (w === '-if' || w === '--input') {
      if (!auditLog(args[++i] ?? '')) return false;
    } else if (/^--input=/.test(w) && !auditLog(w.slice(8))) return false;
  }
  return true;
}

/** audit2allow/audit2why options that only choose what to read and how to print it. */
const A2A_FLAG =
  /^(?:-[abdwelvxDRNrC]+|--(?:all|boot|dmesg|why|explain|lastreload|verbose|xperms|dontaudit|reference|noreference|requires|cil))$/;

function audit2allow(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const w = args[i] ?? '';
    if (A2A_FLAG.test(w)) continue;
    const v = args[++i] ?? '';
    if (w === '-m' || w === '--module' || w === '-M' || w === '--module-package') {
      if (!/^[A-Za-z][\w-]*$/.test(v)) return false;
    } else if (w === '-o' || w === '--output') {
      if (!draftFile(v)) return false;
    } else if (w === '-i' || w === '--input') {
      if (!auditLog(v) && !draftFile(v)) return false;
    } else if (w === '-t' || w === '--type') {
      if (!/^[\w*]+$/.test(v)) return false;
    } else return false;
  }
  return true;
}

function sealert(args: readonly string[]): boolean {
  const rest = args.filter((w) => w !== '-v' && w !== '--verbose');
  if (rest.length !== 2) return false;
  const [opt = '', v = ''] = rest;
  if (opt === '-a' || opt === '--analyze') return auditLog(v);
  return (opt === '-l' || opt === '--lookupid') && /^[\w*-]+$/.test(v);
}

const SEMANAGE_OBJECTS = new Set([
  'login',
  'user',
  'port',
  'ibpkey',
  'ibendport',
  'interface',
  'module',
  'node',
  'fcontext',
  'boolean',
  'permissive',
]);

function semanage(args: readonly string[]): boolean {
  const [object = '', ...opts] = args;
  return (
    SEMANAGE_OBJECTS.has(object) &&
    opts.some((w) => w === '-l' || w === '--list') &&
    opts.every((w) => /^(?:-[lnC]+|--(?:list|noheading|locallist))$/.test(w))
  );
}

function restorecon(args: readonly string[]): boolean {
  const flags = args.filter((w) => w.startsWith('-'));
  const paths = args.filter((w) => !w.startsWith('-'));
  return (
    flags.some((w) => /^-[a-zA-Z]*n/.test(w)) &&
    flags.every((w) => /^-[nvRrFpi0]+$/.test(w)) &&
    paths.length > 0 &&
    paths.every(literal)
  );
}

function aide(args: readonly string[]): boolean {
  const checks = args.some((w) => /^(?:--check|-C|--compare|-E|--config-check|-D|--version|-v)$/.test(w));
  if (!checks) return false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i] ?? '';
    if (/^(?:--check|-C|--compare|-E|--config-check|-D|--version|-v)$/.test(w)) continue;
    // a configuration only from /etc; the limit is a path prefix
    if (w === '-c' || w === '--config') {
      if (!/^\/etc\/[\w./-]+$/.test(args[++i] ?? '') || (args[i] ?? '').includes('..')) return false;
    } else if (/^--config=\/etc\/[\w./-]+$/.test(w) && !w.includes('..')) continue;
    else if (w === '-l' || w === '--limit') i++;
    else return false;
  }
  return true;
}

/** firewall-cmd options that read the running or permanent configuration. */
const FIREWALL_READ =
  /^--(?:state|permanent|zone=[\w-]+|list-[\w-]+|get-[\w-]+|query-[\w-]+(?:=[\w/:.-]+)?|info-[\w-]+(?:=[\w-]+)?)$/;

function firewallCmd(args: readonly string[]): boolean {
  return args.length > 0 && args.every((w) => FIREWALL_READ.test(w)) && args.some((w) => w !== '--permanent');
}

/** Whether `TOOL ARGS` run as root only reviews the host (see the list at the top of this file). */
export function rootReview(rest: readonly string[]): boolean {
  const p = rest[0] ?? '';
  const args = rest.slice(1);
  if (LISTERS.has(p)) return true;
  switch (p) {
    case 'ausearch':
    case 'aureport':
      return auditSearch(args);
    case 'audit2allow':
    case 'audit2why':
      return audit2allow(args);
    case 'sealert':
      return sealert(args);
    case 'semanage':
      return semanage(args);
    case 'semodule':
      return (
        args.length > 0 && args.every((w) => /^(?:-l|--list-modules(?:=(?:full|standard))?|-lfull|-lstandard)$/.test(w))
      );
    case 'restorecon':
      return restorecon(args);
    case 'aide':
      return aide(args);
    case 'fips-mode-setup':
      return args.length === 1 && (args[0] === '--check' || args[0] === '--is-enabled');
    case 'update-crypto-policies':
      return args.length === 1 && (args[0] === '--show' || args[0] === '--is-applied');
    case 'firewall-cmd':
      return firewallCmd(args);
    case 'faillock':
      return args.every((w, i) => w === '--user' || (args[i - 1] === '--user' && /^[\w.-]+$/.test(w)));
    case 'chage':
      return args.length === 2 && args[0] === '-l' && /^[\w.-]+$/.test(args[1] ?? '');
    case 'crontab':
      return (
        args.includes('-l') &&
        args.every((w, i) => w === '-l' || w === '-u' || (args[i - 1] === '-u' && /^[\w.-]+$/.test(w)))
      );
    default:
      return false;
  }
}
