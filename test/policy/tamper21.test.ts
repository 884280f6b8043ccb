// Switching svc off through spellings and tools its readings missed: svc's CLI quoted or escaped,
// Windows lines behind a privilege launcher, PowerShell's process listing by name, here-document
// operators inside a quoted here-string, git pointed at another working tree (-C, --work-tree),
// the system preload list, the registry's Environment key, plists changed in place and Makefiles
// written then run. Each with the routine look-alikes that stay open.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, checkCommands, decide } from './effects-helpers.js';

test("svc's CLI is read after quote removal: a quoted or escaped name is still svc", () => {
  checkCommands(
    [
      '"s"vc policy promote',
      's\\vc policy promote',
      "'svc' approve req_1",
      'sv""c token create --agent me',
      '"s"vc setup claude --remove',
    ],
    'deny',
  );
  checkCommands(['"s"vc status', 's\\vc doctor', "'svc' --version", 'svc policy lint policies/standard.yaml'], 'pass');
});

test('a Windows line behind sudo, gsudo or doas is decided as the line itself, run as root', () => {
  checkCommands(
    [
      'sudo Remove-Item -Recurse ~/.svc',
      'sudo -u root Remove-Item -Recurse $env:USERPROFILE\\.svc',
      'gsudo Remove-Item -Recurse -Force ~\\.svc',
      'sudo Get-Process node | Stop-Process',
      'sudo Get-Process -Name node | Stop-Process -Force',
    ],
    'deny',
  );
  // still asked as any root command, not denied
  assert.equal(decide('exec', { command: 'sudo Remove-Item -Recurse C:\\temp\\build' }).action, 'ask');
  checkCommands(['Get-Process node | Select-Object Id,CPU', 'gps chrome | Sort-Object CPU'], 'pass');
});

test('a here-document inside a quoted here-string is part of the string the shell is handed', () => {
  checkCommands(
    [
      "bash <<< \"python3 - <<'EOF'\nimport os\nos.remove(os.path.expanduser('~/.svc/policies/standard.yaml'))\nEOF\"",
      'sh <<< "cat > ~/.svc/policies/zz.yaml <<\'EOF\'\npolicies: []\nEOF"',
    ],
    'deny',
  );
  checkCommands(
    [
      "bash <<< \"python3 - <<'EOF'\nprint('hello')\nEOF\"",
      'x="$(cat <<EOF\nhello\nEOF\n)"; echo "$x"',
      "cat <<'EOF' > notes.md\nrun `svc status` first\nEOF",
    ],
    'pass',
  );
});

test('git -C DIR and --work-tree DIR write the working tree in DIR', () => {
  checkCommands(
    [
      'git -C ~/.svc checkout -- policies',
      'git -C ~/.svc reset --hard',
      'git --work-tree=$HOME/.svc --git-dir=/tmp/g checkout HEAD -- .',
      'git -C ~ -C .svc clean -fdx',
      'git -C ~/.claude checkout -- settings.json',
    ],
    'deny',
  );
  checkCommands(
    [
      'git -C ~/code/app status',
      'git -C ../lib pull --ff-only',
      'git -C vendor/sub checkout v2.1.0',
      'git -C ~/dotfiles diff',
      'git -C ~/.svc log --oneline',
    ],
    'pass',
  );
});

test("the system preload list is svc's: removing it is denied, reading it is not", () => {
  checkCommands(['sudo rm /etc/ld.so.preload', 'sudo mv /etc/ld.so.preload /etc/ld.so.preload.bak'], 'deny');
  checkCommands(['cat /etc/ld.so.preload', 'ldd /usr/bin/node'], 'pass');
});

test("the registry's Environment key is setx: svc's variables set there are denied", () => {
  checkCommands(
    [
      'reg add HKCU\\Environment /v SERVICE_URL /d http://127.0.0.1:1 /f',
      'reg add "HKLM\\SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Environment" /v LD_PRELOAD /d "" /f',
      'Set-ItemProperty -Path HKCU:\\Environment -Name SERVICE_HOME -Value C:\\Temp',
    ],
    'deny',
  );
  checkCommands(['reg add HKCU\\Environment /v JAVA_HOME /d C:\\jdk /f'], 'pass');
});

test('plists changed in place and Makefiles written then run are read for what they change and run', () => {
  check([
    ['D', 'exec', { command: 'plutil -replace Disabled -bool true ~/Library/LaunchAgents/dev.svc.plist' }],
    ['D', 'exec', { command: '/usr/libexec/PlistBuddy -c "Set :Disabled true" ~/Library/LaunchAgents/dev.svc.plist' }],
    ['D', 'exec', { command: "printf 'x:\\n\\trm -rf ~/.svc/audit\\n' > /tmp/M && make -f /tmp/M x" }],
    ['D', 'exec', { command: 'printf \'all:\\n\\tpkill -f "svc serve"\\n\' > Makefile && make' }],
    ['B', 'exec', { command: 'plutil -p ~/Library/LaunchAgents/dev.svc.plist' }],
    ['B', 'exec', { command: 'plutil -lint ios/App/Info.plist' }],
    ['B', 'exec', { command: 'plutil -replace CFBundleVersion -string 1.2 ios/App/Info.plist' }],
    ['B', 'exec', { command: "printf 'all:\\n\\tgo build ./...\\n' > /tmp/M && make -f /tmp/M" }],
  ]);
});

test('after cd into a followed directory, a name computed by date or hostname is still a file there', () => {
  checkCommands(
    [
      'cd ~ && cd .svc/audit && : > $(date -u +%F).jsonl',
      'cd ~/.svc/audit && ln -sf /dev/null $(date -u +%F).jsonl',
      '/usr/bin/cd ~ && cd .svc/audit && truncate -s0 *.jsonl',
    ],
    'deny',
  );
  checkCommands(['cd ~/logs && echo start > app-$(date +%F).log', 'cd build && touch stamp-$(hostname)'], 'pass');
});

test('gsudo is a launcher: the command it elevates is read as it would be without it', () => {
  checkCommands(['gsudo Stop-Process -Name node -Force', 'gsudo -d rmdir /s /q %USERPROFILE%\\.svc'], 'deny');
  checkCommands(['gsudo Get-Service wuauserv', 'gsudo winget upgrade --all'], 'pass');
});
