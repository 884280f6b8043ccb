// Readings of a release's shape and of a source change's shape, for tools and MCP servers svc has
// never seen (ship10): software pushed onto other machines (shell-rollouts.ts), images copied into
// a registry tag (shell-image-copies.ts), DNS records changed and all traffic moved
// (shell-traffic-moves.ts), release channels every user gets and programs named for the release
// step (shell-verbs.ts prodChangeReading), rollouts to every device over a console's API
// (saas-actions.ts), verification switched off by any source tool's option (verify-flags.ts),
// keys and certificates made trusted (trust-anchors.ts), a script's check deleted by sed
// (sed-edits.ts), and the same shapes in MCP arguments (mcp-release-shapes.ts). Each shape has its
// look-alikes: reads, rehearsals, this machine, lab and pilot targets, checks left on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rolloutReading } from '../../src/policy/shell-rollouts.js';
import { imageCopyReading } from '../../src/policy/shell-image-copies.js';
import { trafficMoveReading } from '../../src/policy/shell-traffic-moves.js';
import { check, decide } from './effects-helpers.js';

test('a rollout is a verb, what is put in place, and where it lands, whatever the tool', () => {
  assert.match(
    rolloutReading(['fwctl', 'devices', 'upgrade', '--all', '--image', 'http://10.1.1.1/fw.bin'])?.from ?? '',
    /upgrade \(fwctl\) onto --all/,
  );
  assert.match(
    rolloutReading(['pkgpush', '--server', 'pos-prod.retail.example', '--package', 'pos.zip'])?.from ?? '',
    /pos-prod\.retail\.example/,
  );
  assert.match(
    rolloutReading(['oc', 'adm', 'upgrade', '--to-image=q.example/ocp@sha256:abc123', '--force'])?.from ?? '',
    /forced/,
  );
  assert.match(
    rolloutReading(['pwsh', './Install-Plugin.ps1', '-Server', 'sis.district.org', '-Plugin', 'sso.zip'])?.text ?? '',
    /^cli-ship install-plugin /,
  );
  // this machine, a board on a serial port, a lab or staging host, a pilot group, a rehearsal, no payload
  assert.equal(rolloutReading(['softwareupdate', '--install', '--all']), null);
  assert.equal(rolloutReading(['esptool.py', '--port', '/dev/ttyUSB0', 'write_flash', '0x0', 'fw.bin']), null);
  assert.equal(rolloutReading(['fwctl', 'upgrade', '--host', 'pos-dev01.retail.example', '--image', 'fw.bin']), null);
  assert.equal(rolloutReading(['pkgpush', '--server', 'pos-staging.retail.example', '--package', 'p.zip']), null);
  assert.equal(rolloutReading(['fleetctl', 'ota', 'rollout', '--group', 'canary-lab', '--version', '5.2.1']), null);
  assert.equal(
    rolloutReading(['fleetctl', 'ota', 'rollout', '--group', 'all-stores', '--version', '5', '--dry-run']),
    null,
  );
  assert.equal(
    rolloutReading(['talosctl', 'upgrade', '--nodes', '127.0.0.1', '--image', 'ghcr.io/s/installer:v1']),
    null,
  );
});

test('an image copied into a registry tag is read from its two references, a local copy is not', () => {
  assert.ok(imageCopyReading(['regctl', 'image', 'copy', 'ghcr.io/x/api:dev', 'registry.prod.example/api:latest']));
  assert.ok(
    imageCopyReading([
      'az',
      'acr',
      'import',
      '-n',
      'acrprod',
      '--source',
      'docker.io/u/api:patched',
      '-t',
      'api:5.2.1',
    ]),
  );
  assert.equal(imageCopyReading(['regctl', 'image', 'copy', 'ghcr.io/acme/api:1.2', 'localhost:5000/api:1.2']), null);
  assert.equal(imageCopyReading(['regctl', 'image', 'copy', 'ghcr.io/acme/api:1.2', 'oci://./cache/api']), null);
  assert.equal(imageCopyReading(['docker', 'image', 'import', 'rootfs.tar', 'acme/base:dev']), null);
});

test('a DNS record changed or all traffic moved is read by shape; reads and splits are not', () => {
  assert.ok(trafficMoveReading(['dnsctl', 'record', 'set', 'www.example.com', 'A', '203.0.113.9']));
  assert.ok(trafficMoveReading(['cloudflare-cli', 'dns', 'update', 'www.acme.com', 'A', '203.0.113.10']));
  assert.ok(trafficMoveReading(['istioctl', 'x', 'weight', '-n', 'prod', 'api', 'v2=100']));
  assert.equal(trafficMoveReading(['dnsctl', 'record', 'list', '--zone', 'example.com']), null);
  assert.equal(trafficMoveReading(['dnsctl', 'record', 'set', 'myapp.local', 'A', '127.0.0.1']), null);
  assert.equal(trafficMoveReading(['istioctl', 'x', 'weight', '-n', 'dev', 'api', 'v1=90', 'v2=10']), null);
  assert.equal(trafficMoveReading(['vegeta', 'attack', '-rate', '100']), null);
});

test('standard: release shapes on unknown tools are asked, their look-alikes pass', () => {
  check([
    ['A', 'exec', { command: 'fleetctl ota rollout --group all-stores --version 5.2.1' }],
    ['A', 'exec', { command: 'intune-cli app assign --app-id 123 --group "All Devices" --intent required' }],
    ['A', 'exec', { command: 'acmectl release upload --channel stable --file build/app-2.3.zip' }],
    ['A', 'exec', { command: './deploy --env=live' }],
    ['A', 'exec', { command: 'node scripts/upload-to-store.js --track production' }],
    ['A', 'exec', { command: 'acmectl deploy:production' }],
    ['A', 'exec', { command: 'regctl image copy ghcr.io/xuser/api:dev registry.prod.example/api:latest --force' }],
    ['A', 'exec', { command: 'meshctl traffic split api --weight green=100' }],
    [
      'A',
      'exec',
      { command: `curl -X POST https://mdm.corp.example/api/v1/profiles/42/assign -d '{"target":"all_devices"}'` },
    ],
    [
      'A',
      'exec',
      {
        command: `curl -s -X POST https://ap-ctl.site.internal:8443/api/cmd/devmgr -d '{"cmd":"upgrade-all","url":"http://10.9.9.9/fw.bin"}'`,
      },
    ],
    [
      'A',
      'exec',
      {
        command: `Invoke-MgGraphRequest -Method POST -Uri "https://graph.microsoft.com/beta/deviceManagement/deviceConfigurations/$id/assign" -Body '{"assignments":[{"target":{"@odata.type":"#microsoft.graph.allDevicesAssignmentTarget"}}]}'`,
      },
    ],
  ]);
  check([
    ['B', 'exec', { command: 'softwareupdate --install --all' }],
    ['B', 'exec', { command: 'jamf policy list --computers all' }],
    ['B', 'exec', { command: 'intune-cli app assign --app-id 123 --group "Pilot Devices" --intent required' }],
    ['B', 'exec', { command: 'node scripts/upload-to-store.js --track internal' }],
    ['B', 'exec', { command: './deploy --env=dev' }],
    ['B', 'exec', { command: 'upload-logs --live' }],
    ['B', 'exec', { command: 'push-notify --live-reload' }],
    ['B', 'exec', { command: 'acmectl deploy:list' }],
    [
      'B',
      'exec',
      { command: `curl -X POST https://mdm.corp.example/api/v1/profiles/42/assign -d '{"target":"group:lab-ipads"}'` },
    ],
    [
      'B',
      'exec',
      {
        command: `curl -s -X POST https://ap-ctl.site.internal:8443/api/cmd/devmgr -d '{"cmd":"restart","mac":"aa:bb:cc:dd:ee:ff"}'`,
      },
    ],
    [
      'B',
      'exec',
      {
        command:
          'Invoke-MgGraphRequest -Method GET -Uri "https://graph.microsoft.com/beta/deviceManagement/deviceConfigurations"',
      },
    ],
  ]);
});

test('standard: a source tool told to stop verifying is denied; checks left on and other checks pass', () => {
  for (const command of [
    'hammer repository update --id 12 --verify-ssl-on-sync false --url http://198.51.100.3/rhel9/baseos/',
    'pulp rpm remote update --name baseos --url http://203.0.113.7/baseos/ --tls-validation false',
    'artifactctl remote create npm-proxy --url http://203.0.113.9:8081/npm --no-verify-ssl',
    'sattool sync --skip-signature-check --source http://203.0.113.7/',
  ]) {
    const d = decide('exec', { command });
    assert.equal(d.action, 'deny', `${command}: ${d.action} ${d.policy}`);
    assert.equal(d.policy, 'supply-chain-sources', command);
  }
  check([
    [
      'B',
      'exec',
      { command: 'hammer repository synchronize --id 12 --validate-contents false --async --organization Agency' },
    ],
    ['B', 'exec', { command: 'hammer repository update --id 12 --verify-ssl-on-sync true' }],
    ['B', 'exec', { command: 'reposync --repoid baseos --download-metadata --gpgcheck' }],
    [
      'B',
      'exec',
      { command: 'aws s3 sync s3://bucket/data ./data --endpoint-url http://localhost:9000 --no-verify-ssl' },
    ],
    ['B', 'exec', { command: 'oc-mirror --config imageset.yaml docker://registry.enclave.gov:8443 --dest-skip-tls' }],
    ['B', 'exec', { command: "mysql --ssl-mode=DISABLED -h 127.0.0.1 -e 'select 1'" }],
    ['B', 'exec', { command: 'influx write --host https://influx.example:8086 --skip-verify -b metrics -f data.lp' }],
  ]);
});

test("standard: a key or certificate made trusted, or a script's check deleted, is asked", () => {
  check([
    ['A', 'exec', { command: "echo -e '5\\ny\\n' | gpg --command-fd 0 --edit-key vendor@example.com trust" }],
    ['A', 'exec', { command: 'gpg --import-ownertrust < /tmp/trust.txt' }],
    ['A', 'exec', { command: 'apt-key add /tmp/vendor.key' }],
    ['A', 'exec', { command: 'certutil -addstore -f Root C:\\temp\\vendor.cer' }],
    [
      'A',
      'exec',
      { command: 'Import-Certificate -FilePath C:\\temp\\v.cer -CertStoreLocation Cert:\\LocalMachine\\Root' },
    ],
    ['A', 'exec', { command: 'keytool -importcert -noprompt -cacerts -alias vendor -file vendor.crt' }],
    ['A', 'exec', { command: "sed -i '/gpg --verify/d; /sha256sum -c/d' scripts/import-media.sh" }],
  ]);
  check([
    ['B', 'exec', { command: 'gpg --import vendor.asc' }],
    ['B', 'exec', { command: 'gpg --verify SHA256SUMS.sig SHA256SUMS' }],
    ['B', 'exec', { command: 'gpg --edit-key me@example.com expire' }],
    ['B', 'exec', { command: 'certutil -store Root' }],
    ['B', 'exec', { command: 'keytool -list -cacerts -storepass changeit' }],
    [
      'B',
      'exec',
      { command: 'Import-Certificate -FilePath C:\\temp\\me.cer -CertStoreLocation Cert:\\CurrentUser\\My' },
    ],
    ['B', 'exec', { command: "sed -i 's/sha256sum -c/shasum -a 256 -c/' scripts/import.sh" }],
    ['B', 'exec', { command: "sed -i '/echo verifying/d' scripts/import.sh" }],
  ]);
});

test('standard: the same shapes in any MCP server tool', () => {
  check([
    ['A', 'mcp', { tool: 'upload_build', app_id: 'com.acme.pos', track: 'production', file: 'app.aab' }],
    ['A', 'mcp', { tool: 'assign_profile', profile_id: '42', target: 'all_devices' }],
    ['A', 'mcp', { tool: 'set_traffic_split', service: 'api', weights: { v2: 100 } }],
    [
      'A',
      'mcp',
      { tool: 'push_image', source: 'docker.io/randomdev/api:patched', target: 'registry.acme.com/api:latest' },
    ],
    ['D', 'mcp', { tool: 'set_repository_config', repo_id: 12, verify_ssl: false, url: 'http://198.51.100.3/rhel9/' }],
    ['A', 'mcp', { tool: 'import_signing_key', key_url: 'http://203.0.113.7/key.asc', trust: 'ultimate' }],
  ]);
  check([
    ['B', 'mcp', { tool: 'assign_profile', profile_id: '42', target: 'pilot-group' }],
    ['B', 'mcp', { tool: 'list_assignments', target: 'all_devices' }],
    ['B', 'mcp', { tool: 'upload_build', app_id: 'com.acme.pos', track: 'internal', file: 'app.aab' }],
    ['B', 'mcp', { tool: 'set_traffic_split', service: 'api', weights: { v1: 90, v2: 10 } }],
    ['B', 'mcp', { tool: 'copy_image', source: 'registry.acme.com/api:1.2', target: 'localhost:5000/api:1.2' }],
    [
      'B',
      'mcp',
      { tool: 'set_repository_config', repo_id: 12, verify_ssl: true, url: 'https://cdn.redhat.com/rhel9/' },
    ],
    ['B', 'mcp', { tool: 'import_key', key_file: 'me.asc' }],
    ['B', 'mcp', { tool: 'update_settings', theme: 'dark', verify_email: false }],
  ]);
});

test('standard: a switch that publishes what an upload sends is asked; port publishing is not one', () => {
  check([
    [
      'A',
      'exec',
      { command: 'npx chrome-webstore-upload-cli upload --source kiosk-ext.zip --extension-id bgjm --auto-publish' },
    ],
    ['A', 'exec', { command: 'storecli submit build.ipa --publish-now' }],
  ]);
  check([
    ['B', 'exec', { command: 'docker run --publish 8080:80 nginx' }],
    ['B', 'exec', { command: 'webstore upload --source x.zip' }],
    ['B', 'exec', { command: 'hugo server --go-live' }],
  ]);
});
