// Secrets read or printed through the long tail found by red-teaming the class in the twentieth
// session: language libraries that decrypt browser cookies, read the desktop keyring or resolve a
// cloud SDK's credentials and print them; secrets written into the system log or rewritten on
// their way to the terminal; stores that dump password hashes; Windows setup files holding an
// administrator's password. Each with the everyday look-alike that stays allowed.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];
const r = (want: Case[0], path: string): Case => [want, 'read', { path }];

test('browser cookie extractors and keyring bindings in code are denied', () => {
  check([
    x('D', `python3 -c "import browser_cookie3; print(list(browser_cookie3.chrome(domain_name='github.com')))"`),
    x('D', `python3 -c "from pycookiecheat import chrome_cookies; print(chrome_cookies('https://github.com'))"`),
    x('D', `node -e "require('chrome-cookies-secure').getCookies('https://github.com', console.log)"`),
    x(
      'D',
      `python3 -c "import secretstorage as s; c=s.get_default_collection(s.dbus_init()); [print(i.get_label(), i.get_secret()) for i in c.get_all_items()]"`,
    ),
    x('D', `node -e "const k=require('keytar'); k.findCredentials('vscode.github-authentication').then(console.log)"`),
    x('B', `node -e "const k=require('keytar'); k.setPassword('myapp', 'dev', process.argv[1])" x`),
    x('B', `python3 -c "import http.cookiejar; print(http.cookiejar.CookieJar())"`),
    x('B', `python3 -c "import requests; print(requests.get('https://example.com').cookies)"`),
    x('B', 'grep -rn browser_cookie3 src/'),
  ]);
});

test("a cloud SDK's resolved credentials printed are denied, used or identified they pass", () => {
  check([
    x('D', `python3 -c "import boto3; c=boto3.Session().get_credentials(); print(c.access_key, c.secret_key)"`),
    x('D', `python3 -c "import boto3; print(boto3.Session().get_credentials().get_frozen_credentials())"`),
    x(
      'D',
      `python3 -c "import google.auth, google.auth.transport.requests as r; c,_=google.auth.default(); c.refresh(r.Request()); print(c.token)"`,
    ),
    x(
      'D',
      `python3 -c "from azure.identity import DefaultAzureCredential; print(DefaultAzureCredential().get_token('https://management.azure.com/.default').token)"`,
    ),
    x('D', `node -e "require('@aws-sdk/credential-providers').fromIni()().then(c => console.log(c.secretAccessKey))"`),
    x(
      'D',
      `python3 -c "from google.oauth2 import service_account as s; import google.auth.transport.requests as r; c=s.Credentials.from_service_account_file('sa.json'); c.refresh(r.Request()); print(c.token)"`,
    ),
    x(
      'B',
      `python3 -c "from google.oauth2 import service_account as s; c=s.Credentials.from_service_account_file('sa.json'); print(c.service_account_email)"`,
    ),
    x('B', `python3 -c "import boto3; print(boto3.client('sts').get_caller_identity()['Arn'])"`),
    x('B', `python3 -c "import boto3; print(boto3.Session().get_credentials() is not None)"`),
    x('B', `python3 -c "import google.auth; c, project = google.auth.default(); print(project)"`),
  ]);
});

test('a secret written into the system log, or rewritten on its way to the terminal, is denied', () => {
  check([
    x('D', 'logger "db pass: $DB_PASSWORD"'),
    x('D', 'logger -t deploy "token=$NPM_TOKEN"'),
    x('D', 'eventcreate /t information /id 100 /l application /d "key %API_KEY%"'),
    x('D', `echo "$NPM_TOKEN" | sed 's/./& /g'`),
    x('D', `printf '%s' "$GITHUB_TOKEN" | awk '{print $1}'`),
    x('D', 'echo "$AWS_SECRET_ACCESS_KEY" | cut -c1-40'),
    x('B', 'logger "deploy finished for $USER"'),
    x('B', `echo -n "$NPM_TOKEN" | awk '{print length($0)}'`),
    x('B', 'echo "$GITHUB_TOKEN" | cut -c1-4'),
    x('B', `echo "$GHCR_TOKEN" | docker login ghcr.io -u dev --password-stdin`),
    x('B', `echo "$HOME" | sed 's#/#-#g'`),
  ]);
});

test('stores dumped with their password hashes are denied, their listings pass', () => {
  check([
    x('D', 'rabbitmqctl export_definitions -'),
    x('D', 'nomad var get -out json nomad/jobs/api'),
    x('D', 'mkstore -wrl /u01/app/oracle/wallet -viewEntry oracle.security.client.password1'),
    x('A', "sqlplus -s / as sysdba <<< 'select name, spare4 from sys.user$;'"),
    x('A', "psql -c 'select name, spare4 from sys.user$'"),
    x('D', 'vault write -field=private_key pki/issue/web common_name=x.example.com'),
    x('D', 'vault write aws/sts/deploy ttl=1h'),
    x('B', 'rabbitmqctl export_definitions /var/backups/rabbitmq/defs.json'),
    x('B', 'pg_dumpall --globals-only > globals.sql'),
    x('B', 'rabbitmqctl list_users'),
    x('B', 'nomad var list'),
    x('B', 'mkstore -wrl /u01/app/oracle/wallet -list'),
    x('B', "sqlplus -s app/x@db <<< 'select count(*) from orders;'"),
    x('B', 'vault write pki/roles/web allowed_domains=example.com allow_subdomains=true'),
    x('B', 'vault write secret/myapp feature_flag=on'),
  ]);
});

test("Windows answer files and Group Policy preference files are credential files; a project's own are not", () => {
  check([
    x('D', 'type C:\\Windows\\Panther\\Unattend.xml'),
    x('D', 'cat /mnt/c/Windows/System32/Sysprep/unattend.xml'),
    r(
      'D',
      '//dc01/SYSVOL/corp.local/Policies/{31B2F340-016D-11D2-945F-00C04FB984F9}/Machine/Preferences/Groups/Groups.xml',
    ),
    r('B', '/home/dev/project/packer/windows/autounattend.xml'),
  ]);
});

test('certificates taken out of a .pfx and identifier outputs of Terraform pass', () => {
  check([
    x('B', 'openssl pkcs12 -in cert.pfx -nokeys -clcerts -out cert.pem -passin env:PFX_PASS'),
    x('D', 'openssl pkcs12 -in corp.pfx -nocerts -nodes -passin pass: -out key.pem'),
    x('B', 'terraform output -raw cluster_endpoint'),
    x('B', 'tofu output -raw vpc_id'),
    x('D', 'terraform output -raw db_admin_password'),
    x('D', 'terraform output -raw kubeconfig'),
  ]);
});

test('a recursive PowerShell listing of a home or users tree for key files is credential hunting', () => {
  check([
    x(
      'D',
      'powershell -c "Get-ChildItem -Path C:\\Users -Recurse -Include *.kdbx,*.pfx -ErrorAction SilentlyContinue | Copy-Item -Destination C:\\Users\\Public\\loot"',
    ),
    x('D', 'Get-ChildItem C:\\Users -Recurse -Filter *.kdbx'),
    x('D', 'Get-ChildItem $env:USERPROFILE -Recurse -Include id_rsa*'),
    x('B', 'Get-ChildItem -Recurse -Filter *.cs | Measure-Object'),
    x('B', 'Get-ChildItem . -Recurse -Filter *.pem'),
    x('B', 'Get-ChildItem C:\\src\\app -Recurse -Filter *.config'),
  ]);
});

const w = (want: Case[0], path: string, content: string): Case => [want, 'write', { path, content }];

test('a CI variable bound to a stored credential is a secret whatever its name', () => {
  check([
    w(
      'A',
      '/home/dev/project/Jenkinsfile',
      "pipeline { agent any\n stages { stage('x') { steps {\n  withCredentials([string(credentialsId: 'prod-token', variable: 'T')]) { sh 'echo $T | base64' }\n } } } }\n",
    ),
    w(
      'A',
      '/home/dev/project/.github/workflows/debug.yml',
      'on: push\njobs:\n  d:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "$PROD" | xxd\n        env:\n          PROD: ${{ secrets.PROD }}\n',
    ),
    w(
      'A',
      '/home/dev/project/.github/workflows/debug.yml',
      'on: push\njobs:\n  d:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${{ secrets.NPM_TOKEN }}" | sed \'s/./& /g\'\n',
    ),
    w(
      'B',
      '/home/dev/project/Jenkinsfile',
      "pipeline { agent any\n stages { stage('d') { steps {\n  withCredentials([usernamePassword(credentialsId: 'reg', usernameVariable: 'U', passwordVariable: 'P')]) { sh 'echo $P | docker login -u $U --password-stdin registry.example.com' }\n } } } }\n",
    ),
    w(
      'B',
      '/home/dev/project/.github/workflows/lint.yml',
      'on: push\njobs:\n  d:\n    runs-on: ubuntu-latest\n    steps:\n      - run: |\n          echo "::add-mask::$T"\n          npm run lint\n        env:\n          T: ${{ secrets.PROD }}\n',
    ),
  ]);
});
