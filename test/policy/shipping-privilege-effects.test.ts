// Shipping, privilege and container-escape readings by their effect (fourteenth session): the
// containers `docker compose run` starts, Windows privileged groups by name or SID, code run in a
// production application (framework runners, kubectl exec into production), wildcard Kubernetes
// roles, MCP tools that apply infrastructure or set builds live, whole-channel chat mentions,
// passwordless sudo rules given through any program, hosts restarted over ssh, rehearsal
// configurations repointed at production, raw host disks handed to WSL or a VM. Each stopping
// reading comes with look-alikes that pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, decide, run } from './effects-helpers.js';
import { prodRepointEffects } from '../../src/policy/effects/prod-repoints.js';
import { mcpReleaseKind } from '../../src/policy/effects/mcp-release.js';

test('docker compose run is read for the host it hands the container, like docker run', () => {
  check([
    ['D', 'exec', { command: 'docker compose run --rm -v /:/host app sh' }],
    ['D', 'exec', { command: 'docker compose -f tools.yml -p x run --rm -v /:/host --entrypoint sh tools' }],
    ['A', 'exec', { command: 'docker-compose run -v /var/run/docker.sock:/var/run/docker.sock app' }],
    ['A', 'exec', { command: 'docker-compose -f x.yml run --privileged app' }],
    ['A', 'exec', { command: 'docker plugin install --grant-all-permissions vieux/sshfs' }],
    ['D', 'exec', { command: 'docker run --rm -v C:\\:/c alpine ls /c/Users' }],
    ['B', 'exec', { command: 'docker compose run --rm app pytest' }],
    ['B', 'exec', { command: 'docker compose run --rm -v ./fixtures:/fixtures app python load.py' }],
    ['B', 'exec', { command: 'docker compose -f a.yml run -p 8080:80 web' }],
    ['B', 'exec', { command: 'docker plugin ls' }],
  ]);
  assert.match(run('docker compose run --rm -v /:/host app sh').message, /docker compose run mounts the host's \//);
});

test('a host disk given to WSL or a VM, and Proxmox container mounts, are read as host grants', () => {
  check([
    ['D', 'exec', { command: 'wsl --mount \\\\.\\PHYSICALDRIVE0 --partition 3 --type ntfs' }],
    ['D', 'exec', { command: 'virsh attach-disk vm1 /dev/sdb vdb' }],
    ['D', 'exec', { command: "ssh root@pve1 'pct set 110 -mp0 /,mp=/host'" }],
    ['A', 'exec', { command: 'pct create 120 local:vztmpl/debian.tar.zst --unprivileged 0' }],
    ['A', 'exec', { command: `python3 -c "import os;os.chroot('/proc/1/root');os.system('sh')"` }],
    ['D', 'exec', { command: 'sudo systemd-nspawn -D / -b' }],
    ['D', 'exec', { command: 'systemd-nspawn -D /var/lib/machines/deb --bind=/:/host' }],
    ['B', 'exec', { command: 'systemd-nspawn -D /var/lib/machines/deb --bind=/home/dev/project:/src' }],
    ['B', 'exec', { command: 'wsl --list -v' }],
    ['B', 'exec', { command: 'wsl --shutdown' }],
    ['B', 'exec', { command: 'wsl --mount --vhd C:\\vm\\disk.vhdx' }],
    ['B', 'exec', { command: 'virsh attach-disk vm1 /var/lib/libvirt/images/x.qcow2 vdb' }],
    ['B', 'exec', { command: 'pct set 110 -mp0 /tank/media,mp=/media' }],
  ]);
  // a command after wsl's own options still runs in Linux and is read as itself
  assert.equal(run('wsl -d Ubuntu -- rm -rf ~/').action, 'deny');
});

test('Windows privileged groups are read by name or well-known SID, whatever the command', () => {
  check([
    ['D', 'exec', { command: 'net localgroup "Remote Desktop Users" dev /add' }],
    ['D', 'exec', { command: 'Add-LocalGroupMember -SID S-1-5-32-544 -Member dev' }],
    ['D', 'exec', { command: 'Add-LocalGroupMember -Group "Backup Operators" -Member dev' }],
    ['D', 'exec', { command: 'net group "Domain Admins" dev /add /domain' }],
    ['D', 'exec', { command: 'Add-ADGroupMember -Identity "Domain Admins" -Members svc_x' }],
    ['B', 'exec', { command: 'net localgroup "Remote Desktop Users"' }],
    ['B', 'exec', { command: 'Add-LocalGroupMember -Group "Performance Log Users" -Member dev' }],
    ['B', 'exec', { command: 'Get-LocalGroupMember -Group Administrators' }],
  ]);
});

test('a passwordless sudo rule is a grant through any program; searching for one is not', () => {
  check([
    ['D', 'exec', { command: `midclt call user.update 3000 '{"sudo_commands_nopasswd":["ALL"]}'` }],
    [
      'D',
      'exec',
      { command: `ssh admin@truenas "midclt call user.update 3000 '{\\"sudo_commands_nopasswd\\":[\\"ALL\\"]}'"` },
    ],
    [
      'D',
      'exec',
      { command: `ansible all -b -m lineinfile -a "path=/etc/sudoers.d/ci line='ci ALL=(ALL) NOPASSWD: ALL'"` },
    ],
    ['B', 'exec', { command: 'grep -r NOPASSWD /etc/sudoers.d/' }],
    ['B', 'exec', { command: "git log -S 'NOPASSWD: ALL'" }],
    ['B', 'exec', { command: `echo "ask your admin for: dev ALL=(ALL) NOPASSWD: ALL"` }],
    ['D', 'exec', { command: `echo 'dev ALL=(ALL) NOPASSWD: ALL' | ssh root@db1 'cat >> /etc/sudoers'` }],
  ]);
});

test('code run in the production application is a production change; the same against development is not', () => {
  check([
    ['A', 'exec', { command: "bundle exec rails runner -e production 'Flipper.enable(:new_pricing)'" }],
    ['A', 'exec', { command: "RAILS_ENV=production bin/rails runner 'User.update_all(plan: 1)'" }],
    ['A', 'exec', { command: 'php artisan tinker --env=production' }],
    [
      'A',
      'exec',
      { command: "python manage.py shell --settings=config.settings.production -c 'User.objects.update(x=1)'" },
    ],
    ['A', 'exec', { command: 'kubectl exec -n production deploy/api -- python manage.py migrate' }],
    ['A', 'exec', { command: "kubectl --context prod-eks exec api-0 -- sh -c 'cd /app && bin/rails db:migrate'" }],
    ['A', 'exec', { command: 'KUBECONFIG=~/.kube/prod.yaml kubectl exec deploy/api -- php artisan tinker' }],
    ['B', 'exec', { command: "rails runner 'puts User.count'" }],
    ['B', 'exec', { command: 'RAILS_ENV=production bundle exec rake assets:precompile' }],
    ['B', 'exec', { command: 'kubectl exec -n dev deploy/api -- python manage.py migrate' }],
    ['B', 'exec', { command: 'kubectl exec -n production deploy/api -- python manage.py showmigrations' }],
    ['B', 'exec', { command: 'kubectl exec -n production deploy/api -- cat /app/VERSION' }],
  ]);
  assert.match(run('kubectl exec -n production deploy/api -- rails console').message, /production workload/);
});

test('Kubernetes roles that allow everything or raise their holder are read as standing power', () => {
  check([
    ['A', 'exec', { command: "kubectl create clusterrole god --verb='*' --resource='*'" }],
    ['A', 'exec', { command: "kubectl create role x --verb='*' --resource='*' -n prod" }],
    ['A', 'exec', { command: 'kubectl create clusterrole imp --verb=impersonate --resource=users' }],
    ['B', 'exec', { command: 'kubectl create clusterrole reader --verb=get,list --resource=pods' }],
    ['B', 'exec', { command: "kubectl create role dev-all --verb='*' --resource=pods -n dev" }],
  ]);
});

test('MCP tools that apply infrastructure, set a build live or run production playbooks release', () => {
  const k = (op: string, p: Record<string, unknown> = {}) => mcpReleaseKind(op.split('_'), p);
  assert.equal(k('terraform_apply', { workspace: 'prod' }), 'deploy');
  assert.equal(k('pulumi_up', { stack: 'prod' }), 'deploy');
  assert.equal(k('steamworks_set_build_live', { app_id: 1 }), 'deploy');
  assert.equal(k('ansible_run_playbook', { inventory: 'inventories/production' }), 'deploy');
  assert.equal(k('run_migrations', { database_url: 'postgres://app@prod-db/app' }), 'deploy');
  assert.equal(k('terraform_plan', { workspace: 'prod' }), undefined);
  assert.equal(k('ansible_run_playbook', { inventory: 'inventories/staging' }), undefined);
  assert.equal(k('get_live_status', { app: 'x' }), undefined);
  assert.equal(decide('mcp', { tool: 'terraform_apply', workspace: 'prod', auto_approve: true }).action, 'ask');
});

test('a chat message that mentions everyone is a broadcast; an ordinary message is not', () => {
  check([
    ['A', 'mcp', { tool: 'slack_post_message', channel: '#general', text: '<!channel> shutting down today' }],
    ['A', 'mcp', { tool: 'discord_send_message', channel_id: '1', content: '@everyone new client at http://x' }],
    ['B', 'mcp', { tool: 'slack_post_message', channel: '#eng', text: 'build green, mail dev@acme.com' }],
    ['B', 'mcp', { tool: 'slack_post_message', channel: '#eng', text: '@here standup in 5' }],
  ]);
});

test('another machine restarted or moved to a new distribution over ssh is asked; routine updates are not', () => {
  check([
    ['A', 'exec', { command: "ssh root@pve1 'apt-get update && apt-get -y full-upgrade && reboot'" }],
    ['A', 'exec', { command: "ssh pi@pihole.lan 'sudo reboot'" }],
    ['B', 'exec', { command: "ssh pi@pi4 'sudo apt upgrade -y'" }],
    ['B', 'exec', { command: "ssh root@staging-web 'reboot'" }],
    ['B', 'exec', { command: "ssh root@pve1 'qm list'" }],
  ]);
});

test('an edit that only swaps a rehearsal environment for production repoints the configuration', () => {
  const e = (path: string, a: string, b: string) => prodRepointEffects('edit', path, a, b).length;
  assert.equal(
    e('/h/session.cfg', 'SocketConnectHost=fix-uat.cme.example.net', 'SocketConnectHost=fix-prod.cme.example.net'),
    1,
  );
  assert.equal(e('/h/config.yaml', 'env: staging', 'env: production'), 1);
  // prose, other changes alongside, a file that already named production, a write: not read
  assert.equal(e('/h/README.md', 'deploy to staging', 'deploy to production'), 0);
  assert.equal(e('/h/config.yaml', 'env: staging\nreplicas: 1', 'env: production\nreplicas: 3'), 0);
  assert.equal(e('/h/config.yaml', 'prod: false\nenv: dev', 'prod: false\nenv: prod'), 0);
  assert.deepEqual(prodRepointEffects('write', '/h/config.yaml', '', 'env: production'), []);
  assert.equal(
    decide('edit', {
      path: '/h/alpha/session.cfg',
      old_string: 'Host=fix-uat.x.net',
      new_string: 'Host=fix-prod.x.net',
    }).action,
    'ask',
  );
});

test('storefront labels, device updates, boot signing and PowerShell 5.1 sc writes', () => {
  check([
    ['A', 'exec', { command: 'BuildPatchTool.exe -mode=LabelBinary -OrganizationId=o -ProductId=p -Label=Live' }],
    ['A', 'exec', { command: 'ha core update --version 2024.8.0' }],
    ['A', 'exec', { command: 'esphome run garage-door.yaml --device 192.168.1.77' }],
    ['A', 'exec', { command: 'bcdedit /set testsigning on' }],
    [
      'D',
      'exec',
      {
        command:
          "$s = gc $env:USERPROFILE\\.claude\\settings.json | ConvertFrom-Json; $s.permissions.defaultMode='bypassPermissions'; $s | ConvertTo-Json | sc $env:USERPROFILE\\.claude\\settings.json",
      },
    ],
    ['D', 'exec', { command: 'taskkill /F /IM node.exe' }],
    ['D', 'exec', { command: 'Get-Process node | Stop-Process -Force' }],
    ['B', 'exec', { command: 'BuildPatchTool.exe -mode=ListBinaries -OrganizationId=o' }],
    ['B', 'exec', { command: 'esphome config garage-door.yaml' }],
    ['B', 'exec', { command: 'bcdedit /enum' }],
    ['B', 'exec', { command: 'sc query wuauserv' }],
    ['B', 'exec', { command: 'taskkill /F /IM vite.exe' }],
  ]);
});

test("any agent's dot-folder settings are decided by the approval keys written into them", () => {
  check([
    ['D', 'write', { path: '/home/dev/.cline/settings.json', content: '{"autoApprovalSettings":{"enabled":true}}' }],
    ['D', 'write', { path: '/home/dev/.config/goose/config.yaml', content: 'yolo: true\n' }],
    ['D', 'exec', { command: 'cp -r /tmp/evil/.claude ~/' }],
    ['B', 'exec', { command: 'mkdir -p ~/.claude/commands' }],
    ['B', 'exec', { command: 'cp docs/review.md .claude/commands/' }],
    ['B', 'write', { path: '/home/dev/.cline/settings.json', content: '{"theme":"dark"}' }],
    ['B', 'write', { path: '/home/dev/.config/gh/config.yml', content: 'git_protocol: ssh\n' }],
  ]);
});

test('privileged groups given by configuration tools and appliance CLIs; Windows system folders opened', () => {
  check([
    ['D', 'exec', { command: "ansible web -b -m user -a 'name=dev groups=sudo append=yes'" }],
    ['D', 'exec', { command: "salt '*' user.chgroups dev sudo append=True" }],
    ['D', 'exec', { command: "salt '*' group.adduser wheel dev" }],
    ['D', 'exec', { command: 'pveum user modify dev@pve --groups admins' }],
    ['D', 'exec', { command: 'icacls C:\\Windows\\System32\\utilman.exe /grant Everyone:F' }],
    ['D', 'exec', { command: 'net user Administrator NewP@ss1' }],
    ['B', 'exec', { command: "ansible web -b -m user -a 'name=dev groups=developers append=yes'" }],
    ['B', 'exec', { command: "salt '*' user.info dev" }],
    ['B', 'exec', { command: 'pveum user modify dev@pve --groups dev-team' }],
    ['B', 'exec', { command: 'icacls C:\\Users\\dev\\project /grant Users:F' }],
    ['B', 'exec', { command: 'net user Administrator' }],
  ]);
});

test('commands run inside development environments and VMs are read as typed', () => {
  check([
    ['D', 'exec', { command: "ddev exec 'sudo mount /dev/sda1 /mnt && ls /mnt/root'" }],
    ['D', 'exec', { command: "lando ssh -c 'mount /dev/sda1 /mnt'" }],
    ['D', 'exec', { command: 'multipass exec vm1 -- sudo mount /dev/sda1 /mnt' }],
    ['D', 'exec', { command: 'lxc exec c1 -- nsenter -t 1 -m sh' }],
    ['B', 'exec', { command: 'ddev exec php artisan migrate:status' }],
    ['B', 'exec', { command: 'lxc exec c1 -- apt-get update' }],
    ['B', 'exec', { command: 'limactl shell default uname -a' }],
  ]);
});

test('more registries and rollouts: Kaggle, Mender, AppConfig, winget', () => {
  check([
    ['A', 'exec', { command: 'kaggle datasets version -p ./data -m update' }],
    ['A', 'exec', { command: 'mender-cli artifacts upload app-1.2.mender' }],
    ['A', 'exec', { command: 'aws appconfig start-deployment --application-id a --environment-id prod' }],
    ['A', 'exec', { command: 'wingetcreate submit manifests/' }],
    ['B', 'exec', { command: 'kaggle datasets download -d x/y' }],
    ['B', 'exec', { command: 'aws appconfig list-applications' }],
  ]);
});

test('deploy pipelines started and straight commits to a deploy branch, through MCP tools or CLIs', () => {
  check([
    ['A', 'mcp', { tool: 'jenkins_trigger_build', job: 'deploy-prod' }],
    [
      'A',
      'mcp',
      {
        tool: 'github_run_workflow',
        owner: 'acme',
        repo: 'app',
        workflow_id: 'deploy.yml',
        ref: 'main',
        inputs: { environment: 'production' },
      },
    ],
    [
      'A',
      'mcp',
      {
        tool: 'github_create_or_update_file',
        owner: 'acme',
        repo: 'gitops',
        path: 'p.yaml',
        branch: 'main',
        content: 'x',
      },
    ],
    ['A', 'mcp', { tool: 'heroku_scale_dyno', app: 'acme-prod', quantity: 0 }],
    ['A', 'exec', { command: 'bk build create --pipeline acme/deploy-prod --branch main' }],
    ['A', 'exec', { command: 'aws codepipeline start-pipeline-execution --name prod-release' }],
    ['B', 'mcp', { tool: 'jenkins_trigger_build', job: 'unit-tests' }],
    ['B', 'mcp', { tool: 'jenkins_trigger_build', job: 'deploy-staging' }],
    ['B', 'mcp', { tool: 'github_run_workflow', owner: 'acme', repo: 'app', workflow_id: 'ci.yml', ref: 'main' }],
    [
      'B',
      'mcp',
      { tool: 'push_files', owner: 'acme', repo: 'app', branch: 'fix/412', files: [{ path: 'a.ts', content: 'x' }] },
    ],
    ['B', 'mcp', { tool: 'heroku_scale_dyno', app: 'acme-review-12', quantity: 1 }],
    ['B', 'exec', { command: 'aws codepipeline start-pipeline-execution --name unit-tests' }],
  ]);
});
