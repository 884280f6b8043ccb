// auto-allowed.yaml: the exact allow rules operators create ("always allow" on an approval, or
// POST /v1/rules/learn). It is an ordinary policy file in <data-dir>/policies/. Writes go through
// the yaml Document API so the user's own comments and edits survive, are atomic (temp file,
// fsync, rename) and are followed by a policy reload; if the reload rejects the new file, the
// previous content is put back so a learned rule can never break the loaded policy set.
import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Document, YAMLSeq } from 'yaml';
import { isMap, isSeq, parseDocument, yaml } from '../util/yaml.js';
import type { Clock } from '../util/clock.js';
import { redact } from '../redact/index.js';
import { Mutex } from './mutex.js';
import { TokenBucket } from './token-bucket.js';
import { invalidError } from './approval-errors.js';
import { SvcError } from '../util/errors.js';
import type { ApprovalRecord } from './record.js';

export const AUTO_ALLOWED_FILE = 'auto-allowed.yaml';
/** Tools an exact rule can be written for (docs/api.md: persist). */
export const PERSISTABLE_TOOLS = ['exec', 'read', 'write', 'edit'] as const;
export type PersistableTool = (typeof PERSISTABLE_TOOLS)[number];
/** docs/api.md: about 5 learn writes per second. */
export const LEARN_BURST = 5;
export const LEARN_PER_SECOND = 5;
/** The policy engine's limit on one glob. */
export const MAX_PATTERN_BYTES = 8192;
const MAX_SOURCE_CHARS = 200;

const HEADER = [
  ' Allow rules learned from approvals ("always allow") and POST /v1/rules/learn.',
  ' Each rule matches one exact command or path; glob characters are escaped as [*] [?] [[].',
  ' svc edits this file with a YAML editor that keeps your comments.',
].join('\n');

export interface ExactRule {
  name: string;
  tool: PersistableTool;
  /** The escaped glob stored in command_matches (exec) or path_matches (read/write/edit). */
  pattern: string;
}

export interface RuleItem {
  index: number;
  tool: string;
  command_pattern: string;
  path_pattern: string;
  name: string;
  created?: string;
}

/** Makes a literal match only itself: each glob metacharacter becomes a one-character class. */
export function escapeGlob(literal: string): string {
  return literal.replace(/[*?[]/g, (c) => `[${c}]`);
}

export function ruleName(tool: string, pattern: string): string {
  return 'user-allow-' + createHash('sha256').update(`${tool}\0${pattern}`).digest('hex').slice(0, 12);
}

const isPersistable = (t: string): t is PersistableTool => (PERSISTABLE_TOOLS as readonly string[]).includes(t);

export interface AutoAllowedOptions {
  policiesDir: string;
  clock: Clock;
  /** Reloads the policy engine; throws when the new policy set does not load. */
  reload?: () => unknown;
}

export class AutoAllowedRules {
  readonly path: string;
  private readonly lock = new Mutex();
  private readonly bucket: TokenBucket;

  constructor(private opts: AutoAllowedOptions) {
    this.path = join(opts.policiesDir, AUTO_ALLOWED_FILE);
    this.bucket = new TokenBucket(opts.clock, LEARN_BURST, LEARN_PER_SECOND);
  }

  /** The exact rule for a literal command (exec) or path; 400 for anything else. */
  ruleFor(tool: string, literal: string): ExactRule {
    if (!isPersistable(tool)) {
      throw invalidError(
        `an exact allow rule can only be written for tools ${PERSISTABLE_TOOLS.join(', ')}, not "${tool}"; author an explicit policy instead`,
        'unsupported_tool',
      );
    }
    if (!literal.trim()) throw invalidError(`nothing to allow: the ${tool === 'exec' ? 'command' : 'path'} is empty`);
    const pattern = escapeGlob(literal);
    if (Buffer.byteLength(pattern) > MAX_PATTERN_BYTES)
      throw invalidError(`pattern exceeds ${MAX_PATTERN_BYTES} bytes`);
    return { name: ruleName(tool, pattern), tool, pattern };
  }

  /** The rule `persist: true` would write for this approval, or a 400 saying why not. */
  exactRuleFor(rec: ApprovalRecord): ExactRule {
    if (!isPersistable(rec.tool)) return this.ruleFor(rec.tool, '');
    if (rec.redacted) {
      throw invalidError(
        'this approval was shown with secrets redacted, so it cannot become a permanent rule; approve it once instead',
        'redacted_approval',
      );
    }
    const params = (rec.action.params ?? {}) as Record<string, unknown>;
    const keys = rec.tool === 'exec' ? ['command'] : ['path', 'file_path'];
    const literal = keys.map((k) => params[k]).find((v): v is string => typeof v === 'string' && v !== '');
    return this.ruleFor(rec.tool, literal ?? '');
  }

  async list(): Promise<RuleItem[]> {
    const doc = await this.read();
    const policies = doc?.toJS()?.policies;
    if (!Array.isArray(policies)) return [];
    return policies.map((p: any, index: number) => itemOf(p, index));
  }

  /** Adds `rule` unless a rule of that name exists; returns whether it was written. */
  addExact(
    rule: ExactRule,
    o: { source?: string; rateLimited?: boolean } = {},
  ): Promise<{ created: boolean; existing?: RuleItem }> {
    const source = o.source;
    return this.lock.run(async () => {
      const existing = (await this.list()).find((r) => r.name === rule.name);
      if (existing) return { created: false, existing };
      if (o.rateLimited && !this.bucket.take()) {
        throw new SvcError('rate_limited', 'learn rate limited; slow down rule writes (about 5 per second)');
      }
      await this.edit((doc) => {
        const node = doc.createNode({
          name: rule.name,
          match: { tool: [rule.tool] },
          rules: [
            {
              action: 'allow',
              when: { [rule.tool === 'exec' ? 'command_matches' : 'path_matches']: [rule.pattern] },
              added: new Date(this.opts.clock.now()).toISOString(),
            },
          ],
        });
        const tool = (node as any).get('match').get('tool', true);
        if (tool) tool.flow = true;
        // Quoted so that no YAML 1.1 reader turns it into a date object.
        const added = (node as any).get('rules').get(0).get('added', true);
        if (added) added.type = 'QUOTE_DOUBLE';
        if (source) node.commentBefore = ` learned via ${oneLine(source)}`;
        policiesSeq(doc).add(node);
      });
      return { created: true };
    });
  }

  /** POST /v1/rules/learn. */
  async learn(body: {
    tool?: unknown;
    args?: unknown;
    decision?: unknown;
    source?: unknown;
  }): Promise<{ status: 201 | 409; body: Record<string, unknown> }> {
    const tool = typeof body.tool === 'string' ? body.tool : '';
    const args = typeof body.args === 'string' ? body.args : '';
    if (!tool || !args) throw invalidError('tool and args are required');
    if (body.decision !== 'allow') throw invalidError('decision must be "allow"; write deny rules in a policy file');
    if (body.source !== undefined && typeof body.source !== 'string') throw invalidError('source must be a string');
    const source = typeof body.source === 'string' && body.source.trim() ? body.source.trim() : 'api';
    if (redact(args).redacted) {
      throw invalidError(
        'args contain what looks like a secret; a permanent rule would store it in plain text',
        'redacted_args',
      );
    }
    const rule = this.ruleFor(tool, args);
    const r = await this.addExact(rule, { source, rateLimited: true });
    const out = {
      rule_name: rule.name,
      tool,
      pattern: r.existing ? r.existing.command_pattern || r.existing.path_pattern : rule.pattern,
      decision: 'allow',
      source,
      created: r.created,
    };
    return { status: r.created ? 201 : 409, body: out };
  }

  /** DELETE /v1/rules/auto-allowed/{name}. */
  remove(name: string): Promise<void> {
    return this.lock.run(async () => {
      if (!name) throw invalidError('rule name is required');
      const doc = await this.read();
      const notFound = new SvcError('rule_not_found', `no auto-allowed rule named "${name}"`);
      if (!doc) throw notFound;
      const seq = doc.get('policies', true);
      if (!isSeq(seq)) throw notFound;
      const index = seq.items.findIndex((it) => isMap(it) && it.get('name') === name);
      if (index < 0) throw notFound;
      await this.edit((d) => {
        policiesSeq(d).delete(index);
      });
    });
  }

  private async readText(): Promise<string | null> {
    try {
      return await readFile(this.path, 'utf8');
    } catch (err: any) {
      if (err.code === 'ENOENT') return null;
      throw err;
    }
  }

  private async read(): Promise<Document | null> {
    const text = await this.readText();
    if (text === null) return null;
    const doc = parseDocument(text);
    if (doc.errors.length) {
      throw new SvcError(
        'rules_file_invalid',
        `${this.path} is not valid YAML: ${doc.errors.map((e) => e.message).join('; ')}`,
      );
    }
    return doc;
  }

  /** Applies `change`, writes atomically, reloads; restores the old file if the reload fails. */
  private async edit(change: (doc: Document) => void): Promise<void> {
    const before = await this.readText();
    let doc: Document;
    if (before === null) {
      doc = new (yaml().Document)({ policies: [] });
      doc.commentBefore = HEADER;
    } else {
      // read() is null only for a missing file, and `before` says the file was there: a
      // file removed in between is edited as a new one.
      doc = (await this.read()) ?? new (yaml().Document)({ policies: [] });
      if (doc.contents === null) doc.contents = doc.createNode({}) as any;
    }
    change(doc);
    this.writeAtomic(String(doc));
    try {
      this.opts.reload?.();
    } catch (err) {
      if (before === null) unlinkSync(this.path);
      else this.writeAtomic(before);
      try {
        this.opts.reload?.();
      } catch {
        // The old set was loaded before; the engine keeps it either way.
      }
      throw new SvcError(
        'reload_failed',
        `policy reload rejected the rule file, change undone: ${(err as Error).message}`,
        { cause: err },
      );
    }
  }

  private writeAtomic(text: string): void {
    mkdirSync(this.opts.policiesDir, { recursive: true, mode: 0o700 });
    const tmp = `${this.path}.tmp-${process.pid}`;
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.path);
    const dir = openSync(this.opts.policiesDir, 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  }
}

function policiesSeq(doc: Document): YAMLSeq {
  if (!isMap(doc.contents)) {
    throw new SvcError('rules_file_invalid', 'auto-allowed.yaml must hold a mapping with a policies list');
  }
  let seq = doc.get('policies', true);
  if (seq === undefined || seq === null) {
    doc.set('policies', doc.createNode([]));
    seq = doc.get('policies', true);
  }
  if (!isSeq(seq)) throw new SvcError('rules_file_invalid', 'auto-allowed.yaml: "policies" must be a list');
  return seq;
}

function firstString(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
  return '';
}

function itemOf(p: any, index: number): RuleItem {
  const rule = Array.isArray(p?.rules) ? p.rules[0] : undefined;
  const added = rule?.added;
  const created = added instanceof Date ? added.toISOString() : typeof added === 'string' && added ? added : undefined;
  return {
    index,
    tool: firstString(p?.match?.tool),
    command_pattern: firstString(rule?.when?.command_matches),
    path_pattern: firstString(rule?.when?.path_matches),
    name: typeof p?.name === 'string' ? p.name : '',
    ...(created ? { created } : {}),
  };
}

function oneLine(s: string): string {
  return s.replace(/[\r\n\t]+/g, ' ').slice(0, MAX_SOURCE_CHARS);
}
