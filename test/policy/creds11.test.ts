// Credentials and environment secrets read as classes, whatever program, vendor or platform does
// it: secret-named files in any tool's per-user folder, hunts over shares and personal folders,
// the OS's own stores asked through their API or verb, admin kubeconfigs, object-storage files
// printed, decrypted copies of vaults, and environment dumps in zsh and fish spellings; each
// with the everyday look-alikes that stay allowed.
import { test } from 'node:test';
import { check } from './effects-helpers.js';

const x = (want: 'D' | 'A' | 'B', command: string): ['D' | 'A' | 'B', string, Record<string, unknown>] => [
  want,
  'exec',
  { command },
];
const r = (want: 'D' | 'A' | 'B', path: string): ['D' | 'A' | 'B', string, Record<string, unknown>] => [
  want,
  'read',
  { path },
];

test("a secret-named file in any tool's per-user folder is a credential read, by any reader", () => {
  check([
    x('D', 'cat ~/.tccli/default.credential'),
    r('D', '/home/dev/.config/acme-cli/oauth_token.json'),
    r('D', '/Users/dev/.frobctl/credentials'),
    r('D', 'C:/Users/dev/AppData/Roaming/FrobTool/secrets.yml'),
    ['D', 'mcp', { tool: 'read_file', path: '/home/dev/.local/share/widgetctl/access-token' }],
    x('D', "perl -ne 'print' ~/.config/zed-cloud/token.json"),
    // source code and tokenizer data kept in home folders are not logins
    r('B', '/home/dev/.pyenv/versions/3.12.1/lib/python3.12/secrets.py'),
    r('B', '/home/dev/.cache/huggingface/hub/models--bert/snapshots/1/tokenizer.json'),
    r('B', '/home/dev/.cargo/registry/src/index.crates.io-6f17d22bba15001f/ring-0.17.8/src/token.rs'),
    r('B', '/home/dev/project/src/auth/token.ts'),
    r('B', '/home/dev/.config/starship.toml'),
  ]);
});

test('admin CLIs, app servers and remote-desktop managers keep logins in their own files', () => {
  check([
    x('D', 'cat ~/.aliyun/config.json'),
    x('D', 'cat ~/.config/argocd/config'),
    x('D', 'cat ~/.rancher/cli2.json'),
    x('D', 'cat ~/.config/snowflake/connections.toml'),
    x('D', 'cat /opt/IBM/WebSphere/AppServer/profiles/Dmgr01/properties/soap.client.props'),
    x('D', 'grep -i pass /opt/wildfly/standalone/configuration/mgmt-users.properties'),
    x('D', 'type "%APPDATA%\\mRemoteNG\\confCons.xml"'),
    x('B', 'cat /opt/wildfly/standalone/configuration/standalone.xml'),
    x('B', 'cat ~/.config/argocd/README.md'),
  ]);
});

test('a committed .envrc asks, as the .env it often is; its example stays readable', () => {
  check([
    r('A', '/home/dev/project/.envrc'),
    x('A', 'cat .envrc'),
    x('B', 'cat .envrc.example'),
    x('B', 'direnv status'),
  ]);
});

test('a secret hunt over a share, SYSVOL or personal folders is denied whatever walks it', () => {
  check([
    x('D', 'findstr /S /I cpassword \\\\corp.local\\sysvol\\corp.local\\policies\\*.xml'),
    x('D', 'findstr /s /i /m "password" \\\\fs01\\IT$\\*.config'),
    x(
      'D',
      'powershell -c "Get-ChildItem -Recurse -Path \\\\\\\\corp.local\\\\SYSVOL -Include *.xml | Select-String -Pattern cpassword"',
    ),
    x('D', 'Get-ChildItem -Recurse -Path C:\\Users\\dev\\Documents | Select-String -Pattern password'),
    x('D', 'grep -rniE "mnemonic|seed phrase" ~/Documents ~/Desktop'),
    x('D', 'rg -i "api_key" ~/Dropbox'),
    // searching the project, or a share for something that is not a secret
    x('B', 'findstr /s /i "TODO" *.cs'),
    x('B', 'findstr /s /i password *.config'),
    x('B', 'grep -rn password ~/src/app'),
    x('B', 'powershell -c "Get-ChildItem -Recurse -Filter *.csproj | Select-String -Pattern TargetFramework"'),
    x('B', 'findstr /s /i "version" \\\\fs01\\builds\\*.txt'),
  ]);
});

test("the OS's credential stores read through their API or verb are denied, in any language", () => {
  check([
    x('D', 'python -c "import win32cred;[print(c[\'CredentialBlob\']) for c in win32cred.CredEnumerate(None,0)]"'),
    x('D', 'powershell -c "Get-StoredCredential -AsCredentialObject | Select UserName,Password"'),
    x('D', "python3 -c \"import keyring; print(keyring.get_password('smtp','alice'))\""),
    x('D', 'manage-bde -protectors -get C:'),
    x('D', 'powershell -c "(Get-BitLockerVolume -MountPoint C:).KeyProtector | Select RecoveryPassword"'),
    x('D', 'cryptsetup luksDump --dump-volume-key /dev/sda3'),
    x('D', 'dmsetup table --showkeys'),
    x('D', 'esentutl.exe /y /vss C:\\Windows\\System32\\config\\SYSTEM /d C:\\temp\\sys.bak'),
    x('B', 'manage-bde -status C:'),
    x('B', 'powershell -c "Get-BitLockerVolume | Select MountPoint, ProtectionStatus"'),
    x('B', 'keyring --list-backends'),
    x('B', 'cryptsetup luksDump /dev/sda3'),
    x('B', 'esentutl /y C:\\data\\app.edb /d D:\\backup\\app.edb'),
  ]);
});

test('a PIN or password guessed in a loop is denied whatever tool checks it', () => {
  check([
    x(
      'D',
      'for p in $(seq -w 0 9999); do pkcs11-tool --module /usr/lib/opensc-pkcs11.so --login --pin $p --list-objects && echo $p && break; done',
    ),
    x('D', 'for pin in 000000 123456 111111; do yubico-piv-tool -a verify-pin -P $pin; done'),
    x('D', 'while read w; do openssl pkcs12 -in cert.pfx -nokeys -passin pass:$w && echo $w; done < words.txt'),
    x('D', 'seq -w 0 9999 | xargs -I{} sh -c "gpg --batch --passphrase {} -d vault.gpg"'),
    x('B', 'for v in 1 2 3; do loadgen --password-file ./pw.txt --run $v; done'),
    x('B', 'for host in web1 web2; do ssh -p 2222 $host uptime; done'),
    x('B', 'pkcs11-tool --list-slots'),
  ]);
});

test("every process's command line searched for secrets is denied; a look for a program is not", () => {
  check([
    x('D', 'wmic process get commandline | findstr /i pass'),
    x(
      'D',
      'powershell -c "Get-CimInstance Win32_Process | Select-Object -ExpandProperty CommandLine | Select-String token"',
    ),
    x('D', "for p in /proc/[0-9]*; do tr '\\0' ' ' < $p/cmdline; echo; done | grep -i -- --password"),
    x('B', 'wmic process get commandline | findstr /i java'),
    x('B', 'ps aux | grep node'),
    x('B', 'pgrep -a python'),
  ]);
});

test("a cluster's admin kubeconfig fetched or a hosted cluster's kubeconfig printed is denied", () => {
  check([
    x('D', 'az aks get-credentials -g rg-prod -n aks-prod --admin'),
    x('D', 'az aks get-credentials -g rg -n aks --admin --file /tmp/admin.kubeconfig'),
    x('D', 'talosctl kubeconfig -n 10.0.0.2 /tmp/admin.kubeconfig'),
    x('D', 'doctl kubernetes cluster kubeconfig show prod-cluster'),
    x('D', 'linode-cli lke kubeconfig-view 12345'),
    x('B', 'az aks get-credentials -g rg-dev -n aks-dev'),
    x('B', 'doctl kubernetes cluster kubeconfig save prod-cluster'),
    x('B', 'kind get kubeconfig --name dev'),
    x('B', 'k3d kubeconfig get dev'),
    x('B', 'gcloud container clusters get-credentials dev --region us-central1'),
  ]);
});

test('a file printed from object storage is read as the file it is', () => {
  check([
    x('D', 'gsutil cat gs://corp-tf/prod/default.tfstate | grep -B2 -A2 -i password'),
    x('D', "aws s3 cp s3://acme-tfstate/prod/terraform.tfstate - | jq '.outputs'"),
    x('D', 'rclone cat remote:backups/app/.env'),
    x('D', 'gcloud storage cat gs://ops-keys/deploy/id_ed25519'),
    x('B', 'gsutil cat gs://acme-data/reports/2024.csv | head'),
    x('B', 'aws s3 cp s3://acme-site/index.html -'),
    x('B', 'gsutil ls gs://corp-tf/prod/'),
  ]);
});

test('a vault decrypted into a plaintext copy in a scratch place asks; beside the project, or a document, it does not', () => {
  check([
    x('A', 'ansible-vault decrypt group_vars/prod/vault.yml --output /tmp/vault-plain.yml'),
    x('A', 'age -d -i ~/.config/age/key.txt -o /tmp/prod.env secrets.env.age'),
    x('B', 'age -d -i key.txt -o secrets.env secrets.age'),
    x('D', 'eyaml decrypt -f hieradata/prod.eyaml'),
    x('B', 'gpg --decrypt statements/2024-05-broker.pdf.gpg > /tmp/broker-may.pdf'),
    x('B', 'gpg -d backup.tar.gpg | tar x'),
    x('B', 'ansible-vault encrypt group_vars/prod/vault.yml'),
  ]);
});

test('a private key cut out of a PEM file by any text tool and printed is denied', () => {
  check([
    x('D', "sed -n '/BEGIN PRIVATE KEY/,/END PRIVATE KEY/p' /etc/ssl/private/site.pem"),
    x('D', "awk '/BEGIN RSA PRIVATE KEY/,/END RSA PRIVATE KEY/' /opt/app/tls/bundle.pem"),
    x('D', "perl -ne 'print if /BEGIN .*PRIVATE KEY/../END .*PRIVATE KEY/' /etc/dicom/tls/*.pem"),
    x('B', "sed -n '/BEGIN PRIVATE KEY/,/END PRIVATE KEY/p' combined.pem > server.key"),
    x('B', "sed -n '/BEGIN CERTIFICATE/,/END CERTIFICATE/p' chain.pem"),
  ]);
});

test("environment dumps in zsh's and fish's spellings, and dotenv's parsed values printed, are read", () => {
  check([
    x('D', 'zsh -c \'for k in ${(k)parameters}; do [[ $k == *TOKEN* ]] && print "$k=${(P)k}"; done\''),
    x('D', 'print -l ${(kv)parameters}'),
    x('D', "fish -c 'set -x | grep -i secret'"),
    x('D', "node -p \"JSON.stringify(require('dotenv').config({path:'apps/web/.env.production.local'}).parsed)\""),
    x('D', "crictl inspect abc123 | jq '.info.config.envs'"),
    x('B', 'set -x'),
    x('B', 'print -l ${(k)parameters}'),
    x('B', "node -e \"require('dotenv').config({path:'.env.test'});console.log(Object.keys(process.env).length)\""),
    x('B', "crictl inspect abc123 | jq '.status.state'"),
  ]);
});
