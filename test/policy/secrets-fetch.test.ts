// What a URL reaches however it is written (fetch-readings.ts): disguised internal addresses,
// link-local addresses, admin APIs on any internal host, browser pages and schemes in any case,
// and the fetch tool steered into the user's network.
import { test } from 'node:test';
import { check, decide, type Case } from './effects-helpers.js';
import assert from 'node:assert/strict';

const f = (want: Case[0], url: string): Case => [want, 'fetch', { url }];
const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];

test('internal addresses in disguise, link-local addresses and rebinding names are denied', () => {
  check([
    f('D', 'http://127.1/latest'),
    f('D', 'http://2130706433:8080/'),
    f('D', 'http://0x7f000001/'),
    f('D', 'http://0177.0.0.1/'),
    f('D', 'http://[::ffff:7f00:1]/'),
    f('D', 'http://[::a9fe:a9fe]/'),
    f('D', 'http://169.254.0.1/'),
    f('D', 'http://169.254.169.253/'),
    f('D', 'http://7f000001.a9fea9fe.rbndr.us/latest/meta-data/'),
    f('D', 'http://10.0.0.1.nip.io/'),
    x('D', 'curl -s http://0x7f.1:3000/'),
    x('D', 'wget -qO- http://169.254.170.2/v2/credentials'),
  ]);
  const d = decide('fetch', { url: 'http://127.1/latest' });
  assert.match(d.message, /127\.1 is 127\.0\.0\.1 written in disguise/);
});

test('admin APIs on any internal host are decided as on loopback', () => {
  check([
    f('D', 'http://172.17.0.1:2375/containers/json'),
    f('D', 'http://10.0.0.1:10250/pods'),
    f('D', 'http://192.168.1.10:8500/v1/kv/?recurse'),
    f('D', 'http://host.docker.internal:2375/containers/json'),
    f('D', 'http://jenkins.internal:8080/script'),
    f('D', 'http://ci.corp:8080/scriptText'),
    f('D', 'http://localhost:8080/actuator/env'),
    f('D', 'http://127.0.0.1:2019/config/'),
    x('D', 'curl -s http://172.17.0.1:2375/containers/json'),
    x('D', 'curl -s http://tomcat.internal:8080/manager/text/list'),
  ]);
});

test('browser pages and local-file schemes are denied in any case or wrapping', () => {
  check([
    f('D', 'File:///etc/passwd'),
    f('D', ' file:///etc/passwd'),
    f('D', 'view-source:file:///etc/passwd'),
    f('D', 'chrome://settings/passwords'),
    f('D', 'edge://wallet/passwords'),
    f('D', 'about:logins'),
    ['D', 'mcp', { tool: 'browser_navigate', url: 'chrome://settings/passwords' }],
  ]);
});

test('the fetch tool asks before reaching into the user network; the shell and local dev servers do not', () => {
  check([
    f('A', 'http://internal-admin.acme.local/api/users/export?format=csv'),
    f('A', 'http://10.20.0.5/wiki/'),
    f('A', 'http://grafana.svc/d/abc'),
    f('B', 'http://localhost:5173/'),
    f('B', 'http://127.0.0.1:8000/docs'),
    f('B', 'http://[::1]:5173/'),
    f('B', 'http://app.localhost:3000/'),
    f('B', 'http://localhost:8080/actuator/health'),
    f('B', 'http://localhost:9200/_cat/indices?v'),
    f('B', 'https://nip.io/'),
    f('B', 'https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/instancedata-data-retrieval.html'),
    x('B', 'curl -s http://10.0.0.12:8080/health'),
    x('B', 'curl http://0:8080/health'),
    x('B', 'curl -s http://localhost:8080/actuator/health'),
    // health probes under a product's prefix or split by kind answer with a state only
    f('B', 'http://minio.local:9000/minio/health/live'),
    f('B', 'http://10.20.3.14:8500/v1/health/service/api'),
    f('B', 'http://api.internal:8080/q/health/ready'),
    f('B', 'http://10.0.0.7:8080/health/liveness'),
    f('A', 'http://10.20.3.14:8500/v1/kv/?recurse'),
    f('A', 'http://minio.local:9000/minio/admin/v3/info'),
    f('A', 'http://10.0.0.7:8080/health?full=1'),
  ]);
});
