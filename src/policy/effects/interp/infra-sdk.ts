// What code does to an estate through the client libraries of its infrastructure, the same
// effects the command-line readings see (shell-machine-takedowns.ts, the ship catalogue):
//  - machines taken down through a hypervisor's or a management controller's library: pyVmomi's
//    `vm.PowerOffVM_Task()`, `host.ShutdownHost_Task()`, `EnterMaintenanceMode_Task`,
//    `Destroy_Task`; libvirt's `dom.destroy()` and `undefine()`; openstacksdk's `stop_server`;
//    a Redfish client posting `.../Actions/ComputerSystem.Reset`: read as
//    `machine-halt sdk MODULE METHOD` (or `cli-destroy sdk MODULE METHOD` for a machine removed),
//    which the standard profile asks about;
//  - configuration loaded into network devices and committed: NAPALM's `commit_config`,
//    Netmiko's `send_config_set`/`send_config_from_file`/`save_config`, ncclient's `edit_config`,
//    Junos PyEZ's `Config.commit`, Scrapli's `send_configs`, pyeapi's `config`: read as
//    `ship sdk MODULE METHOD`, the ship reading of `napalm HOST configure FILE`;
//  - values written into a shared configuration store: python-consul's `kv.put`, etcd3's `put`,
//    kazoo's `set`/`create`: `ship sdk MODULE METHOD`, as `consul kv put` is.
// Only code that imports one of these libraries is read, so `list.remove()` or a `put()` on a
// dict-like object elsewhere is not. Comparing or discarding a candidate configuration
// (`compare_config`, `discard_config`), reading state (`send_command('show version')`,
// `get_config`) and getting keys change nothing.
// Sources: pyVmomi vSphere API reference (VirtualMachine, HostSystem managed objects), libvirt
// Python bindings (virDomain.destroy, undefine, shutdown), openstacksdk compute proxy, proxmoxer,
// oVirt SDK, XenAPI, DMTF python-redfish-library and sushy (ComputerSystem.Reset action), pyghmi
// (set_power); NAPALM, Netmiko, ncclient, Junos PyEZ (jnpr.junos.utils.config), Scrapli, Nornir,
// pyeapi, pan-os-python documentation; python-consul, etcd3, kazoo; node-libvirt and node-netconf.
import type { Effect } from '../types.js';

interface Library {
  /** Import names (Python module prefixes, npm package names). */
  names: readonly string[];
  /** Calls that have the effect: a method name followed by `(`. */
  calls: RegExp;
  /** The reading's first words. */
  reading: 'machine-halt sdk' | 'ship sdk';
}

const HYPERVISOR = ['pyVmomi', 'pyVim', 'libvirt', 'proxmoxer', 'openstack', 'novaclient', 'ovirtsdk4', 'XenAPI'];
const CONTROLLER = ['redfish', 'sushy', 'pyghmi'];

const LIBRARIES: readonly Library[] = [
  {
    names: [...HYPERVISOR, ...CONTROLLER],
    calls:
      /\b(PowerOffVM_Task|PowerOff|ShutdownGuest|ShutdownHost_Task|RebootHost_Task|ResetVM_Task|SuspendVM_Task|EnterMaintenanceMode_Task|PowerDownHostToStandBy_Task|DisconnectHost_Task|shutdown|reboot|suspend|stop_server|suspend_server|set_power|reset_system|set_system_power_state)\s*\(/g,
    reading: 'machine-halt sdk',
  },
  {
    names: ['napalm', 'netmiko', 'ncclient', 'jnpr.junos', 'scrapli', 'nornir', 'pyeapi', 'panos', 'netconf'],
    calls:
      /\b(commit_config|send_config_set|send_config_from_file|save_config|edit_config|commit|send_configs|send_configs_from_file|configure_session|config|load_replace_candidate)\s*\(/g,
    reading: 'ship sdk',
  },
  {
    names: ['consul', 'etcd3', 'etcd', 'kazoo'],
    calls: /\b(kv\.put|put|set|create|ensure_path)\s*\(/g,
    reading: 'ship sdk',
  },
];
/** Machines removed through a hypervisor library with a name the service-SDK verbs do not read. */
const MACHINE_REMOVE = /\b(Destroy_Task|UnregisterVM|undefine\w*)\s*\(/g;
/** A management controller's reset action named by its Redfish path. */
const RESET_ACTION = /\/Actions\/(?:ComputerSystem|Manager|Chassis)\.Reset\b/;
/** Cheap gate. */
const HINT = /import|require\(/;

function imported(code: string, names: readonly string[]): string | undefined {
  for (const m of code.matchAll(/\b(?:from\s+([\w.]+)\s+import|import\s+([\w.]+(?:\s*,\s*[\w.]+)*))/g)) {
    const list = (m[1] ?? m[2] ?? '').split(/\s*,\s*/);
    for (const name of list) {
      const hit = names.find((p) => name === p || name.startsWith(`${p}.`));
      if (hit) return hit;
    }
  }
  for (const m of code.matchAll(/(?:require\(\s*|from\s+|import\s*\(\s*)(['"])([^'"]+)\1/g)) {
    const name = m[2] ?? '';
    const hit = names.find((p) => name === p || name.startsWith(`${p}/`) || name === `node-${p}`);
    if (hit) return hit;
  }
  // `__import__('pyVmomi')`, importlib.import_module('libvirt')
  for (const m of code.matchAll(/(?:__import__|import_module)\(\s*(['"])([\w.]+)\1/g)) {
    const name = m[2] ?? '';
    const hit = names.find((p) => name === p || name.startsWith(`${p}.`));
    if (hit) return hit;
  }
  return undefined;
}

/** The estate-wide effects of code that imports an infrastructure library (see the top of this file). */
export function infraSdkEffects(code: string, via: string): Effect[] {
  if (!HINT.test(code)) return [];
  const out: Effect[] = [];
  const seen = new Set<string>();
  const push = (command: string, why: string) => {
    if (seen.has(command) || out.length >= 6) return;
    seen.add(command);
    out.push({ tool: 'exec', command, via: `${via} ${why}` });
  };
  for (const lib of LIBRARIES) {
    const module = imported(code, lib.names);
    if (!module) continue;
    lib.calls.lastIndex = 0;
    for (const m of code.matchAll(lib.calls)) {
      const method = m[1] ?? '';
      // a bare `.config(` or `.set(` is only a method of these libraries' own objects when called on one
      if ((method === 'config' || method === 'set' || method === 'create') && !/\.\s*$/.test(code.slice(0, m.index)))
        continue;
      push(`${lib.reading} ${module} ${method}`, `calls ${module} ${method}()`);
    }
    if (lib.reading === 'machine-halt sdk') {
      for (const m of code.matchAll(MACHINE_REMOVE))
        push(`cli-destroy sdk ${module} ${m[1] ?? ''}`, `calls ${module} ${m[1] ?? ''}()`);
      if (RESET_ACTION.test(code)) push(`machine-halt sdk ${module} reset-action`, `posts a controller's reset action`);
    }
  }
  return out;
}
