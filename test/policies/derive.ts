// Derives the shipped profiles (strict, permissive, ci) from policies/standard.yaml plus the
// profile's own parts in test/policies/profiles/NAME.yaml, so the profiles cannot drift from the
// standard rules. `node dist/test/policies/derive.js --write` regenerates policies/NAME.yaml;
// without --write it exits 1 when a committed profile differs from its derivation.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMap, isScalar, isSeq, parse, parseDocument, type Document, type YAMLMap, type YAMLSeq } from 'yaml';
import { PACKAGE_ROOT } from '../../src/util/version.js';

export const DERIVED_PROFILES = ['strict', 'permissive', 'ci'] as const;
export type DerivedProfile = (typeof DERIVED_PROFILES)[number];

interface Fragment {
  header: string;
  tests: unknown[];
  policies?: unknown[];
  ask_suffix?: string;
  watch_prefix?: string;
  keep_deny?: Record<string, number[]>;
}

function str(m: YAMLMap, key: string): string | undefined {
  const v = m.get(key);
  return typeof v === 'string' ? v : undefined;
}

function rulesOf(policy: YAMLMap): YAMLMap[] {
  const rules = policy.get('rules');
  return isSeq(rules) ? (rules.items.filter((r) => isMap(r)) as YAMLMap[]) : [];
}

function setAction(rule: YAMLMap, action: string, message: (old: string) => string): void {
  rule.set('action', action);
  rule.set('message', message(str(rule, 'message') ?? ''));
  if (action !== 'ask') rule.delete('ask');
}

function transform(doc: Document, name: DerivedProfile, frag: Fragment): void {
  const policies = doc.get('policies') as YAMLSeq;
  if (!isSeq(policies)) throw new Error('standard.yaml has no policies list');
  const list = policies.items as YAMLMap[];
  if (name === 'ci') {
    for (const p of list) {
      for (const r of rulesOf(p))
        if (str(r, 'action') === 'ask') setAction(r, 'deny', (m) => m + (frag.ask_suffix ?? ''));
    }
  } else if (name === 'permissive') {
    const keep = frag.keep_deny ?? {};
    for (const p of list) {
      const kept = keep[str(p, 'name') ?? ''] ?? [];
      rulesOf(p).forEach((r, i) => {
        const a = str(r, 'action');
        if ((a === 'deny' || a === 'ask') && !kept.includes(i))
          setAction(r, 'watch', (m) => (frag.watch_prefix ?? '') + m);
      });
    }
  } else {
    doc.set('default_action', 'deny');
    // Watch-only policies would let their calls through under a deny default; strict lists what
    // it allows explicitly instead.
    policies.items = list.filter((p) => rulesOf(p).some((r) => str(r, 'action') !== 'watch'));
    for (const extra of frag.policies ?? []) policies.items.push(doc.createNode(extra) as YAMLMap);
  }
  const tests = doc.createNode(frag.tests) as YAMLSeq;
  for (const t of tests.items) {
    if (!isMap(t)) continue;
    const params = t.get('params', true);
    if (isMap(params)) params.flow = true;
  }
  doc.set('tests', tests);
}

/** standard.yaml parsed once for the three profiles (each transforms its own clone). */
let standardParsed: { text: string; doc: Document } | undefined;
function parsedStandard(text: string): Document {
  if (standardParsed?.text !== text) {
    const doc = parseDocument(text);
    if (doc.errors.length) throw new Error(`standard.yaml: ${doc.errors[0]!.message}`);
    standardParsed = { text, doc };
  }
  return standardParsed.doc;
}

export function deriveProfile(name: DerivedProfile, standardText: string, fragmentText: string): string {
  const frag = parse(fragmentText) as Fragment;
  if (!frag?.header || !Array.isArray(frag.tests))
    throw new Error(`profile fragment for ${name} needs header and tests`);
  const doc = parsedStandard(standardText).clone();
  transform(doc, name, frag);
  // The standard profile's own header sits on its first key; the profile's header replaces it.
  const first = (doc.contents as YAMLMap).items[0];
  if (first && typeof first.key === 'object' && first.key)
    (first.key as { commentBefore?: string | null }).commentBefore = null;
  doc.commentBefore = frag.header
    .trimEnd()
    .split('\n')
    .map((l) => l.replace(/^#/, ''))
    .join('\n');
  const out = doc.toString({ lineWidth: 0 });
  // Every profile must itself be valid YAML with the same anchors resolved.
  const check = parseDocument(out);
  if (!isMap(check.contents) || !isScalar(check.get('default_action', true)))
    throw new Error(`derived ${name} profile is malformed`);
  return out;
}

export function profilePath(name: string): string {
  return join(PACKAGE_ROOT, 'policies', `${name}.yaml`);
}

export function deriveFromDisk(name: DerivedProfile): string {
  const standard = readFileSync(profilePath('standard'), 'utf8');
  const fragment = readFileSync(join(PACKAGE_ROOT, 'test', 'policies', 'profiles', `${name}.yaml`), 'utf8');
  return deriveProfile(name, standard, fragment);
}

function main(argv: string[]): number {
  const write = argv.includes('--write');
  let drift = 0;
  for (const name of DERIVED_PROFILES) {
    const text = deriveFromDisk(name);
    let current = '';
    try {
      current = readFileSync(profilePath(name), 'utf8');
    } catch {
      /* not written yet */
    }
    if (current === text) continue;
    if (write) {
      writeFileSync(profilePath(name), text);
      process.stdout.write(`wrote ${profilePath(name)}\n`);
    } else {
      process.stderr.write(`${profilePath(name)} differs from its derivation; run with --write\n`);
      drift++;
    }
  }
  return drift ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main(process.argv.slice(2));
