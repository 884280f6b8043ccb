// Credentials and environment-secret classes behind the tenth round's misses (a school district's
// IT, a post-production house, an air-gapped enclave, a retail chain), each read by its effect and
// tried on programs svc has never heard of, with the look-alikes of the same shapes that stay allowed.
import { test } from 'node:test';
import { check } from './effects-helpers.js';

const stop = (command: string): ['A', string, Record<string, unknown>] => ['A', 'exec', { command }];
const pass = (command: string): ['B', string, Record<string, unknown>] => ['B', 'exec', { command }];

test('a stored credential printed or exported by a subcommand named for it, whatever the tool', () => {
  check([
    stop('gam oauth export ~/Downloads/gam-oauth.txt'),
    stop('medrecctl tokens dump'),
    stop('pacsadm credentials export --out /home/dev/Downloads/c.json'),
    stop('labctl print-token'),
    stop('fleetd auth print-access-token'),
    stop('chaind keys export validator'),
    stop('ticketctl password show svc-admin'),
    pass('zorkctl token list'),
    pass('gam user a@example.org print tokens'),
    pass('T=$(labctl auth print-access-token)'),
    pass('labctl auth print-access-token | docker login -u oauth2 --password-stdin reg.example.com'),
    pass('zorkctl export users.csv'),
    pass('chaind keys show validator'),
    pass('zorkctl password-policy show'),
  ]);
});

test('the memory of a process that holds credentials, copied by any tool; the same tools on the own program', () => {
  check([
    stop('procdump64.exe -accepteula -ma lsass.exe C:\\Users\\dev\\AppData\\Local\\Temp\\a.dmp'),
    stop('createdump -f /tmp/k.dmp $(pgrep -f keepassxc)'),
    stop("gdb -p $(pidof gnome-keyring-daemon) -batch -ex 'generate-core-file /tmp/k.core'"),
    pass('procdump -ma api.exe C:\\dumps\\api.dmp'),
    pass('tasklist /fi "imagename eq lsass.exe"'),
    pass('dotnet-dump collect -p $(pgrep -f MyService) -o /tmp/a.dmp'),
  ]);
});

test(".NET's File readers and awk's getline < FILE read that file", () => {
  check([
    stop(`powershell -NoP -c "[Convert]::ToBase64String([IO.File]::ReadAllBytes('C:\\Lab\\certs\\host.pfx'))"`),
    stop("[IO.File]::ReadAllText('C:\\app\\secrets.json')"),
    stop(`awk 'BEGIN{while((getline l < "/etc/openldap/certs/password")>0) print l}'`),
    pass("[IO.File]::ReadAllText('C:\\app\\README.md')"),
    pass("[Convert]::ToBase64String([IO.File]::ReadAllBytes('C:\\build\\app.zip'))"),
    pass(`awk 'BEGIN{while((getline l < "/etc/hosts")>0) print l}'`),
  ]);
});

test('findstr filters an environment dump as grep does; export lines searched out of start-up files are a dump', () => {
  check([
    stop('set | findstr /i "secret token pwd pass"'),
    stop("grep -h '^export ' ~/.zshrc ~/.zprofile ~/.bash_profile 2>/dev/null"),
    stop("sed -n '/^export/p' ~/.bashrc"),
    stop("grep -rh '^export .*=' ~/.bashrc ~/.config/environment.d/"),
    pass('set | findstr /i path'),
    pass("grep 'export PATH' ~/.bashrc"),
    pass('grep -n alias ~/.bashrc'),
    pass('grep -c export ~/.bashrc'),
    pass("grep -rn 'export' src/"),
  ]);
});
