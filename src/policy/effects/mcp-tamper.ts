// MCP tools that move files or start containers, read as the command they amount to:
// `move_file {source, destination}` is `mv SOURCE DESTINATION` (so moving svc's data directory or
// the project root away meets the same rules as the shell command), and a tool that runs a pod
// or container with `privileged`, `hostPID`, `hostIPC` or a hostPath of `/` makes the privilege
// readings the container-host-grants policy decides.
import type { Effect } from './types.js';

const q = (w: string) => `'${w.replace(/'/g, `'\\''`)}'`;

export function mcpTamperEffects(op: string, p: Record<string, unknown>): Effect[] {
  const out: Effect[] = [];
  const str = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : undefined);
  const src = str('source') ?? str('src') ?? str('from') ?? str('old_path') ?? str('oldPath');
  const dst = str('destination') ?? str('dest') ?? str('to') ?? str('new_path') ?? str('newPath') ?? str('target');
  if (src && dst && /move|rename|mv/i.test(op))
    out.push({ tool: 'exec', command: `mv ${q(src)} ${q(dst)}`, via: `MCP ${op} moves ${src} to ${dst}` });
  // a code host's MCP server adding a webhook: every later push and pull request is sent to its
  // URL, as `gh api repos/O/R/hooks -f config[url]=URL` does (forge-grants.ts)
  if (/hook/i.test(op) && /create|add|update|edit|set/i.test(op)) {
    const cfg = typeof p['config'] === 'object' && p['config'] !== null ? (p['config'] as Record<string, unknown>) : {};
    const url = [cfg['url'], p['url'], p['webhook_url'], p['hook_url']].find((u): u is string => typeof u === 'string');
    const where = str('org') ? `orgs/${str('org') ?? ''}` : `repos/${str('owner') ?? 'o'}/${str('repo') ?? 'r'}`;
    if (url)
      out.push({
        tool: 'exec',
        command: `gh api ${q(`${where}/hooks`)} -f ${q(`config[url]=${url}`)}`,
        via: `MCP ${op} sends the repository's events to ${url}`,
      });
  }
  // a Kubernetes MCP server's apply/create/patch is `kubectl apply` of the manifest it is given,
  // in the context and namespace it names: deploying to a cluster meets the deploy rules
  const manifest = str('manifest') ?? str('yaml') ?? str('resource') ?? str('content') ?? str('spec');
  if (
    /kube|k8s|helm/i.test(op) &&
    /apply|create|patch|replace|deploy|install|upgrade|scale|rollout|set_image/i.test(op)
  ) {
    const ctx = str('context') ?? str('kube_context') ?? str('cluster');
    const ns = str('namespace') ?? str('ns');
    const words = ['kubectl', ...(ctx ? ['--context', q(ctx)] : []), ...(ns ? ['-n', q(ns)] : []), 'apply', '-f', '-'];
    const body = manifest ? ` <<'EOF'\n${manifest.replace(/^EOF$/gm, 'E0F')}\nEOF` : '';
    out.push({ tool: 'exec', command: `${words.join(' ')}${body}`, via: `MCP ${op} applies to a cluster` });
  }
  if (/run|create|apply|exec|start|deploy|launch/i.test(op)) {
    // JSON parameters, and a YAML manifest given as text
    const text = `${JSON.stringify(p)}\n${(manifest ?? '')
      .replace(/\b(privileged|host_?pid|host_?ipc):\s*true\b/gim, '"$1": true')
      .replace(/\bpath:\s*['"]?\/['"]?(?=[\s,}]|$)/gm, '"path": "/"')}`;
    const via = `MCP ${op} starts a container`;
    if (/"privileged"\s*:\s*true/i.test(text)) out.push({ tool: 'privilege', command: 'container-privileged', via });
    if (/"host_?pid"\s*:\s*true/i.test(text)) out.push({ tool: 'privilege', command: 'container-namespace pid', via });
    if (/"host_?ipc"\s*:\s*true/i.test(text)) out.push({ tool: 'privilege', command: 'container-namespace ipc', via });
    if (/"(?:host_?path|path)"\s*:\s*(?:\{\s*"path"\s*:\s*)?"\/"/i.test(text))
      out.push({ tool: 'privilege', command: 'container-host-mount /', via });
  }
  return out;
}
