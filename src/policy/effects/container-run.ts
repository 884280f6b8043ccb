// What a container started from the command line is given of the host, read from its options in
// any spelling (`-v/:/h`, `--volume=/:/h:ro`, `--mount type=bind,src=/,dst=/h`, `--privileged=true`,
// `--cap-add=all`, `--security-opt seccomp:unconfined`, `--pid host`), for docker, podman and
// nerdctl, ctr `run`/`create` (also `container run`, `exec --privileged`), LXD/Incus `security.privileged`
// and disk devices, Apptainer/Singularity binds, and `kubectl run --overrides`/`kubectl patch`
// JSON. Each grant is a `privilege` call with a sentence the standard profile decides:
//   container-host-mount PATH   the host's root, system folders or a whole home folder
//   container-secret-mount PATH a home's credential folder (~/.ssh, ~/.aws, ~/.kube ...)
//   container-runtime-socket P  the runtime's API socket (docker.sock, containerd.sock)
//   container-device DEV        a raw disk or memory device
//   container-namespace KIND    the host's pid/ipc/uts/user/cgroup namespace (net: see below)
//   container-host-network      the host's network stack
//   container-privileged        all devices and capabilities
//   container-capability CAP    a capability that amounts to root on the host
//   container-unconfined WHAT   AppArmor, seccomp or SELinux confinement switched off
// Sources: docker run(1) reference (--privileged, --cap-add, --security-opt, --device, --pid,
// --ipc, --uts, --userns, --cgroupns, -v/--mount), capabilities(7) (CAP_SYS_ADMIN, SYS_PTRACE,
// SYS_MODULE, DAC_READ_SEARCH, SYS_RAWIO, BPF), and the Kubernetes Pod security context.
import { hpcImageEffects } from './hpc-images.js';
import { composeFlags, containerGrants } from './container-specs.js';
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';

const RUNTIMES = new Set(['docker', 'podman', 'nerdctl', 'finch', 'ctr']);
/** Global options of the runtimes that come before the verb and take a value (`ctr -n k8s.io run`, `docker -H h run`). */
const GLOBAL_VALUE = /^(?:-n|--namespace|-H|--host|--context|-c|--address|-a|--config|--log-level|--connection|--url)$/;

/** Host paths that hand over the machine when mounted into a container. */
const HOST_PATH =
  /^(?:\/|\/etc|\/root|\/home|\/home\/[^/]+|\/Users|\/Users\/[^/]+|\/var|\/var\/lib|\/var\/lib\/docker|\/var\/lib\/kubelet|\/var\/lib\/containerd|\/proc|\/sys|\/dev|\/boot|\/usr|\/bin|\/sbin|\/run|\/var\/run|~|\$HOME|\$\{HOME\}|[A-Za-z]:[\\/]?|[A-Za-z]:[\\/]Users(?:[\\/][^\\/]+)?|[A-Za-z]:[\\/](?:Windows(?:[\\/]System32(?:[\\/](?:config|drivers))?)?|ProgramData)|\/etc\/(?:shadow|gshadow|sudoers|sudoers\.d|passwd|ssh|cron\.d|crontab|systemd)|\/proc\/1\/\S*|\/var\/spool\/cron)\/?$/i;
/** Credential folders of a home: mounting them hands the keys to the image's code. */
const SECRET_PATH =
  /(?:^|\/)(?:\.ssh|\.aws|\.kube|\.gnupg|\.docker|\.svc|\.config\/gcloud|\.azure|\.netrc|\.git-credentials|\.password-store)(?:\/|$)/;
/** The container runtime's API socket: whoever holds it starts containers with the host's root. */
const SOCKET = /(?:docker|containerd|crio|podman|cri-dockerd|buildkitd)\.sock$/;

function mountKind(src: string): string | undefined {
  if (SOCKET.test(src)) return 'container-runtime-socket';
  if (HOST_PATH.test(src)) return 'container-host-mount';
  if (SECRET_PATH.test(src)) return 'container-secret-mount';
  return undefined;
}
const DEVICE = /^\/dev\/(?:sd|hd|vd|xvd|nvme|mmcblk|dm-|mapper\/|disk|loop|mem$|kmem$|port$|kmsg$|fuse$)/;
const ROOT_CAPS =
  /^(?:CAP_)?(?:ALL|SYS_ADMIN|SYS_PTRACE|SYS_MODULE|DAC_READ_SEARCH|DAC_OVERRIDE|SYS_RAWIO|BPF|SYS_BOOT|MAC_ADMIN|NET_ADMIN|SETFCAP)$/i;

function grant(words: string[], via: string): Effect {
  return {
    tool: 'privilege',
    command: words.map((w) => w.replace(/[^A-Za-z0-9@/._:+=,#~$-]/g, '_').slice(0, 200) || '_').join(' '),
    via,
  };
}

/** Global options of `docker compose` that take a value as the next word (before its verb). */
const COMPOSE_VALUE =
  /^(?:-f|--file|-p|--project-name|--profile|--env-file|--project-directory|--ansi|--parallel|--progress)$/;

/** Options of `docker run` that take a value as the next word. */
const VALUE_OPT =
  /^(?:-[vpwuhlmeac]|--(?:volume|publish|workdir|user|hostname|label|name|network|net|mount|entrypoint|platform|memory|cpus|restart|add-host|device|cap-add|cap-drop|security-opt|pull|log-driver|log-opt|runtime|gpus|ulimit|tmpfs|pid|ipc|uts|userns|cgroupns|link|dns|env|env-file|volumes-from|shm-size|cidfile|group-add|label-file|health-cmd|stop-signal|isolation|ip|mac-address|expose|attach))$/;

function mountSource(spec: string): string | undefined {
  // --mount type=bind,source=/,target=/h   |   -v /:/h:ro   |   -v C:\:/h   |   -v C:/Windows/System32/config:C:/cfg
  // (a Windows host's system folders: the registry hives SAM, SECURITY and SYSTEM live in System32\config)
  if (/(?:^|,)(?:source|src)=/.test(spec)) return /(?:^|,)(?:source|src)=([^,]+)/.exec(spec)?.[1];
  // a drive root whose backslash the shell took as an escape (`-v C:\:/c` reaches docker as `C::/c`)
  const drive = /^([A-Za-z]):(?=:)/.exec(spec);
  if (drive) return `${drive[1]}:`;
  const m = /^([A-Za-z]:[\\/][^:]*|[^:]+):/.exec(spec);
  return m?.[1];
}

/**
 * Image analysers whose documented run hands them the runtime's socket to read local images:
 * Trivy (aquasecurity.github.io/trivy, "Docker Hub": `-v /var/run/docker.sock:/var/run/docker.sock
 * aquasec/trivy image ...`), dive (github.com/wagoodman/dive README), Grype and Syft (Anchore's
 * READMEs), Dockle (goodwithtech/dockle README). Each image's entrypoint is the analyser, which
 * only lists and exports images; the socket still asks when the line replaces the entrypoint,
 * adds another grant, or names another image.
 */
const SOCKET_ANALYSERS =
  /^(?:(?:docker\.io\/)?(?:aquasec\/trivy|wagoodman\/dive|anchore\/grype|anchore\/syft|goodwithtech\/dockle)|ghcr\.io\/aquasecurity\/trivy|public\.ecr\.aws\/aquasecurity\/trivy|ghcr\.io\/wagoodman\/dive|ghcr\.io\/goodwithtech\/dockle)(?::[\w.-]+)?(?:@sha256:[0-9a-f]{64})?$/;

/**
 * Whether a `docker run` gives the runtime's socket only to a known image analyser running its
 * own entrypoint (no other grant, no --entrypoint): `docker run --rm -v
 * /var/run/docker.sock:/var/run/docker.sock:ro aquasec/trivy:0.52.0 image api:dev`.
 */
export function socketOnlyAnalyser(argv: string[]): boolean {
  const found: Effect[] = [];
  const run = readRun(argv, '', found);
  return (
    !!run.image &&
    !run.entrypoint &&
    SOCKET_ANALYSERS.test(run.image) &&
    found.length > 0 &&
    found.every((e) => (e.command ?? '').startsWith('container-runtime-socket '))
  );
}

function runGrants(argv: string[], via: string, out: Effect[]): { image?: string; entrypoint: boolean } {
  const found: Effect[] = [];
  const run = readRun(argv, via, found);
  // the analyser's own socket is its documented input, not a grant (SOCKET_ANALYSERS)
  const analyser =
    !!run.image &&
    !run.entrypoint &&
    SOCKET_ANALYSERS.test(run.image) &&
    found.every((e) => (e.command ?? '').startsWith('container-runtime-socket '));
  if (!analyser) out.push(...found);
  return run;
}

function readRun(argv: string[], via: string, out: Effect[]): { image?: string; entrypoint: boolean } {
  const run: { image?: string; entrypoint: boolean } = { entrypoint: false };
  const prog = basename(argv[0] ?? '');
  let i = 1;
  while (i < argv.length && (argv[i] ?? '').startsWith('-')) i += GLOBAL_VALUE.test(argv[i] ?? '') ? 2 : 1;
  if (argv[i] === 'container' || argv[i] === 'c') i++;
  // `docker compose [-f F] [-p P] run [opts] SERVICE` and docker-compose/podman-compose: the
  // options of `compose run` (-v, --volume, --cap-add, --entrypoint, -p as --publish) hand the
  // host over the same way as docker run's (docs.docker.com, docker compose run reference)
  let compose = '';
  if (argv[i] === 'compose' || /^(?:docker|podman)-compose$/.test(prog)) {
    if (argv[i] === 'compose') {
      compose = ' compose';
      i++;
    } else i = 1; // docker-compose's own options come first (-f FILE is not a runtime option)
    while (i < argv.length && (argv[i] ?? '').startsWith('-')) i += COMPOSE_VALUE.test(argv[i] ?? '') ? 2 : 1;
    if (argv[i] !== 'run') return run;
  }
  // a plugin installed with every permission it asks for (mounts, devices, capabilities, host
  // network) runs as root beside the daemon (docker plugin install reference)
  if (argv[i] === 'plugin' && argv[i + 1] === 'install' && argv.includes('--grant-all-permissions')) {
    out.push(grant(['container-privileged'], `${via}${prog} plugin install --grant-all-permissions`));
    return run;
  }
  const verb = argv[i];
  if (verb === 'exec') {
    // a shell in a running container with every capability
    if (argv.slice(i + 1).some((w) => w === '--privileged' || w === '--privileged=true'))
      out.push(grant(['container-privileged'], `${via}${prog} exec --privileged`));
    return run;
  }
  if (verb !== 'run' && verb !== 'create') return run;
  const how = `${prog}${compose} ${verb}`;
  for (i++; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '--') {
      run.image = argv[i + 1];
      break;
    }
    if (!w.startsWith('-')) {
      run.image = w; // the image: what follows is the container's command
      break;
    }
    const eq = w.indexOf('=');
    let opt = eq > 0 && w.startsWith('--') ? w.slice(0, eq) : w;
    let val: string | undefined = eq > 0 && w.startsWith('--') ? w.slice(eq + 1) : undefined;
    if (val === undefined && /^-[vp]./.test(w) && !w.startsWith('--')) {
      opt = w.slice(0, 2);
      val = w.slice(2);
    }
    if (val === undefined && VALUE_OPT.test(opt)) val = argv[++i] ?? '';
    if (opt === '--entrypoint') run.entrypoint = true;
    switch (opt) {
      case '--privileged':
        if (val === undefined || /^true$/i.test(val))
          out.push(grant(['container-privileged'], `${via}${how} --privileged`));
        break;
      case '-v':
      case '--volume':
      case '--mount': {
        const src = val !== undefined ? mountSource(val) : undefined;
        const kind = src ? mountKind(src) : undefined;
        if (src && kind) out.push(grant([kind, src], `${via}${how} mounts the host's ${src}`));
        break;
      }
      case '--device': {
        const dev = (val ?? '').split(':')[0] ?? '';
        if (DEVICE.test(dev)) out.push(grant(['container-device', dev], `${via}${how} gives it the host's ${dev}`));
        break;
      }
      case '--pid':
      case '--ipc':
      case '--uts':
      case '--userns':
      case '--cgroupns':
        if (val === 'host')
          out.push(
            grant(['container-namespace', opt.slice(2)], `${via}${how} shares the host's ${opt.slice(2)} namespace`),
          );
        break;
      case '--net':
      case '--network':
        if (val === 'host') out.push(grant(['container-host-network'], `${via}${how} uses the host's network`));
        break;
      case '--cap-add':
        for (const cap of (val ?? '').split(','))
          if (ROOT_CAPS.test(cap))
            out.push(
              grant(['container-capability', cap.toUpperCase().replace(/^CAP_/, '')], `${via}${how} adds ${cap}`),
            );
        break;
      case '--security-opt':
        if (
          /(?:apparmor|seccomp|systempaths)[=:]unconfined|label[=:]disable|no-new-privileges[=:]false/i.test(val ?? '')
        )
          out.push(
            grant(['container-unconfined', (val ?? '').split(/[=:]/)[0] ?? ''], `${via}${how} --security-opt ${val}`),
          );
        break;
      default:
        break;
    }
  }
  return run;
}

/** Pod spec JSON given on a kubectl line (`run --overrides`, `patch -p`), or on any program's
 * patch, update or request (keys quoted or bare, as JSON or YAML flow text gives them). */
function podSpecGrants(text: string, via: string, out: Effect[]): void {
  if (/["']?\bprivileged["']?\s*:\s*true/.test(text))
    out.push(grant(['container-privileged'], `${via}: privileged: true`));
  for (const m of text.matchAll(/["']?\bhost(PID|IPC|Network)["']?\s*:\s*true/g)) {
    const kind = (m[1] ?? '').toLowerCase();
    out.push(
      kind === 'network'
        ? grant(['container-host-network'], `${via}: hostNetwork`)
        : grant(['container-namespace', kind], `${via}: host${m[1]}`),
    );
  }
  for (const m of text.matchAll(/"hostPath"\s*:\s*\{[^}]*"path"\s*:\s*"([^"]+)"/g))
    if (m[1] && mountKind(m[1])) out.push(grant([mountKind(m[1]) ?? '', m[1]], `${via}: hostPath ${m[1]}`));
  for (const m of text.matchAll(/"add"\s*:\s*\[([^\]]*)\]/g))
    for (const cap of (m[1] ?? '').match(/[A-Z_]+/g) ?? [])
      if (ROOT_CAPS.test(cap))
        out.push(grant(['container-capability', cap.replace(/^CAP_/, '')], `${via}: adds ${cap}`));
  admissionGrants(text, via, out);
}

/**
 * An admission policy that lets every pod it covers take the host: OpenShift
 * SecurityContextConstraints and the older PodSecurityPolicy (`allowPrivilegedContainer`,
 * `allowHostDirVolumePlugin`, `allowHostPID`, `allowHostNetwork`, `allowHostIPC`, every
 * capability allowed). Turned on, any workload in scope may mount `/` or join the host's
 * processes, so it is read as the grant itself (OpenShift "Managing security context
 * constraints"; Kubernetes PodSecurityPolicy reference).
 */
function admissionGrants(text: string, via: string, out: Effect[]): void {
  const on = (key: string) => new RegExp(`["']?\\b${key}["']?\\s*:\\s*true`).test(text);
  if (on('allowPrivilegedContainer')) out.push(grant(['container-privileged'], `${via}: allows privileged containers`));
  if (on('allowHostDirVolumePlugin'))
    out.push(grant(['container-host-mount', '/'], `${via}: allows host folders in any pod`));
  if (on('allowHostPID')) out.push(grant(['container-namespace', 'pid'], `${via}: allows the host's processes`));
  if (on('allowHostIPC')) out.push(grant(['container-namespace', 'ipc'], `${via}: allows the host's IPC`));
  if (on('allowHostNetwork')) out.push(grant(['container-host-network'], `${via}: allows the host's network`));
  if (/["']?\ballowedCapabilities["']?\s*:\s*\[\s*["']?\*["']?\s*\]/.test(text))
    out.push(grant(['container-capability', 'ALL'], `${via}: allows every capability`));
}

/** Admission policies that admit pods with the host's folders, processes and network: OpenShift's
 * built-in SCCs `privileged`, `hostaccess`, `hostmount-anyuid`, `hostnetwork` (and -v2), and a
 * PodSecurityPolicy named privileged. */
const HOST_POLICY = /^(?:privileged|hostaccess|hostmount-anyuid(?:-v2)?|hostnetwork(?:-v2)?)$/i;

/**
 * Such a policy handed to a user, group or service account, by a binding verb of any cluster CLI
 * (`oc adm policy add-scc-to-user privileged -z default`, `add-scc-to-group hostaccess`) or as
 * the role a binding names (`--clusterrole=system:openshift:scc:privileged`, `psp:privileged`):
 * that account's pods may then take the host.
 */
function admissionPolicyGrant(argv: string[], out: Effect[]): void {
  const verbAt = argv.findIndex((w) => /^add-(?:scc|psp)-to-(?:user|group)$/i.test(w));
  const named = verbAt > 0 ? argv.slice(verbAt + 1).find((w) => !w.startsWith('-')) : undefined;
  const role = argv
    .map((w) => /^(?:--(?:cluster)?role=)?(?:[\w.-]+:)*(?:scc|psp)[:/-]([\w-]+)$/i.exec(w)?.[1])
    .find((r) => r !== undefined);
  const level = named ?? role;
  if (!level || !HOST_POLICY.test(level)) return;
  const via = `${basename(argv[0] ?? '')} lets an account's pods use the ${level} security policy`;
  out.push(
    grant(['container-privileged'], via),
    grant(['container-host-mount', '/'], `${via} (host folders)`),
    grant(['container-namespace', 'pid'], `${via} (the host's processes)`),
  );
}

/** Verbs and request methods that change what a cluster or service holds. */
const CHANGE_WORD = /^(?:patch|run|debug|apply|create|replace|update|set|edit|put|post|modify|PATCH|PUT|POST)$/;
/** Programs whose words are only text: a grep pattern or an echoed line runs nothing. */
const TEXT_PROGRAMS = new Set(
  'echo printf grep egrep fgrep rg ag ack jq yq sed awk gawk cat less head tail git gh glab'.split(' '),
);

/**
 * A pod spec or admission policy given inline to a program that patches, creates or sends it,
 * whatever the program (`oc patch scc`, a cluster CLI's wrapper, `curl -X PATCH .../pods`): read
 * as kubectl's `-p` is.
 */
function inlineSpecGrants(argv: string[], out: Effect[]): void {
  const name = basename(argv[0] ?? '').toLowerCase();
  if (TEXT_PROGRAMS.has(name) || !argv.some((w, i) => i > 0 && CHANGE_WORD.test(w.replace(/^-X/, '')))) return;
  for (const w of argv.slice(1))
    if (
      /[{]/.test(w) &&
      /privileged|host(?:PID|IPC|Network|Path)|allow(?:Host|Privileged)|allowedCapabilities|"add"/.test(w)
    )
      podSpecGrants(w.replace(/^-[pd]|^--[\w-]+=/, ''), `${name} sends a pod or security policy`, out);
}

function kubectlGrants(argv: string[], out: Effect[]): void {
  const verb = argv.find((w, i) => i > 0 && !w.startsWith('-'));
  if (verb !== 'run' && verb !== 'patch' && verb !== 'debug') return;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    let json: string | undefined;
    if (w === '--overrides' || w === '-p' || w === '--patch') json = argv[i + 1];
    else if (/^--(?:overrides|patch)=/.test(w)) json = w.slice(w.indexOf('=') + 1);
    else if (/^-p./.test(w)) json = w.slice(2);
    if (json) podSpecGrants(json, `kubectl ${verb}`, out);
    if (verb === 'run' && (w === '--privileged' || w === '--privileged=true'))
      out.push(grant(['container-privileged'], 'kubectl run --privileged'));
    if (verb === 'debug' && /^--profile=sysadmin$/.test(w))
      out.push(grant(['container-privileged'], 'kubectl debug --profile=sysadmin'));
  }
}

/** LXD/Incus: `lxc config set C security.privileged true`, `lxc config device add C d disk source=/ path=/mnt`. */
function lxcGrants(argv: string[], out: Effect[]): void {
  const words = argv.slice(1);
  const prog = basename(argv[0] ?? '');
  const joined = words.join(' ');
  if (/security\.privileged(?:=|\s+)true/i.test(joined))
    out.push(grant(['container-privileged'], `${prog} sets security.privileged`));
  if (/security\.nesting(?:=|\s+)true|raw\.lxc/i.test(joined))
    out.push(
      grant(
        ['container-unconfined', 'lxc'],
        `${prog} sets ${/raw\.lxc/.test(joined) ? 'raw.lxc' : 'security.nesting'}`,
      ),
    );
  if (words.includes('disk'))
    for (const w of words) {
      const src = /^source=(.+)$/.exec(w)?.[1];
      const kind = src ? mountKind(src) : undefined;
      if (src && kind) out.push(grant([kind, src], `${prog} gives the container the host's ${src}`));
    }
}

/**
 * Apptainer/Singularity (apptainer.org docs, Bind Paths and Mounts): `-B/--bind SRC[:DST[:OPTS]]`
 * takes a comma-separated list and `--mount type=bind,src=...` one mount, for exec, run, shell
 * and instance start. The HPC runtimes run as the caller, but a bind of the host's root or a
 * home's credential folder still hands those files to the image's code.
 */
function apptainerGrants(argv: string[], out: Effect[]): void {
  const prog = basename(argv[0] ?? '');
  const verb = argv.slice(1).find((w) => !w.startsWith('-')) ?? '';
  if (!/^(?:exec|run|shell|instance|test)$/.test(verb)) return;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const eq = w.indexOf('=');
    const opt = eq > 0 && w.startsWith('--') ? w.slice(0, eq) : w;
    if (opt !== '-B' && opt !== '--bind' && opt !== '--mount') continue;
    const val = eq > 0 && w.startsWith('--') ? w.slice(eq + 1) : (argv[++i] ?? '');
    const specs = opt === '--mount' ? [mountSource(val) ?? ''] : val.split(',').map((b) => b.split(':')[0] ?? '');
    for (const src of specs) {
      const kind = src ? mountKind(src) : undefined;
      if (kind) out.push(grant([kind, src], `${prog} ${verb} binds the host's ${src}`));
    }
  }
}

/**
 * BuildKit's insecure entitlement (docs.docker.com, buildx build --allow; buildkitd
 * --allow-insecure-entitlement): `RUN --security=insecure` steps of the build then run as a
 * privileged container. Granted on `docker build`/`buildx build`/`buildctl build --allow
 * security.insecure`, or for every build of a builder made with the daemon flag.
 */
function buildGrants(argv: string[], out: Effect[]): void {
  const prog = basename(argv[0] ?? '');
  const words = argv.slice(1);
  const insecure = (w: string) => /(?:^|[\s=,])security\.insecure(?:$|[\s,'"])/.test(w);
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    const val = w === '--allow' || w === '--buildkitd-flags' ? (words[i + 1] ?? '') : w;
    if (/^--(?:allow|buildkitd-flags)(?:=|$)/.test(w) && insecure(val.replace(/^--[\w-]+=/, ' ')))
      out.push(grant(['container-privileged'], `${prog} grants builds the security.insecure entitlement`));
  }
}

/**
 * Spark on Kubernetes mounts host paths into its driver and executor pods from `--conf`
 * (spark.apache.org, Running on Kubernetes: spark.kubernetes.{driver,executor}.volumes.hostPath.NAME.options.path).
 */
function sparkGrants(argv: string[], out: Effect[]): void {
  for (const w of argv) {
    const m = /^spark\.kubernetes\.(?:driver|executor)\.volumes\.hostPath\.[^.]+\.options\.path=(.+)$/.exec(w);
    const kind = m?.[1] ? mountKind(m[1]) : undefined;
    if (m?.[1] && kind)
      out.push(grant([kind, m[1]], `${basename(argv[0] ?? '')} mounts the host's ${m[1]} into its pods`));
  }
}

/** The Dev Containers CLI (`devcontainer up --mount SPEC`, containers.dev): a mount as docker's --mount. */
function devcontainerGrants(argv: string[], out: Effect[]): void {
  if (!argv.includes('up') && !argv.includes('build')) return;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const spec = w === '--mount' ? argv[i + 1] : w.startsWith('--mount=') ? w.slice(8) : undefined;
    const src = spec ? mountSource(spec) : undefined;
    const kind = src ? mountKind(src) : undefined;
    if (src && kind) out.push(grant([kind, src], `devcontainer up mounts the host's ${src}`));
  }
}

/**
 * Proxmox VE containers (pct(1): `pct set|create VMID -mp0 SRC,mp=DST`, `-devN /dev/X`,
 * `--unprivileged 0`): a mount point whose source is a host path, a host device passed through,
 * or a container made privileged.
 */
function pctGrants(argv: string[], out: Effect[]): void {
  const verb = argv[1] ?? '';
  if (!/^(?:set|create|restore)$/.test(verb)) return;
  for (let i = 2; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const m = /^--?(mp\d+|dev\d+|unprivileged)(?:=(.*))?$/.exec(w);
    if (!m) continue;
    const val = m[2] ?? argv[++i] ?? '';
    if (m[1] === 'unprivileged') {
      if (/^(?:0|false)$/i.test(val)) out.push(grant(['container-privileged'], 'pct makes the container privileged'));
      continue;
    }
    const src = (val.split(',').find((p) => !p.includes('=')) ?? /(?:^|,)path=([^,]+)/.exec(val)?.[1] ?? '').trim();
    if (m[1]?.startsWith('dev') && DEVICE.test(src))
      out.push(grant(['container-device', src], `pct gives the container the host's ${src}`));
    const kind = src ? mountKind(src) : undefined;
    if (kind) out.push(grant([kind, src], `pct mounts the host's ${src} into the container`));
  }
}

/**
 * systemd-nspawn (systemd-nspawn(1)): `-D/--directory /` boots a container whose root is the
 * host's own, and `--bind[-ro]=SRC[:DST]` hands it a host path.
 */
function nspawnGrants(argv: string[], out: Effect[]): void {
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const m = /^(-D|--directory|--bind|--bind-ro)(?:=(.*))?$/.exec(w);
    if (!m) continue;
    const val = m[2] ?? argv[++i] ?? '';
    const src = m[1] === '-D' || m[1] === '--directory' ? val : (val.split(':')[0] ?? '');
    const kind = src && (m[1]?.startsWith('--bind') || /^\/+$/.test(src)) ? mountKind(src) : undefined;
    if (kind) out.push(grant([kind, src], `systemd-nspawn gives the container the host's ${src}`));
  }
}

/** A host disk by its Windows device path (`\\.\PHYSICALDRIVE0`) or a POSIX block device. */
const RAW_DISK = /(?:^|[\\/.])PHYSICALDRIVE\d+$|^\/dev\/(?:sd|hd|vd|xvd|nvme|mmcblk|disk\d|rdisk\d|mapper\/|dm-)\S*$/i;

/**
 * A virtual machine or WSL given one of the host's raw disks: `wsl --mount \\.\PHYSICALDRIVE0`
 * (Microsoft Learn, "Mount a Linux disk in WSL 2"), `virsh attach-disk VM /dev/sda` (virsh(1)),
 * `VBoxManage internalcommands createrawvmdk -rawdisk /dev/sda` (VirtualBox manual, "Using a raw
 * host hard disk"), `qemu-system-* -hda /dev/sda` / `-drive file=/dev/nvme0n1`. What runs in
 * the guest reads and writes the host's disk beneath its file systems.
 */
function rawDiskGrants(name: string, argv: string[], out: Effect[]): void {
  const words = argv.slice(1);
  const disk =
    name === 'wsl'
      ? words.includes('--mount')
        ? words.find((w) => RAW_DISK.test(w))
        : undefined
      : name === 'virsh'
        ? words[0] === 'attach-disk'
          ? words.find((w) => RAW_DISK.test(w))
          : undefined
        : /^vboxmanage$/i.test(name)
          ? words.includes('-rawdisk')
            ? words[words.indexOf('-rawdisk') + 1]
            : undefined
          : words
              .map((w) => /(?:^|,)file=([^,]+)/.exec(w)?.[1] ?? w)
              .find((w, i) => RAW_DISK.test(w) && /^-(?:hd[a-d]|drive|cdrom)$/.test(words[i - 1] ?? ''));
  if (disk && RAW_DISK.test(disk))
    out.push(grant(['container-device', disk], `${name} gives a guest the host's disk ${disk}`));
}

/**
 * A compose file given on standard input (`docker compose -f - up -d <<EOF ... EOF`, `cat x.yml |
 * docker-compose -f - up`): its services are read as a written compose file's are (privileged,
 * host namespaces, capabilities, host folders), since the stack starts from text no file holds.
 */
function stdinCompose(c: SimpleCommand, out: Effect[]): void {
  if (c.stdin === undefined) return;
  const a = c.argv;
  const at = a[1] === 'compose' ? 2 : /-compose$/.test(basename(a[0] ?? '')) ? 1 : -1;
  if (at < 0) return;
  const fromStdin = a.some(
    (w, i) =>
      (/^(?:-f|--file)$/.test(a[i - 1] ?? '') && /^(?:-|\/dev\/stdin)$/.test(w)) ||
      /^--file=(?:-|\/dev\/stdin)$/.test(w),
  );
  if (!fromStdin || !a.slice(at).some((w) => /^(?:up|create|run|start)$/.test(w))) return;
  out.push(...containerGrants(composeFlags(c.stdin), 'starts containers from a compose file on standard input'));
}

/**
 * The host's root, system folders or a whole home shared into a guest by any other tool that
 * starts one, read from the shape those tools share: a volume or mount option whose value is
 * `SRC:DST` (k3d `-v /:/host@server:0`, colima `--mount /:w`, kind-like `--volume`), or a `mount`
 * subcommand whose first operand is the source (`minikube mount /:/host`, `multipass mount /
 * vm:/host`). Whatever runs in the guest then reads and writes the host's files as root.
 */
const GUEST_MOUNT_OPTION = /^(?:-v|--volume|--mount|--bind|-B|--share|--extra-mount|--mount-host)$/;
/** Programs whose -v, -B or mount words mean something else (verbose, invert match, a host mount of the host's own). */
const NOT_GUESTS = new Set(
  'mount umount sshfs rclone rsync cp scp ln bindfs mkdir tar git grep egrep fgrep rg ag awk gawk sed sort cut tr xargs find ls echo printf cat head tail python python3 node perl ruby java ssh curl wget'.split(
    ' ',
  ),
);

function guestMounts(argv: string[], out: Effect[]): void {
  const name = basename(argv[0] ?? '');
  if (NOT_GUESTS.has(name)) return;
  const sources: string[] = [];
  argv.forEach((w, i) => {
    const eq = /^(--[\w-]+)=(.+)$/.exec(w);
    // only SRC:DST values: a bare word after -v is as often a verbosity or a pattern
    if (eq && GUEST_MOUNT_OPTION.test(eq[1] ?? '') && /.:/.test(eq[2] ?? '')) sources.push(eq[2] ?? '');
    else if (GUEST_MOUNT_OPTION.test(argv[i - 1] ?? '') && !w.startsWith('-') && /.:/.test(w)) sources.push(w);
  });
  const sub = argv.indexOf('mount');
  if (sub > 0 && sub <= 2) {
    const src = argv.slice(sub + 1).find((w) => !w.startsWith('-'));
    if (src) sources.push(src.includes(':') && !/^[A-Za-z]:[\\/]/.test(src) ? src : `${src}:`);
  }
  for (const spec of sources) {
    const src = /^([A-Za-z]:[\\/][^:]*|[^:@]*)/.exec(spec)?.[1] ?? '';
    if (src && HOST_PATH.test(src))
      out.push(grant(['container-host-mount', src], `${name} shares the host's ${src} into a guest`));
  }
}

/** The host grants of the containers one command line starts (see the top of this file). */
export function containerRunEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const name = basename(c.argv[0] ?? '');
    if (RUNTIMES.has(name) || name === 'buildctl' || name === 'docker-buildx') buildGrants(c.argv, out);
    if (RUNTIMES.has(name) || name === 'docker-compose' || name === 'podman-compose') {
      runGrants(c.argv, '', out);
      stdinCompose(c, out);
    } else if (name === 'spark-submit' || name === 'spark-shell' || name === 'pyspark') sparkGrants(c.argv, out);
    else if (name === 'devcontainer') devcontainerGrants(c.argv, out);
    else if (name === 'kubectl' || name === 'oc') {
      kubectlGrants(c.argv, out);
      admissionPolicyGrant(c.argv, out);
    } else if (name === 'lxc' || name === 'incus') lxcGrants(c.argv, out);
    else if (name === 'pct') pctGrants(c.argv, out);
    else if (name === 'systemd-nspawn') nspawnGrants(c.argv, out);
    else if (/^(?:wsl|wsl\.exe|virsh|vboxmanage|vboxmanage\.exe|qemu-system-\w+|qemu-kvm)$/i.test(name))
      rawDiskGrants(name.replace(/\.exe$/i, '').toLowerCase(), c.argv, out);
    else if (name === 'apptainer' || name === 'singularity') {
      apptainerGrants(c.argv, out);
      hpcImageEffects(c.argv, out);
    } else {
      guestMounts(c.argv, out);
      inlineSpecGrants(c.argv, out);
      admissionPolicyGrant(c.argv, out);
    }
  }
}
