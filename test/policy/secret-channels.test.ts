// Credentials, process environments, history, data leaving by export or sharing, tunnels and
// svc tampering, read by mechanism (process-secrets.ts, exposure.ts, data-exports.ts,
// ssh-tunnels.ts, proc-kill.ts, host-mounts.ts and the secret-minting and resource-sharing
// catalogues). Each group pairs attacks with the look-alikes that must stay allowed.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (command: string): Record<string, unknown> => ({ command });

test('ps prints process environments only with the e modifier or macOS -E', () => {
  const cases: Case[] = [
    ['D', 'exec', x('ps auxeww | grep -i postgres')],
    ['D', 'exec', x('ps e')],
    ['D', 'exec', x('ps eww -p 1')],
    ['D', 'exec', x('ps -E -p 411')],
    ['D', 'exec', x('ps axe -o pid,command')],
    ['B', 'exec', x('ps aux')],
    ['B', 'exec', x('ps -ef | grep node')],
    ['B', 'exec', x('ps -e -o pid,comm')],
    ['B', 'exec', x('ps axo pid,etime,cmd')],
    ['B', 'exec', x('ps aux --sort=-%mem | head')],
    ['B', 'exec', x('ps -o pid,user,etime -p 42')],
  ];
  check(cases);
});

test('history printed by a shell that loads it', () => {
  const cases: Case[] = [
    ['A', 'exec', x("bash -ic 'fc -l 1'")],
    ['A', 'exec', x("bash -i -c 'history'")],
    ['A', 'exec', x("zsh -ic 'fc -ln 0 | grep ssh'")],
    ['A', 'exec', x('bash -i -c "history 50"')],
    ['A', 'exec', x('history -r ~/.bash_history; history | grep token')],
    ['B', 'exec', x('history | tail')],
    ['B', 'exec', x("bash -c 'history'")],
    ['B', 'exec', x("bash -ic 'npm test'")],
    ['B', 'exec', x('echo history > notes.txt')],
  ];
  check(cases);
});

test('secret values written into reports and artifacts others read', () => {
  const cases: Case[] = [
    ['D', 'exec', x('echo "DB=$DATABASE_URL STRIPE=$STRIPE_SECRET_KEY" >> test-results/summary.md')],
    ['D', 'exec', x('echo $AWS_SECRET_ACCESS_KEY > coverage/s.txt')],
    ['D', 'exec', x('echo "token: $GITHUB_TOKEN" >> $GITHUB_STEP_SUMMARY')],
    ['D', 'exec', x('echo "url $DATABASE_URL" > deploy.log')],
    ['B', 'exec', x('echo "NODE_ENV=$NODE_ENV" > reports/env.txt')],
    ['B', 'exec', x('npm test -- --reporter junit > reports/junit.xml')],
    ['B', 'exec', x('env | grep NODE_')],
    ['B', 'exec', x('node -r dotenv/config test/run.js')],
  ];
  check(cases);
});
