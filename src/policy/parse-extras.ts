// Parsing of the extras of a policy file beside its policies: inline `tests:` and `notify:`.
import type { Node, Pair } from 'yaml';
import { isScalar, isSeq } from '../util/yaml.js';
import type { InlineTestCase, NotifyAst } from './ast.js';
import { Reader } from './parse-reader.js';
import { ACTION_WORDS, KEYS } from './keys.js';

const NOTIFY_PLATFORMS = ['auto', 'slack', 'discord', 'teams', 'openclaw', 'webhook'];
const NOTIFY_ON = ['deny', 'watch', 'ask', 'log', 'require_approval'];
const TEST_EXPECT = ['allow', 'deny', 'ask', 'watch', 'log', 'webhook'];

export function parseTests(r: Reader, pair: Pair): InlineTestCase[] {
  const v = pair.value as Node | null;
  if (isScalar(v) && v.value === null) return [];
  if (!isSeq(v)) {
    r.error(v ?? pair, 'tests must be a list of test cases', 'tests');
    return [];
  }
  const out: InlineTestCase[] = [];
  for (const item of v.items as Node[]) {
    const line = r.line(item);
    const e = r.entries(item, KEYS.test, 'test case', line);
    if (!e) continue;
    const tool = r.str(e.get('tool'), 'test tool');
    if (!tool) r.error(item, 'test case needs a tool', 'tool', line);
    const expectPair = e.get('expect');
    const expectText = r.str(expectPair, 'expect');
    const expect = expectText === undefined ? undefined : ACTION_WORDS[expectText];
    if (expectText === undefined)
      r.error(item, 'test case needs expect (allow, deny, ask, watch, log or webhook)', 'expect', line);
    else if (!TEST_EXPECT.includes(expectText) || !expect)
      r.error(expectPair?.value as Node, `expect "${expectText}" must be one of ${TEST_EXPECT.join(', ')}`, 'expect');
    const mapOf = (k: string): Record<string, unknown> | undefined => {
      const p = e.get(k);
      if (!p) return undefined;
      const val = (p.value as Node | null)?.toJSON?.() ?? null;
      if (val === null) return {};
      if (typeof val !== 'object' || Array.isArray(val)) {
        r.error(p.value as Node, `${k} must be a mapping`, k);
        return undefined;
      }
      return val as Record<string, unknown>;
    };
    if (!tool || expectText === undefined || !TEST_EXPECT.includes(expectText) || !expect) continue;
    const tc: InlineTestCase = {
      line,
      name: r.str(e.get('name'), 'test name') ?? '',
      tool,
      agent: r.str(e.get('agent'), 'test agent') ?? 'test',
      params: mapOf('params') ?? {},
      expect,
    };
    if (e.get('expect_message')) tc.expect_message = r.str(e.get('expect_message'), 'expect_message');
    if (e.get('session')) tc.session = r.str(e.get('session'), 'session');
    if (e.get('workdir')) tc.workdir = r.str(e.get('workdir'), 'workdir');
    const input = mapOf('input');
    if (input) tc.input = input;
    out.push(tc);
  }
  return out;
}

export function parseNotify(r: Reader, pair: Pair): NotifyAst | undefined {
  const line = r.line(pair.key as Node);
  const e = r.entries(pair.value as Node, KEYS.notify, 'notify', line);
  if (!e) return undefined;
  const n: NotifyAst = { url: '', platform: 'auto', on: [], line };
  if (e.get('url')) n.url = r.str(e.get('url'), 'notify.url') ?? '';
  const platform = e.get('platform');
  if (platform) {
    const p = r.str(platform, 'notify.platform') ?? 'auto';
    if (!NOTIFY_PLATFORMS.includes(p))
      r.error(
        platform.value as Node,
        `notify.platform "${p}" must be one of ${NOTIFY_PLATFORMS.join(', ')}`,
        'platform',
      );
    n.platform = p;
  }
  const on = e.get('on');
  if (on) {
    if (!isSeq(on.value)) r.error(on.value as Node, 'notify.on must be a list (for example [deny, ask])', 'on');
    else {
      n.on = r.strList(on, 'notify.on')?.values ?? [];
      for (const x of n.on)
        if (!NOTIFY_ON.includes(x)) r.error(on.value as Node, `notify.on "${x}" must be one of deny, watch, ask`, 'on');
    }
  }
  return n;
}

/** Replaces every alias (*name) by the node it refers to, so later stages read plain values. */
