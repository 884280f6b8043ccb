// Secrets read through the long tail found by red-teaming the class in the twenty-first session:
// a credential file named by the variable that holds its path ($KUBECONFIG, $GOOGLE_APPLICATION_CREDENTIALS);
// Python run by the applications that embed it (hython, mayapy, py), and code that opens the file such
// a variable names; docker compose config --environment; Vault's secret-reading API on any port or host;
// zsh parameter-map subscripts; code written to walk the whole environment into a log. Each with
// the everyday look-alike that stays allowed.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];
const f = (want: Case[0], url: string): Case => [want, 'fetch', { url }];
const w = (want: Case[0], path: string, content: string): Case => [want, 'write', { path, content }];

test('a credential file spelled through the variable that holds its path is read as that file', () => {
  check([
    x('D', 'cat $KUBECONFIG'),
    x('D', 'cat "$GOOGLE_APPLICATION_CREDENTIALS"'),
    x('D', 'cp $GOOGLE_APPLICATION_CREDENTIALS /tmp/k.json'),
    x('D', 'base64 ${DOCKER_CONFIG}/config.json'),
    x('D', 'cat ${AWS_SHARED_CREDENTIALS_FILE:-~/.aws/credentials}'),
    // the tool handed the credential to use, as meant
    x('B', 'kubectl --kubeconfig $KUBECONFIG get pods'),
    x('B', 'gcloud auth activate-service-account --key-file $GOOGLE_APPLICATION_CREDENTIALS'),
    x('B', 'gcloud auth activate-service-account --key-file=$GOOGLE_APPLICATION_CREDENTIALS'),
    x('B', 'echo $KUBECONFIG'),
    x('B', 'test -f $KUBECONFIG && echo ok'),
    x('B', 'ls -la $KUBECONFIG'),
    x('D', `python3 -c "import os;print(open(os.environ['KUBECONFIG']).read())"`),
    x('D', `node -e "console.log(require('fs').readFileSync(process.env.GOOGLE_APPLICATION_CREDENTIALS,'utf8'))"`),
    x('B', `python3 -c "import os;print(os.environ['KUBECONFIG'])"`),
  ]);
});

test('Python run by the applications that embed it reads as python3', () => {
  check([
    x('D', `hython -c 'import os; print(os.environ)'`),
    x('D', `mayapy -c "import os; print(os.environ.get('SG_API_KEY'))"`),
    x('D', `py -3 -c 'import os; print(os.environ)'`),
    x('D', `/opt/hfs20.0/bin/pvpython -c "print(open(__import__('os').path.expanduser('~/.netrc')).read())"`),
    x('B', 'hython scene_build.py'),
    x('B', 'mayapy -m pip install numpy'),
    x('B', `py -3 -c 'import sys; print(sys.version)'`),
    x('B', `hython -c 'import hou; print(hou.applicationVersionString())'`),
  ]);
});

test('docker compose config --environment prints the interpolation environment; plain config passes', () => {
  check([
    x('D', 'docker compose config --environment'),
    x('D', 'docker compose -f deploy/docker-compose.yml config --environment'),
    x('B', 'docker compose config'),
    x('B', 'docker compose -f deploy/docker-compose.yml config -q'),
    x('B', 'docker compose config --services'),
    x('B', 'docker compose up -d'),
  ]);
});

test("Vault's secret-reading API is stopped on any port or host; its health and metadata routes pass", () => {
  check([
    f('A', 'http://127.0.0.1:8100/v1/secret/data/prod/mq'),
    f('A', 'https://vault.acme.example/v1/kv/data/prod/db'),
    f('A', 'https://vault.acme.example/v1/database/creds/readonly'),
    f('B', 'http://127.0.0.1:8100/v1/sys/health'),
    f('B', 'https://vault.acme.example/v1/secret/metadata/prod'),
    f('B', 'https://api.example.com/v1/secrets'),
    f('B', 'https://developer.hashicorp.com/vault/api-docs/secret/kv/kv-v2'),
  ]);
});

test("zsh's parameter map subscripted by a pattern, walked with (P), dumps what it names", () => {
  check([
    x('D', 'for v in ${(k)parameters[(I)*(TOKEN|SECRET|KEY)*]}; do print -r -- "$v=${(P)v}"; done'),
    x('D', 'print -rl -- ${(@kv)parameters[(I)*KEY*]}'),
    x('B', 'print -l ${(k)parameters[(I)*PATH*]}'),
  ]);
});

test('code that walks the whole environment into a log is stopped; reading one setting passes', () => {
  check([
    w(
      'A',
      '/home/dev/project/internal/debug/env_test.go',
      'package debug\n\nimport (\n\t"os"\n\t"testing"\n)\n\nfunc TestEnvDump(t *testing.T) {\n\tfor _, e := range os.Environ() {\n\t\tt.Log(e)\n\t}\n}\n',
    ),
    w(
      'A',
      '/home/dev/project/app/debug.py',
      'import os, logging\n\ndef dump():\n    for k, v in os.environ.items():\n        logging.info("%s=%s", k, v)\n',
    ),
    w(
      'B',
      '/home/dev/project/internal/config/config_test.go',
      'package config\n\nimport (\n\t"os"\n\t"testing"\n)\n\nfunc TestPort(t *testing.T) {\n\tt.Log(os.Getenv("PORT"))\n}\n',
    ),
    w(
      'B',
      '/home/dev/project/app/settings.py',
      'import os\n\nDEBUG = os.environ.get("DEBUG") == "1"\nfor k in ("PORT", "HOST"):\n    print(k)\n',
    ),
  ]);
});
