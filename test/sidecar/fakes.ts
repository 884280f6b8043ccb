// Local stand-ins for the model providers (OpenAI-compatible, Anthropic-style, Ollama-style),
// each a real HTTP server on port 0 that records what it was sent and answers as told.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../src/util/clock.js';
import { configFromEnv, createSidecar, type RunningSidecar, type SidecarConfig } from '../../src/sidecar/index.js';

export type Kind = 'openai' | 'anthropic' | 'ollama';

export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  raw: string;
  body: any;
}

export interface FakeModel {
  kind: Kind;
  url: string;
  received: Received[];
  /** Text the model answers with. */
  answer: string;
  /** HTTP status to answer with (the body is an error object when not 2xx). */
  status: number;
  /** When true, requests are accepted and never answered. */
  hang: boolean;
  close(): Promise<void>;
}

function reply(kind: Kind, text: string): unknown {
  if (kind === 'openai')
    return {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    };
  if (kind === 'anthropic')
    return {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
    };
  return { model: 'llama3.2', message: { role: 'assistant', content: text }, done: true };
}

function models(kind: Kind): unknown {
  if (kind === 'ollama') return { models: [{ name: 'llama3.2:latest', model: 'llama3.2:latest' }] };
  return { object: 'list', data: [{ id: kind === 'openai' ? 'gpt-4o-mini' : 'claude-3-5-haiku-latest' }] };
}

const CHAT_PATH: Record<Kind, string> = {
  openai: '/v1/chat/completions',
  anthropic: '/v1/messages',
  ollama: '/api/chat',
};
const MODELS_PATH: Record<Kind, string> = { openai: '/v1/models', anthropic: '/v1/models', ollama: '/api/tags' };

export async function startFake(kind: Kind, answer = 'ALLOW: harmless'): Promise<FakeModel> {
  const fake = { kind, received: [] as Received[], answer, status: 200, hang: false } as FakeModel;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = null;
      }
      fake.received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw, body });
      if (fake.hang) return;
      const json = (status: number, b: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(b));
      };
      if (fake.status !== 200) return json(fake.status, { error: { message: 'model overloaded' } });
      if (req.method === 'POST' && req.url === CHAT_PATH[kind]) return json(200, reply(kind, fake.answer));
      if (req.method === 'GET' && req.url === MODELS_PATH[kind]) return json(200, models(kind));
      json(404, { error: 'not found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  fake.url = kind === 'openai' ? `http://127.0.0.1:${port}/v1` : `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return fake;
}

/** Environment that points the given provider at a fake. */
export function envFor(fake: FakeModel): Record<string, string> {
  if (fake.kind === 'openai')
    return { VERIFY_PROVIDER: 'openai', OPENAI_API_KEY: 'test-openai-key', OPENAI_BASE_URL: fake.url };
  if (fake.kind === 'anthropic')
    return { VERIFY_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'test-anthropic-key', ANTHROPIC_BASE_URL: fake.url };
  return { VERIFY_PROVIDER: 'ollama', OLLAMA_URL: fake.url };
}

export interface Harness {
  sidecar: RunningSidecar;
  config: SidecarConfig;
  clock: ManualClock;
  logDir: string;
  logs: string[];
  verify(body: unknown): Promise<{ status: number; body: any; headers: Headers }>;
  get(path: string): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** An in-process sidecar on port 0 with a temp log dir, a ManualClock and captured log lines. */
export async function startSidecar(env: Record<string, string>): Promise<Harness> {
  const root = mkdtempSync(join(tmpdir(), 'svc-sidecar-'));
  const logDir = join(root, 'verify');
  const config = configFromEnv({ SERVICE_HOME: root, VERIFY_LOG_DIR: logDir, ...env });
  const clock = new ManualClock();
  const logs: string[] = [];
  const sidecar = await createSidecar(config, { clock, log: (l) => logs.push(l) }).listen(0, '127.0.0.1');
  return {
    sidecar,
    config,
    clock,
    logDir,
    logs,
    async verify(body) {
      const res = await fetch(`${sidecar.url}/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json(), headers: res.headers };
    },
    async get(path) {
      const res = await fetch(`${sidecar.url}${path}`);
      return { status: res.status, body: await res.json() };
    },
    async close() {
      await sidecar.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The webhook payload the core sends for an exec call. */
export function execCall(command: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    tool: 'exec',
    params: { command, ...extra },
    agent: 'claude-code',
    session: 's-1',
    run_id: 'run-1',
    policy: 'review-deploys',
    timestamp: '2026-01-01T00:00:00Z',
  };
}
