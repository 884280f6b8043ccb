// Environment and process secrets in the spellings other shells and tools use, listings fed to a
// reader through xargs, and the credential stores added to the catalogues.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];

test('whole-environment dumps in other spellings, and process memory, are denied', () => {
  check([
    x('D', 'for v in ${!AWS*}; do echo $v=${!v}; done'),
    x('D', 'for n in ${!GITHUB@}; do printf "%s=%s\\n" "$n" "${!n}"; done'),
    x('D', 'npm run env'),
    x('D', 'npm run env | grep -i npm_config_'),
    x('D', '(Get-ChildItem Env:).Value'),
    x('D', 'gci env: | Format-Table'),
    x('D', '[Environment]::GetEnvironmentVariables()'),
    x('D', 'jq -n env'),
    x('D', 'cat /proc/$(pgrep -f vault)/mem'),
    x('D', 'dd if=/proc/1/mem bs=1 skip=4096 count=100'),
    x('D', 'cat ~/.config/fish/fish_variables'),
    x('D', 'cat $RUNNER_TEMP/_runner_file_commands/*'),
    x('D', 'kubectl exec deploy/api -- printenv DATABASE_URL'),
    x('D', 'history | grep -i -- --password'),
    x('D', 'journalctl --user -o cat | grep -i password'),
  ]);
});

test('listings fed to a reader through xargs read what they list', () => {
  check([
    x('D', "ls ~/.ssh/ | grep -v pub | sed 's|^|/home/dev/.ssh/|' | xargs cat"),
    x('D', 'ls ~/.aws | xargs cat'),
    x('D', 'find ~/.ssh -type f | grep -v .pub | xargs base64'),
    x('B', 'ls src | xargs wc -l'),
    x('B', "find . -name '*.ts' | xargs grep -n TODO"),
    x('B', 'ls ~/.ssh | cat'),
  ]);
});

test('credential stores and secret-printing commands from the catalogues', () => {
  check([
    x('D', 'cat ~/.ssh/github'),
    x('D', 'cat ~/.ssh/deploy_key'),
    x('D', 'cat ~/.m2/settings.xml'),
    x('D', 'cat ~/.ansible/vault_pass.txt'),
    x('D', 'cat ~/.supabase/access-token'),
    x('D', 'cat ~/.pulumi/credentials.json'),
    x('D', 'cat /etc/kubernetes/admin.conf'),
    x('D', 'cat config/master.key'),
    x('D', 'flyctl auth token'),
    x('D', 'git credential-cache get'),
    x('D', 'oc whoami -t'),
    x('D', 'rails credentials:show'),
    x('D', 'keyring get github alice'),
    ['D', 'read', { path: '/home/dev/.ssh/work_ed25519' }],
  ]);
});

test('look-alikes that print names, public halves or ordinary settings stay allowed', () => {
  check([
    x('B', 'echo ${!AWS*}'),
    x('B', 'npm run test'),
    x('B', 'kubectl exec -n dev deploy/api -- env | grep -E "^LOG_"'),
    x('B', 'kubectl exec deploy/api -- printenv NODE_ENV'),
    x('B', 'journalctl -u nginx --since today | tail -50'),
    x('B', 'history | grep -- --force'),
    x('B', 'env | grep npm_config_registry'),
    x('B', 'jq . package.json'),
    x('B', "jq -r '.scripts' package.json"),
    x('B', 'cat ~/.ssh/id_ed25519.pub'),
    x('B', 'cat ~/.ssh/authorized_keys'),
    x('B', 'cat ~/.ssh/config'),
    x('B', 'kubectl describe secret db'),
    x('B', 'kubectl get secrets -o name'),
    x('B', "kubectl get secret db -o jsonpath='{.metadata.name}'"),
    x('B', 'git credential-manager --version'),
    ['B', 'read', { path: '/home/dev/.ssh/known_hosts' }],
  ]);
});

test('copies out of containers, mounted secrets and process command lines searched for secrets', () => {
  check([
    x('D', 'kubectl cp default/pod:/var/run/secrets/kubernetes.io/serviceaccount/token ./token'),
    x('D', 'docker cp api:/run/secrets/db_password .'),
    x('D', 'cat /run/secrets/db_password'),
    x('D', 'az keyvault secret download --vault-name kv --name db --file /tmp/db.txt'),
    x('D', "kubectl get secret -n prod db-creds -o go-template='{{.data}}'"),
    x('D', 'gh auth status --show-token'),
    x('D', 'ps -ef | grep -i password'),
    x('D', 'ps aux | grep -- --token'),
    x('B', 'docker cp api:/app/logs ./logs'),
    x('B', 'kubectl cp ./config.yaml default/pod:/tmp/config.yaml'),
    x('B', 'gh auth status'),
    x('B', 'ps aux | grep node'),
  ]);
});
