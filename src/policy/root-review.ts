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
//   faillock (without --reset), chage -l USER (root's crontab keeps the ask: its lines may carry
//   a job's password, as a unit's Environment= lines do)
//   oscap(8) xccdf/oval eval (results and report into the project or /tmp; not --remediate or
//   --fetch-remote-resources), oscap info
//   lynis audit system, debsums (not --generate), rkhunter --check/--list, chkrootkit,
//   needrestart in batch or list mode, unattended-upgrade --dry-run: baseline and package scans
//   that report; `rkhunter --propupd`/`--update`, `needrestart -r a` change things and keep the ask
//   ipmitool sdr/sensor/sel list/fru print/chassis status/lan print/mc info (not `sel clear`,
//   `sdr dump`, `chassis power`), with no interface or remote host chosen before the subcommand
//   a cluster's reports: Slurm's sinfo, squeue, sacct, sshare, sprio, sstat, sdiag (not -r, which
//   resets the counters), `scontrol show|ping|version`, `sacctmgr show|list`; Lustre's `lfs
//   df|quota|getstripe|...` and `lctl dl|get_param|list_param` (set_param and setstripe change)

/** Programs that only list what they are pointed at, with any option. */
const LISTERS = new Set([
  'ls',
  'stat',
  'getfacl',
  'lsattr',
  'lastlog',
  'getsebool',
  'matchpathcon',
  'seinfo',
  'sinfo',
  'squeue',
  'sacct',
  'sshare',
  'sprio',
  'sstat',
]);

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

/** Each word is one of the allowed ones, and at least one of the required ones is there. */
function only(args: readonly string[], allowed: RegExp, required: RegExp): boolean {
  return args.every((w) => allowed.test(w)) && args.some((w) => required.test(w));
}

const LFS_LOOKS = new Set([
  'df',
  'quota',
  'getstripe',
  'getdirstripe',
  'check',
  'osts',
  'mdts',
  'path2fid',
  'fid2path',
  'find',
]);
const LCTL_LOOKS = new Set(['dl', 'device_list', 'get_param', 'list_param', 'lustre_build_version']);

/** ipmitool(1) subcommand pairs that read the controller; the first word alone for `sdr`. */
function ipmitool(args: readonly string[]): boolean {
  const [sub = '', verb = ''] = args;
  if (sub === 'sdr') return !['dump', 'fill'].includes(verb);
  const reads: Record<string, RegExp> = {
    sensor: /^(?:|list|get)$/,
    sel: /^(?:|list|elist|info|time)$/,
    fru: /^(?:|print|list)$/,
    chassis: /^(?:status|restart_cause|poh)$/,
    lan: /^print$/,
    mc: /^(?:info|guid|selftest)$/,
    power: /^status$/,
  };
  if (sub === 'sel' && verb === 'time' && args[2] !== 'get') return false;
  return reads[sub]?.test(verb) ?? false;
}

function scanner(p: string, args: readonly string[]): boolean {
  switch (p) {
    case 'lynis':
      return (
        (args[0] === 'audit' &&
          args[1] === 'system' &&
          args.slice(2).every((w) => /^(?:--quick|-Q|--no-colors|--quiet|-q|--cronjob)$/.test(w))) ||
        (args[0] === 'show' && args.length <= 2)
      );
    case 'debsums':
      return args.every(
        (w) =>
          /^-[acesl]+$/.test(w) ||
          /^--(?:all|changed|config|silent|list-missing)$/.test(w) ||
          /^[a-z0-9][a-z0-9+.-]*$/.test(w),
      );
    case 'rkhunter':
      return only(
        args,
        /^(?:--check|-c|--list|--sk|--skip-keypress|--rwo|--report-warnings-only|--nocolors|--cronjob|-q|--quiet|tests|rootkits|perl)$/,
        /^(?:--check|-c|--list)$/,
      );
    case 'chkrootkit':
      return args.every((w) => /^-[qxn]+$/.test(w) || /^[a-z][\w]*$/.test(w));
    case 'needrestart':
      return args.every(
        (w, i) =>
          /^-[bklqv]+$/.test(w) ||
          w === '-rl' ||
          (w === '-r' && args[i + 1] === 'l') ||
          (w === 'l' && args[i - 1] === '-r'),
      );
    case 'unattended-upgrade':
    case 'unattended-upgrades':
      return only(args, /^(?:--dry-run|-d|--debug|-v|--verbose)$/, /^--dry-run$/);
    default:
      return false;
  }
}

function cluster(p: string, args: readonly string[]): boolean {
  switch (p) {
    case 'sdiag':
      return args.every((w) => /^(?:-a|--all|-i|--sort-by-id|-t|--sort-by-time|-T|--sort-by-time2)$/.test(w));
    case 'scontrol': {
      const i = args.findIndex((w) => !/^(?:-o|--oneline|-d|--details|-a|--all)$/.test(w));
      return i >= 0 && /^(?:show|ping|version)$/.test(args[i] ?? '');
    }
    case 'sacctmgr': {
      const i = args.findIndex((w) => !/^(?:-[nPp]+|--noheader|--parsable2?)$/.test(w));
      return i >= 0 && /^(?:show|list)$/.test(args[i] ?? '');
    }
    case 'lfs':
      return LFS_LOOKS.has(args[0] ?? '') && !args.some((w) => /^-(?:exec|delete)$/.test(w));
    case 'lctl':
      return LCTL_LOOKS.has(args[0] ?? '');
    default:
      return false;
  }
}

/** oscap options that name what to evaluate, and the ones that name a file it writes. */
const OSCAP_PICKS =
  /^--(?:profile|tailoring-file|tailoring-id|datastream-id|xccdf-id|benchmark-id|rule|skip-rule|cpe)$/;
const OSCAP_WRITES = /^--(?:results|results-arf|report|stig-viewer)$/;

/**
 * OpenSCAP's evaluation of the host against a benchmark (oscap(8) `xccdf eval`, `oval eval`): it
 * reads the system and writes results and a report where it is told; `--remediate` fixes the
 * host and keeps the ask, and so does a result written outside the project and /tmp. `oscap info`
 * describes a content file.
 */
function oscap(args: readonly string[]): boolean {
  const [module = '', verb = '', ...rest] = args;
  if (module === 'info') return args.length === 2 && literal(verb);
  if (!/^(?:xccdf|oval)$/.test(module) || verb !== 'eval') return false;
  let content = 0;
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i] ?? '';
    if (OSCAP_PICKS.test(w)) {
      if (!literal(rest[++i] ?? '')) return false;
    } else if (OSCAP_WRITES.test(w)) {
      if (!draftFile(rest[++i] ?? '')) return false;
    } else if (w === '--fetch-remote-resources' || w === '--remediate') return false;
    else if (w.startsWith('-')) {
      if (!/^(?:--progress|--verbose|--oval-results|--check-engine-results|--thin-results|--without-syschar)$/.test(w))
        return false;
    } else if (literal(w)) content++;
    else return false;
  }
  return content === 1;
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
    case 'ipmitool':
      return ipmitool(args);
    case 'oscap':
      return oscap(args);
    default:
      return scanner(p, args) || cluster(p, args);
  }
}
