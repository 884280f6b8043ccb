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
    x('D', 'pg_dumpall --roles-only -f /tmp/roles.sql'),
    x('D', 'pg_dumpall -g > globals.sql'),
    x('D', 'rabbitmqctl export_definitions /tmp/defs.json'),
    x('D', 'nomad var get -out json nomad/jobs/api'),
    x('B', 'pg_dumpall --globals-only --no-role-passwords > globals.sql'),
    x('B', 'pg_dump -s appdb > schema.sql'),
    x('B', 'rabbitmqctl list_users'),
    x('B', 'nomad var list'),
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
