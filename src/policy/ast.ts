// The validated policy file, as the parser hands it to the compiler and to tooling (lint, tests).
// Every node keeps its 1-based source line so later stages can point at it.
import type { Action, FinalAction, WebhookConfig } from './types.js';
import type { SessionWhenAst, TaintAst } from './session-parse.js';

/** Priority 0 or absent means this (docs/policy.md): priority only orders, it never beats deny. */
export const DEFAULT_PRIORITY = 100;

export interface AgentDepthAst {
  gte?: number;
  lte?: number;
  eq?: number;
}

export interface CallCountAst {
  /** Exact tool name; absent means the current call's tool. */
  tool?: string;
  gte: number;
  windowMs: number;
}

export interface WhenAst extends SessionWhenAst {
  line: number;
  default?: boolean;
  command_matches?: string[];
  command_contains?: string[];
  command_not_matches?: string[];
  command_env_assignments?: string[];
  /** true / false, or the kinds of dynamic reading (network, command-name, eval, stdin, source). */
  command_dynamic?: boolean | string[];
  path_matches?: string[];
  path_not_matches?: string[];
  url_matches?: string[];
  domain_matches?: string[];
  session_matches?: string[];
  session_not_matches?: string[];
  agent_depth?: AgentDepthAst;
  /** Parameter name -> globs (a single glob in the file is a list of one); any one matching holds. */
  tool_param_matches?: Record<string, string[]>;
  call_count?: CallCountAst;
  response_matches?: string[];
  response_not_matches?: string[];
  /** Line of each present key, for pointing at a group in explain/lint output. */
  keyLines: Record<string, number>;
  /** Line of each list item (or map entry) under a key, in order. */
  itemLines: Record<string, number[]>;
}

export interface RuleAst {
  line: number;
  /** Position inside its policy's rules list. */
  index: number;
  action: Action;
  /** The action as written, e.g. "log" or "Deny" (lint warns about some spellings). */
  actionSpelling: string;
  when: WhenAst;
  message: string;
  suggestions: string[];
  ask?: { audit: boolean; headlessOnly: boolean };
  webhook?: WebhookConfig;
  /** Epoch ms; the rule is skipped from this instant on. */
  expiresAt?: number;
  once: boolean;
  added?: string;
  /** Label this rule puts on the session, credential and run of a call it matches. */
  taint?: TaintAst;
}

export interface MatchAst {
  /** Globs on the tool class; empty means every tool. */
  tool: string[];
  /** Globs on the agent id; empty means every agent. */
  agent: string[];
  session: string[];
  line: number;
}

export interface PolicyAst {
  line: number;
  name: string;
  description: string;
  /** Effective priority (0/absent already mapped to DEFAULT_PRIORITY). */
  priority: number;
  enabled: boolean;
  match: MatchAst;
  rules: RuleAst[];
}

export interface NotifyAst {
  url: string;
  platform: string;
  on: string[];
  /** Line of the notify key. */
  line?: number;
}

export interface InlineTestCase {
  line: number;
  name: string;
  tool: string;
  agent: string;
  params: Record<string, unknown>;
  expect: Action;
  expect_message?: string;
  /** Our additions to the base policy format (docs/policy.md); absent means empty. */
  session?: string;
  workdir?: string;
  input?: Record<string, unknown>;
}

export interface ParsedPolicyFile {
  file: string;
  version?: string;
  /** Absent when the file does not set one (the merged set then takes another file's, else deny). */
  defaultAction?: FinalAction;
  defaultActionLine?: number;
  policies: PolicyAst[];
  notify?: NotifyAst;
  tests: InlineTestCase[];
}
