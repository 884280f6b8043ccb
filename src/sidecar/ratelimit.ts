// Token bucket for POST /verify: a burst of up to `perMinute` calls, refilled continuously at
// perMinute per 60 s. Time comes from the injected clock so tests move it by hand.
import type { Clock } from '../util/clock.js';

const MINUTE_MS = 60_000;

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perMinute: number,
    private readonly clock: Clock,
  ) {
    this.tokens = perMinute;
    this.last = clock.now();
  }

  private refill(): void {
    const now = this.clock.now();
    const elapsed = Math.max(0, now - this.last);
    this.last = now;
    this.tokens = Math.min(this.perMinute, this.tokens + (elapsed * this.perMinute) / MINUTE_MS);
  }

  /** Takes one token; false when the bucket is empty. */
  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Milliseconds until the next token is available (0 when one is). */
  retryAfterMs(): number {
    this.refill();
    if (this.tokens >= 1) return 0;
    return Math.ceil(((1 - this.tokens) * MINUTE_MS) / this.perMinute);
  }
}
