// Shared git history rewritten or deleted however git is reached: `git push` read canonically
// (every branch at once, the branch checked out), git front-ends (yadm, vcsh, hub), branch
// protection switched off through an MCP tool, and git libraries (GitPython, pygit2, dulwich,
// simple-git, isomorphic-git) read as the git command line each call amounts to. D = denied,
// A = stopped (deny or ask), B = not flagged.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];
const py = (want: Case[0], code: string): Case => x(want, `python3 -c "${code}"`);
const js = (want: Case[0], code: string): Case => x(want, `node -e "${code}"`);

test('git push: every branch forced, or the branch checked out forced to any remote', () => {
  check([
    x('A', 'git push upstream --all --force'),
    x('A', 'git push --branches -f backup'),
    x('A', 'git push --force upstream'),
    x('A', 'git push -f origin HEAD'),
    x('A', 'git reset --hard HEAD~25 && git push -f origin HEAD'),
    x('A', 'git push -o ci.skip -f origin'),
    // a feature branch named, with or without a lease, stays a developer's own business
    x('B', 'git push --force-with-lease origin feature/x'),
    x('B', 'git push -f origin feature/payments-retry'),
    x('B', 'git push origin HEAD:refs/heads/fix/ci-cache --force'),
    x('B', 'git push --force-with-lease origin HEAD'),
    x('B', 'git push -u origin HEAD'),
    x('B', 'git push --all origin'),
  ]);
});

test('git front-ends run git: yadm, vcsh and hub are read as the git command', () => {
  check([
    x('A', 'yadm push --force'),
    x('D', 'yadm push -f origin main'),
    x('D', 'vcsh zsh push -f origin master'),
    x('D', 'vcsh run zsh rm -rf ~'),
    x('D', 'hub push -f origin main'),
    x('D', 'yadm stash clear'),
    x('B', 'yadm status'),
    x('B', 'yadm add ~/.zshrc && yadm commit -m "alias" && yadm push'),
    x('B', 'vcsh list'),
    x('B', 'vcsh zsh status'),
    x('B', 'hub pr list'),
  ]);
});

test('branch protection switched off through an MCP tool', () => {
  check([
    ['D', 'mcp', { tool: 'update_branch_protection', owner: 'acme', repo: 'api', branch: 'main', enabled: false }],
    [
      'D',
      'mcp',
      { tool: 'github_update_branch_protection', owner: 'acme', repo: 'api', branch: 'main', allow_force_pushes: true },
    ],
    [
      'B',
      'mcp',
      {
        tool: 'update_branch_protection',
        owner: 'acme',
        repo: 'api',
        branch: 'main',
        enabled: true,
        required_approving_review_count: 2,
      },
    ],
    ['B', 'mcp', { tool: 'get_branch_protection', owner: 'acme', repo: 'api', branch: 'main' }],
  ]);
});

test('git libraries: the call is read as the git command it runs', () => {
  check([
    py('D', "import git; git.Repo('.').remote('origin').push('+main:main')"),
    py('D', "import git; git.Repo('.').git.push('origin','main',force=True)"),
    py('A', "import git; r=git.Repo('.'); r.remotes.origin.push(force=True)"),
    py('D', "import git; git.Git('.').execute(['git','push','--force','origin','master'])"),
    py('D', "import pygit2; r=pygit2.Repository('.'); r.references.delete('refs/heads/main')"),
    py('D', "import pygit2; r=pygit2.Repository('.'); r.remotes['origin'].push(['+refs/heads/main:refs/heads/main'])"),
    py('D', "from dulwich import porcelain; porcelain.push('.', 'origin', 'refs/heads/main', force=True)"),
    js('D', "require('simple-git')().push('origin','main',['--force'])"),
    js('D', "require('simple-git')().raw(['push','--force','origin','main'])"),
    js(
      'D',
      "const git=require('isomorphic-git'); const fs=require('fs'); const http=require('isomorphic-git/http/node'); git.push({fs,http,dir:'.',remote:'origin',ref:'main',force:true})",
    ),
    js('D', "const git=require('isomorphic-git'); git.deleteRef({fs:require('fs'),dir:'.',ref:'refs/heads/main'})"),
    py('B', "import git; print(git.Repo('.').git.status())"),
    py('B', "import git; git.Repo('.').git.log('-5','--oneline')"),
    py('B', "import git; git.Repo('.').remote('origin').push('feature/x')"),
    js('B', "require('simple-git')().push('origin','feature/login')"),
    js('B', "const a=[]; a.push('git'); console.log(a)"),
  ]);
});

test("Perforce's global options do not hide an obliterate", () => {
  check([
    x('A', 'p4 -u admin obliterate -y //depot/...'),
    x('A', 'p4 -p ssl:perforce:1666 -u admin -c ws obliterate -y //depot/game/...'),
    x('B', 'p4 -u dev sync //depot/game/...'),
    x('B', 'p4 -c ws opened'),
    x('B', 'p4 -u admin obliterate //depot/old/...'),
  ]);
});
