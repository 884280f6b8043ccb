// A token bucket on an injected clock: `capacity` writes at once, refilled at `perSecond`.
import type { Clock } from '../util/clock.js';

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private clock: Clock,
    private capacity: number,
    private perSecond: number,
  ) {
    this.tokens = capacity;
    this.last = clock.now();
  }

  /** Takes one token if available. */
  take(): boolean {
    const now = this.clock.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
