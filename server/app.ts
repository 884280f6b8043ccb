// The fastify app: translation between HTTP and the library, nothing more. One plugin per resource.
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { lazySchemaController } from './lazy-schemas.js';
import { SvcError, errorHandler, notFound } from './http-errors.js';
import { registerAuth } from './auth.js';
import type { ServerContext } from './context.js';
import toolRoutes from './tool.js';
import statusRoutes from './status-routes.js';
import approvalRoutes from './approvals.js';
import ruleRoutes from './rules-routes.js';
import auditRoutes from './audit-routes.js';
import eventRoutes from './event-stream.js';
import metricsRoutes from './metrics.js';
import dashboardRoutes from './dashboard.js';
import shadowRoutes from './shadow-routes.js';
import sessionRoutes from './sessions.js';

/** docs/api.md: request bodies are limited to 1 MiB on every JSON API. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Connection limits (docs/http-limits.md). A client that announces more body than it sends, or
 * never finishes its headers, or parks idle connections, must not hold the listener: each such
 * connection is closed after these times, and connections beyond MAX_CONNECTIONS are refused
 * (closed at accept) while the ones already open keep being answered. They bound receiving a
 * request only; a reply that waits for an approval or an SSE stream is not cut by them.
 */
export interface HttpLimits {
  /** Whole request (headers and body) received within this time, else 408 and close. */
  requestTimeoutMs: number;
  /** Headers received within this time. */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this time. */
  keepAliveTimeoutMs: number;
  /** How often the timeouts above are checked (Node checks every 30 s by default). */
  checkIntervalMs: number;
  /** Open connections at most; one more is closed as it is accepted. */
  maxConnections: number;
}

export const HTTP_LIMITS: HttpLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
  maxConnections: 1024,
};

type Plugin = (app: FastifyInstance, ctx: ServerContext) => Promise<void>;

/** One plugin per resource, in registration order. */
const PLUGINS: Plugin[] = [
  toolRoutes,
  statusRoutes,
  shadowRoutes,
  approvalRoutes,
  ruleRoutes,
  auditRoutes,
  eventRoutes,
  metricsRoutes,
  dashboardRoutes,
  sessionRoutes,
];

export async function buildApp(ctx: ServerContext, limits: Partial<HttpLimits> = {}): Promise<FastifyInstance> {
  const lim = { ...HTTP_LIMITS, ...limits };
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    requestTimeout: lim.requestTimeoutMs,
    keepAliveTimeout: lim.keepAliveTimeoutMs,
    http: {
      requestTimeout: lim.requestTimeoutMs,
      headersTimeout: Math.min(lim.headersTimeoutMs, lim.requestTimeoutMs),
      keepAliveTimeout: lim.keepAliveTimeoutMs,
      connectionsCheckingInterval: lim.checkIntervalMs,
    },
    // Unknown fields must be rejected, not silently dropped, and a number is not a string.
    // validateSchema off: the route schemas are fixed in this code (and exercised by the tests),
    // so checking them against the JSON Schema meta-schema at every start only cost ~15% of it.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, validateSchema: false } },
    // Each route's schemas are compiled on its first request, not during start-up.
    schemaController: lazySchemaController(),
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

  app.server.maxConnections = lim.maxConnections;

  registerAuth(app, ctx);
  for (const p of PLUGINS) {
    await app.register(((instance: FastifyInstance) => p(instance, ctx)) as FastifyPluginAsync);
  }
  return app;
}
