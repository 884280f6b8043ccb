// svc's service stopped, disabled or masked through configuration management instead of the
// service manager's own CLI (which svc-tamper.ts reads): the tools describe the service's wanted
// state, so the reading is the state asked of svc's unit, whatever tool asks it:
//   ansible -m service|systemd|systemd_service|sysvinit|runit|supervisorctl|launchd -a 'name=svc state=stopped|enabled=no|masked=yes'
//   salt / salt-call service.stop|service.disable|service.dead|service.mask svc
//   puppet resource service svc ensure=stopped|enable=false|enable=mask
//   chef-apply -e "service 'svc' do action [:stop, :disable] end"
//   pyinfra @local systemd.service|server.service|launchd.service service=svc running=False|enabled=False
// and the same state written into a playbook, state file, manifest or recipe run later.
// Sources: Ansible builtin service/systemd_service modules, Salt service execution module,
// Puppet `service` resource type, Chef `service` resource, pyinfra systemd/server operations.
import { basename } from '../shell-wrappers.js';
import { isSvcUnit } from './svc-identity.js';

/** Module names (last dotted part) that manage services. */
const SERVICE_MODULE =
  /^(?:service|systemd|systemd_service|sysvinit|runit|supervisorctl|launchd|openrc|win_service|service_facts_never)$/;
/** Wanted states that leave a service down. */
const DOWN_STATE =
  /^(?:state=(?:stopped|killed|absent)|enabled=(?:no|false|0)|masked=(?:yes|true|1)|ensure=(?:stopped|false)|enable=(?:false|mask)|running=(?:false|no|0)|enabled=False|running=False)$/i;

function keyValues(text: string): string[] {
  return text.split(/[\s,]+/).filter((w) => w.includes('='));
}

/** The tool that stops svc through configuration management on this command, or undefined. */
export function configManagementStops(argv: string[]): string | undefined {
  const name = basename(argv[0] ?? '');
  if (name === 'ansible') {
    const m = argv.findIndex((w) => w === '-m' || w === '--module-name');
    const mod = (argv[m + 1] ?? '').split('.').pop() ?? '';
    if (m < 0 || !SERVICE_MODULE.test(mod)) return undefined;
    const a = argv.findIndex((w) => w === '-a' || w === '--args');
    const kv = keyValues(argv[a + 1] ?? '');
    const unit = kv.find((w) => /^(?:name|service)=/.test(w))?.replace(/^\w+=/, '') ?? '';
    return a > 0 && isSvcUnit(unit) && kv.some((w) => DOWN_STATE.test(w)) ? `ansible ${mod}` : undefined;
  }
  if (name === 'salt' || name === 'salt-call' || name === 'salt-ssh') {
    const f = argv.findIndex((w) => /^service\.(?:stop|disable|dead|mask|kill)$/.test(w));
    return f > 0 && argv.slice(f + 1).some((w) => isSvcUnit(w.replace(/^name=/, ''))) ? `salt ${argv[f]}` : undefined;
  }
  if (name === 'puppet') {
    const r = argv.indexOf('resource');
    if (r < 0 || argv[r + 1] !== 'service' || !isSvcUnit(argv[r + 2] ?? '')) return undefined;
    return argv.slice(r + 3).some((w) => DOWN_STATE.test(w)) ? 'puppet resource service' : undefined;
  }
  if (name === 'chef-apply' || name === 'chef-client' || name === 'chef-solo' || name === 'cinc-client') {
    const code = argv.slice(1).join(' ');
    return recipeStopsSvc(code) ? name : undefined;
  }
  if (name === 'pyinfra') {
    const op = argv.findIndex((w) => /^(?:systemd|server|launchd|sysvinit|upstart)\.service$/.test(w));
    if (op < 0) return undefined;
    const kv = argv.slice(op + 1);
    const unit = kv.find((w) => /^(?:service|name)=/.test(w))?.replace(/^\w+=/, '') ?? kv[0] ?? '';
    return isSvcUnit(unit) && kv.some((w) => DOWN_STATE.test(w)) ? `pyinfra ${argv[op]}` : undefined;
  }
  return undefined;
}

/** A Chef recipe's `service 'svc'` resource with a stop, disable or mask action. */
function recipeStopsSvc(code: string): boolean {
  for (const m of code.matchAll(/\bservice\s*\(?\s*["']([^"']+)["']\s*\)?\s*do([\s\S]{0,200}?)\bend\b/g))
    if (isSvcUnit(m[1] ?? '') && /:(?:stop|disable|mask)\b/.test(m[2] ?? '')) return true;
  return false;
}

/**
 * A playbook, Salt state, Puppet manifest or Chef recipe written with svc's service wanted down:
 * a service task naming svc with state stopped, enabled false or masked; Salt `service.dead` or
 * `service.disabled`; Puppet `service { 'svc': ensure => stopped }`.
 */
export function configFileStopsSvc(content: string): boolean {
  if (!/svc/.test(content)) return false;
  if (recipeStopsSvc(content)) return true;
  // Puppet: service { 'svc': ensure => stopped, enable => false }
  for (const m of content.matchAll(/\bservice\s*\{\s*["']([^"']+)["']\s*:([^}]*)\}/g))
    if (
      isSvcUnit(m[1] ?? '') &&
      /\b(?:ensure\s*=>\s*["']?(?:stopped|false)|enable\s*=>\s*["']?(?:false|mask))/.test(m[2] ?? '')
    )
      return true;
  // Ansible and Salt YAML: a block naming svc with a state that leaves it down, within a few lines
  const lines = content.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const named = /^\s*-?\s*(?:name|service)\s*:\s*["']?([\w.@-]+)["']?\s*$/.exec(lines[i] ?? '');
    const salt = /^\s*["']?([\w.@-]+)["']?\s*:\s*$/.exec(lines[i] ?? '');
    const unit = named?.[1] ?? salt?.[1] ?? '';
    if (!unit || !isSvcUnit(unit)) continue;
    const block = lines.slice(Math.max(0, i - 4), i + 6).join('\n');
    if (
      /\b(?:systemd|systemd_service|service|sysvinit|launchd|runit)\s*:/.test(block) &&
      /\bstate\s*:\s*["']?(?:stopped|killed)|\benabled\s*:\s*["']?(?:false|no)\b|\bmasked\s*:\s*["']?(?:true|yes)\b/i.test(
        block,
      )
    )
      return true;
    if (/-\s*service\.(?:dead|disabled|masked)\b/.test(block)) return true;
  }
  return false;
}
