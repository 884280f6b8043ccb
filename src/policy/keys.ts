// The keys each level of a policy file may hold: unknown keys are errors (with a did-you-mean),
// and lint and the parser read the same lists. Also the kinds of `when` key (lists of globs,
// of regexes, the keys that must match for a rule to fire) and the action words with the
// misspellings users write for them, which the parser, the validator, lint and the compiler share.
import type { Action } from './types.js';
import { table } from '../util/lookup-table.js';
export const KEYS = {
  top: ['version', 'default_action', 'policies', 'notify', 'tests'],
  policy: ['name', 'description', 'priority', 'enabled', 'match', 'rules'],
  match: ['tool', 'agent', 'session'],
  rule: ['action', 'when', 'message', 'ask', 'webhook', 'expires_at', 'once', 'added', 'suggestions', 'taint'],
  when: [
    'command_matches',
    'command_contains',
    'command_not_matches',
    'command_env_assignments',
    'command_dynamic',
    'path_matches',
    'path_not_matches',
    'url_matches',
    'domain_matches',
    'session_matches',
    'session_not_matches',
    'agent_depth',
    'tool_param_matches',
    'call_count',
    'response_matches',
    'response_not_matches',
    'session_after',
    'session_count',
    'session_tainted',
    'default',
  ],
  ask: ['audit', 'headless_only'],
  webhook: ['url', 'timeout', 'fail_open'],
  call_count: ['tool', 'gte', 'window'],
  agent_depth: ['gte', 'lte', 'eq'],
  notify: ['url', 'platform', 'on'],
  test: ['name', 'tool', 'agent', 'params', 'expect', 'expect_message', 'session', 'workdir', 'input'],
} as const;

/** `when` keys whose value is a list of globs. */
export const GLOB_KEYS = [
  'command_matches',
  'command_not_matches',
  'command_env_assignments',
  'path_matches',
  'path_not_matches',
  'url_matches',
  'domain_matches',
  'session_matches',
  'session_not_matches',
] as const;
/** `when` keys whose value is a list of regexes (RE2 syntax). */
export const REGEX_KEYS = ['response_matches', 'response_not_matches'] as const;
/** `when` keys whose globs are paths. */
export const PATH_KEYS = ['path_matches', 'path_not_matches'] as const;
/** `when` keys that take a string or a list of strings. */
export const WHEN_LISTS = [...GLOB_KEYS, 'command_contains', ...REGEX_KEYS] as const;

/** `when` keys that must find something for a rule to fire (the `not` keys only narrow one). */
export const POSITIVE_KEYS = [
  'command_matches',
  'command_contains',
  'command_env_assignments',
  'command_dynamic',
  'path_matches',
  'url_matches',
  'domain_matches',
  'agent_depth',
  'tool_param_matches',
  'call_count',
  'session_matches',
  'session_after',
  'session_count',
  'session_tainted',
] as const;

/** Action words a policy file may use (`log` is the old name of watch). */
export const ACTION_WORDS: Record<string, Action> = table({
  allow: 'allow',
  deny: 'deny',
  ask: 'ask',
  watch: 'watch',
  log: 'watch',
  webhook: 'webhook',
});

/** Words users write for an action, for the did-you-mean of an unknown one. */
export const ACTION_HINTS: Record<string, string> = table({
  block: 'deny',
  reject: 'deny',
  forbid: 'deny',
  refuse: 'deny',
  permit: 'allow',
  accept: 'allow',
  approve: 'ask',
  confirm: 'ask',
  prompt: 'ask',
  monitor: 'watch',
  audit: 'watch',
  warn: 'watch',
});
