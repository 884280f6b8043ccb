// The twenty-fourth session's lead readings, each with the everyday look-alike that stays allowed.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];

test("Splunk's user hashes under its etc/ are credentials; passwd(5) in an image or chroot root stays readable", () => {
  check([
    x('D', 'cat /opt/splunk/etc/passwd'),
    x('D', 'cat /opt/splunkforwarder/etc/passwd'),
    x('D', 'cp /opt/acme/etc/passwd /tmp/x'),
    x('B', 'cat /etc/passwd'),
    x('B', 'cat build/rootfs/etc/passwd'),
    x('B', 'cat /srv/chroot/etc/passwd'),
    x('B', 'cat /var/lib/docker/overlay2/abc/diff/etc/passwd'),
  ]);
});

test("svc's server started with other code loaded into it by node's options is denied", () => {
  check([
    x('D', 'node --require ./x.js bin/svc.js serve --port 9999'),
    x('D', 'node -r ./hook.cjs node_modules/.bin/svc serve'),
    x('D', 'node --import=./patch.mjs bin/svc.js serve'),
    // a bigger heap changes no decision; other programs' preloads are everyday work
    x('B', 'node --max-old-space-size 4096 bin/svc.js serve'),
    x('B', 'node --require ts-node/register src/app.ts'),
    x('B', 'node -r dotenv/config server.js'),
  ]);
});

test("PowerShell's Kill method over every node process stops svc's server like Stop-Process", () => {
  check([
    x('D', 'Get-Process node | % Kill'),
    x('D', 'Get-Process node | ForEach-Object -MemberName Kill'),
    x('B', 'Get-Process chrome | % Kill'),
    x('B', 'Get-Process node | % Id'),
  ]);
});
