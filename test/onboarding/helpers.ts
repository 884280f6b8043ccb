// A sandboxed user for the onboarding commands: its own HOME (no real agent settings are ever
// touched), a PATH holding only stand-in binaries plus the system's, and a data dir.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSvc } from '../helpers/spawn.js';
import { warmSvc } from '../helpers/warm-svc.js';

export interface User {
  dir: string;
  home: string;
  bin: string;
  data: string;
  env: NodeJS.ProcessEnv;
  /** Puts an executable stand-in named `name` on the user's PATH. */
  binary(name: string, script?: string): string;
  svc(
    args: string[],
    extra?: NodeJS.ProcessEnv,
    input?: string,
  ): Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** `svc ARGS` in the test file's warm svc process (test/helpers/warm-svc.ts), stdin empty. */
  warmSvc(args: string[], extra?: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }>;
  cleanup(): void;
}

export function user(): User {
  const dir = mkdtempSync(join(tmpdir(), 'svc-onboard-'));
  const home = join(dir, 'home');
  const bin = join(dir, 'bin');
  const data = join(dir, 'data');
  mkdirSync(home);
  mkdirSync(bin);
  const env: NodeJS.ProcessEnv = {
    HOME: home,
    PATH: `${bin}:/usr/bin:/bin`,
    SERVICE_HOME: data,
    SERVICE_URL: 'http://127.0.0.1:9',
    CLAUDE_CONFIG_DIR: '',
    CODEX_HOME: '',
    COPILOT_HOME: '',
  };
  return {
    dir,
    home,
    bin,
    data,
    env,
    binary(name, script = '#!/bin/sh\nexit 0\n') {
      const p = join(bin, name);
      writeFileSync(p, script);
      chmodSync(p, 0o755);
      return p;
    },
    svc: (args, extra = {}, input) => runSvc(args, { env: { ...env, ...extra }, input }),
    warmSvc: (args, extra = {}) => warmSvc(args, { env: { ...env, ...extra } }),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
