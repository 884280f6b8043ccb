// The server is away: decide with the same engine and the same policy files the server loads
// (as `svc test` does offline), write what was decided to the spool the server folds into its
// audit chain when it returns, and tell the user that the decision was local. When that cannot
// be done (no readable policy, a broken one, a spool that takes no more lines), the hook says
// nothing it does not know: no decision, so the host's own permission flow applies.
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { HookCall, HookOutcome, HostAdapter, Target } from './types.js';
import type { SpoolRecord } from '../../audit/spool.js';
import type { Decision } from '../../policy/types.js';
import { withScripts } from '../../policy/script-files.js';

export interface LocalCallInfo {
  agent: string;
  session: string;
  runId?: string;
  toolCallId?: string;
  cwd?: string;
}

/** Why the server could not decide; shown with every local decision. */
export function localNotice(policy: string | undefined): string {
  return `server unreachable; decided locally by ${policy ? `policy ${policy}` : 'the default action'}`;
}

function policyOf(d: Decision): string | undefined {
  return d.policy ?? d.matchedPolicies[0];
}

/** The policies directory exists but cannot be listed: the set would silently lack its layers. */
function checkPolicyDir(dataDir: string): void {
  const dir = join(dataDir, 'policies');
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new Error(`cannot read ${dir}: ${(err as Error).message}`);
  }
  if (!isDir) throw new Error(`${dir} is not a directory`);
  readdirSync(dir);
}

interface Evaluated {
  target: Target;
  decision: Decision;
}

/** Evaluates every target; throws when the policy set cannot be loaded. */
async function evaluateAll(
  call: HookCall,
  info: LocalCallInfo,
  dataDir: string,
): Promise<{ results: Evaluated[]; policySet: string }> {
  checkPolicyDir(dataDir);
  // Loaded only on this path: a hook that reaches the server never pays for the engine.
  const [{ openOfflineEngine }, { toToolCall }] = await Promise.all([
    import('../../policy/offline-engine.js'),
    import('../../../server/call.js'),
  ]);
  const { engine, display } = openOfflineEngine(undefined, dataDir);
  const results: Evaluated[] = [];
  for (const t of call.targets) {
    const body = {
      agent: info.agent,
      session: info.session,
      params: t.params,
      input: call.input,
      ...(info.runId ? { run_id: info.runId } : {}),
      ...(info.toolCallId ? { tool_call_id: info.toolCallId } : {}),
      ...(info.cwd ? { cwd: info.cwd } : {}),
    };
    let decision: Decision;
    try {
      // the scripts it runs read from disk, as the server's gate would
      const tc = withScripts(
        toToolCall(t.tool, body, { kind: 'admin', scopes: ['eval'], credentialOwner: 'local/hook' }),
      );
      decision = engine.evaluate(tc, { dryRun: true });
    } catch (err) {
      // The server would refuse this request (conflicting aliases, bad tool name): a deny.
      decision = {
        action: 'deny',
        message: `svc would refuse this call: ${(err as Error).message}`,
        matchedPolicies: [],
        evalDurationUs: 0,
      };
    }
    results.push({ target: t, decision });
  }
  return { results, policySet: display };
}

function spoolRecords(
  adapter: HostAdapter,
  call: HookCall,
  info: LocalCallInfo,
  results: Evaluated[],
  reason: string,
  policySet: string,
): SpoolRecord[] {
  const ts = new Date().toISOString();
  const uid = process.getuid?.();
  return results.map(({ target, decision }) => ({
    v: 1,
    id: randomBytes(12).toString('hex'),
    ts,
    host: adapter.host,
    agent: info.agent,
    session: info.session,
    ...(info.runId ? { run_id: info.runId } : {}),
    ...(info.toolCallId ? { tool_call_id: info.toolCallId } : {}),
    ...(info.cwd ? { workdir: info.cwd } : {}),
    ...(decision.policyFile ? { policy_file: decision.policyFile } : {}),
    phase: call.phase,
    tool: target.tool,
    params: target.params,
    decision: {
      action: decision.action,
      matched_policies: decision.matchedPolicies,
      message: decision.message,
      evaluation_time_us: Math.round(decision.evalDurationUs),
    },
    reason,
    policy_set: policySet,
    ...(uid !== undefined ? { uid } : {}),
  }));
}

/** What a local decision tells the host, before the spool is written. */
function outcomeOf(adapter: HostAdapter, results: Evaluated[]): HookOutcome {
  let ask: HookOutcome | undefined;
  for (const { decision: d } of results) {
    const notice = localNotice(policyOf(d));
    if (d.action === 'deny') return { kind: 'deny', reason: `${d.message} (${notice})`, notice };
    if (d.action === 'ask' || d.action === 'webhook') {
      // Without the server nobody can approve through svc: the host's own prompt asks, and a host
      // without one is refused (a policy that wants a human never becomes an allow).
      ask ??= adapter.nativeAsk
        ? { kind: 'ask', reason: `${d.message} (${notice}; approve in this prompt)`, notice }
        : {
            kind: 'deny',
            reason: `approval required: ${d.message}, and the svc server that queues approvals is unreachable (${notice})`,
            notice,
          };
    }
  }
  if (ask) return ask;
  const last = results[results.length - 1];
  return { kind: 'allow', notice: localNotice(last ? policyOf(last.decision) : undefined) };
}

/**
 * The pre-phase outcome when the server is unreachable (`serverError` says why). Never throws:
 * a failure ends in `defer`.
 */
export async function decideLocally(
  adapter: HostAdapter,
  call: HookCall,
  info: LocalCallInfo,
  dataDir: string,
  serverError: string,
): Promise<HookOutcome> {
  let results: Evaluated[];
  let policySet: string;
  try {
    ({ results, policySet } = await evaluateAll(call, info, dataDir));
  } catch (err) {
    return defer(
      `the svc server is unreachable (${serverError}) and the local policy could not be evaluated (${(err as Error).message})`,
    );
  }
  const outcome = outcomeOf(adapter, results);
  try {
    const { appendSpool } = await import('../../audit/spool.js');
    appendSpool(dataDir, spoolRecords(adapter, call, info, results, serverError, policySet));
  } catch (err) {
    // A decision that cannot be recorded is not given as an allow; a deny still stands.
    if (outcome.kind === 'allow')
      return defer(
        `the svc server is unreachable (${serverError}) and the local decision could not be recorded (${(err as Error).message})`,
      );
    return { ...outcome, notice: `${outcome.notice}; not recorded (${(err as Error).message})` };
  }
  return outcome;
}

/** Post phase: the tool's output against the response rules, locally. `allow` when it passes. */
export async function checkResponseLocally(
  adapter: HostAdapter,
  call: HookCall,
  info: LocalCallInfo,
  dataDir: string,
  serverError: string,
  text: string,
): Promise<HookOutcome> {
  const [t] = call.targets;
  // The caller checks the output only when the call named a target; nothing to check otherwise.
  if (!t) return { kind: 'allow' };
  let decision: Decision;
  let policySet: string;
  try {
    checkPolicyDir(dataDir);
    const [{ openOfflineEngine }, { toToolCall }] = await Promise.all([
      import('../../policy/offline-engine.js'),
      import('../../../server/call.js'),
    ]);
    const opened = openOfflineEngine(undefined, dataDir);
    policySet = opened.display;
    const tc = toToolCall(
      t.tool,
      { agent: info.agent, session: info.session, params: t.params, ...(info.cwd ? { cwd: info.cwd } : {}) },
      { kind: 'admin', scopes: ['eval'], credentialOwner: 'local/hook' },
    );
    decision = opened.engine.evaluateResponse(tc, text);
  } catch (err) {
    return defer(
      `the svc server is unreachable (${serverError}) and the tool output could not be checked locally (${(err as Error).message})`,
    );
  }
  const notice = localNotice(policyOf(decision));
  try {
    const { appendSpool } = await import('../../audit/spool.js');
    appendSpool(
      dataDir,
      spoolRecords(
        adapter,
        call,
        info,
        [{ target: { tool: t.tool, params: { ...t.params, response_bytes: Buffer.byteLength(text) } }, decision }],
        serverError,
        policySet,
      ),
    );
  } catch {
    // The output check itself stands either way; only its record is missing.
  }
  if (decision.action === 'deny')
    return { kind: 'block', reason: `${decision.message} (${notice})`, replacement: '', notice };
  return { kind: 'allow', notice };
}

function defer(reason: string): HookOutcome {
  return { kind: 'defer', reason, notice: reason };
}
