// Load errors name the file, the line and the offending key, so a user can fix a policy without
// guessing; the lenient parser collects the same findings as diagnostics instead of throwing.

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

export class PolicyLoadError extends Error {
  readonly file: string;
  readonly line: number;
  readonly key?: string;
  readonly problem: string;

  constructor(file: string, line: number, problem: string, key?: string) {
    super(formatLocation(file, line) + problem);
    this.name = 'PolicyLoadError';
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

/** Edit distance, for "did you mean" hints on keys. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = Math.min(up + 1, row[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return row[b.length]!;
}

/** The closest known word, when it is close enough to be a plausible typo. */
export function closest(word: string, options: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  let best: string | undefined;
  let bestD = Infinity;
  for (const o of options) {
    const d = o.startsWith(w) || w.startsWith(o) ? Math.min(1, Math.abs(o.length - w.length)) : distance(w, o);
    if (d < bestD) {
      bestD = d;
      best = o;
    }
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(w.length / 4)) ? best : undefined;
}
