// Root for bringing up a bench device: the CAN bus of a dev board, a USB-serial CAN adapter, the
// udev rules that let the caller open a probe. Embedded and automotive work needs root for these
// only because the kernel's network and device layers are root's; none of them reroutes traffic,
// loads code of the caller's choosing or grants more than access to devices. Read by
// root-local.ts as part of the `root-local` reading.
//
// Sources: the kernel's SocketCAN documentation (Documentation/networking/can.rst: `ip link set
// can0 type can bitrate 125000`, `ip link set up can0`, vcan and slcan interfaces), ip-link(8)
// ("type can" options), the CAN drivers under drivers/net/can/ (module names), can-utils slcand(8),
// udevadm(8), and the groups Debian gives device nodes (dialout: serial ports; plugdev: removable
// and USB devices; uucp and lock on Arch and Fedora; i2c, spi and gpio on Raspberry Pi OS).

/** A CAN interface's name: can0, vcan0, slcan0, vxcan1 (ip link names them this way by driver). */
const CAN_IF = /^(?:can|vcan|vxcan|slcan)\d+$/;

/** ip-link(8) words of `type can` and `type vcan` settings and of the link state. */
const CAN_SETTINGS = new Set([
  'type',
  'can',
  'vcan',
  'vxcan',
  'up',
  'down',
  'bitrate',
  'sample-point',
  'tq',
  'prop-seg',
  'phase-seg1',
  'phase-seg2',
  'sjw',
  'dbitrate',
  'dsample-point',
  'dsjw',
  'restart-ms',
  'restart',
  'fd',
  'fd-non-iso',
  'loopback',
  'listen-only',
  'triple-sampling',
  'one-shot',
  'berr-reporting',
  'presume-ack',
  'cc-len8-dlc',
  'termination',
  'on',
  'off',
  'txqueuelen',
  'qlen',
  'mtu',
  'dev',
  'name',
]);

/** The kernel's CAN protocol and driver modules (drivers/net/can, net/can). */
const CAN_MODULES = new Set([
  'can',
  'can_raw',
  'can_bcm',
  'can_gw',
  'can_isotp',
  'can-isotp',
  'can_j1939',
  'can_dev',
  'vcan',
  'vxcan',
  'slcan',
  'gs_usb',
  'peak_usb',
  'peak_pci',
  'peak_pciefd',
  'kvaser_usb',
  'kvaser_pci',
  'kvaser_pciefd',
  'ems_usb',
  'esd_usb',
  'esd_usb2',
  'ixxat_usb2can',
  'usb_8dev',
  'mcp251x',
  'mcp251xfd',
  'etas_es58x',
  'ucan',
  'mttcan',
  'm_can',
  'm_can_platform',
  'flexcan',
]);

/** Groups that open device nodes only (serial ports, USB probes, I2C/SPI/GPIO, video and sound). */
const DEVICE_GROUPS = new Set(['dialout', 'plugdev', 'uucp', 'lock', 'i2c', 'spi', 'gpio', 'video', 'audio', 'render']);

/** The calling user as usermod names it. */
const SELF = /^(?:\$USER|\$\{USER\}|"\$USER"|\$\(whoami\)|\$\(id -un\)|\$LOGNAME)$/;

function ipLink(args: readonly string[]): boolean {
  // ip [-d] link set|add|del|delete [dev] NAME SETTINGS...
  const words = args.filter((w) => w !== '-d' && w !== '-details');
  if (words[0] !== 'link' && words[0] !== 'l') return false;
  const verb = words[1] ?? '';
  if (!['set', 'add', 'del', 'delete'].includes(verb)) return false;
  const rest = words.slice(2);
  const names = rest.filter((w) => !CAN_SETTINGS.has(w) && !/^\d+(?:\.\d+)?$/.test(w));
  // every word is a CAN setting or a number except the interface's own name
  if (names.length !== 1 || !CAN_IF.test(names[0] ?? '')) return false;
  // a new interface is a virtual one (type vcan / vxcan): a real can0 comes from its driver
  if (verb === 'add') return rest.includes('type') && (rest.includes('vcan') || rest.includes('vxcan'));
  return true;
}

function modprobe(args: readonly string[]): boolean {
  // modprobe [-v] [-a] [-r] MODULE...: no other option (no -C config, no --force) and no paths
  const opts = args.filter((w) => w.startsWith('-'));
  const mods = args.filter((w) => !w.startsWith('-'));
  return (
    opts.every((w) => /^-(?:[varq]+|-all|-remove|-verbose|-quiet)$/.test(w)) &&
    mods.length > 0 &&
    mods.every((m) => CAN_MODULES.has(m))
  );
}

function slcand(args: readonly string[]): boolean {
  // slcand [-o] [-c] [-f] [-s SPEED] [-S BAUD] [-t hw|sw] TTY [NAME]
  const ops = args.filter((w, i) => !w.startsWith('-') && !/^-[sStF]$/.test(args[i - 1] ?? ''));
  const [tty, name] = ops;
  return (
    ops.length <= 2 &&
    /^\/dev\/tty[\w.-]+$|^tty[\w.-]+$|^\/dev\/serial\/by-id\/[\w.:-]+$/.test(tty ?? '') &&
    (name === undefined || CAN_IF.test(name)) &&
    args.every((w) => !w.startsWith('-') || /^-[ocfFl]+$|^-[sStF]$|^-s\d$/.test(w))
  );
}

function udevadm(args: readonly string[]): boolean {
  const verb = args[0] ?? '';
  const opts = args.slice(1);
  if (verb === 'control') return opts.length > 0 && opts.every((w) => /^(?:-R|--reload|--reload-rules)$/.test(w));
  if (verb === 'trigger' || verb === 'settle' || verb === 'info' || verb === 'monitor')
    // options and their values name devices, subsystems and attributes: nothing runs from them
    return opts.every((w) => !/[`$;|&<>]/.test(w));
  return false;
}

function usermod(args: readonly string[]): boolean {
  // usermod -aG GROUP[,GROUP] $USER (or -a -G)
  const ops = args.filter((w) => !w.startsWith('-'));
  const flags = args.filter((w) => w.startsWith('-'));
  if (!flags.every((f) => f === '-aG' || f === '-a' || f === '-G' || f === '--append' || f === '--groups'))
    return false;
  if (!flags.some((f) => f === '-aG') && !(flags.includes('-a') || flags.includes('--append'))) return false;
  const [groups, user] = ops;
  return ops.length === 2 && SELF.test(user ?? '') && (groups ?? '').split(',').every((g) => DEVICE_GROUPS.has(g));
}

/** Whether a command run as root (`rest`: program first) only brings up a bench device. */
export function deviceBringup(rest: readonly string[]): boolean {
  const p = rest[0] ?? '';
  const args = rest.slice(1);
  if (p === 'ip') return ipLink(args);
  if (p === 'modprobe') return modprobe(args);
  if (p === 'slcand') return slcand(args);
  if (p === 'udevadm') return udevadm(args);
  if (p === 'usermod' || p === 'adduser' || p === 'gpasswd') {
    // adduser $USER dialout; gpasswd -a $USER dialout
    if (p === 'adduser') return args.length === 2 && SELF.test(args[0] ?? '') && DEVICE_GROUPS.has(args[1] ?? '');
    if (p === 'gpasswd')
      return args.length === 3 && args[0] === '-a' && SELF.test(args[1] ?? '') && DEVICE_GROUPS.has(args[2] ?? '');
    return usermod(args);
  }
  return false;
}
