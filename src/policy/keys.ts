// The keys each level of a policy file may hold: unknown keys are errors (with a did-you-mean),
// and lint and the parser read the same lists.
export const KEYS = {
  top: ['version', 'default_action', 'policies', 'notify', 'tests'],
  policy: ['name', 'description', 'priority', 'enabled', 'match', 'rules'],
  match: ['tool', 'agent', 'session'],
  rule: ['action', 'when', 'message', 'ask', 'webhook', 'expires_at', 'once', 'added', 'suggestions'],
  when: [
    'command_matches', 'command_contains', 'command_not_matches', 'command_env_assignments', 'command_dynamic',
    'path_matches', 'path_not_matches', 'url_matches', 'domain_matches', 'session_matches',
    'session_not_matches', 'agent_depth', 'tool_param_matches', 'call_count', 'response_matches',
    'response_not_matches', 'default',
  ],
  ask: ['audit', 'headless_only'],
  webhook: ['url', 'timeout', 'fail_open'],
  call_count: ['tool', 'gte', 'window'],
  agent_depth: ['gte', 'lte', 'eq'],
  notify: ['url', 'platform', 'on'],
  test: ['name', 'tool', 'agent', 'params', 'expect', 'expect_message', 'session', 'workdir', 'input'],
} as const;
