// BSD root work that changes nothing, or only what the admin named: the doas (OpenBSD, FreeBSD)
// twins of the Linux looks, checks and service restarts root-local.ts already reads. Each entry is
// from the tool's manual page; root-local.ts reads a `doas TOOL ...` that passes here as
// `root-local TOOL ...`, which the sudo rules leave alone (docs/shell-readings.md, "Read-only and
// project-local work"):
//   pfctl(8)      -s MODIFIER shows (rules, states, info, tables, ...), -t TABLE -T show|test
//                 reads a table, -n -f /etc/... parses a ruleset without loading it ("-n: don't
//                 actually load the rules, just parse them"); -e/-d/-F/-k/-f without -n/-T add|delete
//                 change the firewall and keep the ask
//   daemons' -n   configuration test mode of OpenBSD's base daemons (smtpd(8), httpd(8), relayd(8),
//                 bgpd(8), ospfd(8), iked(8), unwind(8), ntpd(8), dhcpd(8)... "-n: Configtest mode.
//                 Only check the configuration file for validity"), with -v or a file under /etc
//   rcctl(8)      check, ls, get; restart and reload of named services (the twins of `systemctl
//                 restart` that the sudo rules already pass); start, stop, enable, disable, set ask
//   service(8)    FreeBSD: NAME status/restart/reload (as `sudo service` is passed), -e, -l list
//   smtpctl(8)    show queue/stats/hosts/relays/routes/envelope, monitor: reports only
//   syspatch(8)   -c lists patches that would be installed, -l those installed
//   freebsd-update(8) fetch only downloads the updates; install applies them and keeps the ask
//   zfs(8)        snapshot [-r] DATASET@NAME adds a snapshot and changes no data (destroy, rollback,
//                 send keep their readings); zpool(8) scrub POOL only verifies checksums
//   sysrc(8)      NAME or -a prints rc.conf variables; NAME=VALUE and -x change them
//   pkg(8)        info, version, audit, query, which, search, stats, update; upgrade/autoremove/clean -n
//   ifconfig(8)   alone or with one interface, sysctl(8) NAME, mount(8) alone: they print
//   bectl(8)/beadm list, jls(8), iocage list, bastille list, vm list, vmctl(8) status, camcontrol(8)
//                 devlist, gpart(8) show, geom(8) CLASS list, sockstat(1), fstat(1), swapinfo(8),
//                 kldstat(8), gstat(8): listings; fw_update(8) -n and newsyslog(8) -n: dry runs
// A name on these lines is a plain word: a variable, a path or `..` keeps the ask.

/** A plain name: a service, pool, dataset, table or interface written out, nothing expanded. */
function plain(w: string | undefined): boolean {
  return w !== undefined && /^[\w][\w.:+-]*$/.test(w);
}

/** pfctl -s modifiers (pfctl(8) "-s modifier": Show the filter parameters). */
const PF_SHOW =
  /^(?:rules|r|anchors|A|queue|q|nat|n|states|s|Sources|S|info|i|labels|l|memory|m|timeouts|t|Tables|T|osfp|o|Interfaces|I|all|a|ethernet|e|Running|R)$/;

/** pfctl's reads: -s show, -t/-T show|test, -n -f FILE parse, with -v/-g/-r (more output, reverse DNS). */
function pfctl(args: readonly string[]): boolean {
  let parse = false;
  let file = '';
  let look = false;
  let test = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i] ?? '';
    // the addresses a -T test looks up
    if (test && /^[\da-fA-F.:]+(?:\/\d+)?$/.test(w)) continue;
    if (!/^-[a-zA-Z]+$/.test(w)) return false;
    for (let j = 1; j < w.length; j++) {
      const c = w[j] ?? '';
      if ('sTtaf'.includes(c)) {
        const value = j + 1 < w.length ? w.slice(j + 1) : (args[++i] ?? '');
        if (c === 's' && !PF_SHOW.test(value)) return false;
        if (c === 'T' && !/^(?:show|test)$/.test(value)) return false;
        if (c === 't' && !plain(value)) return false;
        if (c === 'a' && (!/^[\w.\/*-]+$/.test(value) || value.includes('..'))) return false;
        if (c === 'f') file = value;
        if (c === 's' || c === 'T') look = true;
        if (c === 'T') test = value === 'test';
        break;
      }
      if (c === 'n') parse = true;
      else if (!'vgr'.includes(c)) return false;
    }
  }
  if (file) return parse && /^\/etc\/[\w.\/-]+$/.test(file) && !file.includes('..');
  return look || parse;
}

/** OpenBSD base daemons with a -n configuration test mode (their manual pages). */
const CONFIGTEST = new Set([
  'smtpd',
  'httpd',
  'relayd',
  'bgpd',
  'ospfd',
  'ospf6d',
  'iked',
  'isakmpd',
  'unwind',
  'ntpd',
  'dhcpd',
  'ldapd',
  'eigrpd',
  'ripd',
  'ldpd',
  'snmpd',
  'vmd',
  'npppd',
]);

function configTest(args: readonly string[]): boolean {
  if (!args.includes('-n')) return false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i] ?? '';
    if (w === '-n' || w === '-v' || w === '-vv') continue;
    if (w !== '-f') return false;
    const f = args[++i] ?? '';
    if (!/^\/etc\/[\w.\/-]+$/.test(f) || f.includes('..')) return false;
  }
  return true;
}

/** rcctl(8) verbs that report, and the restarts the sudo rules pass for systemctl. */
function rcctl(args: readonly string[]): boolean {
  const [verb = '', ...names] = args;
  if (verb === 'ls') return names.length <= 1 && /^(?:all|failed|off|on|rogue|started|stopped)?$/.test(names[0] ?? '');
  if (verb === 'get') return names.length >= 1 && names.length <= 2 && names.every(plain);
  if (/^(?:check|restart|reload)$/.test(verb)) return names.length > 0 && names.every(plain);
  return false;
}

/** FreeBSD service(8): one named service's status, restart or reload, or the -e/-l listings. */
function service(args: readonly string[]): boolean {
  if (args.length === 1) return args[0] === '-e' || args[0] === '-l';
  const [name, verb, ...more] = args;
  return more.length === 0 && plain(name) && /^(?:one)?(?:status|restart|reload)$/.test(verb ?? '');
}

/** zfs snapshot [-r] DATASET@NAME...: adds snapshots, no property or other option. */
function zfsSnapshot(args: readonly string[]): boolean {
  if (args[0] !== 'snapshot' && args[0] !== 'snap') return false;
  const names = args.slice(1).filter((w) => w !== '-r');
  return (
    names.length > 0 &&
    names.every((n) => /^[\w][\w.:\/-]*@[\w.:-]+$/.test(n) && !n.includes('..') && !n.startsWith('-'))
  );
}

/**
 * FreeBSD pkg(8) subcommands that read the database or refresh the catalogue (the twin of
 * `apt-get update`), and upgrade/autoremove/clean as a dry run (-n); installs are decided by the
 * sudo rules' package lines.
 */
function pkg(args: readonly string[]): boolean {
  const [verb = '', ...rest] = args;
  if (/^(?:info|version|audit|query|which|search|stats|update)$/.test(verb))
    return rest.every((w) => !w.includes('/') && !w.includes('$') && !/^-\w*[rR]$/.test(w));
  if (/^(?:upgrade|autoremove|clean)$/.test(verb)) return rest.includes('-n') && rest.every((w) => /^-[nqy]+$/.test(w));
  return false;
}

/** Listings of jails, boot environments, disks and sockets. */
function listing(p: string, args: readonly string[]): boolean {
  const [verb = ''] = args;
  switch (p) {
    case 'sockstat':
    case 'fstat':
    case 'swapinfo':
    case 'jls':
      return args.every((w) => w.startsWith('-') || /^\d+$/.test(w) || plain(w));
    case 'bectl':
    case 'iocage':
    case 'bastille':
    case 'vm':
      return verb === 'list' && args.slice(1).every((w) => w.startsWith('-'));
    case 'camcontrol':
      return verb === 'devlist' && args.slice(1).every((w) => w === '-v');
    case 'gpart':
      return verb === 'show' && args.slice(1).every((w) => w.startsWith('-') || plain(w));
    case 'geom':
      return args[1] === 'list' && plain(verb) && args.slice(2).every((w) => w.startsWith('-') || plain(w));
    case 'smtpctl':
      return (
        (verb === 'show' &&
          /^(?:queue|stats|hosts|hoststats|relays|routes|envelope|message|status)$/.test(args[1] ?? '') &&
          args.slice(2).every((w) => /^[0-9a-f]+$/i.test(w))) ||
        (verb === 'monitor' && args.length === 1)
      );
    case 'sysrc':
      // sysrc(8) prints variables unless one is assigned (NAME=VALUE) or -x removes it
      return args.every((w) => /^-[aAnNeEdqv]+$/.test(w) || plain(w));
    case 'vmctl':
      return /^(?:status|show)$/.test(verb) && args.slice(1).every(plain);
    case 'ifconfig':
      // ifconfig(8) with at most an interface name (or -a/-l) prints; any other word sets something
      return args.length <= 1 && (args.length === 0 || /^-[alu]+$/.test(verb) || plain(verb));
    case 'sysctl':
      // sysctl(8) prints a name; NAME=VALUE (and -w on old systems) sets it
      return args.every((w) => /^-[aAdehnNoqx]+$/.test(w) || /^\w[\w.%-]*$/.test(w));
    case 'mount':
      return args.every((w) => /^-[pv]+$/.test(w));
    case 'kldstat':
    case 'gstat':
      return args.every((w) => w.startsWith('-') || /^[\w.]+$/.test(w));
    case 'beadm':
      return verb === 'list' && args.slice(1).every((w) => w.startsWith('-'));
    case 'pkg':
      return pkg(args);
    case 'fw_update':
    case 'newsyslog':
      // -n: a dry run that installs or rotates nothing (fw_update(8), newsyslog(8))
      return args.includes('-n') && args.every((w) => /^-[nv]+$/.test(w));
    case 'syspatch':
      return args.length === 1 && (verb === '-c' || verb === '-l');
    case 'freebsd-update':
      return verb === 'fetch' && args.length === 1;
    default:
      return false;
  }
}

/** Whether `TOOL ARGS` run as root on a BSD only reports, checks, restarts or snapshots (see above). */
export function bsdRootLook(rest: readonly string[]): boolean {
  const p = rest[0] ?? '';
  const args = rest.slice(1);
  if (p === 'pfctl') return pfctl(args);
  if (p === 'rcctl') return rcctl(args);
  if (p === 'service') return service(args);
  if (p === 'zfs') return zfsSnapshot(args);
  if (p === 'zpool') return args[0] === 'scrub' && args.length === 2 && plain(args[1]);
  if (CONFIGTEST.has(p)) return configTest(args);
  return listing(p, args);
}
