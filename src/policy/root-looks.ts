// Storage and host-security tools run under root only to report: the subcommands and options of
// each that read state and change nothing, from each tool's manual page. root-local.ts reads a
// `sudo TOOL ...` that passes here as `root-local TOOL ...`, which the sudo rules leave alone
// (docs/shell-readings.md, "Read-only and project-local work"):
//   zpool(8)          status, list, iostat, get, history, events (not `events -c`, which clears)
//   zfs(8)            list, get, holds, userspace, groupspace, projectspace, diff
//   smartctl(8)       -a/-x/-i/-H/-A/-c/-l LOG/-d TYPE/-j/-n MODE/-f FMT/-g SETTING on /dev
//                     devices; -s, -t, -X, -o, -S and `-l scterc,R,W`/`scttempint,N` set or test
//   nvme(1)           list, list-subsys, smart-log, id-ctrl, id-ns, error-log, fw-log on /dev devices
//   mdadm(8)          --detail, --examine, --query (with --scan, --verbose, --brief)
//   btrfs(8)          filesystem show/df/usage, subvolume list/show, device stats (not -z,
//                     which resets the counters), scrub/balance/replace status, qgroup show
//   auditctl(8)       -l lists the rules and -s the status; every other option changes them
//   fail2ban-client   status, ping, version, banned, get (set, start, stop, reload, unban change)
//   tailscale         status, ip, netcheck, version (up, down, set, logout, serve, funnel change)
//   wg(8)             show [INTERFACE|all|interfaces] [FIELD]: the private key is printed "(hidden)";
//                     the private-key, preshared-keys and dump fields print keys, showconf too
// Global options before the subcommand (a socket, a configuration, a pool root) keep the ask.

/** A device operand: a literal path under /dev, nothing expanded. */
function device(w: string): boolean {
  return /^\/dev\/[\w./-]+$/.test(w) && !w.includes('..');
}

/** The first word is one of the subcommands and nothing before it is an option. */
function subcommand(args: readonly string[], subs: ReadonlySet<string>): boolean {
  return subs.has(args[0] ?? '');
}

const ZPOOL = new Set(['status', 'list', 'iostat', 'get', 'history', 'events']);
const ZFS = new Set(['list', 'get', 'holds', 'userspace', 'groupspace', 'projectspace', 'diff']);
const NVME = new Set(['list', 'list-subsys', 'smart-log', 'id-ctrl', 'id-ns', 'error-log', 'fw-log']);
const FAIL2BAN = new Set(['status', 'ping', 'version', 'banned', 'get']);

/** wg show fields that print no key (wg(8): private-key, preshared-keys and dump print secrets). */
const WG_FIELDS = new Set([
  'public-key',
  'listen-port',
  'fwmark',
  'peers',
  'endpoints',
  'allowed-ips',
  'latest-handshakes',
  'persistent-keepalive',
  'transfer',
]);

function wg(args: readonly string[]): boolean {
  const [verb, iface, field, ...more] = args;
  if (verb !== 'show' || more.length) return false;
  if (iface !== undefined && !/^[\w.-]+$/.test(iface)) return false;
  return field === undefined || WG_FIELDS.has(field);
}

/** smartctl options that only report, and the value-taking ones with the values that only read. */
const SMART_FLAGS = /^(?:-[aAxiHcjq]+|--(?:all|xall|info|health|attributes|capabilities|json(?:=\w+)?))$/;
const SMART_VALUE = new Set([
  '-d',
  '--device',
  '-n',
  '--nocheck',
  '-f',
  '--format',
  '-g',
  '--get',
  '-l',
  '--log',
  '-q',
  '--quietmode',
]);
/** -l logs that are reads: scterc and scttempint with values set the drive's timers. */
const SMART_LOG =
  /^(?:error|xerror(?:,[\w,]+)?|selftest|xselftest(?:,[\w,]+)?|selective|directory(?:,[gs])?|background|sasphy|sataphy|scttemp(?:sts|hist)?|scterc|devstat(?:,\d+)?|genstats|ssd|defects|(?:gplog|smartlog|nvmelog),[\w,]+)$/;

function smartctl(args: readonly string[]): boolean {
  let devices = 0;
  for (let i = 0; i < args.length; i++) {
    const w = args[i] ?? '';
    const eq = w.indexOf('=');
    const name = w.startsWith('--') && eq > 0 ? w.slice(0, eq) : w;
    if (SMART_VALUE.has(name)) {
      const value = name === w ? (args[++i] ?? '') : w.slice(eq + 1);
      if ((name === '-l' || name === '--log') && !SMART_LOG.test(value)) return false;
      if (!/^[\w,.:+-]+$/.test(value)) return false;
    } else if (SMART_FLAGS.test(w)) continue;
    else if (device(w)) devices++;
    else return false;
  }
  return devices > 0;
}

function mdadm(args: readonly string[]): boolean {
  const look = args.some((w) => /^(?:-D|--detail|-E|--examine|-Q|--query)$/.test(w));
  return (
    look && args.every((w) => /^(?:-[DEQsvb]+|--(?:detail|examine|query|scan|verbose|brief))$/.test(w) || device(w))
  );
}

function btrfs(args: readonly string[]): boolean {
  const [group = '', verb = '', ...rest] = args;
  const pair = `${group} ${verb}`;
  if (/^(?:filesystem|fi) (?:show|df|usage)$/.test(pair)) return true;
  if (/^(?:subvolume|sub) (?:list|show)$/.test(pair)) return true;
  if (/^(?:scrub|balance|replace) status$/.test(pair)) return true;
  if (pair === 'qgroup show') return true;
  if (/^(?:device|dev) stats$/.test(pair)) return !rest.some((w) => /^(?:-\w*z\w*|--reset)$/.test(w));
  return false;
}

/** Whether `TOOL ARGS` run as root only reports (see the list at the top of this file). */
export function rootLook(rest: readonly string[]): boolean {
  const p = rest[0] ?? '';
  const args = rest.slice(1);
  switch (p) {
    case 'zpool':
      return subcommand(args, ZPOOL) && !(args[0] === 'events' && args.some((w) => /^-\w*c/.test(w)));
    case 'zfs':
      return subcommand(args, ZFS);
    case 'nvme':
      return (
        subcommand(args, NVME) &&
        args
          .slice(1)
          .every((w, i, a) => w.startsWith('-') || device(w) || /^-o$|^--output-format$/.test(a[i - 1] ?? ''))
      );
    case 'smartctl':
      return smartctl(args);
    case 'mdadm':
      return mdadm(args);
    case 'btrfs':
      return btrfs(args);
    case 'auditctl':
      return args.length > 0 && args.every((w) => w === '-l' || w === '-s');
    case 'fail2ban-client':
      return subcommand(args, FAIL2BAN);
    case 'wg':
      return wg(args);
    case 'tailscale':
      return ['status', 'ip', 'netcheck', 'version'].includes(args[0] ?? '');
    default:
      return false;
  }
}
