// A forge changed around git: merge and branch protections weakened through gh api / glab api
// (forge-protections.ts), files deleted or emptied on a shared branch through a forge's MCP tools
// (mcp-forge-files.ts); redis-cli's flags told from the options that take a value (sql.ts), so
// the command after `--tls` is read; memcached's flush_all by memcflush or a raw socket (interp/line.ts). Benign look-alikes: protections tightened, reads,
// descriptions, feature branches, files written with content, loopback servers.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];
const m = (want: Case[0], params: Record<string, unknown>): Case => [want, 'mcp', params];

test('merge and branch protections weakened through the forge API are asked; tightening and reads pass', () => {
  check([
    x(
      'A',
      'glab api -X PUT projects/142 -f only_allow_merge_if_pipeline_succeeds=false -f merge_requests_author_approval=true',
    ),
    x('A', 'glab api -X PUT projects/88 -f approvals_before_merge=0'),
    x('A', 'glab api --method PUT projects/142 --field only_allow_merge_if_all_discussions_are_resolved=false'),
    x('A', 'glab api -X PUT projects/142/approval_rules/7 -f approvals_required=0'),
    x('A', 'glab api -X DELETE projects/142/protected_branches/main'),
    x(
      'A',
      'glab api -X POST projects/142/protected_branches -f name=main -f push_access_level=30 -f allow_force_push=true',
    ),
    x('A', 'gh api -X PUT repos/acme/api/rulesets/1234 -f enforcement=disabled'),
    x(
      'A',
      'gh api -X PATCH repos/acme/api/branches/main/protection/required_pull_request_reviews -F required_approving_review_count=0',
    ),
    x('B', 'glab api projects/142/protected_branches'),
    x('B', 'gh api repos/acme/api/branches/main/protection'),
    x('B', 'glab api -X PUT projects/142 -f only_allow_merge_if_pipeline_succeeds=true'),
    x('B', 'glab api -X PUT projects/142 -f description="Payments service"'),
    x('B', 'gh api -X PATCH repos/acme/api -f description="Payments API"'),
    x('B', 'gh api -X PUT repos/acme/api/rulesets/1234 -f enforcement=active'),
    x(
      'B',
      'glab api -X POST projects/142/protected_branches -f name=main -f push_access_level=40 -f merge_access_level=30',
    ),
  ]);
});

test('files deleted or emptied on a shared branch through forge MCP tools are asked; feature branches and writes pass', () => {
  const repo = { owner: 'acme', repo: 'api' };
  check([
    m('A', { tool: 'delete_file', ...repo, path: 'configs/train_70b.yaml', branch: 'main', message: 'cleanup' }),
    m('A', { tool: 'delete_file', ...repo, path: '.github/workflows/ci.yml', message: 'cleanup' }),
    m('A', {
      tool: 'create_or_update_file',
      ...repo,
      path: 'src/index.ts',
      branch: 'main',
      content: '',
      message: 'x',
      sha: 'a1',
    }),
    m('A', {
      tool: 'push_files',
      ...repo,
      branch: 'master',
      files: [{ path: 'src/app.py', content: '' }],
      message: 'wip',
    }),
    m('A', {
      tool: 'gitlab_delete_file',
      project_id: '142',
      file_path: 'Jenkinsfile',
      branch: 'main',
      commit_message: 'rm',
    }),
    m('A', { tool: 'delete_branch', ...repo, branch: 'release/2.4' }),
    m('B', { tool: 'delete_file', ...repo, path: 'docs/old.md', branch: 'feature/cleanup', message: 'remove old doc' }),
    m('B', {
      tool: 'create_or_update_file',
      ...repo,
      path: 'README.md',
      // a write to a working branch (a commit straight to main is a push to it: asked, shipping)
      branch: 'docs/readme',
      content: '# API\n',
      message: 'docs',
    }),
    m('B', { tool: 'get_file_contents', ...repo, path: 'src/index.ts', branch: 'main' }),
    m('B', { tool: 'delete_branch', ...repo, branch: 'feature/old-spike' }),
    m('B', { tool: 'delete_file', path: '/home/dev/project/tmp/scratch.txt' }),
  ]);
});

test('cache flushes: redis-cli flags before the command do not hide it, memcached flush_all is read', () => {
  check([
    x('D', 'redis-cli -h shop-cache.prod.abc123.use1.cache.amazonaws.com -p 6379 --tls FLUSHALL'),
    x('D', 'redis-cli -h cache.prod.internal --tls --cacert ca.pem -n 2 FLUSHDB'),
    x('D', 'redis-cli -h cache.prod.internal --tls --user admin --pass "$P" FLUSHALL'),
    x('B', 'redis-cli --tls -h cache.prod.internal INFO memory'),
    x('B', 'redis-cli -h localhost --tls FLUSHALL'),
    x('D', 'memcflush --servers=memcache-prod-1:11211'),
    x('D', "printf 'flush_all\\r\\n' | nc memcached.prod.internal 11211"),
    x('D', 'echo flush_all | ncat 10.0.4.12 11211'),
    x('B', 'memcflush --servers=localhost:11211'),
    x('B', 'echo flush_all | nc localhost 11211'),
    x('B', 'echo stats | nc memcached.prod.internal 11211'),
    x('B', "redis-cli -h cache.prod.internal --no-auth-warning --scan --pattern 'session:*'"),
  ]);
});
