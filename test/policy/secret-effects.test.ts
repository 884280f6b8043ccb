// Secrets read by their effect, whatever program or spelling does it: a file named for the secret
// it holds, a decryption that prints its plaintext, a reader that prints its operands, a registry
// value named for a password, code that parses a store or logs a secret. Each with the benign
// look-alikes of the same tools that must stay allowed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectCall, expectExec, expectPasses } from './effects-helpers.js';
import { extractSubstitutions } from '../../src/policy/shell-parse.js';
import { envExposureEffects } from '../../src/policy/effects/env-exposure.js';

test('files named for the secret they hold are credentials, fixtures, examples and public keys are not', () => {
  for (const path of [
    '/home/dev/quant/kdb/passwords.txt',
    '/home/dev/backups/secrets/vault-unseal.txt.gz',
    '/home/dev/ci/github_token',
    '/home/dev/studio/steam_api_key.txt',
    '/home/dev/Projects/PocketRaid/Keystore/pass.txt',
    '/etc/pve/priv/storage/pbs-offsite.pw',
    '/etc/pve/priv/authkey.key',
    '/home/dev/homelab/stacks/traefik/acme.json',
    '/home/dev/.cloudflared/cert.pem',
    '/home/dev/lms/moodle/config.php',
    'C:\\Users\\dev\\AppData\\Roaming\\NuGet\\NuGet.Config',
  ])
    expectCall('read', { path }, 'deny');
  expectExec('zcat ~/backups/secrets/vault-unseal.txt.gz', 'deny');
  expectExec('cat ~/quant/kx/kc.lic ~/quant/kdb/passwords.txt', 'deny');
  for (const path of [
    '/etc/passwd',
    '/home/dev/project/tests/fixtures/token.txt',
    '/home/dev/project/tests/fixtures/jwt_secret.txt',
    '/home/dev/project/src/auth/password_reset.py',
    '/home/dev/project/src/auth/token.ts',
    '/home/dev/models/llama/tokenizer.json',
    '/home/dev/web/src/design-tokens.json',
    '/home/dev/project/docs/password-rotation.md',
    '/home/dev/project/config/secrets.example.yaml',
    '/usr/share/keyrings/docker-archive-keyring.gpg',
    '/etc/apt/keyrings/nodesource.gpg.key',
    '/home/dev/embedded/keys/boot_signing.pub.key',
  ])
    expectCall('read', { path }, 'pass');
  expectPasses('cat /etc/passwd');
});

test('a decryption is denied when its plaintext ends printed, not when written to a file or piped on', () => {
  for (const c of [
    'age -d -i ~/.config/age/keys.txt backups/secrets.age',
    'gpg --decrypt notes.gpg',
    'gpg -d notes.gpg | base64',
    'openssl enc -d -aes-256-cbc -in secrets.enc -pass pass:x',
    'openssl smime -decrypt -in mail.p7m -inkey key.pem',
    'ansible-vault decrypt --output - group_vars/prod/vault.yml',
    'aws kms decrypt --ciphertext-blob fileb://blob.bin',
    'vault write transit/decrypt/orders ciphertext=vault:v1:abc',
    'ccrypt -c secrets.cpt',
  ])
    expectExec(c, 'deny', /decrypts a secret and prints the plaintext/);
  for (const c of [
    'gpg -d backup.tar.gpg | tar xz',
    'gpg -o out.txt -d notes.gpg',
    'gpg --decrypt notes.gpg > notes.txt',
    'age -d -i key.txt -o secrets.env secrets.age',
    'openssl enc -d -aes-256-cbc -in s.enc -out s.txt -pass file:pw',
    'ansible-vault decrypt group_vars/prod/vault.yml',
    'ansible-vault encrypt group_vars/prod/vault.yml',
    'aws kms decrypt --ciphertext-blob fileb://blob.bin --query Plaintext --output text | base64 -d > key.bin',
    'gcloud kms decrypt --key k --keyring r --location global --ciphertext-file c.enc --plaintext-file p.txt',
    'sops -e -i secrets/prod.yaml',
    'gpg --verify release.tar.gz.sig release.tar.gz',
    'TOKEN=$(age -d -i key.txt token.age) ./run-tests.sh',
  ])
    expectPasses(c);
});

test('readers that print their operands: perl and ruby line loops, find with a negated name', () => {
  expectExec('perl -ne print ~/.config/hub', 'deny');
  expectExec("perl -e 'print <>' ~/.netrc", 'deny');
  expectExec("ruby -pe '' ~/.pgpass", 'deny');
  expectExec("find ~/.ssh -name 'id_*' ! -name '*.pub' -exec cat {} +", 'deny');
  expectExec("find ~/.ssh -not -name '*.pub' -type f -exec cat {} +", 'deny');
  expectPasses("perl -lne 'print if /TODO/' src/main.pl");
  expectPasses("perl -pe 's/foo/bar/' src/a.txt");
  expectPasses("find ~/.ssh -name '*.pub' -exec cat {} +");
});

test('GitLab CI variables listed by glab api, Compose config searched for secrets, vendor env filters', () => {
  expectExec('glab api projects/42/variables', 'deny', /GitLab/);
  expectExec('glab api /groups/lab/variables/DEPLOY_TOKEN', 'deny');
  expectPasses('glab api projects/42/pipelines');
  expectExec("docker compose -f ~/homelab/stacks/authentik/compose.yaml config | grep -iE 'secret|password'", 'deny');
  expectPasses('docker compose config --services');
  expectPasses('docker compose -f docker-compose.dev.yml config --quiet');
  expectExec('set | grep -i -A1 minio', 'deny');
  expectExec('env | grep -i restic', 'deny');
  expectPasses('env | grep NODE');
  expectPasses('printenv | grep -i p4');
});

test('a secret variable by its short names, and a Flask console reading app.config', () => {
  expectExec('steamcmd +login builder "$STEAM_PASS" +quit; echo $STEAM_PASS', 'deny');
  expectExec('echo $DB_PWD', 'deny');
  expectPasses('echo $PWD');
  expectPasses('echo $BYPASS_CACHE');
  expectExec(`echo 'print(app.config["SECRET_KEY"])' | flask shell`, 'deny');
  expectPasses(`echo 'print(app.config["DEBUG"])' | flask shell`);
});

test('a registry value named for a password is a secret read, other values are settings', () => {
  expectExec(`powershell -c "(Get-ItemProperty 'HKCU:\\Software\\Perforce\\Environment').P4PASSWD"`, 'deny');
  expectExec('reg query HKCU\\Software\\Perforce\\Environment /v P4PASSWD', 'deny', /P4PASSWD/);
  expectExec(`powershell -c "Get-ItemProperty -Path 'HKCU:\\Software\\Studio\\Build' -Name ApiToken"`, 'deny');
  expectPasses('reg query HKCU\\Software\\Perforce\\Environment /v P4PORT');
  expectPasses(
    `powershell -c "Get-ItemPropertyValue 'HKLM:\\SOFTWARE\\Epic Games\\Unreal Engine\\5.3' InstalledDirectory"`,
  );
});

test('code that parses a credential store or logs a secret variable, in any language', () => {
  expectCall(
    'write',
    {
      path: '/home/dev/alpha/tools/check_env.py',
      content:
        "import os, configparser\nc = configparser.ConfigParser()\nc.read(os.path.expanduser('~/.aws/credentials'))\nfor s in c.sections():\n    print(s, dict(c[s]))\n",
    },
    'stop',
  );
  expectExec('python3 -c "import netrc; print(netrc.netrc().hosts)"', 'deny');
  expectPasses(
    'python3 -c "import configparser; c = configparser.ConfigParser(); c.read(\'setup.cfg\'); print(c.sections())"',
  );
  const logs = (path: string, code: string) => envExposureEffects(path, code).length > 0;
  assert.ok(logs('session.cpp', 'LOG_INFO("pw={}", std::getenv("FIX_PASSWORD"));'));
  assert.ok(logs('main.c', 'printf("token=%s\\n", getenv("API_TOKEN"));'));
  assert.ok(logs('Build.cs', 'Console.WriteLine(Environment.GetEnvironmentVariable("STEAM_PASSWORD"));'));
  assert.ok(logs('Loader.cs', 'Debug.Log("key " + Environment.GetEnvironmentVariable("PLAYFAB_SECRET_KEY"));'));
  assert.ok(!logs('main.go', 'if os.Getenv("API_TOKEN") == "" { log.Fatal("API_TOKEN missing") }'));
  assert.ok(!logs('x.c', 'if (getenv("API_TOKEN") == NULL) fprintf(stderr, "missing token\\n");'));
  assert.ok(!logs('session.cpp', 'LOG_INFO("user={}", std::getenv("FIX_USERNAME"));'));
});

test('JMESPath backtick literals in a single-quoted aws or az --query are no substitution', () => {
  expectPasses("aws ec2 describe-instances --query 'Reservations[].Instances[].Tags[?Key==`env`].Value' --output text");
  expectPasses(
    "aws ec2 describe-instances --filters 'Name=tag:env,Values=prod' --query 'Reservations[?State.Name==`running`]'",
  );
  expectPasses("az vm list --query '[?tags.env==`prod`].name' -o tsv");
  assert.deepEqual(extractSubstitutions("aws s3api list-buckets --query 'Buckets[?Name==`env`]'"), []);
  // a wrapper that hands the words to a shell again, an unquoted backtick, or a quote left open keep it
  expectExec("watch aws ec2 describe-instances --query 'Tags[?Key==`env`]'", 'deny');
  expectExec("eval aws ec2 describe-instances --query 'Tags[?Key==`env`]'", 'deny');
  expectExec("aws s3 ls --query 'Tags[?Key==`env`]' ; echo `env`", 'deny');
  expectExec("aws s3 ls 'a --query '`env`''", 'deny');
  expectExec("echo '`env`'", 'deny');
});

test('openssl that only derives the public half or checks a key does not read it out', () => {
  expectPasses('openssl rsa -in ~/embedded/keys/boot_signing.pem -pubout -out keys/boot_signing.pub');
  expectPasses('openssl pkey -in /etc/ssl/private/server.key -noout -check');
  expectExec('openssl rsa -in ~/embedded/keys/boot_signing.pem -text', 'deny');
  expectExec('openssl rsa -in ~/.ssh/id_rsa -noout -text', 'deny');
  expectExec('openssl rsa -in ~/.ssh/id_rsa -out /tmp/k.pem', 'deny');
});

test('Perforce and WireGuard asked to print their stored secrets, and the stores of self-hosting and studio tools', () => {
  for (const c of [
    'p4 tickets',
    'p4 login -p',
    'wg show wg0 private-key',
    'wg showconf wg0',
    'my_print_defaults --show client',
  ])
    expectExec(c, 'deny', /prints a stored secret/);
  for (const c of ['p4 login -s', 'p4 info', 'wg show wg0', 'wg show', 'my_print_defaults client']) expectPasses(c);
  for (const path of [
    '/data/pwenc_secret',
    '/home/dev/homelab/homeassistant/.storage/core.config_entries',
    '/home/dev/.config/borg/keys/nas_backup',
    '/etc/sssd/sssd.conf',
    '/home/steam/steamcmd/config/config.vdf',
    'C:\\ProgramData\\Unity\\Unity_lic.ulf',
    '/home/dev/Projects/Starfall/Assets/PlayFabSDK/Shared/Public/Resources/PlayFabSharedSettings.asset',
  ])
    expectCall('read', { path }, 'deny');
  for (const path of [
    '/home/dev/homelab/homeassistant/configuration.yaml',
    '/home/dev/Projects/Starfall/ProjectSettings/ProjectSettings.asset',
    '/etc/ssh/sshd_config',
  ])
    expectCall('read', { path }, 'pass');
});

test("PowerShell's environment drive read by a wildcard or a name that covers a secret", () => {
  expectExec("pwsh -c 'dir env:*TOKEN*'", 'deny');
  expectExec("powershell -c 'gci env:MINIO_*'", 'deny');
  expectPasses("powershell -c 'Get-ChildItem env:PYTHON*'");
  expectPasses("powershell -c 'gci env:*TOKEN* | select Name'");
  expectPasses("powershell -c 'Get-Item env:PATH'");
  expectPasses("powershell -c 'Test-Path env:CI'");
});
