// Time-ordered event ids: 26-character ULIDs (Crockford base32, 48-bit ms time + 80 bits).
// Monotonic: within one millisecond, or when the clock steps back, the low 80 bits are
// incremented instead of redrawn, so ids compare as strings in append order. Seeded with the
// last id on disk, the order also holds across restarts.
import { randomBytes } from 'node:crypto';
import type { Clock } from '../util/clock.js';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ID_RE = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const MAX_TIME = 2 ** 48 - 1;
const HALF = 2 ** 40; // the 80 random bits are kept as two 40-bit halves (exact in a double)
/** Random bytes drawn at once: one draw costs ~9 µs whatever its size, and busy logs need 10 a ms. */
const POOL_BYTES = 10 * 64;

export function isEventId(s: unknown): s is string {
  return typeof s === 'string' && ID_RE.test(s) && s.charCodeAt(0) <= 0x37; // first char 0-7: time fits 48 bits
}

function encode(n: number, chars: number): string {
  let out = '';
  for (let i = 0; i < chars; i++) {
    out = ALPHABET.charAt(n % 32) + out;
    n = Math.floor(n / 32);
  }
  return out;
}

function decode(s: string): number {
  let n = 0;
  for (const ch of s) n = n * 32 + ALPHABET.indexOf(ch);
  return n;
}

/** The millisecond timestamp embedded in an id. */
export function idTime(id: string): number {
  return decode(id.slice(0, 10));
}

export class IdGenerator {
  private lastMs = -1;
  private hi = 0;
  private lo = 0;
  private pool = Buffer.alloc(0);
  private poolAt = 0;

  constructor(
    private readonly clock: Clock,
    last?: string,
  ) {
    if (last !== undefined && isEventId(last)) {
      this.lastMs = idTime(last);
      this.hi = decode(last.slice(10, 18));
      this.lo = decode(last.slice(18, 26));
    }
  }

  /** Raises the floor so the next id sorts after `id` (used when an older log is adopted). */
  observe(id: string): void {
    if (isEventId(id) && id > this.peekLast()) {
      this.lastMs = idTime(id);
      this.hi = decode(id.slice(10, 18));
      this.lo = decode(id.slice(18, 26));
    }
  }

  next(): string {
    const now = Math.min(Math.max(0, Math.floor(this.clock.now())), MAX_TIME);
    if (now > this.lastMs) {
      this.lastMs = now;
      if (this.poolAt + 10 > this.pool.length) {
        this.pool = randomBytes(POOL_BYTES);
        this.poolAt = 0;
      }
      // The top bit stays clear so a burst of increments within one ms cannot overflow.
      this.hi = this.pool.readUIntBE(this.poolAt, 5) % (HALF / 2);
      this.lo = this.pool.readUIntBE(this.poolAt + 5, 5);
      this.poolAt += 10;
    } else if (++this.lo >= HALF) {
      this.lo = 0;
      if (++this.hi >= HALF) {
        this.hi = 0;
        this.lastMs++;
      }
    }
    return this.peekLast();
  }

  private peekLast(): string {
    if (this.lastMs < 0) return '';
    return encode(this.lastMs, 10) + encode(this.hi, 8) + encode(this.lo, 8);
  }
}
