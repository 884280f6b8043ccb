// Load errors name the file, the line and the offending key, so a user can fix a policy without
// guessing; the lenient parser collects the same findings as diagnostics instead of throwing.

import { SvcError } from '../util/errors.js';

export type Severity = 'error' | 'warning';

export interface PolicyDiagnostic {
  file: string;
  /** 1-based; 0 when the problem is not tied to a line (unreadable file, merge conflicts). */
  line: number;
  col: number;
  severity: Severity;
  /** The key the problem is about, when there is one (e.g. "command_match"). */
  key?: string;
  /** The bare problem, without the file:line prefix. */
  problem: string;
}

export class PolicyLoadError extends SvcError {
  override name = 'PolicyLoadError';
  readonly file: string;
  readonly line: number;
  readonly key?: string;
  readonly problem: string;

  constructor(file: string, line: number, problem: string, key?: string) {
    super('policy_invalid', formatLocation(file, line) + problem);
    this.file = file;
    this.line = line;
    this.key = key;
    this.problem = problem;
  }

  static from(d: PolicyDiagnostic): PolicyLoadError {
    return new PolicyLoadError(d.file, d.line, d.problem, d.key);
  }
}

export function formatLocation(file: string, line: number): string {
  return line > 0 ? `${file}:${line}: ` : `${file}: `;
}

export function formatDiagnostic(d: PolicyDiagnostic): string {
  return formatLocation(d.file, d.line) + d.problem;
}

export { closest } from '../util/edit-distance.js';
