// An inventory of the host under root: which packages, updates, repositories, services, devices
// and files it has, as an administrator of a locked-down fleet checks before and after a change.
// Root is needed only because the databases or listings are root's; nothing here changes the
// system. root-local.ts reads a `sudo TOOL ...` that passes here as `root-local TOOL ...`
// (docs/shell-readings.md, "Read-only and project-local work"). From each tool's manual page:
//   rpm(8) -q/-V       query and verify modes (the first option picks the mode); --import,
//                      --rebuilddb, --setperms, --setugids, --restore and --root/--dbpath keep the ask
//   dnf(8), yum(8)     list, info, search, provides, repolist, repoquery, deplist, updateinfo
//                      (advisory) list/info/summary, `history` [list|info|userinstalled], `module
//                      list`; --setopt, --installroot, -c/--config and --nogpgcheck keep the ask
//   subscription-manager status, identity, list, `repos --list|--list-enabled|--list-disabled`
//   needs-restarting(1), tuned-adm active/list/recommend/verify, usbguard list-devices/list-rules,
//   fapolicyd-cli --list/--check-*, systemctl --failed and its list-* verbs (not `cat`, which
//   prints units whose Environment= lines may hold a service's passwords)
//   find(1) with no action that deletes, runs or writes (-delete, -exec, -ok, -fprint, -fls)

const RPM_CHANGES =
  /^(?:--import|--rebuilddb|--initdb|--setperms|--setugids|--restore|--root|--dbpath|--delsign|--addsign|--resign)(?:=|$)/;

function rpm(args: readonly string[]): boolean {
  const mode = args[0] ?? '';
  if (!/^(?:-[qV][a-zA-Z]*|--query|--verify)$/.test(mode)) return false;
  return !args.some((w) => RPM_CHANGES.test(w));
}

const DNF_READS = new Set([
  'list',
  'info',
  'search',
  'provides',
  'whatprovides',
  'repolist',
  'repoquery',
  'deplist',
  'check-update',
]);
const DNF_UNSAFE =
  /^(?:--setopt|--installroot|-c|--config|--nogpgcheck|--downloadonly|--destdir|-y|--assumeyes)(?:=|$)/;

function dnf(args: readonly string[]): boolean {
  if (args.some((w) => DNF_UNSAFE.test(w))) return false;
  const words = args.filter((w) => !w.startsWith('-'));
  const [verb = '', sub = ''] = words;
  if (DNF_READS.has(verb)) return true;
  if (verb === 'updateinfo' || verb === 'advisory') return sub === '' || /^(?:list|info|summary)$/.test(sub);
  if (verb === 'history') return sub === '' || /^(?:list|info|userinstalled|\d+)$/.test(sub);
  if (verb === 'module') return sub === 'list' || sub === 'info';
  return false;
}

function subscriptionManager(args: readonly string[]): boolean {
  const [verb = '', ...rest] = args;
  if (/^(?:status|identity|list|version)$/.test(verb))
    return rest.every((w) => /^--(?:installed|consumed|available|all|matches=\S+|pool-only)$/.test(w));
  if (verb === 'repos') return rest.length > 0 && rest.every((w) => /^--list(?:-enabled|-disabled)?$/.test(w));
  return false;
}

/** find(1) actions that delete, run a command or write a file. */
const FIND_ACTS = /^-(?:delete|exec|execdir|ok|okdir|fprint|fprint0|fprintf|fls)$/;

function systemctl(args: readonly string[]): boolean {
  const words = args.filter((w) => !w.startsWith('-'));
  const flags = args.filter((w) => w.startsWith('-'));
  if (
    !flags.every((w) =>
      /^(?:--failed|--all|-a|--no-pager|--plain|--full|-l|--type=\w+|--state=[\w,]+|--no-legend)$/.test(w),
    )
  )
    return false;
  const verb = words[0];
  return verb === undefined ? flags.includes('--failed') : /^(?:list-[\w-]+|is-failed)$/.test(verb);
}

/** Whether `TOOL ARGS` run as root only takes an inventory (see the list at the top of this file). */
export function rootInventory(rest: readonly string[]): boolean {
  const p = rest[0] ?? '';
  const args = rest.slice(1);
  switch (p) {
    case 'rpm':
      return rpm(args);
    case 'dnf':
    case 'yum':
    case 'microdnf':
      return dnf(args);
    case 'subscription-manager':
      return subscriptionManager(args);
    case 'needs-restarting':
      return args.every((w) => /^(?:-[rsup]+|--(?:reboothint|services|useronly))$/.test(w));
    case 'tuned-adm':
      return args.length === 1 && /^(?:active|list|recommend|verify)$/.test(args[0] ?? '');
    case 'usbguard':
      return /^(?:list-devices|list-rules)$/.test(args[0] ?? '') && args.slice(1).every((w) => w.startsWith('-'));
    case 'fapolicyd-cli':
      return (
        args.length > 0 &&
        args.every((w) =>
          /^--(?:list|check-config|check-trustdb|check-status|check-watch_fs|check-path|dump-db)$/.test(w),
        )
      );
    case 'systemctl':
      return systemctl(args);
    case 'find':
      return args.length > 0 && !args.some((w) => FIND_ACTS.test(w));
    default:
      return false;
  }
}
