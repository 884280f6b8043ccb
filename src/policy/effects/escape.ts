// Entering the host from a container, read from nsenter's options in any spelling (-t 1,
// -t1, --target=1, --target 1; -a/--all or each namespace flag): a target of pid 1 is the
// host's init, so the command amounts to `nsenter -t 1 -a sh`, which the host-escape policy
// denies. So is a target whose pid is looked up at run time for a process that only the host
// runs (`-t $(pgrep -o containerd)`, `-t $(pidof dockerd)`, `-t $(cat /run/kubelet.pid)`): its
// namespaces are the host's, whatever the lookup's spelling. `pgrep -o` with no name is the
// oldest process, init itself. A container's own pid (`docker inspect -f {{.State.Pid}}`) is
// another container's namespaces and is left to the rules on the container tools.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';

/**
 * AWS Systems Manager runs commands on an instance: `start-session --document-name
 * AWS-StartInteractiveCommand --parameters command='...'` and `send-command --parameters
 * commands='...'` run their text there, read as a command of its own (`sudo su -` is a root shell).
 */
function ssmCommands(a: string[], out: Effect[]): void {
  if (a[1] !== 'ssm' || (a[2] !== 'start-session' && a[2] !== 'send-command')) return;
  for (let i = 3; i < a.length; i++) {
    const w = a[i] ?? '';
    const v = w === '--parameters' ? a[i + 1] : w.startsWith('--parameters=') ? w.slice(13) : undefined;
    const m = v ? /^commands?=(?:\[)?["']?([\s\S]*?)["']?\]?$/.exec(v) : null;
    if (m?.[1]) out.push({ tool: 'exec', command: m[1], via: `aws ssm ${a[2]} runs on the instance` });
  }
}

/** Processes that only the host runs (init, the container runtimes, the node agent, the host's
 * own services): their namespaces are the host's. From the runtimes' and Kubernetes' docs
 * (containerd, dockerd, cri-o, kubelet) and the usual system daemons. */
const HOST_DAEMON =
  /^(?:1|init|systemd|containerd|dockerd|docker|crio|cri-o|kubelet|k3s|k3s-server|k3s-agent|rke2|podman|sshd|cron|crond|rsyslogd|systemd-journald|journald|networkmanager|snapd|dbus-daemon|chronyd|auditd|polkitd)$/i;

/** Whether a target pid is looked up for a host process: `$(pgrep -o containerd)`, `` `pidof dockerd` ``, `$(cat /run/docker.pid)`. */
export function hostDaemonTarget(target: string): boolean {
  const m = /^["']?(?:\$\(|`)\s*([\s\S]*?)\s*(?:\)|`)["']?$/.exec(target);
  if (!m?.[1]) return false;
  const words = m[1].split(/\s+/).filter(Boolean);
  const prog = basename(words[0] ?? '');
  if (prog === 'pgrep' || prog === 'pidof') {
    const names = words.slice(1).filter((w) => !w.startsWith('-'));
    // `pgrep -o` alone: the oldest process is init
    if (names.length === 0) return prog === 'pgrep' && words.some((w) => /^-[a-z]*o/.test(w));
    return names.some((n) => HOST_DAEMON.test(basename(n.replace(/^["'^]|["'$]$/g, ''))));
  }
  if (prog === 'cat' && words[1]) {
    const pidFile = /^\/(?:var\/)?run\/(?:[\w.-]+\/)?([\w.-]+?)(?:\.pid)$/.exec(words[1]);
    return !!pidFile?.[1] && HOST_DAEMON.test(pidFile[1]);
  }
  return false;
}

export function escapeEffects(l: LineFacts, out: Effect[]): void {
  for (const c of l.cmds) {
    const a = c.argv;
    if (basename(a[0] ?? '') === 'aws') ssmCommands(a, out);
    if (basename(a[0] ?? '') !== 'nsenter') continue;
    let target: string | undefined;
    for (let i = 1; i < a.length; i++) {
      const w = a[i] ?? '';
      if (w === '-t' || w === '--target') target = a[++i];
      else if (w.startsWith('--target=')) target = w.slice(9);
      else if (/^-[a-zA-Z]*t\d+$/.test(w)) target = w.replace(/^-[a-zA-Z]*t/, '');
      else if (/^-[a-zA-Z]*t$/.test(w)) target = a[++i];
    }
    if (target === '1' || (target !== undefined && hostDaemonTarget(target)))
      out.push({
        tool: 'exec',
        command: 'nsenter -t 1 -a sh',
        via:
          target === '1'
            ? "nsenter enters the namespaces of pid 1 (the host's init)"
            : `nsenter enters the namespaces of a process only the host runs (${target})`,
      });
  }
}
