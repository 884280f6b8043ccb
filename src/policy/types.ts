// The shapes every integration shares: one ToolCall in, one Decision out.
import type { SessionLookup, TaintSpec } from './session-types.js';

export type Action = 'allow' | 'deny' | 'ask' | 'watch' | 'webhook';
/** What a caller ever sees: webhook is resolved by the gate into allow or deny. */
export type FinalAction = 'allow' | 'deny' | 'ask' | 'watch';

/** Tool classes whose spelling is reserved: they must arrive in canonical lowercase. */
export const RESERVED_TOOLS = [
  'exec',
  'read',
  'write',
  'edit',
  'fetch',
  'http',
  'web_fetch',
  'web_search',
  'browser',
  'mcp',
  'mcp-destructive',
  'mcp-dangerous',
  'agent',
  'process',
  'message',
  'interact',
  'unknown',
] as const;

export interface ToolCall {
  /** Policy class, e.g. exec, read, write, edit, fetch, mcp, mcp-destructive, or a custom name. */
  tool: string;
  agent: string;
  session: string;
  runId?: string;
  toolCallId?: string;
  /** Free-form parameters: command, path/file_path, url, ... */
  params: Record<string, unknown>;
  /** The host's raw tool input (tool_param_matches reads this). */
  input?: Record<string, unknown>;
  /** Effective working directory after docs/api.md precedence. */
  workdir?: string;
  /** Sub-agent depth, 0 = top level. */
  agentDepth?: number;
  /** Scripts the command runs from disk, as read when it was decided (src/policy/script-files.ts). */
  scripts?: ScriptFile[];
}

/** A script file an exec call runs, and the first part of its text. */
export interface ScriptFile {
  /** Absolute path. */
  path: string;
  /** The program that runs it (bash, python3, ...), from the line or the file's shebang. */
  runner: string;
  content: string;
  /** The file is longer than what was read. */
  truncated?: boolean;
}

export interface WebhookConfig {
  url: string;
  timeoutMs: number;
  failOpen: boolean;
}

export interface Decision {
  action: Action;
  message: string;
  /** Names of the policies that fired (deciding one first). */
  matchedPolicies: string[];
  /** Name of the deciding policy, when a rule decided. */
  policy?: string;
  /** Position of the deciding rule in that policy's rules list (0-based), when a rule decided. */
  rule?: number;
  suggestions?: string[];
  evalDurationUs: number;
  /** Present when action is webhook: where to ask. */
  webhook?: WebhookConfig;
  /** Present when action is ask and the rule set ask flags (docs/policy.md). */
  ask?: { audit: boolean; headlessOnly: boolean };
  /** Taint labels the rules put on this call's session, credential and run (recorded by the gate). */
  taints?: TaintSpec[];
  /**
   * Set only by an engine built with deferDeniedTaints (replay's deciding threads): `taints` holds
   * the call's own rules' taints alone; what it amounts to may add more (src/policy/replay-taints.ts).
   */
  taintsDeferred?: boolean;
  /** The project root whose own layer took part (docs/project-policy.md); such answers are not reused. */
  project?: string;
  /** The project policy file whose rule decided, when one did (recorded as request.policy_file). */
  policyFile?: string;
}

export interface EvaluateOptions {
  /** Dry runs (preview, svc test, bench) never record call counts or consume once-rules. */
  dryRun?: boolean;
  /** What this session did before (session_after, session_count, session_tainted); absent: nothing known. */
  session?: SessionLookup;
}

export interface PolicySummaryRule {
  name: string;
  action: string;
  summary: string;
}

/** The engine the rest of the service talks to (src/policy/engine.ts implements it). */
export interface PolicyEngine {
  evaluate(call: ToolCall, opts?: EvaluateOptions): Decision;
  /** Response side: deny means redact/withhold the tool's output. */
  evaluateResponse(call: ToolCall, response: string): Decision;
  readonly defaultAction: FinalAction;
  readonly policyCount: number;
  readonly ruleCount: number;
  /**
   * The same request always gets the same decision from this set, so a caller may reuse one:
   * no rule counts calls, expires, is one-time, or asks a webhook. Absent means false.
   */
  readonly deterministic?: boolean;
  summary(): { default_action: string; rules: PolicySummaryRule[]; summary: string };
  /** Makes the project layer of a working directory current (src/policy/project-policies.ts). */
  prepareProject?(workdir: string | undefined): Promise<void> | undefined;
}
