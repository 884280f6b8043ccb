// Starts a real server in-process on port 0 with a temp data dir, for integration tests.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../server/start.js';
import { parseServeArgs } from '../../src/cli/serve.js';
import type { Clock } from '../../src/util/clock.js';
import type { HttpLimits } from '../../server/app.js';
import type { AuditFs } from '../../src/audit/fsio.js';

export interface TestServer extends RunningServer {
  dataDir: string;
  token: string;
  /** fetch against the server with the admin token unless another is given. */
  req(
    method: string,
    path: string,
    body?: unknown,
    token?: string | null,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
}

export function tempDir(prefix = 'svc-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function startTestServer(
  opts: {
    policy?: string;
    args?: string[];
    clock?: Clock;
    socket?: boolean;
    dataDir?: string;
    httpLimits?: Partial<HttpLimits>;
    auditFs?: AuditFs;
  } = {},
): Promise<TestServer> {
  const dataDir = opts.dataDir ?? tempDir();
  const args = ['--port', '0', '--data-dir', dataDir, ...(opts.args ?? [])];
  if (opts.policy !== undefined) {
    const file = join(dataDir, 'test-policy.yaml');
    writeFileSync(file, opts.policy);
    args.push('--config', file);
  }
  const o = parseServeArgs(args, { ...process.env, SERVICE_TOKEN: '' });
  const srv = await startServer({
    ...o,
    clock: opts.clock,
    noSocket: !opts.socket,
    httpLimits: opts.httpLimits,
    auditFs: opts.auditFs,
    env: { ...process.env, SERVICE_TOKEN: '' },
  });
  const token = srv.ctx.adminToken;
  const req = async (method: string, path: string, body?: unknown, tok: string | null = token) => {
    const headers: Record<string, string> = {};
    if (tok) headers.authorization = `Bearer ${tok}`;
    let payload: string | undefined;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await fetch(srv.url + path, { method, headers, body: payload });
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  return {
    ...srv,
    dataDir,
    token,
    req,
    async stop() {
      await srv.close();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One ask rule: `deploy *` waits for a human. */
export const ASK_DEPLOY_POLICY = `
version: "1"
default_action: allow
policies:
  - name: ask-deploy
    match: { tool: [exec] }
    rules:
      - action: ask
        when: { command_matches: ["deploy *"] }
        message: deploys need a human
`;

export const BASIC_POLICY = `
version: "1"
default_action: allow
policies:
  - name: block-destructive
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["rm -rf *"] }
        message: destructive command blocked
  - name: ask-deploy
    match: { tool: [exec] }
    rules:
      - action: ask
        when: { command_matches: ["deploy *"] }
        message: deploys need a human
  - name: watch-curl
    match: { tool: [exec] }
    rules:
      - action: watch
        when: { command_matches: ["curl *"] }
        message: network call
  - name: secrets-out
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { response_matches: ["SECRET-[0-9]+"] }
        message: output contains a secret
`;
