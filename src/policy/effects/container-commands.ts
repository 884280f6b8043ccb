// Commands that containers and remote hosts run, written into the files that define them:
//  - container specs (Kubernetes workloads and lifecycle hooks, Helm values, Compose services,
//    Argo Workflows, Tekton steps, Cloud Build): `command:` and `args:` (an argv; `sh -c X` is X),
//    Compose `entrypoint:`, Argo's `source:` and Tekton's `script:` (a whole script). Kubernetes
//    "Define a Command and Arguments for a Container", Compose file reference "command",
//    Argo "Scripts & Results", Tekton "Tasks: Running scripts within Steps".
//  (Ansible tasks and Salt states are read by automation-tasks.ts; `command:`, `args:` and
//  `entrypoint:` of Kubernetes and Compose files also by manifest-commands.ts, for every rule.)
// Each is decided as the command it is (only a deny counts): a sidecar that pipes the service
// account token to a host, a handler that opens a shell to one, a CronJob that runs a download.
import { posix } from 'node:path';
import type { Effect } from './types.js';
import { argvCommand, flowItems, keyedValues } from './keyed-values.js';
import { withoutVendorInstalls } from './supply.js';

/** YAML that defines containers: by where it lives, or by what it holds. */
const SPEC_PATHS =
  /(?:^|\/)(?:charts|helm|k8s|kube|kubernetes|manifests|deploy|deployments|overlays|base|argo|argocd|workflows|\.tekton|tekton|pipelines)\/|(?:^|\/)values(?:[.-][\w.-]+)?\.ya?ml$|(?:^|\/)(?:docker-)?compose(?:\.[\w-]+)?\.ya?ml$|(?:^|\/)cloudbuild\.ya?ml$/;
const SPEC_TEXT = /^\s*(?:-\s*)?(?:image|containers|initContainers|apiVersion|steps|templates)\s*:/m;
/** CI files are read by their own reader (content.ts): their `script:` is not a container's. */
const CI = /(?:^|\/)\.github\/|(?:^|\/)\.gitlab-ci\.ya?ml$|(?:^|\/)\.circleci\/|(?:^|\/)\.buildkite\//;

const ANSIBLE_PATHS = /(?:^|\/)(?:tasks|handlers|playbooks|roles|ansible)\/|(?:^|\/)(?:site|playbook|main)\.ya?ml$/;

const CONTAINER_KEYS = new Set(['source', 'script']);

/**
 * A command that reaches the network: a client, a URL, a /dev/tcp path, an interpreter one-liner.
 * A container's or a managed host's command is judged only when it has one: what it reads there
 * (its own mounted secrets, its service account token for the in-cluster API) and what it
 * deletes are its own business; what it fetches and runs, sends out or hands a shell to is not.
 */
export const NETWORK_CHANNEL =
  /\b(?:curl|wget|nc|ncat|netcat|socat|telnet|ssh|scp|sftp|rsync|ftp|tftp|openssl|nslookup|dig|python[\d.]*\s+-c|perl\s+-e|ruby\s+-e|php\s+-r|node\s+-e|iwr|irm|invoke-webrequest|invoke-restmethod)\b|https?:\/\/|\/dev\/(?:tcp|udp)\//i;

// a vendor's documented installer (get.docker.com, rustup ...) is how hosts and images are set up
const plant = (command: string, via: string): Effect[] => {
  const c = withoutVendorInstalls(command);
  return c.trim() && NETWORK_CHANNEL.test(c) ? [{ tool: 'exec', command: c, via, onlyDeny: true }] : [];
};

function containerCommands(content: string, via: string): Effect[] {
  const values = keyedValues(content, CONTAINER_KEYS);
  const out: Effect[] = [];
  for (const v of values) {
    const cmd = v.list ? argvCommand(v.items) : v.items.join('\n');
    out.push(...plant(cmd, via));
  }
  return out;
}

/** A YAML file whose commands containers or Ansible hosts run, by where it lives. */
export function isSpecFile(path: string): boolean {
  const p = path.toLowerCase().replace(/\\/g, '/');
  return /\.ya?ml$/.test(p) && !CI.test(p) && (SPEC_PATHS.test(p) || ANSIBLE_PATHS.test(p));
}

/** What a Dockerfile's image runs when started: `CMD`, `ENTRYPOINT`, `HEALTHCHECK CMD` (shell or exec form). */
function imageRuntime(content: string, via: string): Effect[] {
  const out: Effect[] = [];
  for (const m of content.matchAll(/^\s*(?:CMD|ENTRYPOINT|HEALTHCHECK(?:\s+--[\w-]+=\S+)*\s+CMD)\s+(.+)$/gim)) {
    const v = (m[1] ?? '').trim();
    out.push(...plant(v.startsWith('[') ? argvCommand(flowItems(v)) : v, via));
  }
  return out;
}

/** Scripts a machine runs at its first boot, kept in Terraform (`user_data`, GCP's
 * `metadata_startup_script`, Azure's `custom_data`), and scripts kept in a ConfigMap's data that
 * its pods run (`entrypoint.sh: |`). */
function bootScripts(content: string, via: string): Effect[] {
  const keys = new Set(['user_data', 'metadata_startup_script', 'custom_data', 'startup-script']);
  for (const m of content.matchAll(/^\s*["']?([\w.-]+\.(?:sh|bash))["']?\s*:/gm)) keys.add((m[1] ?? '').toLowerCase());
  return keyedValues(content, keys).flatMap((v) => plant(v.items.join('\n'), via));
}

/** The commands a write of `content` to the YAML file `path` makes containers or hosts run. */
export function specCommands(path: string, content: string): Effect[] {
  const p = path.toLowerCase().replace(/\\/g, '/');
  const name = posix.basename(p);
  if (/(?:^|\/)(?:dockerfile|containerfile)(?:\.[^/]*)?$|\.(?:dockerfile|containerfile)$/.test(p))
    return imageRuntime(content, `plants a command in ${name} that its containers run`).slice(0, 16);
  if (/\.tf$/.test(p)) return bootScripts(content, `plants a boot script in ${name}`).slice(0, 16);
  if (!/\.ya?ml$/.test(p) || CI.test(p)) return [];
  if (/^\s*kind\s*:\s*ConfigMap\b/m.test(content))
    return bootScripts(content, `plants a script in ${name} that its pods run`).slice(0, 16);
  if (SPEC_PATHS.test(p) || SPEC_TEXT.test(content))
    return containerCommands(content, `plants a command in ${name} that a container runs`).slice(0, 32);
  return [];
}
