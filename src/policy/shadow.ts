// Comparing two policy sets decision by decision: the shadow set beside the live one in a running
// server, a candidate replayed over the audit log, two sets over a corpus. One notion of "differs"
// for all of them (docs/shadow-and-replay.md): the two sets give a different action.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Decision } from './types.js';

/** What one side of a comparison decided, as the audit record and the live views show it. */
export interface DecisionBrief {
  action: string;
  /** The deciding policy ('' when no rule decided: the default action or a refusal). */
  policy: string;
  /** 1-based position of the deciding rule in its policy (absent when no rule decided). */
  rule?: number;
  message: string;
}

export function briefOf(d: Decision): DecisionBrief {
  const b: DecisionBrief = { action: d.action, policy: d.policy ?? '', message: d.message };
  if (d.rule !== undefined) b.rule = d.rule + 1;
  return b;
}

/** "policy rule N", "policy" or "(default)": how tables and messages name a deciding rule. */
export function ruleLabel(b: { policy: string; rule?: number }): string {
  if (!b.policy) return '(default)';
  return b.rule === undefined ? b.policy : `${b.policy} rule ${b.rule}`;
}

/** The shadow's answer when it differs from the live one, else null. */
export function shadowDifference(live: Decision, shadow: Decision): DecisionBrief | null {
  return live.action === shadow.action ? null : briefOf(shadow);
}

/** The text a person recognises a call by: its command, path or URL. */
export function callSubject(params: Record<string, unknown>): string {
  for (const k of ['command', 'path', 'file_path', 'url', 'query']) {
    const v = params[k];
    if (typeof v === 'string' && v) return v;
  }
  const s = JSON.stringify(params);
  return s.length > 200 ? s.slice(0, 200) + '...' : s;
}

/**
 * A digest naming a policy set by content: every file in load order, each its path's last
 * component and its bytes. Two servers (or a server before and after a promotion) with the same
 * hash decide alike. A file that cannot be read is named in the digest as unreadable. Written
 * "sha256-" and the digest in base64url.
 */
export function policySetHash(files: readonly string[]): string {
  const h = createHash('sha256');
  for (const f of files) {
    const name = f.split('/').pop() ?? f;
    h.update(`${name}\0`);
    try {
      h.update(readFileSync(f));
    } catch {
      h.update('\0unreadable\0');
    }
    h.update('\0');
  }
  // base64url rather than hex: audit views redact long hex runs as possible secrets.
  return 'sha256-' + h.digest('base64url');
}

/** Counts of differences by "live->shadow" action pair. */
export type PairCounts = Record<string, number>;

export function pairKey(from: string, to: string): string {
  return `${from}->${to}`;
}
