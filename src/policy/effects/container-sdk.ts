// Containers created through a runtime's API rather than its CLI, read as the `docker run` line
// they amount to so container-run.ts judges what each is given of the host, whichever client
// spells it: the Docker SDKs (docker-py `containers.run(..., privileged=True, volumes={'/':
// {'bind': '/host'}}, pid_mode='host')`, dockerode `createContainer({HostConfig: {Binds:
// ['/:/host'], Privileged: true}})`, Go `ContainerCreate(..., &container.HostConfig{Privileged:
// true, Binds: ...})`), the Engine API itself (`POST /containers/create` with a HostConfig body),
// the Kubernetes clients (`V1SecurityContext(privileged=True)`, `host_pid=True`,
// `V1HostPathVolumeSource(path='/')`), Terraform's docker_container (`privileged = true`, a
// `host_path = "/"` volume), Ansible's docker_container module (`privileged=true
// volumes=/:/host`), and the raw runtime options an execution environment or navigator passes
// to podman/docker (`extra_args: --privileged -v /:/host`, `container-options:`).
// Sources: Docker Engine API (ContainerCreate HostConfig: Binds, Privileged, PidMode, CapAdd),
// docker-py containers.run, dockerode, moby client Go package, kubernetes-client/python models,
// kreuzwerker/docker Terraform provider, community.docker.docker_container, ansible-builder
// execution-environment.yml (options), ansible-navigator settings (container-options).
import type { Effect } from './types.js';
import { runLine } from './container-specs.js';

/** Words of an API or spec that creates a container or pod; without one the options are only text. */
export const CONTAINER_API_HINT =
  /containers\.(?:run|create)|createContainer|ContainerCreate|\/containers\/create|docker_container|V1(?:Pod|Container|SecurityContext)|create_namespaced_(?:pod|deployment|daemon_set)|container[-_]options|extra_args|HostConfig|host_config|security\.privileged/;

/** Host paths given to the container as bind sources, in the API's spellings. */
function bindSources(text: string): string[] {
  const out: string[] = [];
  // Binds: ["/:/host"], volumes=['/:/host:ro'], volumes=/:/host
  for (const m of text.matchAll(/(?:^|[\s"'[,=])(\/[^\s"':,\]]*|~|\$HOME):\/[\w./-]*/g)) out.push(m[1] ?? '');
  // docker-py volumes={'/': {'bind': '/host'}}
  for (const m of text.matchAll(/["'](\/[^"']*)["']\s*:\s*\{\s*["']bind["']/g)) out.push(m[1] ?? '');
  // host_path = "/" (Terraform), V1HostPathVolumeSource(path='/'), hostPath: {path: /}
  for (const m of text.matchAll(
    /host_?path["']?\s*[:=(]\s*(?:client\.V1HostPathVolumeSource\(\s*)?(?:\{\s*)?(?:path\s*[:=]\s*)?["']?(\/[^"'\s,)}]*)/gi,
  ))
    out.push(m[1] ?? '');
  return out.filter(Boolean);
}

/** The container's host grants in an API call's or spec's text, as `docker run` options. */
export function apiContainerArgs(text: string): string[] {
  if (!CONTAINER_API_HINT.test(text)) return [];
  const args: string[] = [];
  if (/\bprivileged["']?\s*[:=]\s*["']?(?:true|yes)\b|--privileged\b|security\.privileged\s+true/i.test(text))
    args.push('--privileged');
  if (
    /\bpid_?mode["']?\s*[:=]\s*["']host["']|\bPidMode["']?\s*:\s*["']host["']|\bhost_?pid["']?\s*[:=]\s*(?:True|true)|--pid[= ]host/i.test(
      text,
    )
  )
    args.push('--pid=host');
  for (const m of text.matchAll(/\bcap_?add["']?\s*[:=]\s*\[?\s*["']([A-Z_]+)["']/gi)) args.push(`--cap-add=${m[1]}`);
  for (const src of bindSources(text)) args.push('-v', `${src}:/mnt/host`);
  // lxc config device add C NAME disk source=/ path=/mnt
  const lxc = /\bdisk\b[^\n]*\bsource=(\/\S*)/.exec(text);
  if (lxc) args.push('-v', `${lxc[1]}:/mnt/host`);
  return args;
}

/** A container created through an API or spec with the host's root, namespaces or privilege. */
export function apiContainerRuns(text: string, via: string): Effect[] {
  const args = apiContainerArgs(text);
  return args.length ? runLine(args, via) : [];
}
