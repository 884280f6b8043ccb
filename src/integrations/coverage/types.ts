// The shapes coverage reconciliation works on (docs/coverage.md): tool calls as a host recorded
// them in its own transcript files, and svc's decisions as the audit log recorded them.

/** One tool call found in a host's transcript. */
export interface HostCall {
  host: string;
  /** The host's own session id (Claude Code sessionId, Codex session_meta id). */
  session: string;
  /** The host's id of the call (Claude Code tool_use id, Codex call_id); the hooks send it as tool_call_id. */
  id?: string;
  /** The host's tool name (Bash, Read, shell, apply_patch, mcp__server__tool...). */
  tool: string;
  /** Epoch ms of the record that holds the call. */
  t: number;
  /** The command, path or URL the call acts on, when it has one (for matching without an id). */
  target?: string;
  /** Where the call was found. */
  file: string;
  line: number;
}

/** One svc decision, as read from the audit log. */
export interface DecisionRecord {
  auditId: string;
  t: number;
  agent: string;
  session: string;
  runId?: string;
  tool: string;
  toolCallId?: string;
  /** Command, path and URL of the request, where present (any of them can match a target). */
  targets: string[];
  action: string;
}

export interface Coverage {
  host: string;
  calls: number;
  covered: { call: HostCall; by: 'tool_call_id' | 'session_window'; record: DecisionRecord }[];
  uncovered: HostCall[];
  /** Transcript files read, and lines that were not JSON (skipped). */
  files: number;
  skippedLines: number;
}

export interface TranscriptReader {
  host: string;
  /** Where the host keeps its transcripts (env overrides applied). */
  defaultDir(env: NodeJS.ProcessEnv, home: string): string;
  /** Tool calls at or after `since` in the transcripts under `dir`. */
  read(dir: string, since: number): Promise<{ calls: HostCall[]; files: number; skippedLines: number }>;
}
