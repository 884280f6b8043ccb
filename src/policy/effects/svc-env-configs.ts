// Environments that tools start programs with, written into a project's configuration: a dev
// container's `remoteEnv`/`containerEnv` (containers.dev reference), a compose file's
// `environment:` (map or `- NAME=value` list), a Dockerfile's or Containerfile's `ENV`, VS Code's
// `tasks.json`/`launch.json` `env` and `options.env`, mise's and Pixi's `[env]` tables, `.env`
// files compose and dotenv loaders read, Nix shells' `shellHook`. Each is read by the tool that
// starts the agent's terminal, task or container, later: an environment there that blanks svc's
// preload library, points svc's clients nowhere, switches svc off by a guessed variable or puts
// the system directories ahead of svc-shim on PATH switches svc off for whatever runs in it.
// Only svc's own variables count (not every SERVICE_*: `SERVICE_NAME`, `SERVICE_PORT` are a
// project's), and another preload library (jemalloc) given in its place is a project's choice.
import type { Effect } from './types.js';

/** Files a tool reads an environment from when it starts something (by name, not by place). */
export const ENV_CONFIG =
  /(?:^|\/)(?:devcontainer\.json|\.devcontainer\.json|(?:docker-)?compose(?:\.[\w-]+)?\.ya?ml|Dockerfile(?:\.[\w.-]+)?|Containerfile(?:\.[\w.-]+)?|[\w.-]+\.(?:dockerfile|containerfile)|tasks\.json|launch\.json|\.?mise(?:\.[\w-]+)?\.toml|\.tool-versions|pixi\.toml|\.env(?:\.[\w.-]+)?|shell\.nix|flake\.nix|devbox\.json|\.gitpod\.yml|Procfile(?:\.\w+)?)$/;

/** svc's variables that switch it off whatever their value (docs/cli.md; policies/catalogues/svc-self.yaml). */
const ALWAYS_OFF =
  /^(?:SERVICE_(?:FAIL_OPEN|MODE|REAL_SHELL|TOKEN|KEYS|APPROVAL_WAIT|PRELOAD_[A-Z0-9_]+|HOOK_[A-Z0-9_]+)|SVC_[A-Z0-9_]*(?:DISABLE|OFF|MODE|FAIL|BYPASS|SKIP|ENABLE|ALLOW|MONITOR|PERMISSIVE|ENFORCE)[A-Z0-9_]*|NO_SVC|DISABLE_SVC[A-Z0-9_]*)$/;
/** svc's variables that say where it is: pointed nowhere (empty, /dev/null, /tmp, a closed port) they switch it off. */
const WHERE =
  /^(?:SERVICE_(?:URL|HOME|SOCKET)|SVC_(?:URL|HOST|ADDR|ADDRESS|ENDPOINT|SERVER|SOCKET|TOKEN|HOME|DATA_DIR|DIR|CONFIG|POLICY|POLICIES|PRELOAD|HOOK)[A-Z0-9_]*)$/;
const NOWHERE =
  /^(?:|\/dev\/null|\/(?:tmp|var\/tmp|dev\/shm)(?:\/\S*)?|none|null|nil|off|false|0|disabled?|x|(?:https?:\/\/)?(?:127\.0\.0\.1|localhost|0\.0\.0\.0)(?::[01])?\/?)$/i;
const PRELOAD = /^(?:LD_PRELOAD|LD_AUDIT|DYLD_INSERT_LIBRARIES)$/;

/** The system directories, first on PATH, hide svc-shim; alone they drop it. */
const SYSTEM_DIR = /^(?:\/usr)?\/s?bin\/?$|^\/usr\/local\/s?bin\/?$/;
const PATH_REF = /\$\{?PATH\}?|\$\{(?:containerEnv|localEnv|env):PATH\}|\$env:PATH|%PATH%/i;

function pathSteer(value: string): string | undefined {
  const parts = value
    .replace(/\$\{(?:containerEnv|localEnv|env):PATH\}/gi, '$PATH')
    .split(':')
    .map((p) => p.trim());
  const at = parts.findIndex((p) => PATH_REF.test(p));
  // a hand-made reset (`/usr/bin:/bin`); the whole standard list an image declares
  // (`/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`) is a container's ordinary PATH
  if (at < 0)
    return parts.length > 1 && parts.length <= 3 && parts.every((p) => SYSTEM_DIR.test(p))
      ? 'resets PATH to the system directories alone'
      : undefined;
  return parts.slice(0, at).some((p) => /^(?:\/usr)?\/s?bin\/?$/.test(p))
    ? 'puts the system directories ahead of PATH'
    : undefined;
}

/** What one NAME=value of such an environment does to svc, or undefined. */
function judge(name: string, raw: string | null): string | undefined {
  const value = (raw ?? '').trim().replace(/^(["'])(.*)\1$/, '$2');
  if (PRELOAD.test(name)) return raw === null || NOWHERE.test(value) ? `blanks ${name}` : undefined;
  if (ALWAYS_OFF.test(name)) return `sets ${name}`;
  if (WHERE.test(name) && NOWHERE.test(value)) return `points ${name} nowhere`;
  if (name === 'PATH') return pathSteer(value);
  return undefined;
}

/** NAME/value pairs in JSON, YAML (map and list), TOML, Dockerfile ENV and shell text; null for a removal. */
function pairs(content: string): [string, string | null][] {
  const out: [string, string | null][] = [];
  const N = '([A-Z_][A-Z0-9_]*)';
  // JSON: "NAME": "value" | null
  for (const m of content.matchAll(new RegExp(`"${N}"\\s*:\\s*(null|"((?:[^"\\\\]|\\\\.)*)")`, 'g')))
    out.push([m[1] ?? '', m[2] === 'null' ? null : (m[3] ?? '')]);
  // YAML map and TOML: NAME: value, NAME = "value"
  for (const m of content.matchAll(
    new RegExp(`^[ \\t]*${N}[ \\t]*(?::|=)[ \\t]*("[^"\\n]*"|'[^'\\n]*'|[^\\s#]*)`, 'gm'),
  ))
    out.push([m[1] ?? '', m[2] ?? '']);
  // YAML list and shell: - NAME=value, export NAME=value
  for (const m of content.matchAll(
    new RegExp(`(?:^[ \\t]*-[ \\t]*["']?|\\bexport[ \\t]+)${N}=("[^"\\n]*"|'[^'\\n]*'|[^\\s"'#]*)`, 'gm'),
  ))
    out.push([m[1] ?? '', m[2] ?? '']);
  // Dockerfile: ENV NAME=value [NAME=value ...] | ENV NAME value
  for (const m of content.matchAll(/^[ \t]*ENV[ \t]+(.+)$/gm)) {
    const rest = m[1] ?? '';
    const eq = [...rest.matchAll(/([A-Z_][A-Z0-9_]*)=("[^"]*"|'[^']*'|\S*)/g)];
    if (eq.length) for (const e of eq) out.push([e[1] ?? '', e[2] ?? '']);
    else {
      const sp = /^([A-Z_][A-Z0-9_]*)[ \t]+(.*)$/.exec(rest);
      if (sp) out.push([sp[1] ?? '', sp[2] ?? '']);
    }
  }
  // shell inside hooks and tasks: unset NAME, env -u NAME
  for (const m of content.matchAll(/\b(?:unset|env[ \t]+-u)[ \t]+([A-Z_][A-Z0-9_]*)/g)) out.push([m[1] ?? '', null]);
  return out;
}

/** What a write of `content` to a tool's environment configuration at `path` does to svc. */
export function envConfigEffects(path: string, content: string): Effect[] {
  if (!ENV_CONFIG.test(path)) return [];
  if (!/LD_|DYLD_|SERVICE_|SVC_|PATH/.test(content)) return [];
  for (const [name, value] of pairs(content)) {
    const what = judge(name, value);
    if (!what) continue;
    const file = path.replace(/^.*\//, '');
    return [
      {
        tool: 'tamper',
        command: `env-set ${name} ${file}`.replace(/[^\x20-\x7e]/g, '_').slice(0, 300),
        via: `${what} in ${file}, the environment a tool starts later programs with`,
      },
    ];
  }
  return [];
}
