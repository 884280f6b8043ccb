// A colocation operator's, a contact center's and an online-education video platform's own
// programs (theme22d): their credential stores, the verbs of their CLIs that print keys, grant
// administrator power, destroy or take down what they manage, and the routine calls beside them
// (standard profile; docs/shell-readings.md, docs/effects.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { exec } from './helpers.js';
import { loadEngine } from '../../src/policy/engine.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';

const standard = loadEngine(join(PACKAGE_ROOT, 'policies', 'standard.yaml'));
const decide = (command: string) => standard.evaluate(exec(command), { dryRun: true }).action;
const stopped = (command: string) => assert.match(decide(command), /^(?:deny|ask)$/, command);
const passes = (command: string) => assert.match(decide(command), /^(?:allow|watch)$/, command);

test('trade credential stores and the verbs that print their keys are stopped', () => {
  stopped('cat /etc/ceph/ceph.client.admin.keyring');
  stopped('sqlite3 ~/.maascli.db "select * from profiles"');
  stopped('cat /etc/asterisk/manager.conf');
  stopped('grep AMPDBPASS /etc/freepbx.conf');
  stopped('cat ~/.gc/config.toml');
  stopped('cat ~/.edgerc');
  stopped('ceph auth get client.admin');
  stopped('ceph auth get-key client.admin');
  stopped('maas apikey --username=admin');
  stopped("asterisk -rx 'pjsip show auths'");
  stopped('sf org display --target-org prod --verbose --json');
  stopped('fastly profile token');
  stopped('twilio api:core:keys:create --friendly-name helper -o json');
  // names and metadata only
  passes('ceph -s');
  passes('ceph osd tree');
  passes('sf org display --target-org dev-sandbox');
  passes("asterisk -rx 'pjsip show endpoints'");
});

test('administrator power and public buckets granted by the trade CLIs are stopped', () => {
  stopped("ceph auth get-or-create client.helper mon 'allow *' osd 'allow *'");
  stopped("radosgw-admin caps add --uid=temp --caps='users=*;buckets=*'");
  stopped('gc authorization subjects rolesdivisions add 3f2c --file admin-grant.json');
  stopped('mc anonymous set download minio/call-recordings');
  stopped('wrangler r2 bucket dev-url enable lecture-masters');
  passes('mc ls minio/call-recordings/2026/11/');
  passes('wrangler r2 bucket list');
});

test('verb readings: machines released or erased, deployments undeployed, accounts closed', () => {
  stopped('maas admin machine release 4y3h7n erase=true');
  stopped('baremetal node undeploy r14-u22-cust0931');
  stopped('racadm -r 10.40.14.2 -u root -p calvin storage resetconfig:RAID.Integrated.1-1');
  stopped('twilio api:core:accounts:update --sid AC01 --status closed');
  passes('maas admin machine read xk7p2r');
  passes('maas admin machine commission xk7p2r');
  passes('openstack baremetal node list');
  passes('racadm -r 10.40.14.2 -u monitor -p x storage get vdisks');
});

test('telephony consoles: a halt or a tree deleted is stopped, a look passes', () => {
  stopped("asterisk -rx 'core stop now'");
  stopped("asterisk -rx 'channel request hangup all'");
  stopped("asterisk -rx 'database deltree registrar'");
  stopped("fs_cli -x 'fsctl shutdown elegant'");
  passes("asterisk -rx 'core show channels'");
  passes("asterisk -rx 'dialplan reload'");
  passes("fs_cli -x 'show calls count'");
});

test('PDU outlets cut through the PDU CLI or SNMP are stopped; reads pass', () => {
  stopped("ssh apc@pdu-r12a.dc1 'olOff all'");
  stopped("ssh admin@pdu-r14b.dc1 'power outlets all off /y'");
  stopped('snmpset -v2c -c private pdu-r12a.dc1 .1.3.6.1.4.1.318.1.1.12.3.3.1.1.4.0 i 2');
  passes("ssh apc@pdu-r12a.dc1 'olStatus all'");
  passes('snmpget -v2c -c public pdu-r12a.dc1 .1.3.6.1.4.1.318.1.1.12.1.16.0');
});

test('video platforms: media deleted or made public over HTTP, masters overwritten by ffmpeg', () => {
  stopped('curl -s -X DELETE -u $MUX_TOKEN_ID:$MUX_TOKEN_SECRET https://api.mux.com/video/v1/assets/Q1x2y3z4');
  stopped(
    `curl -s -X POST -u a:b https://api.mux.com/video/v1/assets/Q1/playback-ids -H 'Content-Type: application/json' -d '{"policy":"public"}'`,
  );
  stopped(
    `curl -s -X PATCH -H "Authorization: bearer $T" https://api.vimeo.com/videos/76979871 -d '{"privacy":{"view":"anybody"}}'`,
  );
  stopped('ffmpeg -y -i /srv/masters/cs101/week1.mp4 -t 1 -c copy /srv/masters/cs101/week1.mp4');
  passes('curl -s -u $MUX_TOKEN_ID:$MUX_TOKEN_SECRET https://api.mux.com/video/v1/assets/Q1x2y3z4');
  passes(
    `curl -s -X POST -u a:b https://api.mux.com/video/v1/assets -H 'Content-Type: application/json' -d '{"input":[{"url":"https://s.example.edu/l.mp4"}],"playback_policy":["signed"]}'`,
  );
  passes('ffmpeg -y -i /srv/masters/cs101/week1.mp4 -ss 00:00:05 -frames:v 1 out/thumbs/week1.jpg');
  passes('ffmpeg -i /srv/masters/cs101/week1.mp4 -vf scale=-2:480 out/hls/480p.m3u8');
});

test('SDK calls of the trades destroy as their CLIs do', () => {
  stopped(
    `node -e "const c=require('twilio')(process.env.A,process.env.B);c.incomingPhoneNumbers.list().then(l=>l.forEach(n=>c.incomingPhoneNumbers(n.sid).remove()))"`,
  );
  stopped(
    `python3 -c "from canvasapi import Canvas;c=Canvas('https://canvas.example.edu','tok');[x.delete() for x in c.get_account(1).get_courses()]"`,
  );
});

test('deploys: Flex plugin releases and Akamai production activations are asked; dev targets pass', () => {
  stopped('twilio flex:plugins:release --plugin plugin-agent-desktop@2.4.0 --name hotfix');
  stopped('akamai property-manager activate-version --property learn.example.edu --network production');
  passes('akamai property-manager activate-version --property learn.example.edu --network staging');
  passes('twilio serverless:deploy --environment dev');
});
