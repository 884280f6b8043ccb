// Changes made on another machine over ssh: `ssh deploy@prod-web-1 'php artisan migrate --force'`,
// `ssh prod 'cd /srv/app && git pull && systemctl restart app'`, `rsync -a dist/ prod:/var/www/`.
// The remote command is read like a local one elsewhere; what it amounts to here is where it runs:
//   cli-change-prod ssh HOST CMD   a host named for production, a command that is not read-only
//   ship ssh HOST CMD              any host, a command that migrates a database schema
//   cli-change-prod scp|rsync HOST files copied onto a host named for production
// Both are asked by the standard policies (production-changes, ship-commands). Looking at logs,
// status and listings on a production host is not a change (docs/shell-readings.md, "Remote deploys").
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import { simpleCommands, type SimpleCommand } from './walk.js';
import { table } from '../../util/lookup-table.js';
import { LOCAL_HOST } from './web-root-copies.js';

/** Programs whose command lines this file reads (the line-readings gate). */
export const REMOTE_PROGRAMS = ['ssh', 'scp', 'rsync', 'pdsh', 'pssh', 'parallel-ssh', 'clush', 'ansible', 'salt'];

/** A name that says production (`prod`, `prod-web-1`, `api.production.acme.io`, `live-db`). */
const PROD = /(?:^|[^a-z0-9])(?:prod|production|prd|live)(?:[^a-z0-9]|$|\d)/i;

/** ssh options that take a value (OpenSSH ssh(1)). */
const SSH_VALUE = new Set('-B -b -c -D -E -e -F -I -i -J -L -l -m -O -o -p -Q -R -S -W -w'.split(' '));
/** pdsh/pssh/clush options that take a value; -w/-h/-H name the hosts. */
const FLEET_VALUE = new Set('-w -h -H -l -p -t -x -o -O -e -g -R -u -f -b'.split(' '));

/** Programs (or program + subcommand) that only look. */
const READS = new Set(
  (
    'ls cat head tail less more grep egrep zgrep rg find stat file wc du df free uptime whoami id hostname date ' +
    'uname ps top htop pgrep pidof lsof ss netstat ip ifconfig ping dig nslookup host curl wget echo printf pwd cd ' +
    'which type env printenv sort uniq cut awk jq yq diff md5sum sha256sum journalctl dmesg last w who vmstat iostat ' +
    'sar nproc lscpu lsblk mount tree readlink realpath basename dirname true test [ sleep watch'
  ).split(' '),
);
const READ_SUBS: Record<string, RegExp> = table({
  systemctl: /^(?:status|show|is-active|is-enabled|is-failed|list-units|list-unit-files|list-timers|cat)$/,
  service: /^(?:--status-all)$/,
  docker: /^(?:ps|logs|inspect|images|stats|top|version|info|events|port|diff)$/,
  'docker-compose': /^(?:ps|logs|config|images|top|version)$/,
  kubectl: /^(?:get|describe|logs|top|explain|version|api-resources|cluster-info|auth)$/,
  git: /^(?:status|log|diff|show|branch|remote|rev-parse|describe|fetch|tag)$/,
  pm2: /^(?:list|ls|status|logs|show|describe|monit|jlist)$/,
  supervisorctl: /^(?:status|avail|tail|pid)$/,
  nginx: /^-[tTv]$/,
  redis_cli: /^(?:info|ping)$/,
});

/**
 * Schema migrations: they change a shared database on whatever host runs them. (A service
 * restarted on a host not named for production is routine operations, and stays watched.)
 */
const DEPLOY_STEP =
  /\b(?:artisan\s+migrate\b|manage\.py\s+migrate\b|rails\s+db:migrate\b|rake\s+db:migrate\b|prisma\s+migrate\s+deploy\b|alembic\s+upgrade\b|flyway\s+(?:\S+\s+)*?migrate\b|knex\s+migrate:latest\b|sequelize(?:-cli)?\s+db:migrate\b|liquibase\s+(?:\S+\s+)*?update\b)/;

function readOnly(c: SimpleCommand): boolean {
  const a = c.argv;
  let i = 0;
  while (i < a.length && /^(?:sudo|nice|timeout|nohup|exec)$/.test(basename(a[i] ?? ''))) i++;
  const name = basename(a[i] ?? '');
  if (!name) return true;
  if (c.redirs.some((r) => r.op.includes('>') && !/^\/dev\/null$/.test(r.target))) return false;
  if (READS.has(name)) return !(name === 'find' && a.some((w) => w === '-delete' || w === '-exec'));
  const sub = READ_SUBS[name.replace(/-cli$/, '_cli')];
  const verb = a.slice(i + 1).find((w) => !w.startsWith('-') || name === 'nginx' || name === 'service');
  return !!sub && verb !== undefined && sub.test(verb);
}

/** The host and the remote command of `ssh [options] [user@]host [command ...]`. */
function sshParts(a: string[]): { host: string; remote: string } | undefined {
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (w === '--') continue;
    if (w.startsWith('-')) {
      if (SSH_VALUE.has(w)) i++;
      continue;
    }
    return { host: w.replace(/^[^@]*@/, '').replace(/^ssh:\/\//, ''), remote: a.slice(i + 1).join(' ') };
  }
  return undefined;
}

/** `pdsh -w host[1-4] CMD`, `pssh -h hosts.txt -i CMD`: hosts and the command. */
function fleetParts(a: string[]): { host: string; remote: string } | undefined {
  const hosts: string[] = [];
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (w.startsWith('-')) {
      if (FLEET_VALUE.has(w)) {
        if (/^-[wHh]$/.test(w)) hosts.push(a[i + 1] ?? '');
        i++;
      }
      continue;
    }
    return { host: hosts.join(',') || 'all', remote: a.slice(i).join(' ') };
  }
  return undefined;
}

/**
 * A release's shape on any host: new code fetched (git pull, a hard reset to the remote, images
 * pulled, dependencies installed for production) and the service restarted or reloaded onto it.
 * A host named as a copy (staging, dev, test) is rehearsing it; one on this machine's network or
 * named by one word (a NAS, a homelab box) is the developer's own.
 */
const CODE_UPDATE =
  /\bgit\s+(?:pull|reset\s+--hard\s+origin|checkout\s+(?:-f\s+)?(?:v?\d|tags\/|origin\/))|\b(?:docker[\s-]compose|docker|podman)\s+(?:compose\s+)?pull\b|\bcomposer\s+install\b[^;&|]*--no-dev|\bnpm\s+ci\b[^;&|]*--(?:omit=dev|production)/;
const RESTART =
  /\b(?:systemctl\s+(?:--\S+\s+)*(?:restart|reload|try-restart|reload-or-restart)|service\s+\S+\s+(?:restart|reload)|pm2\s+(?:restart|reload|startOrReload)|supervisorctl\s+restart|(?:docker[\s-]compose|docker\s+compose)\s+(?:\S+\s+)*up|nginx\s+-s\s+reload|apachectl\s+graceful|touch\s+\S*tmp\/restart\.txt|kill\s+-(?:HUP|USR2)|php\d*(?:\.\d+)?-fpm\s+reload)\b/;
const COPY_HOST =
  /(?:^|[^a-z0-9])(?:stag(?:e|ing)|dev|develop|test|testing|qa|uat|preview|sandbox|demo|local|localhost)(?:[^a-z0-9]|$|\d)/i;

/**
 * The whole machine restarted, powered off or moved to new system packages (reboot(8),
 * shutdown(8), systemctl reboot/poweroff/halt/kexec, init 0/6; a distribution upgrade: apt
 * full-upgrade/dist-upgrade, dnf distro-sync/system-upgrade, zypper dup, do-release-upgrade,
 * Proxmox pveupgrade): on another machine, every service and guest it carries goes down or
 * changes with it. Routine package updates (apt upgrade) stay watched; a host named as a copy
 * (staging, test) is rehearsing it.
 */
const HOST_WIDE =
  /(?:^|[;&|(]\s*|\bsudo\s+)(?:reboot|poweroff|halt|shutdown\s+(?:-[rhP]\b|now\b|\+?\d)|init\s+[06]\b|systemctl\s+(?:--\S+\s+)*(?:reboot|poweroff|halt|kexec|soft-reboot)\b|(?:apt-get|apt)\s+(?:-\S+\s+)*(?:full-upgrade|dist-upgrade)\b|(?:dnf|yum)\s+(?:-\S+\s+)*(?:distro-sync|system-upgrade)\b|zypper\s+(?:-\S+\s+)*(?:dup|dist-upgrade)\b|do-release-upgrade\b|pveupgrade\b)/;

function remoteReading(host: string, remote: string, tool: string, out: Effect[]): void {
  if (!remote.trim()) return;
  const cmds = simpleCommands(remote);
  if (!cmds.length || cmds.every(readOnly)) return;
  const via = `${tool} runs on ${host}`;
  if (PROD.test(host)) out.push({ tool: 'exec', command: `cli-change-prod ${tool} ${host} ${remote}`, via });
  if (
    DEPLOY_STEP.test(remote) ||
    (CODE_UPDATE.test(remote) && RESTART.test(remote) && !COPY_HOST.test(host) && !LOCAL_HOST.test(host))
  )
    out.push({ tool: 'exec', command: `ship ${tool} ${host} ${remote}`, via });
  else if (HOST_WIDE.test(remote) && !COPY_HOST.test(host))
    out.push({
      tool: 'exec',
      command: `ship ${tool} ${host} ${remote}`,
      via: `${tool} restarts or upgrades the whole of ${host}`,
    });
}

/** scp/rsync copying onto `host:path` where the host is named for production. */
function copyReading(tool: string, a: string[], out: Effect[]): void {
  const ops = a.slice(1).filter((w) => !w.startsWith('-'));
  const dest = ops[ops.length - 1] ?? '';
  if (ops.length < 2) return;
  const m = /^(?:[^@/:]+@)?([^:/]+):/.exec(dest);
  if (!m?.[1] || !PROD.test(m[1])) return;
  out.push({ tool: 'exec', command: `cli-change-prod ${tool} ${m[1]} ${dest}`, via: `${tool} copies onto ${m[1]}` });
}

/** Ansible modules that run a command line on the hosts (`-m shell -a '...'`). */
const ANSIBLE_COMMAND = /^(?:(?:ansible\.builtin\.)?(?:shell|command|raw|script))$/;

/**
 * Ansible modules that only gather or look (ansible.builtin module index: ping, setup,
 * gather_facts, stat, slurp, find, getent, debug, fetch copies from the hosts to here, and every
 * `*_facts` / `*_info` module by the collections' naming rule). Any other module run ad hoc
 * (service, systemd, apt, copy, file, user, reboot ...) changes the hosts.
 */
const ANSIBLE_LOOKS =
  /^(?:[\w]+\.[\w]+\.)?(?:ping|win_ping|setup|gather_facts|stat|win_stat|slurp|find|getent|debug|fetch|assert|wait_for|\w+_facts|\w+_info)$/;

/**
 * Salt execution functions that only look (Salt module docs: test.*, grains.*, sys.*, and the
 * get/list/status/show/info/version functions of every module).
 */
const SALT_LOOKS =
  /^(?:(?:test|grains|sys|disk|status)\.\w+|\w+\.(?:get|list|status|show|info|ls|items|version|available)\w*)$/;

/** ansible/salt running a state-changing module on hosts named for production. */
function fleetChange(name: string, target: string, fn: string, out: Effect[]): void {
  if (!PROD.test(target)) return;
  out.push({
    tool: 'exec',
    command: `cli-change-prod ${name} ${target} ${fn}`,
    via: `${name} runs ${fn} on ${target}`,
  });
}

/** Inventories and patterns named for a lab, a test or this machine. */
const LAB = /(?:^|[^a-z0-9])(?:lab|dev|test|testing|local|localhost|sandbox|molecule)(?:[^a-z0-9]|$)/i;
/** Network collections' configuration modules (cisco.ios.ios_config, arista.eos.eos_config, junipernetworks.junos.junos_config ...). */
const DEVICE_CONFIG = /^(?:[\w]+\.[\w]+\.)?\w+_config$/;

/**
 * A network collection's configuration module run ad hoc on devices, whatever they are named:
 * configuration loaded into them and saved, as `napalm HOST configure FILE` does, read as
 * `ship ansible TARGET MODULE` (ship-commands asks). A lab or test inventory, localhost and
 * `--check` pass; other modules run ad hoc keep their own readings (production targets, writes).
 */
function deviceConfig(target: string, module: string, out: Effect[]): void {
  if (!DEVICE_CONFIG.test(module) || LAB.test(target)) return;
  out.push({
    tool: 'exec',
    command: `ship ansible ${target} ${module}`,
    via: `ansible loads configuration into ${target}`,
  });
}

/**
 * `ansible PATTERN [-i INV] -m shell -a CMD` and `salt TARGET cmd.run CMD`: the command runs on
 * every matched host. It is read as a command of its own (what it would do here, it does there),
 * and as a production change when the pattern or inventory names production.
 */
function fleetCommand(name: string, a: string[], out: Effect[]): void {
  let remote = '';
  let target = '';
  if (name === 'ansible') {
    let module = 'command';
    let check = false;
    const where: string[] = [];
    for (let i = 1; i < a.length; i++) {
      const w = a[i] ?? '';
      if (w === '-m' || w === '--module-name') module = a[++i] ?? '';
      else if (w === '-a' || w === '--args') remote = a[++i] ?? '';
      else if (w === '-i' || w === '--inventory' || w === '-l' || w === '--limit') where.push(a[++i] ?? '');
      else if (w === '-C' || w === '--check') check = true;
      else if (/^-[uekMfBPtTc]$/.test(w)) i++;
      else if (!w.startsWith('-') && !target) target = w;
    }
    target = [target, ...where].join(' ');
    if (!ANSIBLE_COMMAND.test(module)) {
      if (!check && module && !ANSIBLE_LOOKS.test(module)) {
        fleetChange(name, target, module, out);
        deviceConfig(target, module, out);
      }
      return;
    }
  } else {
    const ops = a.slice(1).filter((w) => !w.startsWith('-'));
    const run = ops.findIndex((w) => w === 'cmd.run' || w === 'cmd.shell' || w === 'cmd.script');
    if (run < 1) {
      const fn = ops.findIndex((w) => /^\w+\.\w+$/.test(w));
      if (fn >= 1 && !SALT_LOOKS.test(ops[fn] ?? '') && !a.includes('test=True'))
        fleetChange(name, ops.slice(0, fn).join(' '), ops[fn] ?? '', out);
      return;
    }
    target = ops.slice(0, run).join(' ');
    remote = ops.slice(run + 1).join(' ');
  }
  if (!remote.trim()) return;
  out.push({ tool: 'exec', command: remote, via: `${name} runs on ${target || 'every host'}` });
  remoteReading(target, remote, name, out);
}

/** What commands run on, and files copied to, other machines change there. */
export function remoteDeployEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (name === 'ssh') {
      const p = sshParts(c.argv);
      if (p) remoteReading(p.host, p.remote, 'ssh', out);
    } else if (name === 'pdsh' || name === 'pssh' || name === 'parallel-ssh' || name === 'clush') {
      const p = fleetParts(c.argv);
      if (p) remoteReading(p.host, p.remote, name, out);
    } else if (name === 'scp' || name === 'rsync') copyReading(name, c.argv, out);
    else if (name === 'ansible' || name === 'salt') fleetCommand(name, c.argv, out);
  }
}
