// Shared by the integration tests: a real `svc serve` child on port 0 with a test policy, a
// CLI runner, and small HTTP helpers.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/util/version.js';

export const SVC_JS = join(PACKAGE_ROOT, 'bin', 'svc.js');
export const FIXTURES = join(PACKAGE_ROOT, 'test', 'fixtures');
const START_TIMEOUT_MS = 20_000;

/** The policy every integration test runs against. */
export const TEST_POLICY = `version: "1"
default_action: allow
policies:
  - name: no-root-delete
    match: { tool: exec }
    rules:
      - action: deny
        message: "Deleting the filesystem root is blocked"
        when: { command_matches: ["rm -rf /"] }
  - name: push-needs-approval
    match: { tool: exec }
    rules:
      - action: ask
        message: "git push needs approval"
        when: { command_matches: ["git push**"] }
  - name: secret-files
    match: { tool: [read, write, edit] }
    rules:
      - action: deny
        message: "credential files are off limits"
        when: { path_matches: ["**/.ssh/id_*"] }
  - name: no-evil-fetch
    match: { tool: fetch }
    rules:
      - action: deny
        message: "evil.example is blocked"
        when: { domain_matches: ["evil.example"] }
  - name: destructive-mcp
    match: { tool: mcp-destructive }
    rules:
      - action: deny
        message: "destructive MCP tools are blocked"
        when: { default: true }
  - name: mcp-deploys
    match: { tool: mcp }
    rules:
      - action: ask
        message: "deploys need approval"
        when: { command_matches: ["deploy **"] }
  - name: no-aws-keys-in-output
    rules:
      - action: deny
        message: "AWS access key in tool output"
        when: { response_matches: ["AKIA[0-9A-Z]{16}"] }
`;

export interface Server {
  url: string;
  token: string;
  dataDir: string;
  stop(): Promise<void>;
}

const tempDirs: string[] = [];
process.on('exit', () => {
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
});

/** A fresh directory under the system temp dir, removed when the test process exits. */
export function tempDir(prefix: string): string {
  const d = mkdtempSync(join(tmpdir(), `svc-${prefix}-`));
  tempDirs.push(d);
  return d;
}

/** Starts `svc serve --port 0` on a fresh data directory and waits for its ready line. */
export async function startServer(policy = TEST_POLICY, extra: string[] = []): Promise<Server> {
  const dataDir = tempDir('int');
  const config = join(dataDir, 'policy.yaml');
  writeFileSync(config, policy);
  const env = { ...process.env };
  delete env.SERVICE_TOKEN;
  delete env.SERVICE_URL;
  const proc = spawn(
    process.execPath,
    [SVC_JS, 'serve', '--port', '0', '--data-dir', dataDir, '--config', config, ...extra],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  proc.stderr!.on('data', (c) => (stderr += c));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`svc serve did not start: ${stderr}`)), START_TIMEOUT_MS);
    proc.stdout!.on('data', (c) => {
      out += c;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`svc serve exited with ${code}: ${stderr}`));
    });
  });
  const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
  return {
    url,
    token,
    dataDir,
    stop: () => stopProcess(proc).then(() => rmSync(dataDir, { recursive: true, force: true })),
  };
}

export function stopProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(() => proc.kill('SIGKILL'), 5_000);
    proc.on('exit', () => {
      clearTimeout(t);
      resolve();
    });
    proc.kill('SIGTERM');
  });
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  opts: { input?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [SVC_JS, ...args], {
      env: opts.env ?? process.env,
      cwd: opts.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (c) => (stdout += c));
    proc.stderr.on('data', (c) => (stderr += c));
    proc.on('error', reject);
    proc.on('close', (code) => resolve({ code, stdout, stderr }));
    proc.stdin.end(opts.input ?? '');
  });
}

export async function api(
  server: Server,
  method: string,
  path: string,
  body?: unknown,
  token = server.token,
): Promise<{ status: number; body: any }> {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Polls until `fn` returns a value, or fails after `ms`. */
export async function eventually<T>(fn: () => Promise<T | undefined>, ms = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The pending approval of `agent` (whose JSON mentions `text`, when given), once it shows up. */
export function pendingApproval(
  server: Server,
  agent: string,
  text?: string,
): Promise<{ id: string; [k: string]: unknown }> {
  return eventually(
    async () => {
      const r = await api(server, 'GET', '/v1/approvals');
      return (r.body?.approvals ?? []).find(
        (a: { agent: string }) => a.agent === agent && (!text || JSON.stringify(a).includes(text)),
      );
    },
    10_000,
    `a pending approval for ${agent}${text ? ` mentioning ${text}` : ''}`,
  );
}

/** A closed loopback port: nothing listens there. */
export const DEAD_URL = 'http://127.0.0.1:9';
