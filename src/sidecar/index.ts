// The optional verification sidecar: classifies commands forwarded by webhook rules with a
// language model, after redacting secrets. `svc sidecar` runs it; tests build it in-process.
export {
  createSidecar,
  parseVerifyRequest,
  MAX_BODY_BYTES,
  type Sidecar,
  type SidecarDeps,
  type RunningSidecar,
} from './server.js';
export {
  configFromEnv,
  isLoopbackHost,
  SidecarConfigError,
  type SidecarConfig,
  type ProviderName,
} from './sidecar-config.js';
export { parseVerdict, type Verdict } from './verdict.js';
export { BUILTIN_SYSTEM_PROMPT, buildUserPrompt, describeCall, type VerifyRequest } from './prompt.js';
export { DECISIONS_FILE, type DecisionRecord } from './decisionlog.js';
export { TokenBucket } from './ratelimit.js';
