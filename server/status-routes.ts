// GET /healthz, GET /v1/status, GET /v1/policy/summary, POST /v1/policy/reload.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from './context.js';
import { SvcError, badRequest } from './http-errors.js';
import { VERSION } from '../src/util/version.js';
import { policySources } from './policy-text.js';
import { shadowStatus } from './shadow-routes.js';

/**
 * The reload body: none, or {"accept_removal": boolean}. A misspelt or mistyped field is refused
 * rather than read as "no": the operator meant something, and should learn it was not done.
 */
function reloadOptions(body: unknown): boolean {
  if (body === undefined || body === null) return false;
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('request body must be a JSON object');
  const b = body as Record<string, unknown>;
  const unknown = Object.keys(b).filter((k) => k !== 'accept_removal');
  if (unknown.length) throw badRequest(`unknown field in a reload request: ${unknown.join(', ')}`, 'unknown_field');
  if (b.accept_removal !== undefined && typeof b.accept_removal !== 'boolean')
    throw badRequest('accept_removal must be true or false');
  return b.accept_removal === true;
}

/** docs/api.md: at least one second between reloads. */
export const RELOAD_INTERVAL_MS = 1000;

export default async function statusRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/healthz', { config: { auth: 'none' } }, async () => ({
    status: 'ok',
    mode: ctx.opts.mode,
    uptime_seconds: Math.floor((ctx.clock.now() - ctx.startedAt) / 1000),
    version: VERSION,
  }));

  app.get('/v1/status', { config: { auth: 'admin' } }, async () => {
    const e = ctx.policies.current;
    const src = ctx.policies;
    const body: Record<string, unknown> = {
      config_path: src.display ?? ctx.opts.configPath,
      mode: ctx.opts.mode,
      default_action: e.defaultAction,
      policy_count: e.policyCount,
      rule_count: e.ruleCount,
      call_counts: ctx.callCounts.counts(),
    };
    // A broken edit keeps the last good set; say so where an operator looks.
    if (ctx.policies.lastError) body.policy_error = ctx.policies.lastError;
    // Which files make up the set: the base profile, then each user file layered on it.
    if (src.layers) {
      body.policy_layers = src.layers.map((l) => ({ kind: l.kind, name: l.name, path: l.path }));
      body.replace_base = src.replaceBase === true;
    }
    if (src.missing?.length) body.policy_missing = src.missing;
    // Projects' own layers seen so far (docs/project-policy.md); absent when they are turned off.
    if (ctx.projects) body.project_layers = ctx.projects.status();
    const shadow = shadowStatus(ctx);
    if (shadow) body.shadow = shadow;
    if (ctx.preloadCache) {
      const s = ctx.preloadCache.stats();
      body.preload_cache = { hits: s.hits, cached: s.cached, recorded: s.recorded, decided_again: s.decided_again };
    }
    return body;
  });

  // `policies` (each policy's file, line and YAML text) is an addition the dashboard shows.
  app.get('/v1/policy/summary', { config: { auth: 'admin' } }, async () => ({
    ...ctx.policies.current.summary(),
    policies: policySources(ctx.policies.current),
  }));

  let lastReload = -Infinity;
  // {"accept_removal": true} is the explicit act that lets a set drop a file that disappeared
  // (without it the last good set stays in force; see docs/policy-layers.md).
  app.post('/v1/policy/reload', { config: { auth: 'admin' } }, async (req) => {
    const acceptRemoval = reloadOptions(req.body);
    const now = ctx.clock.now();
    if (now - lastReload < RELOAD_INTERVAL_MS) {
      throw new SvcError('rate_limited', 'reload rate limited, try again in 1 second');
    }
    lastReload = now;
    const started = performance.now();
    try {
      const e = ctx.policies.reload(acceptRemoval ? { acceptRemoval } : undefined);
      return {
        success: true,
        policies_loaded: e.policyCount,
        rules_total: e.ruleCount,
        reload_time_ms: Math.round(performance.now() - started),
      };
    } catch (err) {
      throw new SvcError('reload_failed', `policy reload failed: ${(err as Error).message}`, {
        cause: err,
        extra: { success: false },
      });
    }
  });
}
