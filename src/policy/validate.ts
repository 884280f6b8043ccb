// Stage 2: value checks on a parsed policy file (docs/policy.md): glob size limits, non-blank
// substrings, response regexes that parse as RE2 and cannot blow up, call_count bounds,
// webhook URLs, policy names unique within the file.
import type { ParsedPolicyFile, WhenAst } from './ast.js';
import type { PolicyDiagnostic } from './policy-errors.js';
import { globLimitProblem } from './glob.js';
import { parseRe2 } from './re2-parse.js';
import { GLOB_KEYS, REGEX_KEYS } from './keys.js';

const CALL_COUNT_MAX_GTE = 1000;
const CALL_COUNT_MAX_WINDOW_MS = 720 * 3_600_000;

export function validatePolicyFile(pf: ParsedPolicyFile, diags: PolicyDiagnostic[]): void {
  const err = (line: number, problem: string, key?: string) =>
    diags.push({ file: pf.file, line, col: 0, severity: 'error', key, problem });
  const warn = (line: number, problem: string, key?: string) =>
    diags.push({ file: pf.file, line, col: 0, severity: 'warning', key, problem });
  const names = new Map<string, number>();
  for (const p of pf.policies) {
    if (p.name) {
      const prev = names.get(p.name);
      if (prev !== undefined) err(p.line, `duplicate policy name "${p.name}" (first defined on line ${prev})`, 'name');
      else names.set(p.name, p.line);
    }
    for (const k of ['tool', 'agent', 'session'] as const) {
      for (const g of p.match[k]) {
        const problem = globLimitProblem(g);
        if (problem) err(p.match.line, `match.${k} "${short(g)}": ${problem}`, k);
      }
    }
    for (const rule of p.rules) {
      validateWhen(rule.when, err);
      if (rule.action === 'webhook') {
        if (!rule.webhook || !rule.webhook.url.trim()) err(rule.line, 'a webhook rule needs webhook.url', 'webhook');
        else if (!/^https?:\/\//i.test(rule.webhook.url.trim()))
          err(rule.line, `webhook.url "${rule.webhook.url}" must be an http:// or https:// URL`, 'url');
        else if (
          /^http:\/\//i.test(rule.webhook.url) &&
          !/^http:\/\/(localhost|127\.|\[::1\])/i.test(rule.webhook.url)
        ) {
          warn(
            rule.line,
            `webhook.url "${rule.webhook.url}" is plain http; the call details travel unencrypted`,
            'url',
          );
        }
      }
    }
  }
}

function validateWhen(w: WhenAst, err: (line: number, problem: string, key?: string) => void): void {
  const lineOf = (k: string, i: number) => w.itemLines[k]?.[i] ?? w.keyLines[k] ?? w.line;
  for (const k of GLOB_KEYS) {
    w[k]?.forEach((g, i) => {
      const problem = globLimitProblem(g);
      if (problem) err(lineOf(k, i), `${k} "${short(g)}": ${problem}`, k);
    });
  }
  w.command_contains?.forEach((s, i) => {
    if (s.trim() === '')
      err(lineOf('command_contains', i), 'command_contains entries must not be empty', 'command_contains');
  });
  if (w.tool_param_matches) {
    Object.entries(w.tool_param_matches)
      .flatMap(([name, globs]) => globs.map((g) => [name, g] as const))
      .forEach(([name, g], i) => {
        const problem = globLimitProblem(g);
        if (problem)
          err(
            lineOf('tool_param_matches', i),
            `tool_param_matches.${name} "${short(g)}": ${problem}`,
            'tool_param_matches',
          );
      });
  }
  for (const k of REGEX_KEYS) {
    w[k]?.forEach((re, i) => {
      try {
        parseRe2(re);
      } catch (e) {
        err(lineOf(k, i), `${k} ${JSON.stringify(short(re))} is not a usable regex: ${(e as Error).message}`, k);
      }
    });
  }
  const cc = w.call_count;
  if (cc) {
    const line = w.keyLines.call_count ?? w.line;
    if (cc.gte < 0 || cc.gte > CALL_COUNT_MAX_GTE)
      err(line, `call_count.gte must be between 0 and ${CALL_COUNT_MAX_GTE} (got ${cc.gte})`, 'gte');
    if (!(cc.windowMs > 0) || cc.windowMs > CALL_COUNT_MAX_WINDOW_MS)
      err(line, 'call_count.window must be more than 0 and at most 720h', 'window');
  }
}

function short(s: string): string {
  return s.length > 60 ? s.slice(0, 57) + '...' : s;
}
