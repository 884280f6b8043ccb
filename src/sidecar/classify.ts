// One classification: redact, ask the model, read its verdict. A model that is down, slow or
// unintelligible never blocks the caller: the configured fail mode decides, and says why.
import type { SidecarConfig } from './sidecar-config.js';
import { describeFetchError, type Provider } from './providers.js';
import { buildUserPrompt, describeCall, type VerifyRequest } from './prompt.js';
import { parseVerdict, type VerdictDecision } from './verdict.js';
import { redact } from '../redact/index.js';

export interface Classification {
  decision: VerdictDecision;
  reason: string;
  /** The redacted command or parameter summary the model saw. */
  command: string;
  latencyMs: number;
  /** Why the model's verdict could not be used; the fail mode decided instead. */
  error?: string;
}

/** The reason given when the model could not decide. */
export function failReason(error: string, failOpen: boolean): string {
  return failOpen
    ? `verification unavailable (${error}); allowed by fail-open`
    : `verification unavailable (${error}); denied by fail-closed (VERIFY_FAIL_OPEN=0)`;
}

export async function classify(req: VerifyRequest, config: SidecarConfig, provider: Provider): Promise<Classification> {
  const command = describeCall(req);
  const user = buildUserPrompt(req, command);
  const t0 = performance.now();
  let error: string;
  try {
    const answer = await provider.complete(config.systemPrompt, user, AbortSignal.timeout(config.timeoutMs));
    const latencyMs = Math.round(performance.now() - t0);
    const verdict = parseVerdict(answer);
    if (verdict.ok) {
      // The model only saw redacted text, but its reason travels on to the audit trail: redact again.
      const reason =
        redact(verdict.reason).text ||
        (verdict.decision === 'deny' ? 'denied by the verification model' : 'allowed by the verification model');
      return { decision: verdict.decision, reason, command, latencyMs };
    }
    error = verdict.error;
  } catch (err) {
    error = describeFetchError(err, config.timeoutMs);
  }
  const latencyMs = Math.round(performance.now() - t0);
  return {
    decision: config.failOpen ? 'allow' : 'deny',
    reason: failReason(error, config.failOpen),
    command,
    latencyMs,
    error,
  };
}
