// svc's socket known by its file name wherever it lives (serve --socket, SERVICE_SOCKET): removed,
// replaced or re-permissioned, or spoken to by a socket client (svc-self.yaml files, svc-tamper.ts).
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (command: string) => ({ command });

test("svc's socket in a runtime directory: removing, moving, replacing or talking to it is denied", () => {
  const cases: Case[] = [
    ['D', 'exec', x('rm -f "$XDG_RUNTIME_DIR/svc.sock"')],
    ['D', 'exec', x('rm -f /run/user/1000/svc.sock')],
    ['D', 'exec', x('mv /run/user/1000/svc.sock /tmp/old.sock')],
    ['D', 'exec', x('chmod 000 /run/user/1000/svc.sock')],
    ['D', 'exec', x('ln -sf /dev/null /run/user/1000/svc.sock')],
    ['D', 'exec', x('rm -f "$SERVICE_SOCKET"')],
    ['D', 'exec', x('nc -U /run/user/1000/svc.sock')],
    ['D', 'exec', x('curl --unix-socket $XDG_RUNTIME_DIR/svc.sock http://x/v1/rules')],
    ['D', 'exec', x(`socat - UNIX-CONNECT:$XDG_RUNTIME_DIR/svc.sock <<< '{"cmd":"set_mode","mode":"off"}'`)],
  ];
  check(cases);
});

test('other sockets and looking at svc socket pass', () => {
  check([
    ['B', 'exec', x('rm -f tmp/sockets/puma.sock')],
    ['B', 'exec', x('socat - UNIX-CONNECT:/tmp/app-dev.sock')],
    ['B', 'exec', x('curl --unix-socket /tmp/api.sock http://localhost/health')],
    ['B', 'exec', x('stat $XDG_RUNTIME_DIR/svc.sock')],
    ['B', 'exec', x('ls -la $XDG_RUNTIME_DIR')],
  ]);
});
