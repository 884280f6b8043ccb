// The session state as an engine's rules see it during one evaluation, counting each time they
// consult it (engine.ts, watchSession). A class, not an object literal: a literal with a getter
// (`get now()`) is built on V8's slow path, some 3-5 us on every evaluation, where a class
// instance costs tens of nanoseconds.
import type { SessionEvent, SessionLookup, TaintMark } from './session-types.js';

export class WatchedSession implements SessionLookup {
  constructor(
    private readonly s: SessionLookup,
    /** Called on each consultation (history or a label). */
    private readonly consulted: () => void,
  ) {}

  get now(): number {
    return this.s.now;
  }

  history(): readonly SessionEvent[] {
    this.consulted();
    return this.s.history();
  }

  tainted(label: string): TaintMark | undefined {
    this.consulted();
    return this.s.tainted(label);
  }
}
