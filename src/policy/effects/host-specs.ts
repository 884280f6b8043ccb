// Containers given the host by a job or task specification in JSON or HCL, whatever the
// orchestrator: `"privileged": true` / `privileged = true`, the host's process or network
// namespace (`pid_mode = "host"`, `"pidMode": "host"`, `"hostPID": true`, `network_mode =
// "host"`, `"networkMode": "host"`, `"hostNetwork": true`) and the host's root, home, Docker
// socket or /proc bound in (`volumes = ["/:/host"]`, `"Binds": ["/:/host"]`, `"sourcePath": "/"`,
// `"hostPath": {"path": "/"}`). Read on a command line (an ECS `register-task-definition
// --container-definitions '[...]'`, a Nomad job on standard input, a body sent to a container
// API) and in a written `.hcl`, `.nomad`, `.json` or `.tf` file, as the `docker run` line it
// amounts to (container-specs.ts runLine/containerGrants), which the container rules judge.
// YAML manifests and compose files have their own readings (manifests.ts, container-specs.ts).
// Sources: Nomad docker driver (`privileged`, `pid_mode`, `network_mode`, `volumes`), Amazon
// ECS task definition parameters (`privileged`, `pidMode`, `networkMode`, `volumes[].host.
// sourcePath`), Docker Engine API container create (`HostConfig.Privileged`, `Binds`, `PidMode`),
// Kubernetes pod spec in JSON (`hostPID`, `hostNetwork`, `hostPath.path`).
import type { Effect } from './types.js';
import { containerGrants, HOST_PATHS, type GrantFlags } from './container-specs.js';

export const HOST_SPEC_HINT = /privileged|pid_?mode|hostpid|network_?mode|hostnetwork|sourcepath|binds|hostpath/i;

const KEY = (names: string): string => String.raw`["']?(?:${names})["']?\s*(?::|=)\s*["']?`;
const PRIVILEGED = new RegExp(KEY('privileged') + 'true\\b', 'i');
const PID_HOST = new RegExp(KEY('pid_mode|pidMode|PidMode') + 'host\\b|' + KEY('hostPID') + 'true\\b', 'i');
const NET_HOST = new RegExp(
  KEY('network_mode|networkMode|NetworkMode') + 'host\\b|' + KEY('hostNetwork') + 'true\\b',
  'i',
);
/** A quoted `HOST:CONTAINER` bind, and a source path key, naming a host path. */
const BIND = /["']([^"'\s:,]+):\/[^"'\s]*["']/g;
const SOURCE =
  /["']?(?:sourcePath|source|hostPath|path|src)["']?\s*(?::|=)\s*(?:\{\s*["']?path["']?\s*:\s*)?["']([^"']+)["']/gi;
/** JSON or HCL, not YAML: a quoted key with a colon, or a bare key with `=`. */
const SPEC_SHAPE = /["']\w+["']\s*:|^\s*\w+\s*=/m;

export function hostSpecFlags(text: string): GrantFlags {
  const f: GrantFlags = { privileged: false, pidHost: false, netHost: false, caps: [], mounts: [] };
  if (!SPEC_SHAPE.test(text)) return f;
  f.privileged = PRIVILEGED.test(text);
  f.pidHost = PID_HOST.test(text);
  f.netHost = NET_HOST.test(text);
  for (const m of text.matchAll(BIND)) if (m[1] && HOST_PATHS.test(m[1])) f.mounts.push(m[1]);
  for (const m of text.matchAll(SOURCE)) if (m[1] && HOST_PATHS.test(m[1])) f.mounts.push(m[1]);
  return f;
}

/** What a spec gives containers of the host, as the docker run line that would; nothing when it gives nothing. */
export function hostSpecEffects(text: string, via: string): Effect[] {
  if (!HOST_SPEC_HINT.test(text)) return [];
  const f = hostSpecFlags(text);
  // a host path alone in a JSON document may be anything (a file list); with a container's key it is a mount
  if (!f.privileged && !f.pidHost && !f.netHost && !/binds|volumes|mountpoints|hostpath|sourcepath/i.test(text))
    return [];
  return containerGrants(f, via);
}

/** Programs that only search or print text: a spec in their arguments is a pattern or a sample. */
const LOOKS = new Set([
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'ag',
  'ack',
  'jq',
  'yq',
  'echo',
  'printf',
  'cat',
  'less',
  'head',
  'tail',
  'git',
  'sed',
  'awk',
  'wc',
  'sort',
  'find',
  'xargs',
]);

/** The line reading: a spec on a command line that also runs something besides text tools. */
export function hostSpecLine(text: string, programs: ReadonlySet<string>): Effect[] {
  if ([...programs].every((p) => LOOKS.has(p))) return [];
  return hostSpecEffects(text, 'starts containers from a specification on the line with');
}

const SPEC_FILE = /\.(?:hcl|nomad|json|tf)$/i;
const NOT_SPEC =
  /(?:^|\/)(?:package(?:-lock)?\.json|tsconfig[\w.-]*\.json|\.devcontainer(?:\/[^/]+)?\/devcontainer\.json|\.devcontainer\.json|composer\.json|\.vscode\/[^/]+\.json)$/i;

/** A written job or task specification that gives containers the host. */
export function hostSpecWrite(path: string, content: string | undefined): Effect[] {
  if (!content || !SPEC_FILE.test(path) || NOT_SPEC.test(path)) return [];
  return hostSpecEffects(content, `starts containers from ${path.replace(/^.*\//, '')} with`);
}
