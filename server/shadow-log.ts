// The latest differences between the shadow and the live policy set, kept in memory for the
// dashboard's Policy tab and GET /v1/policy/shadow, with their counts by action pair.
import type { Bus } from '../src/audit/bus.js';
import type { Clock } from '../src/util/clock.js';
import { redact } from '../src/redact/index.js';
import { callSubject, pairKey, type DecisionBrief, type PairCounts } from '../src/policy/shadow.js';

/** Differences kept for the dashboard and GET /v1/policy/shadow (newest first). */
export const SHADOW_LOG_SIZE = 50;

export interface ShadowDiffEntry {
  at: string;
  tool: string;
  agent: string;
  session: string;
  run_id?: string;
  /** The command, path or URL, secrets redacted. */
  subject: string;
  live: DecisionBrief;
  shadow: DecisionBrief;
}

/** The latest differences and their counts by action pair, since the server started. */
export class ShadowLog {
  private entries: ShadowDiffEntry[] = [];
  readonly byPair: PairCounts = {};
  total = 0;

  constructor(
    private readonly clock: Clock,
    private readonly size = SHADOW_LOG_SIZE,
  ) {}

  attach(bus: Bus): () => void {
    return bus.on((ev) => {
      if (ev.type !== 'shadow_diff') return;
      const c = ev.call;
      const k = pairKey(ev.live.action, ev.shadow.action);
      this.byPair[k] = (this.byPair[k] ?? 0) + 1;
      this.total++;
      const e: ShadowDiffEntry = {
        at: new Date(this.clock.now()).toISOString(),
        tool: c.tool,
        agent: c.agent,
        session: c.session,
        subject: redact(callSubject(c.params)).text,
        live: ev.live,
        shadow: ev.shadow,
      };
      if (c.runId) e.run_id = c.runId;
      this.entries.unshift(e);
      if (this.entries.length > this.size) this.entries.length = this.size;
    });
  }

  latest(): ShadowDiffEntry[] {
    return [...this.entries];
  }
}
