// Session state route (docs/session-rules.md): what the session-aware rules know about one
// session id: its recent calls and the taint labels on it, its credentials and its runs.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from './context.js';
import { badRequest } from './http-errors.js';

/** Longest session id the route accepts (the engine reads no longer ones either). */
const MAX_SESSION_ID = 8192;

export default async function sessionRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get<{ Params: { id: string } }>(
    '/v1/sessions/:id',
    { config: { auth: 'admin' }, schema: { params: { type: 'object', properties: { id: { type: 'string' } } } } },
    async (req) => {
      const id = req.params.id ?? '';
      if (!id || id.length > MAX_SESSION_ID) throw badRequest(`session id must be 1 to ${MAX_SESSION_ID} characters`);
      if (!ctx.sessions) return { session: id, events: [], taints: [], kept: false };
      const snap = ctx.sessions.snapshot(id);
      return {
        ...snap,
        kept: true,
        events: snap.events.map((e) => ({ ...e, t: new Date(e.t).toISOString() })),
        taints: snap.taints.map((m) => ({ ...m, until: new Date(m.until).toISOString() })),
      };
    },
  );
}
