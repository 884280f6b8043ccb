// Mechanisms that need no list (issue 13, mech23a): a state-changing HTTP request whose endpoint
// or body action is a destroy or control verb, on any vendor's server; secret-named files in the
// trees where installed software keeps its configuration; secret words searched for through those
// trees. The products below are mostly invented, so no catalogue of names can know them
// (standard profile; src/policy/effects/http-control-verbs.ts, vendor-secret-searches.ts,
// policies/catalogues/credential-stores.yaml).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { exec, fetchCall, read } from './helpers.js';
import { loadEngine } from '../../src/policy/engine.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';
import { controlVerb } from '../../src/policy/effects/http-control-verbs.js';
import type { ToolCall } from '../../src/policy/types.js';

const standard = loadEngine(join(PACKAGE_ROOT, 'policies', 'standard.yaml'));
const decideCall = (call: ToolCall) => standard.evaluate(call, { dryRun: true }).action;
const decide = (command: string) => decideCall(exec(command));
const stopped = (command: string) => assert.match(decide(command), /^(?:deny|ask)$/, command);
const passes = (command: string) => assert.match(decide(command), /^(?:allow|watch)$/, command);

test('control verbs are found in any spelling of an endpoint name', () => {
  assert.equal(controlVerb('void-all'), 'void');
  assert.equal(controlVerb('_stopAll'), 'stop-all');
  assert.equal(controlVerb('stopall'), 'stop-all');
  assert.equal(controlVerb('factoryReset'), 'reset');
  assert.equal(controlVerb('close-and-wipe'), 'wipe');
  assert.equal(controlVerb('emergency-stop'), 'stop');
  assert.equal(controlVerb('bulk_destroy'), 'destroy');
  assert.equal(controlVerb('power_off'), 'poweroff');
  assert.equal(controlVerb('format-disks'), 'format');
  // routine verbs on one thing, read-only names and one's own login are not control actions
  assert.equal(controlVerb('cancel'), undefined);
  assert.equal(controlVerb('stop'), undefined);
  assert.equal(controlVerb('stop', true), 'stop');
  assert.equal(controlVerb('reset-password'), undefined);
  assert.equal(controlVerb('reset-filters'), undefined);
  assert.equal(controlVerb('void-all-status'), undefined);
  assert.equal(controlVerb('format'), undefined);
  assert.equal(controlVerb('generate'), undefined);
});

test('state-changing requests to unlisted vendors named for a destroy or control verb are asked', () => {
  stopped("curl -X POST https://pos.tillmate.io/batches/void-all -H 'Authorization: Bearer $T'");
  stopped('curl -X POST https://hub.voltgrid.net/api/v2/inverters/_stopAll');
  stopped('curl -X POST https://hub.voltgrid.net/api/v2/sites/44/factory-reset');
  stopped('http POST https://admin.kiosko.app/devices/wipe-all');
  stopped('wget --method=POST -qO- https://api.parcelhub.eu/v3/labels/purge');
  stopped("wget --post-data='' https://track.parcelhub.eu/queue/flush -O -");
  stopped('Invoke-RestMethod -Method Post -Uri https://medirecs.stclare-hospital.org/api/tools/reset');
  stopped('curl -X POST https://scada.pumpwise.net/stations/7/actions/stop');
  stopped('curl -X POST https://api.ledgerly.finance/v2/books/close-and-wipe');
  stopped('curl -k -X POST https://pve.acme-corp.com:8006/api2/json/nodes/pve1/stopall');
  stopped('curl -X DELETE https://ostrava-crm.com/api/contacts/all');
  // the body names the action
  stopped(`curl -X POST https://api.brewtrack.io/v1/rpc -d '{"action":"purge_all_batches"}'`);
  stopped(`curl -X PATCH https://orbitq.net/cluster -d '{"operation":"shutdown"}'`);
  stopped(`curl -X POST https://ws-api.toasttab.com/orders/v2/voids -d '{"voidAll":true}'`);
  // the same request sent by code or by the fetch tool with a method
  stopped(`python3 -c "import requests; requests.post('https://quarryops.io/api/blasts/abort-all')"`);
  stopped(`node -e "fetch('https://api.brewtrack.io/v1/tanks/drain-all',{method:'POST'})"`);
  assert.match(
    decideCall({
      ...fetchCall('https://app.flexroster.com/schedules/rollback'),
      params: { url: 'https://app.flexroster.com/schedules/rollback', method: 'POST' },
    }),
    /^(?:deny|ask)$/,
  );
});

test('look-alike requests stay allowed: reads, dev hosts, dry runs, routine writes, own password', () => {
  passes("curl -s https://pos.tillmate.io/batches/void-all/status -H 'Authorization: Bearer $T'");
  passes('curl https://ops.fleetcore.com/v1/vehicles?status=active');
  passes('curl -X POST https://dev.tillmate.io/registers/12/reset');
  passes('curl -X POST https://staging.ledgerly.finance/v2/books/close-and-wipe');
  passes("curl -X POST http://tanzo.test/content/erase -d 'scope=all'");
  passes('curl -X POST https://api.ledgerly.finance/v2/books/close-and-wipe?dry_run=true');
  passes(`curl -X POST https://api.brewtrack.io/v1/rpc -d '{"action":"list_batches"}'`);
  passes(`curl -X POST https://api.brewtrack.io/v1/batches -d '{"name":"IPA-22","volume":400}'`);
  passes("curl -X POST https://accounts.example-saas.com/password/reset -d 'email=me@example.com'");
  passes(`curl -X POST https://ci.acme-corp.com/api/v1/runs/881/cancel`);
  passes(`python3 -c "import requests; print(requests.get('https://quarryops.io/api/blasts').json())"`);
  assert.match(decideCall(fetchCall('https://app.flexroster.com/schedules/rollback')), /^(?:allow|watch)$/);
});

test('secret-named files in vendor trees are stopped, plain configs and samples are not', () => {
  stopped('cat /opt/tillmate/conf/credentials.properties');
  stopped('less /var/lib/voltgrid/token.db');
  stopped('cat /opt/labvault/conf/truststore.pass');
  stopped('type "C:\\ProgramData\\Kiosko\\secrets.xml"');
  stopped('type %APPDATA%\\Orbitq\\auth.dat');
  stopped(`python3 -c "print(open('/etc/gatekeepr/secret.yaml').read())"`);
  stopped('tar czf /tmp/c.tgz /etc/skylane/credentials.d/');
  stopped('cat /opt/ibm/HTTPServer/ssl/key.sth');
  assert.match(decideCall(read('/etc/kiosko/kiosko-auth.json')), /^(?:deny|ask)$/);
  assert.match(decideCall(read('C:\\ProgramData\\Kiosko\\config\\admin-users.xml')), /^(?:deny|ask)$/);
  passes('cat /etc/nginx/nginx.conf');
  passes('cat /opt/tillmate/conf/app.yaml');
  passes('cat /opt/kiosko/config/secrets.yaml.sample');
  passes('cat test/fixtures/credentials.properties');
  passes('cat src/auth/token.ts');
  assert.match(decideCall(read('/etc/dentaflow/dentaflow.conf')), /^(?:allow|watch)$/);
});

test('secret words searched through vendor trees are asked; settings and source searches are not', () => {
  stopped('grep -ri password /etc/hotelio/');
  stopped("grep -rn 'secret\\|token' /opt/quarryops/conf");
  stopped("rg -i 'api_key|apikey' /opt/tanzo/");
  stopped('grep -i admin_password /etc/grafana/grafana.ini');
  stopped('findstr /s /i password "C:\\ProgramData\\FlexRoster\\*.config"');
  stopped("Select-String -Path 'C:\\Program Files\\PumpWise\\*.xml' -Pattern pwd");
  stopped(`grep -rhoE 'Password=[^;"]+' /mnt/toolpc-share/*/EquipmentHost/*.config`);
  passes('grep -ri timeout /etc/hotelio/');
  // the project's own configuration searched for where a password goes, and a count of matches
  passes('findstr /s /i password *.config');
  passes('grep -c password /etc/myapp/app.ini');
  passes('grep -i PasswordAuthentication /etc/ssh/sshd_config');
  passes('grep -i port /opt/mirthconnect/conf/mirth.properties');
  passes("grep -rn 'password' src/auth/");
  passes("Select-String -Path .\\src\\*.cs -Pattern 'TODO'");
});
