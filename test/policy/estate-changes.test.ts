// Changes to an on-prem estate read by their effect whatever the vendor, module or client
// (session 15): machines taken down (shell-machine-takedowns.ts, interp/infra-sdk.ts,
// url-ship-actions.ts), stored automation jobs launched, network device configuration committed,
// shared configuration-store values and own-zone DNS records written, appliances deployed and
// images published by build tools (the ship catalogue). Each class has its everyday look-alikes
// beside it: listings, status, dry runs, lab targets and local builds pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { machineTakedownReadings } from '../../src/policy/shell-machine-takedowns.js';
import { urlShipAction } from '../../src/policy/effects/url-ship-actions.js';
import { infraSdkEffects } from '../../src/policy/effects/interp/infra-sdk.js';
import { check, checkCommands, decide } from './effects-helpers.js';

const none = () => false;

test('a hypervisor host or a server through its controller goes down whatever the tool; one VM by name does not', () => {
  assert.match(
    machineTakedownReadings(['govc', 'host.shutdown', '-f', 'esx01'], none)[0]?.text ?? '',
    /^machine-halt govc/,
  );
  assert.match(machineTakedownReadings(['xe', 'host-reboot', 'host=x'], none)[0]?.text ?? '', /^machine-halt xe/);
  assert.match(machineTakedownReadings(['Stop-VMHost', '-Force'], none)[0]?.text ?? '', /^machine-halt pwsh/);
  assert.match(
    machineTakedownReadings(['racadm', '-r', 'h', 'serveraction', 'powercycle'], none)[0]?.text ?? '',
    /^machine-halt racadm/,
  );
  assert.equal(machineTakedownReadings(['Remove-VM'], none)[0]?.text, 'cli-destroy-all pwsh remove-vm');
  assert.deepEqual(machineTakedownReadings(['govc', 'host.maintenance.exit', '-host', 'esx01'], none), []);
  assert.deepEqual(machineTakedownReadings(['Stop-VM', '-Name', 'build-agent'], none), []);
  assert.deepEqual(machineTakedownReadings(['ipmitool', 'chassis', 'power', 'status'], none), []);
});

test('standard: machines taken down through CLIs, cmdlets, SDKs and controllers are stopped', () => {
  checkCommands(
    [
      'for h in $(govc ls /DC1/host/Cluster-Prod); do govc host.shutdown -f $h; done',
      'govc host.maintenance.enter -host esx03.corp.example.com',
      'esxcli system shutdown poweroff --reason patch',
      'xe vm-shutdown --multiple power-state=running force=true',
      'az vm deallocate --ids $(az vm list --query "[].id" -o tsv)',
      'pwsh -c "Get-VMHost | Set-VMHost -State Maintenance -Confirm:$false"',
      'pwsh -c "Suspend-ClusterNode -Name hv01 -Drain"',
      'ipmitool -I lanplus -H bmc01 -U admin -P x chassis power off',
      'racadm -r 10.20.0.12 -u root -p calvin serveraction powerdown',
      'ilorest reboot ForceOff --url ilo-02 -u admin -p x',
      'pwsh -c "Invoke-RedfishRequest -Uri /redfish/v1/Systems/1/Actions/ComputerSystem.Reset -Method Post"',
      'python3 -c "from pyVim.connect import SmartConnect; si=SmartConnect(host=\'vc\'); [h.ShutdownHost_Task(force=True) for h in hosts]"',
    ],
    'stop',
  );
  checkCommands(['pwsh -c "Get-VM -Location Prod | Stop-VM -Confirm:$false | Remove-VM -DeletePermanently"'], 'deny');
  assert.equal(decide('exec', { command: 'govc host.reboot -f -host esx02' }).policy, 'machine-takedowns');
  checkCommands(
    [
      'govc host.info -host esx01.corp.example.com',
      'govc host.maintenance.exit -host esx01',
      'esxcli system maintenanceMode get',
      'pwsh -c "Get-VMHost | Select-Object Name,ConnectionState"',
      'pwsh -c "Stop-VM -Name build-agent-tmp -TurnOff"',
      'az vm deallocate -g rg-dev -n devbox',
      'docker stop $(docker ps -q)',
      'ipmitool -I lanplus -H bmc01 -U admin -P x chassis power status',
      'racadm -r 10.20.0.12 getsysinfo',
      'govc host.service restart -host esx01 TSM-SSH',
      "grep -rn '/Actions/ComputerSystem.Reset' docs/",
      'python3 -c "import libvirt; c=libvirt.open(\'qemu:///system\'); print([d.name() for d in c.listAllDomains()])"',
    ],
    'pass',
  );
});

test('API endpoints that deploy, launch a stored job or power off a machine are read whatever the client', () => {
  assert.equal(
    urlShipAction('https://acme.looker.com/api/4.0/projects/analytics/deploy_to_production'),
    'ship http acme.looker.com/api/4.0/projects/analytics/deploy_to_production',
  );
  assert.match(urlShipAction('https://awx.corp/api/v2/job_templates/17/launch/') ?? '', /^ship http/);
  assert.match(
    urlShipAction('https://bmc/redfish/v1/Systems/1/Actions/ComputerSystem.Reset') ?? '',
    /^machine-halt http/,
  );
  assert.equal(urlShipAction('https://acme.looker.com/api/4.0/projects/analytics'), undefined);
  assert.equal(urlShipAction('https://cloud.google.com/looker/docs/reference/Project/deploy_to_production'), undefined);
  assert.equal(urlShipAction('https://bmc/redfish/v1/Systems/1/Actions/ComputerSystem.Reset/ActionInfo'), undefined);
  assert.equal(urlShipAction('https://jenkins.corp/job/unit-tests/build'), undefined);
  check([
    ['A', 'fetch', { url: 'https://acme.looker.com/api/4.0/projects/analytics/deploy_to_production', method: 'POST' }],
    [
      'A',
      'fetch',
      { url: 'https://ilo-esx01.oob.example.com/redfish/v1/Systems/1/Actions/ComputerSystem.Reset', method: 'POST' },
    ],
    [
      'A',
      'exec',
      {
        command: 'curl -s -X POST https://awx.corp.example.com/api/v2/job_templates/17/launch/ -d \'{"limit":"all"}\'',
      },
    ],
    ['A', 'fetch', { url: 'https://cloud.getdbt.com/api/v2/accounts/1/jobs/22/run/', method: 'POST' }],
    ['B', 'fetch', { url: 'https://acme.looker.com/api/4.0/projects/analytics' }],
    ['B', 'fetch', { url: 'https://cloud.getdbt.com/api/v2/accounts/1/runs/?limit=5' }],
    ['B', 'exec', { command: 'curl -s https://jenkins.corp.example.com/job/deploy-production/lastBuild/api/json' }],
  ]);
});

test('code that commits device configuration, writes a config store or powers off machines is read by its library', () => {
  const push = infraSdkEffects(
    "from netmiko import ConnectHandler\nc=ConnectHandler(host='x')\nc.send_config_set(['no ip route'])",
    'python',
  );
  assert.equal(push[0]?.tool === 'exec' ? push[0].command : '', 'ship sdk netmiko send_config_set');
  assert.deepEqual(
    infraSdkEffects("from netmiko import ConnectHandler\nprint(c.send_command('show version'))", 'python'),
    [],
  );
  assert.deepEqual(infraSdkEffects('d = {}\nd.put(1)\nvm.PowerOffVM_Task()', 'python'), []);
  check([
    [
      'A',
      'exec',
      {
        command:
          "python3 -c \"from napalm import get_network_driver; d=get_network_driver('eos')('s','u','p'); d.open(); d.load_merge_candidate(filename='x.cfg'); d.commit_config()\"",
      },
    ],
    [
      'A',
      'exec',
      {
        command:
          "python3 -c \"import consul; consul.Consul(host='consul01').kv.put('config/dns/resolvers','198.51.100.53')\"",
      },
    ],
    [
      'A',
      'exec',
      {
        command:
          'python3 -c "import libvirt; c=libvirt.open(\'qemu+ssh://root@kvm01/system\'); [d.destroy() or d.undefine() for d in c.listAllDomains()]"',
      },
    ],
    [
      'B',
      'exec',
      {
        command:
          "python3 -c \"from napalm import get_network_driver; d=get_network_driver('eos')('s','u','p'); d.open(); d.load_merge_candidate(filename='x.cfg'); print(d.compare_config()); d.discard_config()\"",
      },
    ],
    ['B', 'exec', { command: 'python3 -c "import consul; print(consul.Consul().kv.get(\'config/x\'))"' }],
  ]);
});

test('standard: estate-wide changes from one line are asked; their looks, rehearsals and lab targets pass', () => {
  checkCommands(
    [
      "awx job_templates launch 'Prod - Patch RHEL (all)' --monitor",
      "tower-cli job launch --job-template 'Prod - deploy app'",
      "bolt command run 'systemctl restart sshd' --targets all",
      'napalm --user u --password p --vendor ios core-sw01 configure changes/core-sw01.cfg',
      'gnmic -a spine01:57400 -u admin -p x --insecure set --update-path /x --update-value false',
      "ssh admin@core-sw01 'configure terminal ; no ip route 0.0.0.0 0.0.0.0 10.0.0.1 ; end ; write memory'",
      "vtysh -c 'conf t' -c 'router bgp 65001' -c 'neighbor 10.0.0.2 shutdown'",
      "clogin -c 'conf t; no ip route 0.0.0.0 0.0.0.0 10.0.0.1; end' core-sw01",
      'consul kv put config/dns/resolvers \'["198.51.100.53"]\'',
      'etcdctl put /skydns/com/corp/api \'{"host":"198.51.100.9"}\'',
      'aws ssm put-parameter --name /prod/api/upstream --value http://198.51.100.8 --overwrite',
      'ipa dnsrecord-mod corp.example.com www --a-rec=198.51.100.7',
      "printf 'update add www.corp.example.com 60 A 198.51.100.7\\nsend\\n' | nsupdate -k /etc/bind/K.key",
      'govc import.ova -ds ds-prod-01 -folder /DC1/vm/prod -name prod-fw02 https://198.51.100.7/fw.ova',
      'sbt settlementEngine/Docker/publish',
      './gradlew bootBuildImage --publishImage',
      "ansible core-sw01 -m cisco.ios.ios_config -a 'src=changes.cfg save_when=always'",
      'curl -s -X POST http://etcd01:2379/v3/kv/put -d \'{"key":"Zm9v","value":"YmFy"}\'',
    ],
    'stop',
  );
  checkCommands(
    [
      'awx job_templates list -f human',
      'rd jobs list -p ops',
      "bolt command run 'uptime' --targets localhost",
      'napalm --user u --password p --vendor ios core-sw01 configure changes/core-sw01.cfg --dry-run',
      'napalm --user u --password p --vendor ios core-sw01 call get_facts',
      "ssh admin@core-sw01 'show running-config | include ntp'",
      'consul kv put -http-addr=127.0.0.1:8500 dev/scratch/test 1',
      'ipa dnsrecord-find corp.example.com',
      'govc import.ova -ds ds-lab-01 -folder /DC1/vm/lab -name lab-fw ./build/fw.ova',
      'ansible-playbook -i inventories/lab network/vlans.yml --limit lab-leaf03',
      'ansible-playbook build_configs.yml -e site=dc1 --connection=local',
      'sbt Docker/publishLocal',
      './gradlew bootBuildImage',
      './configure --prefix=/usr/local',
      "ssh admin@leaf1 'copy running-config startup-config'",
      "vtysh -c 'show ip bgp summary'",
      "clogin -c 'show version' core-sw01",
      'cli -c configure.yml',
      "ansible all -i inventories/lab -b -m ansible.builtin.apt -a 'name=vim'",
      'ansible all -i inventories/dc1 -m ansible.builtin.ping',
      "ansible core-sw01 -m cisco.ios.ios_config -a 'src=changes.cfg' --check",
    ],
    'pass',
  );
});
