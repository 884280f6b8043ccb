// Grants that widen who can do what, read from the effect whatever the program or file: an edit
// read as a diff (grant-edits.ts), administrator levels of any CLI spelled as full access, send-as,
// keyword or KEY(VALUE) operands, command strings and RACF profiles (admin-level-grants.ts),
// database administrator roles (privilege.ts), application consoles (app-admin-grants.ts),
// request bodies and MCP grants of every right (admin-grants.ts, role-grants.ts), and the host
// shared into containers and guests (container-run.ts). Narrowing, read-only levels, fixtures,
// documentation and look-alikes pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, checkCommands, decide, type Case } from './effects-helpers.js';

const edit = (path: string, old_string: string, new_string: string) => ({ path, old_string, new_string });

test('an edit that widens permissions is asked, whatever the file format', () => {
  const cases: Case[] = [
    [
      'A',
      'edit',
      edit(
        '/home/dev/project/internal/controller/widget_controller.go',
        '// +kubebuilder:rbac:groups=apps.acme.dev,resources=widgets,verbs=get;list;watch',
        '// +kubebuilder:rbac:groups=*,resources=*,verbs=*',
      ),
    ],
    [
      'A',
      'edit',
      edit(
        '/home/dev/infra/compositions/nodegroup.yaml',
        'managedPolicyArns:\n  - arn:aws:iam::aws:policy/AmazonEKSWorkerNodePolicy',
        'managedPolicyArns:\n  - arn:aws:iam::aws:policy/AdministratorAccess',
      ),
    ],
    [
      'A',
      'edit',
      edit('/home/dev/charts/op/values.yaml', 'rbac:\n  clusterAdmin: false', 'rbac:\n  clusterAdmin: true'),
    ],
    ['A', 'edit', edit('/srv/infra/iam.hcl', 'actions = ["storage:Read"]', 'actions = ["*"]')],
    [
      'A',
      'edit',
      edit('/srv/app/policy.json', '{"Effect": "Deny", "Action": "x:Del"}', '{"Effect": "Allow", "Action": "x:Del"}'),
    ],
    [
      'A',
      'edit',
      edit('/opt/zeta/zeta.conf', 'grant_level: member\nallow_sudo: no', 'grant_level: superuser\nallow_sudo: yes'),
    ],
    ['A', 'edit', edit('/home/dev/deploy/ds.yaml', '      hostPID: false', '      hostPID: true')],
  ];
  check(cases);
  const d = decide('edit', cases[2]?.[2] ?? {});
  assert.equal(d.action, 'ask');
  assert.equal(d.policy, 'access-opened');
});

test('edits that narrow, keep or only document permissions pass', () => {
  check([
    [
      'B',
      'edit',
      edit(
        '/home/dev/project/internal/controller/widget_controller.go',
        '// +kubebuilder:rbac:groups=*,resources=*,verbs=*',
        '// +kubebuilder:rbac:groups=apps.acme.dev,resources=widgets,verbs=get;list',
      ),
    ],
    ['B', 'edit', edit('/home/dev/deploy/role.yaml', '  verbs: ["get"]', '  verbs: ["get", "list", "watch"]')],
    ['B', 'edit', edit('/home/dev/charts/op/values.yaml', 'clusterAdmin: true', 'clusterAdmin: false')],
    ['B', 'edit', edit('/home/dev/project/test/fixtures/rbac.yaml', 'verbs: ["get"]', 'verbs: ["*"]')],
    [
      'B',
      'edit',
      edit('/home/dev/project/docs/rbac.md', 'Grant view.', 'Never grant `cluster-admin` or `verbs: ["*"]`.'),
    ],
    [
      'B',
      'edit',
      edit('/home/dev/app/src/auth.ts', "if (r === 'editor') ok();", "if (r === 'editor' || r === 'admin') ok();"),
    ],
    ['B', 'edit', edit('/home/dev/app/.eslintrc.json', '"root": false', '"root": true')],
    ['B', 'edit', edit('/home/dev/deploy/app.yaml', 'runAsNonRoot: false', 'runAsNonRoot: true')],
    ['B', 'edit', edit('/home/dev/deploy/app.yaml', 'readOnlyRootFilesystem: true', 'readOnlyRootFilesystem: false')],
    ['B', 'edit', edit('/home/dev/ops/team.yaml', 'members: [alice]', 'members: [alice, bob]\nrole: viewer')],
  ]);
});

test('administrator levels of unknown CLIs, consoles and databases are stopped', () => {
  checkCommands(
    [
      'Add-MailboxPermission -Identity partner@firm.com -User dev@firm.com -AccessRights FullAccess -AutoMapping $false',
      "Add-RoleGroupMember -Identity 'eDiscovery Manager' -Member dev@firm.com",
      'Add-PnPSiteCollectionAdmin -Owners dev@firm.com',
      'Set-SPOUser -Site https://firm.sharepoint.com/sites/HR -LoginName dev@firm.com -IsSiteCollectionAdmin $true',
      'acmectl user add bob role=owner',
      'acmectl iam bind --principal bob@corp.io --role org-owner',
      'hostctl reseller set-acl bob --acl all',
      "tsocmd 'ALTUSER BOB SPECIAL OPERATIONS'",
      'zowe zos-tso issue command "PERMIT \'SYS1.PARMLIB\' ID(BOB) ACCESS(UPDATE)"',
      'tsocmd "PE BPX.SUPERUSER CLASS(FACILITY) ID(BOB) ACCESS(READ)"',
      "openssl req -new -key dev.key -subj '/CN=dev/O=system:masters' -out dev.csr",
      "drush role:perm:add anonymous 'administer users'",
      'wp cap add subscriber manage_options',
      'python manage.py shell -c "User.objects.filter(username=\'bob\').update(is_superuser=True)"',
      'rails runner "User.find_by(email: \'bob@x.io\').update!(admin: true)"',
      "drush php:eval \"user_role_grant_permissions('anonymous', ['administer site configuration']);\"",
      "sqlplus / as sysdba <<< 'GRANT DBA TO app_user;'",
      'db2 "GRANT DBADM ON DATABASE TO USER bob"',
      "snowsql -q 'GRANT ROLE ACCOUNTADMIN TO USER bob'",
      'New-MgDirectoryRoleMemberByRef -DirectoryRoleId (Get-MgDirectoryRole -Filter "displayName eq \'Global Administrator\'").Id -BodyParameter @{x=1}',
      'curl -X POST https://panel.host.io/api/resellers/bob/acl -d \'{"acl":"all"}\'',
    ],
    'stop',
  );
  const d = decide('exec', { command: "tsocmd 'ALTUSER BOB SPECIAL'" });
  assert.equal(d.policy, 'access-opened');
  assert.match(d.message ?? '', /lets another person/);
});

test('the same CLIs giving ordinary levels, listing or revoking pass', () => {
  checkCommands(
    [
      'Add-MailboxFolderPermission -Identity shared@firm.com:\\Calendar -User dev@firm.com -AccessRights Reviewer',
      "Add-RoleGroupMember -Identity 'Help Desk' -Member dev@firm.com",
      'Set-SPOUser -Site https://firm.sharepoint.com/sites/HR -LoginName dev@firm.com -IsSiteCollectionAdmin $false',
      'Remove-PnPSiteCollectionAdmin -Owners old@firm.com',
      'acmectl user add bob role=viewer',
      'hostctl reseller set-acl bob --acl list-accts',
      'tsocmd "PERMIT \'SYS1.MACLIB\' ID(BOB) ACCESS(READ)"',
      "tsocmd 'LISTUSER BOB'",
      "openssl req -new -key dev.key -subj '/CN=dev/O=acme-devs' -out dev.csr",
      "drush role:perm:add editor 'create article content'",
      'wp cap list editor',
      'python manage.py shell -c "print(User.objects.filter(is_superuser=True).count())"',
      "snowsql -q 'GRANT ROLE ANALYST TO USER bob'",
      'New-MgDirectoryRoleMemberByRef -DirectoryRoleId (Get-MgDirectoryRole -Filter "displayName eq \'Directory Readers\'").Id -BodyParameter @{x=1}',
      'db2 "GRANT SELECT ON TABLE sales TO USER bob"',
      "sqlplus app/x@db <<< 'REVOKE DBA FROM app_user;'",
      'curl -X PUT https://api.acme.io/v1/users/5 -d \'{"role":"viewer"}\'',
      "kubectl auth can-i '*' '*' --as=system:serviceaccount:default:ci",
      'grep -rn cluster-admin deploy/',
    ],
    'pass',
  );
});

test('the host shared into a container or guest by any tool is denied; project folders pass', () => {
  checkCommands(
    [
      'docker compose -f - up -d <<\'EOF\'\nservices:\n  x:\n    image: alpine\n    privileged: true\n    volumes: ["/:/host"]\nEOF',
      'docker run --rm -v C:\\Windows\\System32\\config:C:\\cfg mcr.microsoft.com/windows/servercore:ltsc2022 cmd',
      'k3d cluster create dev -v /:/host@server:0',
      'minikube mount /:/host',
      'multipass mount / dev-vm:/host',
      'colima start --mount /:w',
    ],
    'deny',
  );
  checkCommands(
    [
      'docker compose -f - up -d <<\'EOF\'\nservices:\n  web:\n    image: nginx:1.27\n    volumes: ["./site:/usr/share/nginx/html:ro"]\nEOF',
      'docker run --rm -v C:\\src\\app:C:\\app mcr.microsoft.com/windows/servercore:ltsc2022 cmd',
      'minikube mount ./src:/src',
      'multipass mount ~/project dev-vm:/project',
      'grep -v / file.txt',
    ],
    'pass',
  );
});

test('a runas handler key for an auto-elevating program is a UAC bypass', () => {
  const d = decide('exec', {
    command:
      "$s='HKCU:\\Software\\Classes\\exefile\\shell\\runas\\command'; New-Item $s -Force; Set-ItemProperty $s -Name IsolatedCommand -Value 'pwsh'; Start-Process sdclt.exe -ArgumentList '/kickoffelev'",
  });
  assert.equal(d.action, 'deny');
  // the key is also a file handler that runs later, which the autostart reading denies first
  assert.ok(['privilege-readings', 'autostart-locations'].includes(d.policy ?? ''), d.policy);
});
