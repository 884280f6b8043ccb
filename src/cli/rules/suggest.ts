// Turns human resolutions into rule suggestions, and keeps only those that are safe and useful
// under the live policy set: each candidate is loaded beside the live files and its example
// calls (the calls that were actually made) are decided again. A candidate that would turn a
// current deny into anything else is dropped; so is one that changes nothing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { loadEngine, type Engine } from '../../policy/engine.js';
import { paramsFor } from '../../policy/accessors.js';
import { redact } from '../../redact/index.js';
import { escapeGlob } from '../../approvals/auto-allowed.js';
import type { Resolved } from './history.js';
import { table } from '../../util/lookup-table.js';

/** Tools whose subject is a command or a path, which an exact rule can name. */
const RULE_KEY: Record<string, 'command_matches' | 'path_matches'> = table({
  exec: 'command_matches',
  read: 'path_matches',
  write: 'path_matches',
  edit: 'path_matches',
});

/** Where a suggestion belongs in <data-dir>/policies/. */
export function targetFile(kind: 'allow' | 'deny'): string {
  return kind === 'allow' ? 'user-overrides.yaml' : 'suggested-denies.yaml';
}

export interface Suggestion {
  kind: 'allow' | 'deny';
  tool: string;
  subject: string;
  /** How many human decisions back it. */
  count: number;
  last: string;
  by: string[];
  /** The decision of the example call now, and with the rule added. */
  now: string;
  after: string;
  rule: Record<string, unknown>;
}

export interface Skipped {
  kind: 'allow' | 'deny';
  tool: string;
  subject: string;
  count: number;
  why: string;
}

interface Group {
  kind: 'allow' | 'deny';
  tool: string;
  subject: string;
  workdir?: string;
  count: number;
  last: string;
  by: Set<string>;
  /** A human decided the other way at least once. */
  mixed: boolean;
}

export function group(resolved: Resolved[]): Group[] {
  const byKey = new Map<string, { yes: Resolved[]; no: Resolved[] }>();
  for (const r of resolved) {
    const key = JSON.stringify([r.tool, r.subject]);
    const g = byKey.get(key) ?? { yes: [], no: [] };
    (r.approved ? g.yes : g.no).push(r);
    byKey.set(key, g);
  }
  const out: Group[] = [];
  for (const { yes, no } of byKey.values()) {
    // The latest human word decides which way a mixed history points.
    const all = [...yes, ...no].sort((a, b) => (a.at < b.at ? -1 : 1));
    const latest = all.at(-1);
    if (!latest) continue;
    const side = latest.approved ? yes : no;
    out.push({
      kind: latest.approved ? 'allow' : 'deny',
      tool: latest.tool,
      subject: latest.subject,
      workdir: latest.workdir,
      count: side.length,
      last: latest.at,
      by: new Set(side.map((r) => r.by)),
      mixed: yes.length > 0 && no.length > 0,
    });
  }
  return out.sort((a, b) => b.count - a.count || (a.last < b.last ? 1 : -1));
}

function ruleFor(g: Group, key: 'command_matches' | 'path_matches', index: number): Record<string, unknown> {
  const verb = g.kind === 'allow' ? 'approved' : 'denied';
  return {
    name: `suggested-${g.kind}-${index}`,
    description: `${verb} by a human ${g.count} time${g.count > 1 ? 's' : ''} (last ${g.last.slice(0, 10)})`,
    match: { tool: g.tool },
    rules: [
      {
        action: g.kind,
        message:
          g.kind === 'allow' ? `allowed: approved ${g.count} times before` : `denied: a human refused this before`,
        when: { [key]: [escapeGlob(g.subject)] },
      },
    ],
  };
}

function decide(engine: Engine, g: Group): string {
  return engine.evaluate(
    {
      tool: g.tool,
      agent: 'svc-rules-suggest',
      session: '',
      params: paramsFor(g.tool, g.subject),
      workdir: g.workdir ?? process.cwd(),
    } as any,
    { dryRun: true },
  ).action;
}

export function suggest(
  resolved: Resolved[],
  livePaths: string[],
  o: { minApprovals: number; minDenials: number },
): { suggestions: Suggestion[]; skipped: Skipped[] } {
  const live = loadEngine(livePaths);
  const suggestions: Suggestion[] = [];
  const skipped: Skipped[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'svc-suggest-'));
  try {
    for (const g of group(resolved)) {
      const skip = (why: string) =>
        skipped.push({ kind: g.kind, tool: g.tool, subject: redact(g.subject).text, count: g.count, why });
      if (g.mixed) {
        skip(`humans decided both ways; the latest was ${g.kind === 'allow' ? 'an approval' : 'a denial'}`);
        continue;
      }
      if (g.count < (g.kind === 'allow' ? o.minApprovals : o.minDenials)) continue;
      const key = RULE_KEY[g.tool];
      if (!key) {
        skip(`no exact rule can name a ${g.tool} call; write a policy by hand`);
        continue;
      }
      if (redact(g.subject).redacted) {
        skip('it contains a secret, which must not be written into a policy file');
        continue;
      }
      const rule = ruleFor(g, key, suggestions.length + 1);
      // An allow in an ordinary layer never beats another layer's ask; only the durable
      // override file's allows do (never a deny), so that is where an allow suggestion goes.
      const file = join(dir, String(suggestions.length + skipped.length), targetFile(g.kind));
      mkdirSync(join(file, '..'));
      writeFileSync(file, stringify({ version: '1', policies: [rule] }));
      let now: string;
      let after: string;
      try {
        now = decide(live, g);
        after = decide(loadEngine([...livePaths, file]), g);
      } catch (err) {
        skip(`the rule does not load: ${(err as Error).message.split('\n')[0]}`);
        continue;
      }
      if (now === 'deny' && after !== 'deny') {
        skip('it would open what the live policy denies');
        continue;
      }
      if (now === after) {
        if (g.kind === 'allow' && now === 'deny') skip('the live policy denies it, and no suggestion may open a deny');
        else
          skip(
            g.kind === 'allow' && now !== 'allow'
              ? `the live policy would still ${now} (a rule in another layer wins)`
              : `the live policy already decides ${now}`,
          );
        continue;
      }
      suggestions.push({
        kind: g.kind,
        tool: g.tool,
        subject: g.subject,
        count: g.count,
        last: g.last,
        by: [...g.by],
        now,
        after,
        rule,
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { suggestions, skipped };
}

/** One YAML document per target file, each a complete policy file to paste. */
export function suggestionsYaml(s: Suggestion[], header: string): string {
  const docs: string[] = [];
  for (const kind of ['allow', 'deny'] as const) {
    const mine = s.filter((x) => x.kind === kind);
    if (!mine.length) continue;
    const where =
      kind === 'allow'
        ? `# Allow rules: add to <data-dir>/policies/${targetFile(kind)} (its allows beat asks, never a deny).`
        : `# Deny rules: save as <data-dir>/policies/${targetFile(kind)} (deny wins across layers).`;
    docs.push(`${where}\n${stringify({ version: '1', policies: mine.map((x) => x.rule) })}`);
  }
  return `${header}\n${docs.join('---\n')}`;
}
