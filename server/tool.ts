// POST /v1/tool/{toolName}, POST /v1/preflight/{toolName}, POST /v1/test.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from './context.js';
import { toToolCall, toolRequestSchema, checkToolName, type ToolRequestBody } from './call.js';
import { badRequest, SvcError } from './http-errors.js';
import { preflightReply, toolReply } from './gate-reply.js';
import { paramsFor } from '../src/policy/accessors.js';
import { identityOf } from './auth.js';

const toolParams = {
  type: 'object',
  required: ['toolName'],
  properties: { toolName: { type: 'string' } },
} as const;

export default async function toolRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.post<{ Params: { toolName: string }; Body: ToolRequestBody }>(
    '/v1/tool/:toolName',
    { config: { auth: 'eval' }, schema: { params: toolParams, body: toolRequestSchema } },
    async (req, reply) => {
      if (req.body.verification !== undefined) {
        throw badRequest('verification mode is only available on the preflight endpoint', 'invalid_request');
      }
      if (req.body.enforce !== undefined) {
        throw badRequest('enforce is a preflight-only field', 'invalid_request');
      }
      const call = toToolCall(req.params.toolName, req.body, identityOf(req));
      const response = req.body.response;
      // A call that reports its output already ran: it is judged, never queued for approval.
      const r = response
        ? await ctx.gate.decide({ mode: 'response', source: 'tool', call, identity: identityOf(req), response })
        : await ctx.gate.decide({ mode: 'enforce', source: 'tool', call, identity: identityOf(req) });
      const out = toolReply(r, ctx.gate.mode, response);
      return reply.code(out.status).send(out.body);
    },
  );

  app.post<{ Params: { toolName: string }; Body: ToolRequestBody }>(
    '/v1/preflight/:toolName',
    { config: { auth: 'eval' }, schema: { params: toolParams, body: toolRequestSchema } },
    async (req, reply) => {
      const id = identityOf(req);
      const { enforce = false, verification = false } = req.body;
      if (verification && id.kind !== 'admin') {
        throw new SvcError('forbidden', 'verification mode requires the admin token');
      }
      if (verification && enforce) {
        throw badRequest('verification and enforce modes cannot be combined', 'invalid_request');
      }
      if (req.body.response !== undefined) {
        throw badRequest('response is evaluated by /v1/tool, not preflight', 'invalid_request');
      }
      const call = toToolCall(req.params.toolName, req.body, id);
      const r = enforce
        ? await ctx.gate.decide({ mode: 'enforce', source: 'preflight', call, identity: id })
        : await ctx.gate.decide({ mode: 'preview', call, identity: id });
      return reply.code(200).send(preflightReply(r, ctx.gate.mode, enforce));
    },
  );

  app.post<{ Body: { command: string; tool?: string; agent?: string; session?: string } }>(
    '/v1/test',
    {
      config: { auth: 'admin' },
      schema: {
        body: {
          type: 'object',
          required: ['command'],
          additionalProperties: false,
          properties: {
            command: { type: 'string', minLength: 1 },
            tool: { type: 'string' },
            agent: { type: 'string' },
            session: { type: 'string' },
          },
        },
      },
    },
    async (req) => {
      const { command, agent = 'test', session = 'test' } = req.body;
      const tool = checkToolName(req.body.tool || 'exec');
      const params = paramsFor(tool, command);
      const d = ctx.policies.current.evaluate({ tool, agent, session, params }, { dryRun: true });
      return {
        command,
        tool,
        action: d.action,
        message: d.message,
        matched_policies: d.matchedPolicies,
        policy_scope: 'global',
      };
    },
  );
}
