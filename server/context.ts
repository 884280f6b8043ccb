// Everything a route plugin needs, built once by `svc serve` (or a test) and passed to buildApp.
import 'fastify';
import type { Clock } from '../src/util/clock.js';
import type { PolicyEngine } from '../src/policy/types.js';
import type { AuditWriter } from '../src/audit/types.js';
import type { Bus } from '../src/audit/bus.js';
import type { TokenStore, Identity } from '../src/auth/tokens.js';
import type { ApprovalStore } from '../src/approvals/store.js';
import type { AuditReader } from '../src/audit/reader.js';
import type { Gate } from '../src/gate/gate.js';
import type { WindowCounter } from '../src/util/window-counter.js';
import type { ShadowSource } from './shadow-source.js';
import type { ShadowLog } from './shadow-log.js';
import type { SessionState } from '../src/policy/session-state.js';
import type { ProjectPolicies } from '../src/policy/project-policies.js';

export type Mode = 'enforce' | 'monitor';

export interface ServerOptions {
  host: string;
  port: number;
  dataDir: string;
  /** What --config resolved to (a file or a directory). */
  configPath: string;
  mode: Mode;
  approvalTimeoutMs: number;
  metrics: boolean;
  socketPath: string;
  /** null when auditing is off (--audit-dir ""). */
  auditDir: string | null;
  /** SSE keep-alive comment interval (tests shorten it). */
  sseKeepaliveMs?: number;
}

/** The live policy set: hot-reloaded, with the last good engine kept on a broken edit. */
export interface PolicySource {
  readonly current: PolicyEngine;
  readonly lastError: string | null;
  /**
   * Reloads now; throws (keeping the old engine) when the new set does not load, or when a file
   * of the set in force disappeared and acceptRemoval is not given.
   */
  reload(opts?: { acceptRemoval?: boolean }): PolicyEngine;
  /** The layers in force (base profile, then each user file); absent in test doubles. */
  readonly layers?: ReadonlyArray<{ kind: 'base' | 'user'; name: string; path: string }>;
  /** What the base resolved to (a file or a directory), as config_path reports it. */
  readonly display?: string;
  /** The user files replace the base profile (--replace-base). */
  readonly replaceBase?: boolean;
  /** Files of the set in force that have disappeared (the set stays in force). */
  readonly missing?: string[];
}

export interface ServerContext {
  opts: ServerOptions;
  clock: Clock;
  adminToken: string;
  tokens: TokenStore;
  policies: PolicySource;
  /** The audit log (with its reader when it is the real one), or null when auditing is off. */
  audit: (AuditWriter & { readonly reader?: AuditReader }) | null;
  /** The approval machinery: queue, grants, bulk resolution, auto-allowed rules. */
  approvals: ApprovalStore;
  gate: Gate;
  bus: Bus;
  callCounts: WindowCounter;
  /** The candidate policy set decided beside the live one (svc serve --shadow), and its differences. */
  shadow?: ShadowSource | null;
  shadowLog?: ShadowLog;
  /** Session-aware rules' state; absent in test doubles. */
  sessions?: SessionState;
  /** Projects' own policy layers (absent when turned off; docs/project-policy.md). */
  projects?: ProjectPolicies;
  /** The preload socket's reply cache counters (absent without the socket). */
  preloadCache?: { stats(): { hits: number; cached: number; recorded: number; decided_again: number } };
  startedAt: number;
  log: (msg: string) => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity?: Identity;
  }
  interface FastifyContextConfig {
    auth?: 'none' | 'eval' | 'admin';
    /** SSE only: accept the admin token as ?token= (docs/api.md). */
    allowQueryToken?: boolean;
    /** Signed URLs (sig/exp) may stand in for the admin token on this route. */
    allowSignature?: boolean;
  }
}
