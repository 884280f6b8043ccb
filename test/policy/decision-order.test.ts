// A decision depends on the call (and the session, clock and files it reads), never on which calls
// the engine decided before: the server decides every agent's calls with one long-lived engine, so
// state a reading leaves behind (a /g pattern's lastIndex, a cache keyed too loosely) would let one
// call change the answer to the next. Found when the test runner began running several policy test
// files in one process (test/groups.mjs), which now decides thousands of calls in varying orders
// with shared engines on every run: an MCP delete decided first made a later mongosh wipe pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/util/version.js';
import { loadEngine, type Engine } from '../../src/policy/engine.js';
import { CORPUS_HOME } from '../../src/policy/corpus.js';
import type { ToolCall } from '../../src/policy/types.js';

const fresh = (): Engine =>
  loadEngine(join(PACKAGE_ROOT, 'policies', 'standard.yaml'), { home: CORPUS_HOME, resolveSymlinks: false });
const call = (tool: string, params: Record<string, unknown>): ToolCall => ({
  tool,
  agent: 'claude-code',
  session: 'repo/main',
  params,
  workdir: `${CORPUS_HOME}/project`,
});
const verdict = (e: Engine, c: ToolCall): string => {
  const d = e.evaluate(c, { dryRun: true });
  return `${d.action} (${d.policy ?? 'default'})`;
};

test('a mongo wipe is asked after an MCP delete of every document is decided', () => {
  // (decided first: a wipe decided before would be answered again from the engine's memo)
  const e = fresh();
  const mcp = call('mcp', { tool: 'mongodb_delete_many', database: 'prod', collection: 'users', filter: {} });
  assert.match(verdict(e, mcp), /^(ask|deny) /);
  const wipe = call('exec', { command: `mongosh $MONGO_URL --eval 'db.users.updateMany({}, {$unset: {email: 1}})'` });
  assert.match(verdict(e, wipe), /^ask \((?!default)/);
});
