// Turns a /v1/tool or /v1/preflight request into one ToolCall (docs/api.md): tool name rules, the
// per-agent identity override, working-directory precedence and alias canonicalization.
import { RESERVED_TOOLS, type ToolCall } from '../src/policy/types.js';
import type { Identity } from '../src/auth/tokens.js';
import { badRequest } from './http-errors.js';
import type { ToolRequestBody } from '../src/integrations/ask-server.js';

const TOOL_NAME_RE = /^[A-Za-z0-9_.:-]{1,128}$/;
const RESERVED = new Set<string>(RESERVED_TOOLS);

export type { ToolRequestBody };

const obj = { type: 'object', additionalProperties: true } as const;
export const toolRequestSchema = {
  type: 'object',
  required: ['agent', 'session', 'params'],
  additionalProperties: false,
  properties: {
    agent: { type: 'string' },
    session: { type: 'string' },
    params: obj,
    run_id: { type: 'string' },
    tool_call_id: { type: 'string' },
    workdir: { type: 'string' },
    cwd: { type: 'string' },
    input: obj,
    response: { type: 'string' },
    enforce: { type: 'boolean' },
    verification: { type: 'boolean' },
    agent_depth: { type: 'integer', minimum: 0 },
  },
} as const;

/** Reserved classes must be canonical lowercase; custom names keep their exact case. */
export function checkToolName(raw: string): string {
  const name = raw;
  if (!TOOL_NAME_RE.test(name)) {
    throw badRequest(
      `invalid tool name "${raw}": use 1-128 characters of letters, digits, '_', '.', ':' or '-'`,
      'invalid_tool_name',
    );
  }
  const lower = name.toLowerCase();
  if (RESERVED.has(lower) && lower !== name) {
    throw badRequest(
      `invalid tool name: reserved tool name "${name}" must use canonical spelling "${lower}"`,
      'invalid_tool_name',
    );
  }
  return name;
}

const ALIASES: Record<string, (tool: string) => string[]> = {
  command: (t) => (t === 'exec' ? ['command', 'cmd'] : ['command']),
  path: (t) =>
    ['read', 'write', 'edit', 'mcp-destructive'].includes(t)
      ? ['path', 'file_path', 'file', 'filepath', 'target']
      : ['path', 'file_path'],
  url: (t) => (['fetch', 'http', 'web_fetch', 'browser'].includes(t) ? ['url', 'uri', 'href'] : ['url']),
};

/**
 * Every spelling of the command, path and url across params and input must agree; two different
 * values would let a caller show the policy one thing and run another.
 */
function canonicalize(tool: string, params: Record<string, unknown>, input: Record<string, unknown> | undefined) {
  for (const [field, keysOf] of Object.entries(ALIASES)) {
    let agreed: string | undefined;
    for (const src of input ? [params, input] : [params]) {
      for (const key of keysOf(tool)) {
        const v = src[key];
        if (v === undefined || v === null || v === '') continue;
        if (typeof v !== 'string') {
          throw badRequest(`invalid tool input: ${key} must be a string`, 'invalid_tool_input');
        }
        if (agreed !== undefined && v !== agreed) {
          throw badRequest(`invalid tool input: conflicting ${field} aliases`, 'invalid_tool_input');
        }
        agreed = v;
      }
    }
    if (agreed !== undefined && params[field] === undefined) params[field] = agreed;
  }
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export function toToolCall(toolName: string, body: ToolRequestBody, identity: Identity): ToolCall {
  const tool = checkToolName(toolName);
  const params: Record<string, unknown> = { ...(body.params ?? {}) };
  const input = body.input ? { ...body.input } : undefined;
  canonicalize(tool, params, input);
  const workdir =
    str(params.workdir) ??
    str(params.cwd) ??
    str(input?.workdir) ??
    str(input?.cwd) ??
    str(body.workdir) ??
    str(body.cwd);
  return {
    tool,
    // A per-agent token speaks for exactly one agent, whatever the body claims (docs/api.md).
    agent: identity.kind === 'agent' && identity.agent ? identity.agent : body.agent,
    session: body.session,
    runId: str(body.run_id),
    toolCallId: str(body.tool_call_id),
    params,
    input,
    workdir,
    agentDepth: body.agent_depth,
  };
}
