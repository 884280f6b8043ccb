// Auto-allowed rule routes (SPEC 4): list, learn (rate limited), delete by exact name.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from './context.js';
import { HttpError, badRequest } from './errors.js';
import { ApprovalError } from '../src/approvals/errors.js';
import type { ApprovalStore } from '../src/approvals/store.js';

const LEARN_KEYS = ['tool', 'args', 'decision', 'source'];

function toHttp(err: unknown): never {
  if (err instanceof ApprovalError) throw new HttpError(err.status, err.code, err.message, err.extra);
  throw err;
}

export default async function ruleRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const rules = (ctx.approvals as unknown as ApprovalStore).rules;
  if (!rules) throw new Error('approvals were opened without an auto-allowed rule file');

  app.get('/v1/rules/auto-allowed', { config: { auth: 'admin' } }, async () => {
    try {
      return { rules: await rules.list() };
    } catch (err) {
      toHttp(err);
    }
  });

  app.post('/v1/rules/learn', { config: { auth: 'admin' }, schema: { body: { type: 'object' } } }, async (req, reply) => {
    const body = req.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('request body must be a JSON object');
    const unknown = Object.keys(body).filter((k) => !LEARN_KEYS.includes(k));
    if (unknown.length) throw badRequest(`unknown field in a learn request: ${unknown.join(', ')}`, 'unknown_field');
    try {
      const r = await rules.learn(body);
      if (r.status === 409) {
        return reply.code(409).send({ error: `rule ${r.body.rule_name} already exists`, code: 'rule_exists', ...r.body });
      }
      return reply.code(201).send(r.body);
    } catch (err) {
      toHttp(err);
    }
  });

  const remove = async (name: string) => {
    try {
      await rules.remove(name);
      return { deleted: name };
    } catch (err) {
      toHttp(err);
    }
  };
  app.delete<{ Params: { name: string } }>(
    '/v1/rules/auto-allowed/:name',
    { config: { auth: 'admin' }, schema: { params: { type: 'object', properties: { name: { type: 'string' } } } } },
    async (req) => remove(req.params.name ?? ''),
  );
  // An empty name reaches these two spellings; answer 400 rather than an unmatched-route 404.
  app.delete('/v1/rules/auto-allowed/', { config: { auth: 'admin' } }, async () => remove(''));
  app.delete('/v1/rules/auto-allowed', { config: { auth: 'admin' } }, async () => remove(''));
}
