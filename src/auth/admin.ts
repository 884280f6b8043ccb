// The admin token: <data-dir>/token (0600, 32 random bytes hex), or SERVICE_TOKEN when set.
import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { readFileSync, writeFileSync, existsSync, chmodSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function tokenPath(dataDir: string): string {
  return join(dataDir, 'token');
}

/** Returns the admin token, creating the token file when neither it nor SERVICE_TOKEN exists. */
export function ensureAdminToken(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.SERVICE_TOKEN?.trim();
  const path = tokenPath(dataDir);
  if (!existsSync(path)) {
    writeFileSync(path, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  } else if ((statSync(path).mode & 0o077) !== 0) {
    chmodSync(path, 0o600);
  }
  if (fromEnv) return fromEnv;
  const token = readFileSync(path, 'utf8').trim();
  if (token.length < 32) throw new Error(`admin token in ${path} is too short; delete the file to generate a new one`);
  return token;
}

/** Reads the token a client should send: SERVICE_TOKEN, else the token file. */
export function readClientToken(dataDir: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.SERVICE_TOKEN?.trim()) return env.SERVICE_TOKEN.trim();
  try {
    return readFileSync(tokenPath(dataDir), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Constant-time comparison that does not leak the length either (both sides hashed first). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}
