// GET /v1/policy/shadow (what the shadow set is and its latest differences from the live set)
// and POST /v1/policy/promote (the live policy directory takes the shadow's files; the admin
// token only). See docs/shadow-and-replay.md.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from './context.js';
import { policySetHash } from '../src/policy/shadow.js';
import { SvcError } from './http-errors.js';
import { promoteShadow } from './promote.js';

const errorBody = { type: 'object', properties: { error: { type: 'string' }, code: { type: 'string' } } };

function sourcesOf(e: unknown): string[] {
  const s = (e as { sources?: unknown }).sources;
  return Array.isArray(s) ? (s as string[]) : [];
}

/** The `shadow` object of /v1/status and GET /v1/policy/shadow (without the differences). */
export function shadowStatus(ctx: ServerContext): Record<string, unknown> | undefined {
  const s = ctx.shadow;
  if (!s) return undefined;
  const e = s.current;
  const out: Record<string, unknown> = { dir: s.dir, loaded: e !== null };
  if (e) {
    out.policy_count = e.policyCount;
    out.rule_count = e.ruleCount;
    out.default_action = e.defaultAction;
    out.hash = s.hash;
  }
  out.layers = s.layers.map((l) => ({ kind: l.kind, name: l.name, path: l.path }));
  if (s.lastError) out.error = s.lastError;
  return out;
}

export default async function shadowRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const log = ctx.shadowLog;

  app.get('/v1/policy/shadow', { config: { auth: 'admin' } }, async () => {
    const st = shadowStatus(ctx);
    if (!st) return { configured: false };
    return {
      configured: true,
      ...st,
      live_hash: policySetHash(sourcesOf(ctx.policies.current)),
      differences_total: log?.total ?? 0,
      by_pair: { ...(log?.byPair ?? {}) },
      latest: log?.latest() ?? [],
    };
  });

  app.post(
    '/v1/policy/promote',
    { config: { auth: 'admin' }, schema: { response: { '4xx': errorBody, '5xx': errorBody } } },
    async (req) => {
      // Changing what is live is the operator's act: a per-agent token with admin scope is not enough.
      if (req.identity?.kind !== 'admin')
        throw new SvcError('forbidden', 'promoting the shadow set requires the admin token');
      if (req.body !== undefined && (typeof req.body !== 'object' || req.body === null || Object.keys(req.body).length))
        throw new SvcError('invalid_request', 'POST /v1/policy/promote takes no body');
      // A PromoteError carries its code and `success: false`; the app's error handler answers it.
      const r = await promoteShadow({
        dataDir: ctx.opts.dataDir,
        policies: ctx.policies,
        shadow: ctx.shadow ?? null,
        audit: ctx.audit,
        log: ctx.log,
      });
      return { success: true, ...r };
    },
  );
}
