// Root for a look or for the user's own files. `sudo` asks because root can change anything,
// but most of what developers run under it changes nothing or only gives them back their own
// files: `sudo lsof -i :3000`, `sudo ss -tlnp`, `sudo docker ps`, `sudo tail -f
// /var/log/nginx/error.log`, `sudo chown -R $USER:$USER ./node_modules` (files a container made
// as root), `sudo rm -rf ./build`. Such a command reads as
//   root-local PROGRAM REST
// and the standard profile's sudo rules exclude it (docs/shell-readings.md, "Read-only and
// project-local work"). Every other policy still decides the command run under sudo as it would
// decide it without: the reading only says root adds nothing to worry about.
//
// The reading needs all of:
//   - sudo or doas with no option that changes who runs it or how (`-u`, `-g`, `-s`, `-i`, `-E`
//     keep the ask: another account, a login shell, the caller's environment);
//   - a program that only looks (listing sockets, processes, containers, disks, firewall rules,
//     logs under /var/log; the report subcommands of storage and host-security tools such as
//     `zpool status`, `smartctl -a /dev/sda`, `auditctl -l`, root-looks.ts; a hardened host's
//     review of its audit trail, SELinux state, file integrity and firewall, root-review.ts; an
//     inventory of its packages, updates, services and files, root-inventory.ts),
//     with no option that changes anything (`ss -K` kills sockets,
//     `dmesg -c` clears the ring buffer, `iptables -F` flushes);
//   - or chown to the calling user, chmod without setuid/setgid bits, or rm of build output, each
//     on paths inside the project or the home folder (relative, or under ~), none with `..`, or rm
//     of a served application's own cache under /var/www or /srv (served-caches.ts);
//   - or a server's own configuration check with an exact option set (`nginx -t`, `sshd -t`,
//     `visudo -c`), a configuration file it is told only under /etc;
//   - or a rehearsal of root's tools (nixos-rebuild build, certbot certificates/--dry-run,
//     logrotate -d) or Apache's a2enmod/a2ensite of an installed name;
//   - or a BSD admin's doas twin of these (root-bsd.ts), also inside a jail (`jexec JAIL LOOK`): pfctl -s/-T show/-n, a daemon's -n
//     configuration test, rcctl check/ls/restart, service NAME status, smtpctl show, a zfs
//     snapshot, a zpool scrub, listings of jails, boot environments and disks;
//   - or bring-up of a CAN bus on this machine (device-bringup below): a can/vcan/slcan interface
//     set up or down with its bit timing, a CAN driver module loaded, a serial adapter attached
//     with slcand, udev told to reload its rules, the caller put in a device-access group;
//   - or, the one `-u` that passes, a web application's own maintenance command (cache flush,
//     cron, reindex, schema upgrade) run as the web server's account (root-web-user.ts).
import { bsdRootLook } from './root-bsd.js';
import { deviceBringup } from './root-devices.js';
import { rootLook } from './root-looks.js';
import { rootInventory } from './root-inventory.js';
import { rootReview } from './root-review.js';
import { webUserCommand } from './root-web-user.js';
import { servedCachePath } from './served-caches.js';
import { buildOutputPath } from './shell-verb-scope.js';
import { table } from '../util/lookup-table.js';

/** Programs this reading looks at (the cheap test before any other work). */
const ROOT_PROGRAMS = new Set(['sudo', 'doas']);

/** sudo/doas options that keep the command as the caller typed it (no other user, shell or env). */
const PLAIN_OPTIONS = new Set(['-n', '--non-interactive', '-H', '--set-home', '-S', '--stdin', '-k']);

/** Programs that only report, with any option (lsof(8), netstat(8), ps(1), free(1), ...). */
const LOOKS = new Set([
  'lsof',
  'netstat',
  'ps',
  'free',
  'df',
  'du',
  'lsblk',
  'blkid',
  'lspci',
  'lsusb',
  'lsmod',
  'dmidecode',
  'iotop',
  'iftop',
  'nethogs',
  'htop',
  'top',
  'vmstat',
  'iostat',
  'pidstat',
  'uptime',
  'who',
  'w',
  'last',
  'lastb',
  'id',
  'whoami',
  'arp',
  'route',
  'getenforce',
  'sestatus',
  'aa-status',
  'apparmor_status',
  'journalctl',
  'nvidia-smi',
  // LVM's reports (lvs(8), pvs(8), vgs(8) and the *display forms) print volumes and change nothing
  'lvs',
  'pvs',
  'vgs',
  'lvdisplay',
  'pvdisplay',
  'vgdisplay',
]);

/** Options of a look that change something: `ss -K` kills, `dmesg -c/-C` clears, `-D/-E` toggle console logging, `-n` sets its level. */
const LOOK_CHANGES: Record<string, RegExp> = table({
  ss: /^(?:-[a-zA-Z]*K[a-zA-Z]*|--kill)$/,
  dmesg: /^(?:-[a-zA-Z]*[cCDEn][a-zA-Z]*|--(?:clear|read-clear|console-off|console-on|console-level)(?:=.*)?)$/,
  // journalctl(1): the options that delete, rotate or move the journal, or make sealing keys
  journalctl:
    /^--(?:vacuum-\w+|rotate|flush|sync|relinquish-var|smart-relinquish-var|setup-keys|update-catalog|new-id128)(?:=.*)?$/,
  // nvidia-smi(1): a GPU reset, ECC, compute-mode or MIG changes (persistence mode and queries only look or tune)
  'nvidia-smi':
    /^(?:-r|--gpu-reset|-e|--ecc-config(?:=.*)?|-c|--compute-mode(?:=.*)?|-mig|--multi-instance-gpu(?:=.*)?|-am|-caa|-ac|--applications-clocks(?:=.*)?)$/,
});

/** Subcommands of a container engine that only report. */
const ENGINE_LOOKS = new Set([
  'ps',
  'images',
  'logs',
  'inspect',
  'stats',
  'top',
  'info',
  'version',
  'port',
  'events',
  'diff',
  'history',
  'system df',
  'system info',
  'volume ls',
  'volume inspect',
  'network ls',
  'network inspect',
  'image ls',
  'image inspect',
  'image history',
  'container ls',
  'container inspect',
  'container logs',
  'compose ps',
  'compose logs',
  'compose ls',
  'compose config',
  'compose top',
]);

/** Programs that print files: a look when every path they name is a log under /var/log. */
const VIEWERS = new Set(['cat', 'tail', 'head', 'less', 'more', 'grep', 'zcat', 'zgrep', 'zless', 'wc']);

/** The calling user, as a chown owner is written (`$USER`, `$(whoami)`, `$(id -u)`). */
const SELF = String.raw`(?:\$USER|\$\{USER\}|"\$USER"|\$\(whoami\)|\$\(id -un\)|\$\(id -u -n\)|\$\(id -u\)|\$\(logname\))`;
const SELF_GROUP = String.raw`(?:\$USER|\$\{USER\}|\$\(whoami\)|\$\(id -gn\)|\$\(id -g -n\)|\$\(id -g\)|staff|users)`;
const SELF_OWNER = new RegExp(`^${SELF}(?:[:.]${SELF_GROUP}?)?$`);

/** A path inside the project (relative) or the home folder, with no way out of it. */
function ownPath(p: string): boolean {
  if (p === '' || p.startsWith('-') || /[`$*?[]/.test(p)) return false;
  if (/(?:^|\/)\.\.(?:\/|$)/.test(p)) return false;
  if (p.startsWith('/')) return false;
  return true;
}

/** chmod modes that add setuid/setgid (u+s, g+s, 4755, 2755): root-made privilege, not a tidy-up. */
function grantsPrivilege(mode: string): boolean {
  if (/^[0-7]{4}$/.test(mode)) return /^[2-7]/.test(mode);
  return /s/.test(mode.replace(/^[ugoa]*/, '').replace(/^[-+=]/, '')) || /[ug]*[+=][^,]*s/.test(mode);
}

/** The operands of a command's words after its name (options dropped). */
function operands(words: readonly string[]): string[] {
  return words.slice(1).filter((w) => !w.startsWith('-'));
}

function inner(words: readonly string[]): string[] | null {
  let i = 1;
  for (; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w === '--') {
      i++;
      break;
    }
    if (!w.startsWith('-')) break;
    if (!PLAIN_OPTIONS.has(w)) return null;
  }
  const rest = words.slice(i);
  return rest.length ? rest : null;
}

/** Compose's reports (ps, logs, top, images, ls, port, version, events); `config` prints interpolated secrets. */
const COMPOSE_LOOKS = new Set(['ps', 'logs', 'top', 'images', 'ls', 'port', 'version', 'events']);
/** Compose options that pick the project (their value is a file, a name or a folder), not another engine. */
const COMPOSE_PICKS = /^(?:-f|--file|-p|--project-name|--project-directory|--profile)$/;

/** `docker compose [-f FILE] [-p NAME] ps|logs|...`: a report on one project's containers. */
function composeLook(args: readonly string[]): boolean {
  let i = 0;
  while (COMPOSE_PICKS.test(args[i] ?? '')) i += 2;
  return COMPOSE_LOOKS.has(args[i] ?? '');
}

function engineLook(rest: readonly string[]): boolean {
  // global options (-H, --context) point at another engine: keep the ask
  const args = rest.slice(1);
  if (args[0]?.startsWith('-')) return false;
  if (args[0] === 'compose') return composeLook(args.slice(1));
  const one = args[0] ?? '';
  const two = `${one} ${args[1] ?? ''}`;
  return ENGINE_LOOKS.has(two) || ENGINE_LOOKS.has(one);
}

function firewallList(rest: readonly string[]): boolean {
  const p = rest[0] ?? '';
  if (p === 'iptables' || p === 'ip6tables') {
    const flags = rest.slice(1).filter((w) => w.startsWith('-'));
    const lists = flags.some(
      (w) => w === '-L' || w === '-S' || w === '--list' || w === '--list-rules' || /^-[nvx]*[LS][nvx]*$/.test(w),
    );
    return (
      lists &&
      flags.every(
        (w) => /^-[LSnvxt]+$/.test(w) || /^--(?:list|list-rules|numeric|verbose|line-numbers|exact|table)$/.test(w),
      )
    );
  }
  if (p === 'nft') return rest[1] === 'list';
  if (p === 'ufw') return rest[1] === 'status';
  if (p === 'fdisk') return rest.slice(1).every((w) => w === '-l' || w === '--list' || !w.startsWith('-'));
  return false;
}

/** Every path a viewer names is a log under /var/log (a grep's pattern is not a path). */
function logView(rest: readonly string[]): boolean {
  // counts (`tail -n 50`) are not paths, nor is a grep's pattern; anything else must be a log
  const ops = operands(rest).filter((w) => !/^\+?\d+[kKmMbB]?$/.test(w));
  const paths = (rest[0] ?? '').endsWith('grep') && !rest.includes('-e') ? ops.slice(1) : ops;
  return (
    paths.length > 0 &&
    paths.every((p) => p.startsWith('/var/log/') && !/(?:^|\/)\.\.(?:\/|$)|[`$]/.test(p)) &&
    !rest.some((w) => w === '-f' && (rest[0] === 'grep' || rest[0] === 'zgrep'))
  );
}

/**
 * Servers' own configuration checks, which parse the system's configuration and exit (nginx(8)
 * -t/-T, apachectl(8) configtest/-t/-S/-M, sshd(8) -t/-T, visudo(8) -c, haproxy(1) -c, Postfix's
 * `postfix check`, BIND's named-checkconf, caddy validate, nft(8) -c, unbound-checkconf,
 * `squid -k parse`, `dovecot -n`, php-fpm -t): root only because the files are root's. Each
 * option set is exact; a configuration or prefix chosen on the line (`nginx -c /tmp/x.conf`,
 * `-g 'load_module ...'`, `sshd -f`, `visudo -f`) can load code as root and keeps the ask, except
 * a file under /etc where a checker must be told it (haproxy -f, caddy --config, nft -f).
 */
const CONFIG_CHECKS: Record<string, RegExp> = table({
  nginx: /^(?:-t|-T|-q|-tq|-qt|-V|-v)$/,
  apachectl: /^(?:-t|configtest|-S|-M|-v|-V)$/,
  apache2ctl: /^(?:-t|configtest|-S|-M|-v|-V)$/,
  httpd: /^(?:-t|-S|-M|-v|-V)$/,
  sshd: /^(?:-t|-T)$/,
  visudo: /^(?:-c|--check|-q|--quiet|-s|--strict)$/,
  haproxy: /^(?:-c|-f|-q|-V)$/,
  postfix: /^check$/,
  'named-checkconf': /^$/,
  'unbound-checkconf': /^$/,
  caddy: /^(?:validate|--config|--adapter|caddyfile)$/,
  nft: /^(?:-c|--check|-f|--file)$/,
  squid: /^(?:-k|parse)$/,
  dovecot: /^-n$/,
  'php-fpm': /^-t$/,
  // FreeRADIUS radiusd(8) -C: "check the configuration and exit"; -X adds its debug output
  freeradius: /^(?:-C|-XC|-CX|-X)$/,
  radiusd: /^(?:-C|-XC|-CX|-X)$/,
});
/** Checks that only parse: the word that must be there (nginx -t, not plain nginx that starts it). */
const CHECK_WORD: Record<string, RegExp> = table({
  nginx: /^(?:-t|-T|-tq|-qt|-V|-v)$/,
  apachectl: /./,
  apache2ctl: /./,
  httpd: /./,
  sshd: /./,
  visudo: /^(?:-c|--check)$/,
  haproxy: /^-c$/,
  postfix: /./,
  caddy: /^validate$/,
  nft: /^(?:-c|--check)$/,
  squid: /^parse$/,
  dovecot: /./,
  'php-fpm': /./,
  freeradius: /^(?:-C|-XC|-CX)$/,
  radiusd: /^(?:-C|-XC|-CX)$/,
});

function configCheck(rest: readonly string[]): boolean {
  // Debian's versioned PHP-FPM binaries (php-fpm8.2) take the same -t
  const p = (rest[0] ?? '').replace(/^php-fpm\d+(?:\.\d+)?$/, 'php-fpm');
  const allowed = CONFIG_CHECKS[p];
  if (!allowed) return false;
  const args = rest.slice(1);
  const need = CHECK_WORD[p];
  if (need && !args.some((w) => need.test(w))) return false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i] ?? '';
    if (!allowed.test(w)) return false;
    // the one value some checkers take: a configuration file under /etc
    if (/^(?:-f|--file|--config)$/.test(w)) {
      const f = args[++i] ?? '';
      if (!/^\/etc\/[\w.\/-]+$/.test(f) || f.includes('..')) return false;
    } else if (w === '--adapter') i++;
  }
  return true;
}

/**
 * Root's tools run so they change nothing: nixos-rebuild's build and dry runs, certbot's certificate list and its renewal rehearsal
 * (certbot(1) `certificates`, `renew --dry-run`, which runs against the staging CA and saves
 * nothing), and logrotate's debug mode (logrotate(8) -d: "no changes are made to the logs and the
 * state file is not updated"), with a configuration under /etc. Any other option (`--pre-hook
 * CMD`, a configuration elsewhere) keeps the ask.
 */
function rootDryRun(rest: readonly string[]): boolean {
  const p = rest[0] ?? '';
  const args = rest.slice(1);
  if (p === 'certbot')
    return (
      (args.length === 1 && args[0] === 'certificates') ||
      (args.includes('renew') &&
        args.includes('--dry-run') &&
        args.every((w) => /^(?:renew|--dry-run|-q|--quiet|--no-random-sleep-on-renew)$/.test(w)))
    );
  // nixos-rebuild(8) build, dry-build and dry-activate build the system's configuration and show
  // what would change; only switch, boot and test activate it
  if (p === 'nixos-rebuild') {
    let verb = '';
    for (let i = 0; i < args.length; i++) {
      const w = args[i] ?? '';
      if (w === '--flake') i++;
      else if (/^(?:--flake=\S+|--show-trace|-L|--print-build-logs|--fast|-v|--verbose)$/.test(w)) continue;
      else if (!verb && /^(?:build|dry-build|dry-activate)$/.test(w)) verb = w;
      else return false;
    }
    return verb !== '';
  }
  // Debian's Apache helpers link a module, site or configuration root already installed under
  // /etc/apache2/*-available (a2enmod(8), a2ensite(8), a2enconf(8) and the dis- twins): names only
  if (/^a2(?:en|dis)(?:mod|site|conf)$/.test(p)) {
    const names = args.filter((w) => w !== '-q' && w !== '--quiet');
    return names.length > 0 && names.every((n) => /^[\w][\w.-]*$/.test(n) && !n.includes('..'));
  }
  if (p === 'logrotate') {
    const files = args.filter((w) => !w.startsWith('-'));
    return (
      args.some((w) => w === '-d' || w === '--debug') &&
      args.every((w) => !w.startsWith('-') || /^(?:-d|--debug|-v|--verbose)$/.test(w)) &&
      files.length > 0 &&
      files.every((f) => /^\/etc\/logrotate\.(?:conf|d\/[\w.-]+)$/.test(f))
    );
  }
  return false;
}

/**
 * A packet capture under root, which only looks at the traffic on the machine's own interfaces:
 * `sudo tcpdump -i eth1 -nn -c 50 udp port 161 -w /tmp/snmp.pcap`, `sudo tshark -i eth1 -f 'udp
 * port 5060' -a duration:60 -w captures/reg.pcap`. Root is needed only to open the interface.
 * Every option must be one that selects, bounds, formats or saves packets (tcpdump(8), tshark(1),
 * dumpcap(1)); the filter expression is words without a dash. Options that run code keep the ask:
 * tcpdump's -z (a command run on each saved file, as root), -Z/-F/-V (another user, files read
 * in), tshark's -X (Lua scripts) and -o (preferences, which can load them), and a capture written
 * to standard output (`-w -`) for another program to carry off.
 */
const CAPTURE_OPTIONS: Record<string, { flags: RegExp; valued: RegExp }> = table({
  tcpdump: {
    flags: /^-(?:[nvelAXUqtpSKNDI#]+|-immediate-mode|-number|-list-interfaces)$/,
    valued: /^(?:-i|-c|-s|-w|-r|-B|-y|-Q|-C|-W|-G|--interface|--snapshot-length|--buffer-size)$/,
  },
  tshark: {
    flags: /^-(?:[nqVxlpPSDIQ]+|-color|-no-duplicate-keys|-list-interfaces)$/,
    valued: /^(?:-i|-f|-a|-c|-w|-r|-Y|-R|-T|-e|-E|-s|-F|-B|-y|-b|-j|-J|-t|-W|--interface|--autostop|--ring-buffer)$/,
  },
  dumpcap: {
    flags: /^-(?:[nqpPSDIMt]+|-list-interfaces)$/,
    valued: /^(?:-i|-f|-a|-c|-w|-s|-b|-B|-y|--interface|--autostop|--ring-buffer)$/,
  },
});

const CAPTURE_FILE =
  /^(?!.*(?:^|\/)\.\.(?:\/|$))(?:[\w.][\w.\/-]*|(?:\/tmp|\/var\/tmp|~|\$HOME|\/home\/[\w.-]+|\/Users\/[\w.-]+)\/[\w.\/-]+)$/;

function packetCapture(rest: readonly string[]): boolean {
  const opts = CAPTURE_OPTIONS[rest[0] ?? ''];
  if (!opts) return false;
  for (let i = 1; i < rest.length; i++) {
    const w = rest[i] ?? '';
    if (!w.startsWith('-')) continue;
    if (opts.flags.test(w)) continue;
    // `-c50`, `-w/tmp/x.pcap`: a short option with its value attached
    const attached = /^(-[a-zA-Z])(.+)$/.exec(w);
    const name = opts.valued.test(w) ? w : attached && opts.valued.test(attached[1] ?? '') ? attached[1] : undefined;
    if (!name) return false;
    const value = name === w ? rest[++i] : attached?.[2];
    if (value === undefined) return false;
    // saved where the caller works (the project, a scratch folder, the home folder), not over a
    // file of root's (`-w /etc/cron.d/x` writes packets others can shape into a root file)
    // (nor a dot file, which a shell or tool reads at start: `-w ~/.bashrc`)
    if (name === '-w' && (!CAPTURE_FILE.test(value) || /(?:^|\/)\.(?!\/)/.test(value.replace(/^\.\//, ''))))
      return false;
    if (name === '-r' && value === '-') return false;
  }
  return true;
}

/** chown/chmod/rm under root that only tidies the caller's own files. */
function ownFiles(rest: readonly string[]): boolean {
  const p = rest[0] ?? '';
  const ops = operands(rest);
  const flags = rest.slice(1).filter((w) => w.startsWith('-'));
  if (p === 'chown') {
    if (!flags.every((w) => /^-[Rhv]+$/.test(w) || w === '--recursive' || w === '--verbose')) return false;
    const [owner, ...paths] = ops;
    return owner !== undefined && SELF_OWNER.test(owner) && paths.length > 0 && paths.every(ownPath);
  }
  if (p === 'chmod') {
    if (!flags.every((w) => /^-[Rv]+$/.test(w) || w === '--recursive' || w === '--verbose')) return false;
    const [mode, ...paths] = ops;
    return mode !== undefined && !grantsPrivilege(mode) && paths.length > 0 && paths.every(ownPath);
  }
  if (p === 'rm') {
    if (!flags.every((w) => /^-[rRfv]+$/.test(w) || w === '--recursive' || w === '--force')) return false;
    // a project's build output, or a served application's own cache (files the web server's account made)
    return ops.length > 0 && ops.every((o) => buildOutputPath(o) || servedCachePath(o));
  }
  return false;
}

/**
 * The `root-local` reading of one simple command (words with the program's base name first), or
 * null. Cheap for every other command: one set lookup.
 */
export function rootLocalReading(words: readonly string[]): string | null {
  if (!ROOT_PROGRAMS.has(words[0] ?? '')) return null;
  const web = webUserCommand(words);
  if (web) return `root-local ${web.join(' ')}`;
  const rest = inner(words);
  if (!rest) return null;
  const p = rest[0] ?? '';
  // jexec(8) JAIL COMMAND runs the command as root inside a FreeBSD jail: a look there is a look
  if (p === 'jexec' && /^[\w][\w.-]*$/.test(rest[1] ?? '') && rest.length > 2) {
    const inside = rootLocalReading([words[0] ?? 'doas', ...rest.slice(2)]);
    return inside ? `root-local ${rest.join(' ')}` : null;
  }
  let ok = false;
  if (LOOKS.has(p) || p === 'ss' || p === 'dmesg') {
    const changes = LOOK_CHANGES[p];
    ok = !changes || !rest.slice(1).some((w) => changes.test(w));
  } else if (p === 'docker' || p === 'podman') ok = engineLook(rest);
  else if (p === 'docker-compose') ok = composeLook(rest.slice(1));
  else if (VIEWERS.has(p)) ok = logView(rest);
  else
    ok =
      firewallList(rest) ||
      ownFiles(rest) ||
      configCheck(rest) ||
      packetCapture(rest) ||
      rootDryRun(rest) ||
      deviceBringup(rest) ||
      rootLook(rest) ||
      rootReview(rest) ||
      rootInventory(rest) ||
      bsdRootLook(rest);
  return ok ? `root-local ${rest.join(' ')}` : null;
}
