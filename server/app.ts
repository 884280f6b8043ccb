// The fastify app: translation between HTTP and the library, nothing more. One plugin per resource.
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { SvcError, errorHandler, notFound } from './errors.js';
import { registerAuth } from './auth.js';
import type { ServerContext } from './context.js';
import toolRoutes from './tool.js';
import statusRoutes from './status.js';

/** SPEC 8: request bodies are limited to 1 MiB on every JSON API. */
export const BODY_LIMIT = 1024 * 1024;

type Plugin = (app: FastifyInstance, ctx: ServerContext) => Promise<void>;

/** Resource plugins that live in their own files (approvals, rules, audit, events, metrics, dashboard). */
const OPTIONAL_PLUGINS = ['./approvals.js', './rules.js', './audit.js', './events.js', './metrics.js', './dashboard.js'];

export async function buildApp(ctx: ServerContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    // Unknown fields must be rejected, not silently dropped, and a number is not a string.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });

  // Bodies are JSON whatever the Content-Type says (as agents send them); an empty body is "no body".
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      done(new SvcError('invalid_json', `invalid request body: ${(err as Error).message}`, { cause: err }), undefined);
    }
  });

  app.setErrorHandler(errorHandler({ bodyLimit: BODY_LIMIT, log: ctx.log }));

  app.setNotFoundHandler(async (req) => {
    throw notFound(`not found: ${req.method} ${req.url.split('?')[0]}`);
  });

  registerAuth(app, ctx);
  const plugins: Plugin[] = [toolRoutes, statusRoutes];
  for (const file of OPTIONAL_PLUGINS) {
    try {
      plugins.push((await import(file)).default as Plugin);
    } catch (err: any) {
      if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !String(err.message).includes(file.slice(2))) throw err;
    }
  }
  for (const p of plugins) {
    await app.register(((instance: FastifyInstance) => p(instance, ctx)) as FastifyPluginAsync);
  }
  return app;
}
