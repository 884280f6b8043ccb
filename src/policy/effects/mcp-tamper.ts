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
  if (/run|create|apply|exec|start|deploy|launch/i.test(op)) {
    const text = JSON.stringify(p);
    const via = `MCP ${op} starts a container`;
    if (/"privileged"\s*:\s*true/i.test(text)) out.push({ tool: 'privilege', command: 'container-privileged', via });
    if (/"host_?pid"\s*:\s*true/i.test(text)) out.push({ tool: 'privilege', command: 'container-namespace pid', via });
    if (/"host_?ipc"\s*:\s*true/i.test(text)) out.push({ tool: 'privilege', command: 'container-namespace ipc', via });
    if (/"(?:host_?path|path)"\s*:\s*(?:\{\s*"path"\s*:\s*)?"\/"/i.test(text))
      out.push({ tool: 'privilege', command: 'container-host-mount /', via });
  }
  return out;
}
