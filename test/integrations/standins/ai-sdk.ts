// Stand-in for the Vercel AI SDK's tool-call step (the `ai` package is not a dependency of
// svc). Written from the AI SDK's public documentation, it mimics only what a tool wrapper
// meets: a tool is { description, inputSchema, execute(input, { toolCallId, messages,
// abortSignal }) }, and the step that runs a model's tool call turns a returned value into a
// `tool-result` part and a thrown error into a `tool-error` part the model reads next.

export interface ToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

export type ToolOutput =
  | { type: 'tool-result'; toolCallId: string; toolName: string; input: unknown; output: unknown }
  | { type: 'tool-error'; toolCallId: string; toolName: string; input: unknown; error: unknown };

export interface Tool {
  description?: string;
  inputSchema?: unknown;
  execute?: (input: any, options: { toolCallId: string; messages: unknown[]; abortSignal?: AbortSignal }) => unknown;
}

/** `tool()` is an identity helper that fixes the tool's types. */
export function tool<T extends Tool>(t: T): T {
  return t;
}

export async function executeToolCall(toolCall: ToolCall, tools: Record<string, Tool>): Promise<ToolOutput> {
  const t = tools[toolCall.toolName];
  if (!t?.execute) throw new Error(`no executable tool ${toolCall.toolName}`);
  try {
    const output = await t.execute(toolCall.input, { toolCallId: toolCall.toolCallId, messages: [] });
    return { type: 'tool-result', ...toolCall, output };
  } catch (error) {
    return { type: 'tool-error', ...toolCall, error };
  }
}
