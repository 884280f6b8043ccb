// Containers described in files that other tools start later, read as the `docker run` line they
// amount to, so the container-run reading (container-run.ts) judges what each is given of the
// host whichever file describes it:
//  - Dev Containers (containers.dev, devcontainer.json reference): `runArgs` are passed to
//    `docker run` as they are; `privileged`, `capAdd`, `securityOpt` and `mounts` (strings in
//    --mount syntax or {source, target, type} objects) are the same options by name. VS Code,
//    Codespaces and the devcontainer CLI start it when the folder is opened.
//  - CI jobs that run in a container: GitHub Actions `container:`/`services:` `options:`
//    (docs.github.com, "Running jobs in a container": passed to `docker create`), Jenkins
//    Pipeline's docker agent `args '...'` and `docker.image(...).inside('...')`/`withRun('...')`
//    (jenkins.io, "Using Docker with Pipeline").
import type { Effect } from './types.js';

const DEVCONTAINER = /(?:^|\/)\.devcontainer(?:\/[^/]+)?\/devcontainer\.json$|(?:^|\/)\.devcontainer\.json$/i;

export function isDevcontainer(path: string): boolean {
  return DEVCONTAINER.test(path.replace(/\\/g, '/'));
}

/** The JSON string literals of an array value (`"runArgs": ["--gpus", "all"]`). */
function stringsOf(text: string, key: string): string[] {
  const m = new RegExp(`"${key}"\\s*:\\s*\\[([^\\]]*)\\]`).exec(text);
  if (!m?.[1]) return [];
  return [...m[1].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((x) => (x[1] ?? '').replace(/\\(["\\/])/g, '$1'));
}

const quote = (w: string): string => `'${w.replace(/'/g, `'\\''`)}'`;

/** A derived `docker run` line with these options, which container-run.ts then reads. */
export function runLine(args: string[], via: string): Effect[] {
  return args.length ? [{ tool: 'exec', command: `docker run ${args.map(quote).join(' ')} image`, via }] : [];
}

/**
 * The host's Docker socket bound into a dev container is the documented "Docker outside of
 * Docker" set-up (containers.dev features, docker-outside-of-docker): the way a dev container
 * builds and runs the project's images. It is not read as a grant here; the command line's
 * `docker run -v /var/run/docker.sock:...` still is.
 */
const DOCKER_SOCKET = /(?:^|[=,])(?:source|src)=\/(?:var\/)?run\/docker\.sock(?:,|$)|^\/(?:var\/)?run\/docker\.sock:/;

/** devcontainer.json (or the part an edit writes) as the docker run options it starts the container with. */
export function devcontainerRun(content: string, via: string): Effect[] {
  const runArgs = stringsOf(content, 'runArgs');
  const args: string[] = [];
  for (let i = 0; i < runArgs.length; i++) {
    const a = runArgs[i] ?? '';
    if (/^(?:-v|--volume|--mount)$/.test(a) && DOCKER_SOCKET.test(runArgs[i + 1] ?? '')) i++;
    else if (!DOCKER_SOCKET.test(a.replace(/^(?:-v|--volume=|--mount=)/, ''))) args.push(a);
  }
  if (/"privileged"\s*:\s*true/.test(content)) args.push('--privileged');
  for (const c of stringsOf(content, 'capAdd')) args.push(`--cap-add=${c}`);
  for (const o of stringsOf(content, 'securityOpt')) args.push(`--security-opt=${o}`);
  for (const m of stringsOf(content, 'mounts')) if (!DOCKER_SOCKET.test(m)) args.push(`--mount=${m}`);
  // mounts given as objects: {"source": "/", "target": "/host", "type": "bind"}
  const mounts = /"mounts"\s*:\s*\[([\s\S]*?)\]/.exec(content)?.[1] ?? '';
  for (const o of mounts.matchAll(/\{[^}]*"source"\s*:\s*"([^"]+)"[^}]*\}/g)) args.push(`--mount=source=${o[1]}`);
  return runLine(args, via);
}

/**
 * A Dockerfile's `LABEL devcontainer.metadata='[...]'`: the Dev Containers tools merge that JSON
 * into devcontainer.json when they start a container from the image (containers.dev, "Metadata in
 * image labels"), so it is read as devcontainer.json is.
 */
export function devcontainerLabel(path: string, content: string): Effect[] {
  if (
    !/(?:^|\/)(?:[\w.-]*\.)?(?:Docker|Container)file(?:\.[\w.-]+)?$/i.test(path) ||
    !content.includes('devcontainer.metadata')
  )
    return [];
  const m = /devcontainer\.metadata\s*=\s*(?:'([^']*)'|"((?:[^"\\]|\\.)*)")/.exec(content);
  const json = m?.[1] ?? (m?.[2] ?? '').replace(/\\(["\\])/g, '$1');
  return json ? devcontainerRun(json, 'the image label devcontainer.metadata starts the dev container with') : [];
}

/** The container options of CI jobs (GitHub Actions `options:`, Jenkins docker `args`/`inside`). */
export function ciContainerRuns(content: string, via: string): Effect[] {
  const out: Effect[] = [];
  for (const m of content.matchAll(/^\s*options\s*:\s*(?:"([^"\n]*)"|'([^'\n]*)'|([^\n#]+))/gm)) {
    const opts = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    if (opts.startsWith('-')) out.push({ tool: 'exec', command: `docker run ${opts} image`, via });
  }
  for (const m of content.matchAll(/\bargs\s+(["'])(-[^"'\n]*)\1|\.(?:inside|withRun)\(\s*(["'])(-[^"'\n]*)\3/g)) {
    const opts = (m[2] ?? m[4] ?? '').trim();
    if (opts) out.push({ tool: 'exec', command: `docker run ${opts} image`, via });
  }
  return out.slice(0, 8);
}

/** What a container definition gives the container of the host, as docker run flags. */
export interface GrantFlags {
  privileged: boolean;
  pidHost: boolean;
  netHost: boolean;
  caps: string[];
  mounts: string[];
}

export const HOST_PATHS =
  /^(?:\/|\/etc|\/root|\/home(?:\/[^/]+)?|\/var\/run\/docker\.sock|\/run\/docker\.sock|\/proc|\/sys|\/dev|\/boot|\/var\/lib\/kubelet|~|\$HOME|\$\{HOME\})\/?$/;

/** docker-compose services: privileged, pid/network host, cap_add, host-path volumes. */
export function composeFlags(text: string): GrantFlags {
  const f: GrantFlags = { privileged: false, pidHost: false, netHost: false, caps: [], mounts: [] };
  f.privileged = /^\s*privileged\s*:\s*["']?true/m.test(text);
  f.pidHost = /^\s*pid\s*:\s*["']?host/m.test(text);
  f.netHost = /^\s*network_mode\s*:\s*["']?host/m.test(text);
  for (const m of text.matchAll(/\b(SYS_ADMIN|SYS_PTRACE|SYS_MODULE|NET_ADMIN|ALL)\b/g)) if (m[1]) f.caps.push(m[1]);
  for (const m of text.matchAll(/^\s*-\s*["']?([^\s"':]+):[^\s"']+/gm))
    if (m[1] && HOST_PATHS.test(m[1])) f.mounts.push(m[1]);
  // a flow list: volumes: ["/:/host", "./data:/data"]
  for (const list of text.matchAll(/^\s*volumes\s*:\s*\[([^\]]*)\]/gm))
    for (const m of (list[1] ?? '').matchAll(/["']?([^\s"',:]+):[^\s"',]+/g))
      if (m[1] && HOST_PATHS.test(m[1])) f.mounts.push(m[1]);
  for (const m of text.matchAll(/^\s*source\s*:\s*["']?([^\s"']+)/gm))
    if (m[1] && HOST_PATHS.test(m[1])) f.mounts.push(m[1]);
  if (!/cap_add/.test(text)) f.caps = [];
  return f;
}

/** The same grants as the docker run command that makes them, so privilege-grants decides. */
export function containerGrants(f: GrantFlags, via: string): Effect[] {
  const flags = [
    ...(f.privileged ? ['--privileged'] : []),
    ...(f.pidHost ? ['--pid=host'] : []),
    ...(f.netHost ? ['--network host'] : []),
    ...f.caps.map((c) => `--cap-add=${c}`),
    ...f.mounts.map((m) => `-v ${m.replace(/^~|^\$\{?HOME\}?/, '/root')}:/host`),
  ];
  return flags.length ? [{ tool: 'exec', command: `docker run --rm ${flags.join(' ')} image`, via }] : [];
}
