// The audit trail: hash-chained JSONL with group commit, anchors, rotation, recovery, queries and
// sinks. Callers need openAuditLog, the event builders and redactEventForDisplay.
export * from './types.js';
export { openAuditLog, AuditLog, AuditChainError, type OpenAuditLogOptions } from './log.js';
export * from './audit-event-builders.js';
export { redactEventForDisplay } from './display.js';
export {
  AuditReader,
  AuditQueryError,
  DEFAULT_PAGE,
  MAX_PAGE,
  MAX_STATS_DAYS,
  type QueryOptions,
  type QueryResult,
  type AuditStats,
} from './reader.js';
export { verifyChain, type VerifyResult, type ChainProblem } from './verify.js';
export { canonicalize } from './jcs.js';
export { chainHash } from './hash.js';
export { isValidDate, utcDate } from './audit-file-names.js';
export { anchorPath, readAnchor, ANCHOR_EVERY, ANCHOR_FILE, type Anchor } from './anchor.js';
export { DEFAULT_MAX_SIZE_BYTES } from './writer.js';
export { countingFs, nodeFs, type AuditFs } from './fsio.js';
