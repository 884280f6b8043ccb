// Approval routes (docs/api.md): create (versioned and legacy), list with run groups, detail, resolve
// (admin token or a signed URL), and bulk resolve. The library decides; this file translates.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from './context.js';
import { SvcError, badRequest } from './http-errors.js';
import { checkToolName } from './call.js';
import { identityOf } from './auth.js';
import type { ExternalRequest } from '../src/approvals/store.js';

const VERSIONED_KEYS = [
  'action_version',
  'tool',
  'agent',
  'params',
  'event_id',
  'agent_depth',
  'session',
  'workdir',
  'input',
  'message',
  'run_id',
  'tool_call_id',
];
const LEGACY_KEYS = ['action_version', 'tool', 'agent', 'command', 'path', 'message', 'run_id', 'tool_call_id'];
const LEGACY_ONLY = ['command', 'path'];
const VERSIONED_ONLY = ['params', 'event_id', 'agent_depth', 'session', 'workdir', 'input'];
const RESOLVE_KEYS = ['approved', 'resolved_by', 'persist'];
const BULK_KEYS = ['agent', 'session', 'run_id', 'action', 'scope', 'ids', 'resolved_by'];
const LEGACY_SESSION = 'hook';
const DEFAULT_RESOLVER = 'api';
const SIGNED_RESOLVER = 'signed-link';

/** Bodies are checked by hand: ajv would coerce "1" into 1 and "true" into true. */
const objectBody = { type: 'object' } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1 } } } as const;

function asObject(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('request body must be a JSON object');
  return body as Record<string, unknown>;
}

function rejectUnknown(body: Record<string, unknown>, allowed: string[], what: string): void {
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length)
    throw badRequest(
      `unknown field${unknown.length > 1 ? 's' : ''} in ${what}: ${unknown.join(', ')}`,
      'unknown_field',
    );
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function optString(body: Record<string, unknown>, key: string): string | undefined {
  const v = body[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw badRequest(`${key} must be a string`);
  return v;
}

function reqString(body: Record<string, unknown>, key: string): string {
  const v = optString(body, key);
  if (v === undefined || !v.trim()) throw badRequest(`${key} is required`);
  return v;
}

/** docs/api.md POST /v1/approvals: the strict versioned form, or the legacy form (action_version 0). */
export function parseCreate(raw: unknown, credentialOwner: string): ExternalRequest {
  const body = asObject(raw);
  const hasVersion = 'action_version' in body;
  const version = body.action_version;
  if (hasVersion && version !== 1 && version !== 0) {
    throw badRequest(
      `unsupported action_version ${JSON.stringify(version)}: this server understands 1 (and 0 for the legacy form)`,
      'unsupported_action_version',
    );
  }
  if (version === 1) {
    const mixed = LEGACY_ONLY.filter((k) => k in body);
    if (mixed.length)
      throw badRequest(
        `legacy field ${mixed.join(', ')} cannot be mixed with action_version 1; put it in params`,
        'mixed_action_fields',
      );
    rejectUnknown(body, VERSIONED_KEYS, 'a version-1 approval request');
    const params = body.params;
    if (!isObj(params)) throw badRequest('params is required and must be an object');
    if (body.input !== undefined && !isObj(body.input)) throw badRequest('input must be an object');
    const depth = body.agent_depth;
    if (depth !== undefined && !(typeof depth === 'number' && Number.isInteger(depth) && depth >= 0)) {
      throw badRequest('agent_depth must be an integer >= 0');
    }
    return {
      actionVersion: 1,
      tool: checkToolName(reqString(body, 'tool')),
      agent: reqString(body, 'agent'),
      agentDepth: depth as number | undefined,
      session: optString(body, 'session') ?? '',
      params,
      input: body.input as Record<string, unknown> | undefined,
      workdir: optString(body, 'workdir'),
      message: optString(body, 'message'),
      runId: optString(body, 'run_id'),
      toolCallId: optString(body, 'tool_call_id'),
      eventId: optString(body, 'event_id'),
      credentialOwner,
    };
  }
  const mixed = VERSIONED_ONLY.filter((k) => k in body);
  if (mixed.length) {
    throw badRequest(
      `field ${mixed.join(', ')} needs action_version 1; a legacy request carries command and path only`,
      'mixed_action_fields',
    );
  }
  rejectUnknown(body, LEGACY_KEYS, 'a legacy approval request');
  const command = optString(body, 'command');
  const path = optString(body, 'path');
  const params: Record<string, unknown> = {};
  if (command) params.command = command;
  if (path) params.path = path;
  return {
    actionVersion: 0,
    tool: checkToolName(reqString(body, 'tool')),
    agent: reqString(body, 'agent'),
    session: LEGACY_SESSION,
    params,
    message: optString(body, 'message'),
    runId: optString(body, 'run_id'),
    toolCallId: optString(body, 'tool_call_id'),
    credentialOwner,
  };
}

function parseResolve(raw: unknown): { approved: boolean; resolvedBy?: string; persist: boolean } {
  const body = asObject(raw);
  rejectUnknown(body, RESOLVE_KEYS, 'a resolve request');
  if (typeof body.approved !== 'boolean') throw badRequest('approved is required and must be true or false');
  if (body.persist !== undefined && typeof body.persist !== 'boolean')
    throw badRequest('persist must be true or false');
  const by = optString(body, 'resolved_by')?.trim();
  return { approved: body.approved, resolvedBy: by || undefined, persist: body.persist === true };
}

export default async function approvalRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const store = ctx.approvals;

  app.post('/v1/approvals', { config: { auth: 'admin' }, schema: { body: objectBody } }, async (req, reply) => {
    const input = parseCreate(req.body, identityOf(req).credentialOwner);
    const r = await store.createExternal(input);
    if (r.autoApproved) {
      return reply.code(200).send({
        action_version: input.actionVersion,
        id: r.id,
        status: 'approved',
        message: r.message,
        expires_at: r.expiresAt,
      });
    }
    const rec = r.record;
    return reply.code(201).send({
      action_version: rec.action_version,
      id: rec.id,
      status: rec.status,
      expires_at: new Date(rec.expires_at).toISOString(),
    });
  });

  app.get('/v1/approvals', { config: { auth: 'admin' } }, async () => store.list());

  app.get<{ Params: { id: string } }>(
    '/v1/approvals/:id',
    { config: { auth: 'admin' }, schema: { params: idParams } },
    async (req) => {
      return store.detail(req.params.id);
    },
  );

  app.post<{ Params: { id: string }; Querystring: { sig?: string; exp?: string } }>(
    '/v1/approvals/:id/resolve',
    {
      config: { auth: 'admin', allowSignature: true },
      schema: {
        params: idParams,
        querystring: { type: 'object', properties: { sig: { type: 'string' }, exp: { type: 'string' } } },
        body: objectBody,
      },
    },
    async (req) => {
      const { id } = req.params;
      const { sig, exp } = req.query;
      const signed = !req.identity && typeof sig === 'string' && typeof exp === 'string';
      if (signed && !store.signer?.verify(id, sig, exp, ctx.clock.now())) {
        throw new SvcError('invalid_signature', 'invalid or expired signature');
      }
      const body = parseResolve(req.body);
      if (signed && body.persist) {
        throw new SvcError('forbidden', 'persist=true requires the admin token, not a signed approval URL');
      }
      const by = signed ? SIGNED_RESOLVER : (body.resolvedBy ?? DEFAULT_RESOLVER);
      const r = await store.resolve(id, { approved: body.approved, by, persist: body.persist });
      return { id, status: r.record.status, approved: r.record.status === 'approved', persisted: r.persisted };
    },
  );

  app.post('/v1/approvals/bulk-resolve', { config: { auth: 'admin' }, schema: { body: objectBody } }, async (req) => {
    const body = asObject(req.body);
    rejectUnknown(body, BULK_KEYS, 'a bulk-resolve request');
    return await store.bulkResolve(body);
  });
}
