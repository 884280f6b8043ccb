// Policy class of an MCP tool, shared by the host hooks (mcp__server__tool names) and the MCP
// proxy. The class is chosen here, by the integration, never by the model: a tool that
// declares itself destructive, or whose name says it deletes something, goes to
// mcp-destructive so a policy can hold it back; everything else is mcp.

/** Name fragments that mark a tool as destructive. Substring matching errs on the strict side. */
export const DESTRUCTIVE_WORDS = [
  'delete',
  'destroy',
  'remove',
  'drop',
  'purge',
  'kill',
  'format',
  'wipe',
  'truncate',
  'reset',
] as const;

export function isDestructiveName(name: string): boolean {
  const lower = name.toLowerCase();
  return DESTRUCTIVE_WORDS.some((w) => lower.includes(w));
}

export interface McpToolAnnotations {
  destructiveHint?: unknown;
}

export function mcpClass(toolName: string, annotations?: McpToolAnnotations): 'mcp' | 'mcp-destructive' {
  if (annotations?.destructiveHint === true) return 'mcp-destructive';
  return isDestructiveName(toolName) ? 'mcp-destructive' : 'mcp';
}

/**
 * The tool part of a host's MCP tool name: `mcp__github__delete_repo` -> `delete_repo`,
 * `MCP:delete_repo` -> `delete_repo`. The server part is left out so a server called
 * "dropbox" does not make all of its tools destructive.
 */
export function mcpToolPart(hostName: string): string {
  const dunder = hostName.lastIndexOf('__');
  if (dunder >= 0 && dunder + 2 < hostName.length) return hostName.slice(dunder + 2);
  const colon = hostName.indexOf(':');
  if (colon >= 0) return hostName.slice(colon + 1);
  return hostName.replace(/^mcp_/i, '');
}
