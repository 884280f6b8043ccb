// What the engine sees of projects' own layers (docs/project-policy.md), apart from the code that
// reads them (project-policies.ts builds engines, so the engine only knows these shapes).
import type { Decision, EvaluateOptions, ToolCall } from './types.js';
import type { ExplainResult } from './explain.js';
import type { SessionLookup } from './session-types.js';
import type { CallCounter } from './counter.js';

/** The engine of one project's rules (an Engine; only what the overlay uses). */
export interface LayerEngine {
  evaluate(call: ToolCall, opts?: EvaluateOptions): Decision;
  evaluateResponse(call: ToolCall, response: string): Decision;
  explain(call: ToolCall, session?: SessionLookup): ExplainResult;
  readonly policyCount: number;
  readonly ruleCount: number;
  /** call_count state, carried over when the project's files are read again. */
  readonly counter: CallCounter;
}

export interface ProjectLayer {
  root: string;
  /** Files in force, in load order. */
  files: string[];
  engine: LayerEngine;
  /** The file a project policy comes from. */
  fileOf(policy: string): string | undefined;
}

/** One project as status reports it. */
export interface ProjectLayerStatus {
  root: string;
  files: string[];
  policy_count: number;
  rule_count: number;
  /** Rules and keys refused by the project restriction (the rest is in force). */
  refused: string[];
  /** The last read failed: the layer above (the last good one, or none) stays in force. */
  error?: string;
}

/** Projects' layers as the engine asks for them (src/policy/project-policies.ts). */
export interface ProjectLayerSource {
  rootOf(workdir: string | undefined): string | null;
  layerFor(workdir: string | undefined): ProjectLayer | null;
  prepare(workdir: string | undefined): Promise<void> | undefined;
  status(): ProjectLayerStatus[];
}
