// `svc approve ID [--persist]` and `svc approve --run AGENT/SESSION/RUN [--future]`.
import { onePositional, parse, UsageError, type Command } from './args.js';
import { userInfo } from 'node:os';
import { api, errorText, serviceUrl } from './client.js';
import { Signer, SIGNED_URL_TTL_MS } from '../auth/signing.js';
import { defaultDataDir } from '../util/datadir.js';

/** Who the audit log names as resolver: "cli:<user>". */
export function resolver(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

export async function resolveOne(cmd: string, id: string, approved: boolean, persist: boolean): Promise<number> {
  const r = await api('POST', `/v1/approvals/${encodeURIComponent(id)}/resolve`, {
    approved,
    resolved_by: resolver(),
    persist,
  });
  if (r.status !== 200) {
    process.stderr.write(`svc ${cmd}: ${errorText(r)}\n`);
    return 1;
  }
  const b = r.body;
  let line = `${b.id}: ${b.status}`;
  if (persist)
    line += b.persisted ? ' (allow rule saved to auto-allowed.yaml)' : ' (allow rule NOT saved; see the server log)';
  process.stdout.write(line + '\n');
  return persist && !b.persisted ? 1 : 0;
}

/** AGENT/SESSION/RUN. Sessions often hold slashes ("repo/branch"), so the spec is matched whole
 * against the fresh list rather than split. */
export function checkRunSpec(spec: string): void {
  if ((spec.match(/\//g) ?? []).length < 2 || spec.startsWith('/') || spec.endsWith('/')) {
    throw new UsageError(`--run expects AGENT/SESSION/RUN, got "${spec}"`);
  }
}

const specOf = (x: any) => `${x.agent}/${x.session}/${x.run_id}`;

async function approveRun(spec: string, future: boolean): Promise<number> {
  checkRunSpec(spec);
  const list = await api('GET', '/v1/approvals');
  if (list.status !== 200) {
    process.stderr.write(`svc approve: ${errorText(list)}\n`);
    return 1;
  }
  // The run's whole pending set per credential (a run group, or a lone call that has none).
  const items: any[] = (list.body.approvals ?? []).filter((a: any) => a.run_id && specOf(a) === spec);
  const owners = new Set(items.map((a) => a.credential_owner));
  if (!items.length) {
    process.stderr.write(`svc approve: no pending approvals for run ${spec}\n`);
    return 1;
  }
  if (owners.size > 1) {
    process.stderr.write(
      `svc approve: run ${spec} has pending calls from ${owners.size} different credentials; approve them by id (svc pending)\n`,
    );
    return 1;
  }
  const scope = { agent: items[0].agent, session: items[0].session, run_id: items[0].run_id };
  const ids = items.map((a) => a.id);
  const r = await api('POST', '/v1/approvals/bulk-resolve', {
    ...scope,
    action: 'approve',
    scope: future ? 'run' : 'pending',
    ids,
    resolved_by: resolver(),
  });
  if (r.status !== 200) {
    process.stderr.write(`svc approve: ${errorText(r)}\n`);
    if (r.body?.refresh_required)
      process.stderr.write(
        `svc approve: committed: ${(r.body.ids ?? []).join(', ') || 'none'}; run "svc pending" and retry\n`,
      );
    return 1;
  }
  const b = r.body;
  process.stdout.write(
    `approved ${b.resolved} call${b.resolved === 1 ? '' : 's'} of run ${spec}: ${b.ids.join(', ')}\n`,
  );
  if (b.race_covered_ids?.length)
    process.stdout.write(`  including ${b.race_covered_ids.length} that arrived while approving\n`);
  if (b.future_calls_authorized) {
    process.stdout.write(
      `future calls of this run are allowed until ${b.grant_expires_at} (${Math.round(b.grant_ttl_ms / 1000)}s)\n`,
    );
  }
  return 0;
}

export default {
  help: `usage: svc approve ID [--persist]
       svc approve --run AGENT/SESSION/RUN [--future]

Approves a pending call on the running server.
  --persist   also write an exact allow rule to <data-dir>/policies/auto-allowed.yaml
              (exec, read, write and edit only; never for a card shown with secrets redacted)
  --run R     approve every pending call of one agent run (see "svc pending")
  --future    with --run: also allow the run's next calls for the approval timeout
  --link      print a signed resolve URL for ID instead (POST it with {"approved": true|false};
              no token needed, this approval only, valid 10 minutes, cannot persist)
Environment: SERVICE_URL (default http://127.0.0.1:9090), SERVICE_TOKEN (else the token file).`,
  async run(argv) {
    const { values, positionals } = parse(argv, {
      persist: { type: 'boolean' },
      run: { type: 'string' },
      future: { type: 'boolean' },
      link: { type: 'boolean' },
    });
    if (values.run !== undefined) {
      if (positionals.length) throw new UsageError('give either an approval ID or --run, not both');
      if (values.persist) throw new UsageError('--persist applies to a single approval ID');
      return approveRun(String(values.run), values.future === true);
    }
    if (values.future) throw new UsageError('--future needs --run AGENT/SESSION/RUN');
    const id = onePositional(positionals, 'expected exactly one approval ID (see "svc pending")');
    if (values.link) {
      if (values.persist) throw new UsageError('a signed link can never persist a rule');
      // The key lives in the data dir, readable by its owner only: whoever can read it could approve anyway.
      const signer = Signer.open(defaultDataDir(), { create: false });
      process.stdout.write(signer.resolveUrl(serviceUrl(), id, Date.now(), SIGNED_URL_TTL_MS) + '\n');
      return 0;
    }
    return resolveOne('approve', id, true, values.persist === true);
  },
} satisfies Command;
