// The tiny HTTP client CLI commands use to talk to a running server. SERVICE_URL (default
// http://127.0.0.1:9090) and SERVICE_TOKEN, else the token file in the data dir ($SERVICE_HOME,
// else ~/.svc), as docs/cli.md says for every client command.
import { agentTokenFile, protectedService, readTokenFile } from '../util/server-uid.js';
import { join } from 'node:path';
import { defaultDataDir } from '../util/datadir.js';

export const DEFAULT_SERVICE_URL = 'http://127.0.0.1:9090';
/** A CLI call that takes longer than this is reported as a hung server. */
export const CLIENT_TIMEOUT_MS = 30_000;

/** SERVICE_URL, else the protected-mode server set up by `svc setup service`, else the default. */
export function serviceUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.SERVICE_URL || protectedService()?.url || DEFAULT_SERVICE_URL).replace(/\/+$/, '');
}

/**
 * SERVICE_TOKEN, else <data-dir>/token when its owner is trusted (ourselves, root, or the
 * protected-mode server named in /etc/svc/server.uid), else the agents' eval-only token of
 * protected mode; undefined when there is none.
 */
export function serviceToken(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.SERVICE_TOKEN) return env.SERVICE_TOKEN.trim();
  const dir = env.SERVICE_HOME ? defaultDataDir(env) : (protectedService()?.dataDir ?? defaultDataDir(env));
  return readTokenFile(join(dir, 'token')) ?? agentTokenFile();
}

export interface ApiResponse {
  status: number;
  /** Parsed JSON, or the raw text when the body is not JSON. */
  body: any;
}

/** Calls the server; throws one clear sentence when it cannot be reached. */
export async function api(
  method: string,
  path: string,
  body?: unknown,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ApiResponse> {
  const base = serviceUrl(env);
  const headers: Record<string, string> = {};
  const token = serviceToken(env);
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
  } catch (err: any) {
    const why = err?.cause?.code ?? err?.name ?? err?.message ?? 'network error';
    throw new Error(`cannot reach the svc server at ${base} (${why}); start it with "svc serve" or set SERVICE_URL`);
  }
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* keep the text */
  }
  return { status: res.status, body: parsed };
}

/** The server's error sentence for a failed response. */
export function errorText(r: ApiResponse): string {
  const msg =
    r.body && typeof r.body === 'object' && typeof r.body.error === 'string' ? r.body.error : String(r.body ?? '');
  if (r.status === 401) return `${msg || 'unauthorized'} (set SERVICE_TOKEN or check the token file)`;
  return `${msg || 'request failed'} (HTTP ${r.status})`;
}
