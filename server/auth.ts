// One hook enforces the authentication rules of docs/api.md for every route from its declared `config.auth`:
// missing or invalid credential -> 401, valid credential without the scope -> 403.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SvcError } from './http-errors.js';
import { safeEqual } from '../src/auth/admin.js';
import { ADMIN_OWNER, ownerOf, type Identity } from '../src/auth/tokens.js';
import type { ServerContext } from './context.js';

const unauthorized = (message: string) => new SvcError('unauthorized', message);

function presentedToken(req: FastifyRequest, allowQuery: boolean): string | undefined {
  const header = req.headers.authorization;
  if (typeof header === 'string' && header.length) {
    if (!header.startsWith('Bearer ')) throw unauthorized('authorization header must be "Bearer <token>"');
    return header.slice(7).trim();
  }
  if (allowQuery) {
    const q = (req.query as Record<string, unknown> | undefined)?.token;
    if (typeof q === 'string' && q.length) return q;
  }
  return undefined;
}

export function identify(ctx: ServerContext, token: string): Identity {
  if (safeEqual(token, ctx.adminToken))
    return { kind: 'admin', scopes: ['eval', 'admin'], credentialOwner: ADMIN_OWNER };
  const found = ctx.tokens.lookup(token);
  if (!found) throw unauthorized('invalid authorization token');
  if ('revoked' in found) throw unauthorized('token has been revoked');
  const r = found.record;
  return { kind: 'agent', agent: r.agent, tokenId: r.id, scopes: r.scopes, credentialOwner: ownerOf(r.hash) };
}

export function registerAuth(app: FastifyInstance, ctx: ServerContext): void {
  app.addHook('onRequest', async (req) => {
    const cfg = req.routeOptions.config ?? {};
    const need = cfg.auth ?? (req.routeOptions.url ? 'admin' : 'none');
    if (need === 'none') return;
    if (cfg.allowSignature) {
      const q = req.query as Record<string, unknown> | undefined;
      // A signed URL is verified by the route itself, which knows the approval it is scoped to.
      if (q && typeof q.sig === 'string' && typeof q.exp === 'string') return;
    }
    const token = presentedToken(req, cfg.allowQueryToken === true);
    if (!token) throw unauthorized('missing authorization token');
    const id = identify(ctx, token);
    if (need === 'admin' && !id.scopes.includes('admin')) {
      throw new SvcError('forbidden', 'this endpoint requires admin scope');
    }
    // docs/api.md: the admin token may evaluate; a per-agent token needs eval scope itself.
    if (need === 'eval' && id.kind === 'agent' && !id.scopes.includes('eval')) {
      throw new SvcError('forbidden', 'this endpoint requires eval scope');
    }
    req.identity = id;
  });
}

/** The caller of a route behind the auth hook (a signed-link request has none, and is refused here). */
export function identityOf(req: FastifyRequest): Identity {
  if (!req.identity) throw unauthorized('missing authorization token');
  return req.identity;
}
