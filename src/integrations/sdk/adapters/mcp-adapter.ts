// MCP, client side: wraps an MCP client's callTool so svc decides before a request reaches
// the server. A refusal comes back as the tool's result with isError true (MCP's own way to
// report a failed call to the model) and the server never sees the call; an ask waits for
// the approval. No dependency on the MCP SDK: anything with callTool({ name, arguments }) works.
import { mcpClass } from '../../mcp-class.js';
import { DeniedError, type Client } from '../index.js';
import { checkCall, type CheckOptions } from './check.js';

export interface McpCallToolParams {
  name: string;
  arguments?: Record<string, unknown>;
  [extra: string]: unknown;
}

/** The part of an MCP client this guard touches. */
export interface McpToolCaller {
  callTool(params: McpCallToolParams, ...rest: any[]): Promise<any>;
  listTools?(
    ...args: any[]
  ): Promise<{ tools: Array<{ name: string; annotations?: { destructiveHint?: boolean } }> } & Record<string, unknown>>;
}

export interface McpGuardOptions extends Omit<CheckOptions, 'toolCallId'> {
  /**
   * Policy class per tool. Default: mcp-destructive for tools the server marks destructive
   * (seen through listTools) or whose name says so (delete_*, drop_*, ...), else mcp: the
   * classes `svc mcp` uses.
   */
  toolClass?: (name: string) => string;
}

/** The same client, with callTool checked by svc. Other methods pass through unchanged. */
export function guardMcpClient<C extends McpToolCaller>(svc: Client, mcp: C, opts: McpGuardOptions = {}): C {
  const { toolClass, ...check } = opts;
  const annotations = new Map<string, { destructiveHint?: boolean }>();
  let calls = 0;
  const callTool = async (params: McpCallToolParams, ...rest: any[]) => {
    const args = params.arguments ?? {};
    const cls = toolClass ? toolClass(params.name) : mcpClass(params.name, annotations.get(params.name));
    try {
      await checkCall(
        svc,
        cls,
        { ...args, tool_name: params.name },
        { ...check, toolCallId: check.runId ? `mcp-${process.pid}-${++calls}` : undefined },
      );
    } catch (err) {
      if (err instanceof DeniedError) return { content: [{ type: 'text', text: err.message }], isError: true };
      throw err;
    }
    return mcp.callTool(params, ...rest);
  };
  const listTools = async (...a: any[]) => {
    // the proxy hands this out only while the client has listTools
    const list = mcp.listTools;
    if (typeof list !== 'function') throw new TypeError('the MCP client has no listTools method');
    const r = await list.apply(mcp, a);
    for (const t of r.tools ?? []) if (t.annotations) annotations.set(t.name, t.annotations);
    return r;
  };
  return new Proxy(mcp, {
    get(target, prop, receiver) {
      if (prop === 'callTool') return callTool;
      if (prop === 'listTools' && typeof target.listTools === 'function') return listTools;
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}
