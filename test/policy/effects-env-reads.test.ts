// Reads spelled indirectly (loop variables, indirection, Windows paths, xargs -a) and searches
// for secrets in the output of tools that print stored configuration.
import { test } from 'node:test';
import { expectExec, expectPasses } from './effects-helpers.js';

test('a loop over processes or a secrets folder reads what it ranges over', () => {
  expectExec(
    "for p in /proc/[0-9]*; do tr '\\0' '\\n' < $p/environ 2>/dev/null; done | grep -iE 'key|token' | sort -u",
    'deny',
    /environment holds API keys/,
  );
  expectExec('for p in /proc/*/environ; do cat $p; done', 'deny');
  expectExec('cd ~/.ssh && ls | while read f; do base64 -w0 "$f"; echo; done', 'deny', /credential or private key/);
  expectExec('ls ~/.aws | while read f; do cat "$f"; done', 'deny');
  expectExec('xargs -0 -L1 -a /proc/self/environ', 'deny');
  expectExec('compgen -v | while read v; do echo "$v=${!v}"; done', 'deny', /compgen lists/);
});

test('Windows spellings of home files read them', () => {
  expectExec('type %APPDATA%\\Microsoft\\Windows\\PowerShell\\PSReadLine\\ConsoleHost_history.txt', 'ask', /history/i);
  expectExec('Get-Content $env:APPDATA\\Microsoft\\Windows\\PowerShell\\PSReadLine\\ConsoleHost_history.txt', 'ask');
  expectExec('pwsh -c "Get-Content (Get-PSReadlineOption).HistorySavePath"', 'ask');
  expectExec('type C:\\Users\\dev\\.ssh\\id_rsa', 'deny');
});

test('searching the output of a configuration or state tool for secrets is denied', () => {
  expectExec('terraform state pull | grep -A2 -i password', 'deny', /searches the output of terraform state pull/);
  expectExec("terraform output -json | jq -r '.db_password.value'", 'deny');
  expectExec("tmux capture-pane -pS -5000 -t 0 | grep -iE 'token|password|secret'", 'deny');
  expectExec('helm get values payments -n prod -o yaml | grep -i secret', 'deny');
});

test('ordinary loops, filters and Windows reads stay allowed', () => {
  for (const c of [
    'for f in src/*.ts; do wc -l $f; done',
    'for f in *.log; do tail -n 5 $f; done',
    'cd src && ls | while read f; do wc -l "$f"; done',
    'type README.md',
    'type src\\main.c',
    'terraform state list | grep aws_db',
    "terraform output -json | jq 'with_entries(select(.value.sensitive|not))'",
    'docker inspect api | jq .[0].State.Status',
    'launchctl getenv PATH',
  ])
    expectPasses(c);
});
