// Vercel AI SDK: wraps a tool's `execute` so svc decides before it runs. A refusal is thrown
// from execute, which the AI SDK reports back to the model as the call's tool error (its own
// way to refuse); an ask waits for the approval. No dependency on the `ai` package: a tool is
// an object with `execute(input, { toolCallId, messages, abortSignal })`.
import type { Client } from '../index.js';
import { checkCall, type CheckOptions } from './check.js';

export interface ToolExecutionOptions {
  toolCallId: string;
  messages?: unknown[];
  abortSignal?: AbortSignal;
  [extra: string]: unknown;
}

/** The part of an AI SDK tool this adapter touches; everything else is passed through. */
export interface AiSdkTool<I = any, O = any> {
  execute?: (input: I, options: ToolExecutionOptions) => PromiseLike<O> | O;
  [extra: string]: unknown;
}

export interface GuardToolOptions<I> extends Omit<CheckOptions, 'toolCallId'> {
  /** The policy class of this tool: exec, read, write, edit, fetch, mcp, or your own. */
  toolClass: string;
  /** Maps the tool's input to the policy params (default: the input itself). */
  params?: (input: I) => Record<string, unknown>;
}

/** The same tool, checked by svc before every execute. */
export function guardTool<T extends AiSdkTool>(
  svc: Client,
  tool: T,
  opts: GuardToolOptions<Parameters<NonNullable<T['execute']>>[0]>,
): T {
  const execute = tool.execute;
  if (!execute) return tool;
  const { toolClass, params, ...check } = opts;
  return {
    ...tool,
    execute: async (input: any, options: ToolExecutionOptions) => {
      const p = params ? params(input) : input && typeof input === 'object' ? { ...input } : { input };
      await checkCall(svc, toolClass, p, { ...check, toolCallId: options?.toolCallId });
      return execute(input, options);
    },
  };
}

/**
 * A whole tool set: `toolClass` maps each tool name to its policy class. A tool missing from
 * the map is checked under its own name, so a policy can still match it.
 */
export function guardTools<S extends Record<string, AiSdkTool>>(
  svc: Client,
  tools: S,
  toolClass: Record<string, string> | ((name: string) => string),
  opts: Omit<CheckOptions, 'toolCallId'> = {},
): S {
  const out: Record<string, AiSdkTool> = {};
  for (const [name, t] of Object.entries(tools)) {
    const cls = typeof toolClass === 'function' ? toolClass(name) : (toolClass[name] ?? name);
    out[name] = guardTool(svc, t, { ...opts, toolClass: cls });
  }
  return out as S;
}
