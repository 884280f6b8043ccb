// GET /v1/audit/events, /v1/audit/dates, /v1/audit/export, /v1/audit/stats (admin).
// Translation only: the reading, paging and validation live in src/audit/reader.ts. Events
// leave redacted (the file keeps them whole); export hands out the raw, verifiable file bytes.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from './context.js';
import { badRequest, notFound } from './http-errors.js';
import { AuditReader } from '../src/audit/reader.js';
import { UnavailableError } from '../src/util/errors.js';
import { redactEventForDisplay } from '../src/audit/display.js';

const MAX_PARAM = 256;
const str = { type: 'string', maxLength: MAX_PARAM } as const;
const dateStr = { type: 'string', maxLength: 32 } as const;

function readerFor(ctx: ServerContext): AuditReader {
  if (!ctx.audit)
    throw new UnavailableError(
      'audit_not_configured',
      'audit directory not configured (the server runs with --audit-dir "")',
    );
  const r = ctx.audit.reader;
  if (r instanceof AuditReader) return r;
  if (ctx.opts.auditDir) return new AuditReader(ctx.opts.auditDir, ctx.clock);
  throw new UnavailableError('audit_not_configured', 'audit directory not configured');
}

export default async function auditRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/v1/audit/events',
    {
      config: { auth: 'admin' },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            date: dateStr,
            limit: str,
            offset: str,
            tool: str,
            action: str,
            agent: str,
            session: str,
            run_id: str,
            q: str,
          },
        },
      },
    },
    async (req) => {
      const reader = readerFor(ctx);
      const r = await reader.query(req.query);
      return { ...r, events: r.events.map(redactEventForDisplay) };
    },
  );

  app.get('/v1/audit/dates', { config: { auth: 'admin' }, schema: { querystring: { type: 'object' } } }, async () => {
    const reader = readerFor(ctx);
    return { dates: await reader.dates(), configured: true };
  });

  app.get<{ Querystring: { date?: string } }>(
    '/v1/audit/export',
    {
      config: { auth: 'admin' },
      schema: { querystring: { type: 'object', properties: { date: dateStr } } },
    },
    async (req, reply) => {
      const reader = readerFor(ctx);
      const date = req.query.date;
      if (date === undefined || date === '')
        throw badRequest('date parameter is required (YYYY-MM-DD)', 'invalid_date');
      const body = await reader.exportDay(date);
      if (!body) throw notFound(`no audit log found for ${date}`, 'audit_date_not_found');
      return reply
        .header('content-type', 'application/jsonl')
        .header('content-disposition', `attachment; filename="svc-audit-${date}.jsonl"`)
        .send(Readable.from(body));
    },
  );

  app.get<{ Querystring: { from?: string; to?: string } }>(
    '/v1/audit/stats',
    {
      config: { auth: 'admin' },
      schema: { querystring: { type: 'object', properties: { from: dateStr, to: dateStr } } },
    },
    async (req) => {
      const reader = readerFor(ctx);
      return reader.stats(req.query.from, req.query.to);
    },
  );
}
