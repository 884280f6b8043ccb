// The shape every host adapter fills in. An adapter is pure: it turns the host's JSON into
// calls, and an outcome into the host's JSON. Talking to the server is the runner's job
// (run.ts), so the same adapters can serve other transports.

export type Phase = 'pre' | 'post';

/** One policy question: a class and its parameters. Most calls have one; patches have several. */
export interface Target {
  tool: string;
  params: Record<string, unknown>;
}

export interface HookCall {
  phase: Phase;
  /** The host's event name, echoed back where the host's reply names it. */
  event: string;
  /** The host's own tool name, for messages. */
  hostTool: string;
  targets: Target[];
  /** The host's raw tool input. */
  input: Record<string, unknown>;
  cwd?: string;
  /** The payload's session, conversation or task id (run ID source 2). */
  sessionId?: string;
  toolCallId?: string;
  /** Post phase: the tool's output as text for the response rules. */
  responseText?: string;
  /** Post phase: the tool's output as the host sent it (redacted copies keep its shape). */
  rawResponse?: unknown;
  /** Post phase events that only need an acknowledgement (e.g. a failed tool). */
  acknowledgeOnly?: boolean;
}

/**
 * `notice`: a line for the user (not the model) in the field the host shows, e.g. that the
 * decision was made locally because the server was away.
 */
export type HookOutcome = (
  | { kind: 'allow'; reason?: string }
  | { kind: 'deny'; reason: string }
  | { kind: 'ask'; reason: string }
  /** Post phase: the output must not reach the model. */
  | { kind: 'block'; reason: string; replacement: string }
  /** No decision: the host's own permission flow decides (an explicit ask where it has one). */
  | { kind: 'defer'; reason: string }
) & { notice?: string };

export interface HookReply {
  /** Written to stdout as one JSON document. */
  json: unknown;
  /** Optional extra line for hosts that show stderr to the user. */
  stderr?: string;
}

export interface HostAdapter {
  host: string;
  /** Host environment variables holding a conversation id (run ID source 3). */
  conversationEnv: readonly string[];
  /** The host can put an ask to the user itself. */
  nativeAsk: boolean;
  /** Longest time the hook may wait for an approval (below the host's hook timeout). */
  maxApprovalWaitMs: number;
  /** Best guess of the phase from any JSON, so even a malformed payload gets the right reply shape. */
  phaseOf(payload: unknown): Phase;
  /** Throws PayloadError for anything that cannot be evaluated safely. */
  parse(payload: unknown): HookCall;
  render(phase: Phase, outcome: HookOutcome, call?: HookCall): HookReply;
}
