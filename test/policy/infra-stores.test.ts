// On-premises infrastructure: directory servers' admin grants (FreeIPA, Samba AD) and the stores
// where network and monitoring tools keep device and service passwords (credential-stores.yaml).
import { test } from 'node:test';
import { check } from './effects-helpers.js';

const x = (command: string): Record<string, unknown> => ({ command });

test('admin groups, admin roles and sudo rules given through ipa or samba-tool are privilege grants', () => {
  check([
    ['D', 'exec', x('ipa group-add-member admins --users=dev')],
    ['D', 'exec', x('ipa sudorule-add-user allow_all --users=svc-deploy')],
    ['D', 'exec', x('ipa role-add-member "User Administrator" --users=dev')],
    ['D', 'exec', x('samba-tool group addmembers "Domain Admins" dev')],
    ['B', 'exec', x('ipa group-add-member webdevs --users=dev')],
    ['B', 'exec', x('ipa group-show admins')],
    ['B', 'exec', x('ipa sudorule-show allow_all')],
    ['B', 'exec', x('samba-tool group listmembers "Domain Admins"')],
  ]);
});

test('device and service passwords of network and monitoring tools are credential stores', () => {
  check([
    ['D', 'exec', x('cat ~/.cloginrc')],
    ['D', 'exec', x('cat ~/.config/oxidized/config')],
    ['D', 'exec', x('cat ~/.govmomi/sessions/5f2c')],
    ['D', 'exec', x('cat /etc/zabbix/zabbix_server.conf')],
    ['D', 'read', { path: '/opt/netbox/netbox/netbox/configuration.py' }],
    ['D', 'read', { path: '/usr/local/nagios/etc/resource.cfg' }],
    ['D', 'read', { path: '/etc/tower/SECRET_KEY' }],
    ['B', 'exec', x('cat /opt/netbox/netbox/netbox/configuration_example.py')],
    ['B', 'exec', x('grep -n Timeout /etc/zabbix/zabbix_agentd.conf')],
    ['B', 'exec', x('govc ls /dc1/vm')],
    ['B', 'read', { path: '/usr/local/nagios/etc/nagios.cfg' }],
  ]);
});
