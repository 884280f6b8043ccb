// The layering of the code base, held by a test: no import cycle anywhere in src/ and server/,
// and every import from one folder into another is one the layout allows. The table below is
// the "may import" column of the layout (src/util, the shared base, may be imported by all).
// Also: no two files share a name, so a name found in a stack trace or a review points at one file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename, dirname, join, normalize, relative } from 'node:path';
import { tsFiles } from './helpers/source-files.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const ALL_SRC = [
  'src/policy',
  'src/gate',
  'src/approvals',
  'src/audit',
  'src/auth',
  'src/redact',
  'src/cli',
  'src/integrations',
  'src/sidecar',
  'src/notify',
  'src/util',
];

/** Folder -> the folders of ours it may import. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  'src/util': [],
  'src/policy': ['src/util'],
  'src/gate': ['src/policy', 'src/approvals', 'src/audit'],
  // the action review and audit display redact secrets; approvals resolve signed URLs
  'src/approvals': ['src/policy', 'src/audit', 'src/redact', 'src/auth'],
  'src/audit': ['src/redact'],
  'src/auth': [],
  'src/redact': [],
  // `svc serve` starts the server
  'src/cli': [...ALL_SRC, 'server'],
  // the MCP proxy redacts secrets in tool results before the model sees them; hooks and the
  // proxy tell the agent about approvals in the same words as the server; the hooks' local
  // fallback spools its decisions and builds its ToolCall exactly as the server does
  'src/integrations': ['src/policy', 'src/redact', 'src/approvals', 'src/audit', 'server'],
  // notifications about asks: redacted text, signed links, the bus that announces them
  'src/notify': ['src/audit', 'src/auth', 'src/redact'],
  'src/sidecar': ['src/redact'],
  // the server reads its configuration through src/util and src/policy, never through the CLI
  server: ALL_SRC.filter((d) => d !== 'src/cli'),
};
/** What approvals may read of the policy folder: its types, never the engine. */
const ONLY_FILES: Record<string, Record<string, readonly string[]>> = {
  'src/approvals': { 'src/policy': ['src/policy/types.ts'] },
  'src/integrations': {
    'src/approvals': ['src/approvals/messages.ts'],
    'src/audit': ['src/audit/spool.ts'],
    server: ['server/call.ts'],
  },
};

const IMPORT_RE =
  /(?:^|[\n;])\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every relative import of every source file, resolved to a repository path. */
export function importGraph(root: string, tops: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const top of tops) {
    for (const file of tsFiles(join(root, top))) {
      const from = relative(root, file);
      const text = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      const targets: string[] = [];
      for (const m of text.matchAll(IMPORT_RE)) {
        const spec = m[1] ?? m[2] ?? m[3] ?? '';
        if (!spec.startsWith('.')) continue;
        targets.push(normalize(join(dirname(from), spec)).replace(/\.js$/, '.ts'));
      }
      graph.set(from, targets);
    }
  }
  return graph;
}

export function folderOf(path: string): string {
  const parts = path.split('/');
  return parts[0] === 'src' ? `src/${parts[1]}` : parts[0]!;
}

/** Every cycle's member list (strongly connected components of more than one file, or a self-import). */
export function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

export function violations(graph: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph) {
    const src = folderOf(from);
    for (const to of targets) {
      const dst = folderOf(to);
      if (src === dst) continue;
      const allowed = dst === 'src/util' ? src !== 'src/redact' : (MAY_IMPORT[src] ?? []).includes(dst);
      const only = ONLY_FILES[src]?.[dst];
      if (!allowed) out.push(`${from} -> ${to}: ${src} may not import ${dst}`);
      else if (only && !only.includes(to))
        out.push(`${from} -> ${to}: ${src} may import only ${only.join(', ')} of ${dst}`);
    }
  }
  return out;
}

/**
 * Names several folders may each have, with the reason. Every other file name under src/ and
 * server/ is used once, so it says its job (policy-webhook.ts, audit-webhook-sink.ts).
 */
const SHARED_NAMES = new Map([
  ['index.ts', "a folder's public entry: its path, not its name, says which"],
  ['types.ts', "a folder's own types, imported by path beside the code that uses them"],
]);

/** Each file name used by more than one file (outside SHARED_NAMES), with its files. */
export function sharedNames(files: Iterable<string>): string[] {
  const byName = new Map<string, string[]>();
  for (const f of files) byName.set(basename(f), [...(byName.get(basename(f)) ?? []), f]);
  return [...byName]
    .filter(([name, all]) => all.length > 1 && !SHARED_NAMES.has(name))
    .map(([name, all]) => `${name}: ${all.sort().join(', ')}`);
}

const graph = importGraph(ROOT, ['src', 'server']);

test('the import reader sees static, type-only, re-export and dynamic imports', () => {
  assert.ok(graph.get('server/tool.ts')?.includes('server/gate-reply.ts'));
  assert.ok(graph.get('src/gate/types.ts')?.includes('src/approvals/types.ts'), 'import type');
  assert.ok(graph.size > 150, `read ${graph.size} files`);
  const every = [...graph.keys()];
  assert.ok(
    every.every((f) => MAY_IMPORT[folderOf(f)] !== undefined),
    `a folder outside the table: ${every.filter((f) => !MAY_IMPORT[folderOf(f)])}`,
  );
});

test('the checks catch a cycle and a forbidden import when there is one', () => {
  const bad = new Map([
    ['src/policy/a.ts', ['src/policy/b.ts']],
    ['src/policy/b.ts', ['src/policy/a.ts', 'src/audit/log.ts']],
    ['src/approvals/c.ts', ['src/policy/engine.ts']],
    ['src/util/d.ts', ['src/util/d.ts']],
  ]);
  assert.deepEqual(cycles(bad), [['src/policy/a.ts', 'src/policy/b.ts'], ['src/util/d.ts']]);
  assert.deepEqual(violations(bad), [
    'src/policy/b.ts -> src/audit/log.ts: src/policy may not import src/audit',
    'src/approvals/c.ts -> src/policy/engine.ts: src/approvals may import only src/policy/types.ts of src/policy',
  ]);
});

test('no import cycle in src/ or server/', () => {
  assert.deepEqual(cycles(graph), []);
});

test('every import between folders is one the layout allows', () => {
  assert.deepEqual(violations(graph), []);
});

test('every import resolves to a file that exists', () => {
  const missing = [...graph].flatMap(([from, targets]) =>
    targets.filter((t) => !graph.has(t)).map((t) => `${from} -> ${t}`),
  );
  assert.deepEqual(missing, []);
});

test('the name check finds a file name used twice and lets index.ts and types.ts be', () => {
  assert.deepEqual(
    sharedNames([
      'src/a/run.ts',
      'src/b/run.ts',
      'src/a/index.ts',
      'src/b/index.ts',
      'src/b/types.ts',
      'src/c/types.ts',
      'server/x.ts',
    ]),
    ['run.ts: src/a/run.ts, src/b/run.ts'],
  );
});

test('no two files in src/ or server/ share a name (but index.ts and types.ts)', () => {
  assert.deepEqual(sharedNames(graph.keys()), []);
});
