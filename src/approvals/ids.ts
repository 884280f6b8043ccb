// Time-ordered unique approval ids (ULID: 48-bit millisecond time + 80 random bits, Crockford
// base32). Ids minted in the same millisecond stay ordered by incrementing the random part.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

let lastTime = -1;
let lastRandom: number[] = [];

function encodeTime(ms: number): string {
  let out = '';
  let t = Math.max(0, Math.floor(ms));
  for (let i = 0; i < 10; i++) {
    out = ALPHABET.charAt(t % 32) + out;
    t = Math.floor(t / 32);
  }
  return out;
}

function freshRandom(): number[] {
  const bytes = randomBytes(16);
  return Array.from(bytes, (b) => b % 32);
}

function increment(digits: number[]): number[] {
  const next = digits.slice();
  for (let i = next.length - 1; i >= 0; i--) {
    const d = next[i] ?? 0;
    if (d < 31) {
      next[i] = d + 1;
      return next;
    }
    next[i] = 0;
  }
  return freshRandom(); // 80-bit overflow within one millisecond: practically unreachable
}

/** A new ULID for time `ms`; strictly increasing for ids minted by this process. */
export function newId(ms: number): string {
  if (ms <= lastTime) {
    lastRandom = increment(lastRandom);
    return encodeTime(lastTime) + lastRandom.map((d) => ALPHABET[d]).join('');
  }
  lastTime = ms;
  lastRandom = freshRandom();
  return encodeTime(ms) + lastRandom.map((d) => ALPHABET[d]).join('');
}
