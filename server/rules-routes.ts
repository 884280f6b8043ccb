// Auto-allowed rule routes (docs/api.md): list, learn (rate limited), delete by exact name.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from './context.js';
import { SvcError, badRequest } from './http-errors.js';

const LEARN_KEYS = ['tool', 'args', 'decision', 'source'];

export default async function ruleRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const rules = ctx.approvals.rules;
  if (!rules) throw new Error('approvals were opened without an auto-allowed rule file');

  app.get('/v1/rules/auto-allowed', { config: { auth: 'admin' } }, async () => {
    return { rules: await rules.list() };
  });

  app.post(
    '/v1/rules/learn',
    { config: { auth: 'admin' }, schema: { body: { type: 'object' } } },
    async (req, reply) => {
      const body = req.body as Record<string, unknown> | undefined;
      if (!body || typeof body !== 'object' || Array.isArray(body))
        throw badRequest('request body must be a JSON object');
      const unknown = Object.keys(body).filter((k) => !LEARN_KEYS.includes(k));
      if (unknown.length) throw badRequest(`unknown field in a learn request: ${unknown.join(', ')}`, 'unknown_field');
      const r = await rules.learn(body);
      if (r.status === 409) {
        throw new SvcError('rule_exists', `rule ${r.body.rule_name} already exists`, { extra: r.body });
      }
      return reply.code(201).send(r.body);
    },
  );

  const remove = async (name: string) => {
    await rules.remove(name);
    return { deleted: name };
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
