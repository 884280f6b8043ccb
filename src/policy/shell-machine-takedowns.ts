// Machines taken down, whatever hypervisor, module or controller does it: a hypervisor host shut
// down, rebooted or put into maintenance (`govc host.shutdown`, `esxcli system shutdown poweroff`,
// `xe host-shutdown`, `Stop-VMHost`, `Set-VMHost -State Maintenance`, `Suspend-ClusterNode
// -Drain`), a physical server powered off through its management controller (`ipmitool chassis
// power off`, `racadm serveraction powerdown`, `ilorest reboot ForceOff`), every virtual machine a
// listing returns stopped (`xe vm-shutdown --multiple`, `az vm deallocate --ids $(az vm list ...)`,
// `Get-VM | Stop-VM`), and virtual machines removed by a hypervisor's PowerShell module
// (`Get-VM | Remove-VM`, `Remove-SCVirtualMachine`). A host carries every machine that runs on it
// and a controller's power action cuts a server whatever it runs, so these are read by their
// effect, not by the tool:
//   machine-halt TOOL WORDS         a host, or every machine of a listing, goes down (asked)
//   cli-destroy pwsh CMDLET WORDS   a machine removed by a cmdlet (the verb readings' spelling)
//   cli-destroy-all pwsh CMDLET ... every machine a pipeline hands it removed
// One virtual machine stopped by name stays a routine operation (production-named ones are
// prod-destroys.ts's `cli-halt-prod`), and so do the local VM managers of a developer's own
// machine (vagrant, multipass, minikube ...). Listing, status and exit-maintenance words only look.
// Sources: VMware govc USAGE (host.shutdown, host.reboot, host.maintenance.enter, host.disconnect,
// host.remove), ESXi esxcli (system shutdown poweroff|reboot, system maintenanceMode set) and
// vim-cmd (hostsvc/maintenance_mode_enter, vmsvc/power.off, vmsvc/destroy), XenServer xe
// (host-shutdown, host-reboot, host-disable, vm-shutdown --multiple), Proxmox qm/pct, libvirt
// virsh, OpenStack CLI, Azure CLI (vm deallocate|stop), VMware PowerCLI (Stop-VMHost,
// Restart-VMHost, Set-VMHost -State, Remove-VM, Stop-VM, Remove-VMHost), Hyper-V and Failover
// Clustering modules (Stop-VM, Remove-VM, Suspend-ClusterNode, Stop-ClusterNode), SCVMM
// (Remove-SCVirtualMachine, Stop-SCVirtualMachine), Windows Stop-Computer/Restart-Computer;
// management controllers: ipmitool(1) chassis power, ipmipower(8), Dell racadm serveraction,
// HPE iLOrest reboot, DMTF redfishtool Systems reset.

/** Subcommand parts that name a machine that carries others, or the server itself. */
const HOST_NOUN = new Set(['host', 'hosts', 'hostsvc', 'vmhost', 'hypervisor', 'hypervisors', 'chassis']);
/** Parts that take a machine down: powered off, rebooted, reset, drained, put into maintenance. */
const POWER = new Set([
  'shutdown',
  'poweroff',
  'powerdown',
  'powercycle',
  'reboot',
  'reset',
  'hardreset',
  'coldreset',
  'graceshutdown',
  'forceoff',
  'maintenance',
  'maintenancemode',
  'maintenance_mode_enter',
  'standby',
  'evacuate',
  'disconnect',
  'disable',
  'halt',
]);
/** Parts that stop a virtual machine (taken with every machine of a listing). */
const VM_HALT = new Set(['stop', 'shutdown', 'poweroff', 'off', 'suspend', 'deallocate', 'halt', 'pause', 'destroy']);
/** Parts that only look, or bring a machine back. */
const LOOK = new Set([
  'get',
  'info',
  'list',
  'ls',
  'show',
  'status',
  'query',
  'exit',
  'describe',
  'help',
  'on',
  'enable',
]);
/** Parts that name virtual machines. */
const VM_NOUN = new Set([
  'vm',
  'vms',
  'vmsvc',
  'server',
  'servers',
  'instance',
  'instances',
  'domain',
  'guest',
  'droplet',
]);

/** Hypervisors and virtualization control planes whose every subcommand acts on machines. */
export const HYPERVISOR_TOOLS: readonly string[] = [
  'govc',
  'esxcli',
  'vim-cmd',
  'xe',
  'qm',
  'pct',
  'virsh',
  'openstack',
  'nova',
  'az',
  'gcloud',
  'aws',
  'hcloud',
  'doctl',
];
/** Management controllers' clients: whatever they power off is a physical server. */
const CONTROLLER_TOOLS = new Set(['ipmitool', 'ipmiutil', 'ipmipower', 'racadm', 'ilorest', 'redfishtool', 'hpasmcli']);
/** Power words of controller clients (`chassis power off`, `power cycle`, `serveraction powerdown`, `--off`). */
const CONTROLLER_POWER =
  /^(?:off|cycle|reset|soft|powerdown|powercycle|poweroff|hardreset|graceshutdown|forceoff|forcerestart|--off|--cycle|--reset|--soft)$/i;

/** A Redfish action that resets or powers off a system, its manager or its chassis (not its ActionInfo). */
const REDFISH_ACTION = /\/Actions\/(?:ComputerSystem|Manager|Chassis)\.(?:Reset|PowerOff|Shutdown|Reboot)(?:["'}]|$)/;

/**
 * Rack power distribution units told to cut their outlets, which powers off every server plugged
 * in whatever it runs: APC's Network Management Card CLI (`olOff`, `olReboot`, `olOffDelay` with an
 * outlet, a range or `all`; APC NMC CLI guide), Raritan PX's CLI (`power outlets N|all off|cycle`;
 * Raritan PX2/PX3 CLI reference), and SNMP sets of the outlet-control objects with an off or reboot
 * value: APC PowerNet-MIB rPDUOutletControlOutletCommand (.1.3.6.1.4.1.318.1.1.12.3.3.1.1.4: 2
 * immediateOff, 3 immediateReboot) and sPDUOutletCtl (.1.3.6.1.4.1.318.1.1.4.4.2.1.3), Raritan
 * PDU2-MIB switchingOperation (.1.3.6.1.4.1.13742.6.4.1.2.1.2: 0 off, 2 cycle), Server Technology
 * Sentry3-MIB outletControlAction (.1.3.6.1.4.1.1718.3.2.3.1.11: 2 off, 3 reboot).
 */
const PDU_OFF_COMMAND = /^(?:oloff|olreboot|oloffdelay|olrbootdelay)$/;
const PDU_OIDS: [RegExp, RegExp][] = [
  [
    /^\.?1\.3\.6\.1\.4\.1\.318\.1\.1\.12\.3\.3\.1\.1\.4(?:\.|$)|rPDUOutletControlOutletCommand/i,
    /^(?:2|3|immediateOff|immediateReboot)$/i,
  ],
  [/^\.?1\.3\.6\.1\.4\.1\.318\.1\.1\.4\.4\.2\.1\.3(?:\.|$)|sPDUOutletCtl/i, /^(?:2|3|outletOff|outletReboot)$/i],
  [/^\.?1\.3\.6\.1\.4\.1\.13742\.6\.4\.1\.2\.1\.2(?:\.|$)|switchingOperation/i, /^(?:0|2|off|cycle)$/i],
  [/^\.?1\.3\.6\.1\.4\.1\.1718\.3\.2\.3\.1\.11(?:\.|$)|outletControlAction/i, /^(?:2|3|off|reboot)$/i],
];

function pduReading(name: string, rest: string[]): { text: string; from: string } | null {
  const text = `machine-halt ${name} ${rest.join(' ')}`;
  if (PDU_OFF_COMMAND.test(name)) return { text, from: `${name}: a PDU cuts the power of its outlets` };
  const lower = rest.map((w) => w.toLowerCase());
  if (name === 'power' && lower[0] === 'outlets' && lower.some((w) => w === 'off' || w === 'cycle'))
    return { text, from: 'a PDU told to switch its outlets off' };
  if (name !== 'snmpset') return null;
  for (let i = 0; i < rest.length - 2; i++) {
    const pair = PDU_OIDS.find(([oid]) => oid.test(rest[i] ?? ''));
    if (pair && /^[iu]$/.test(rest[i + 1] ?? '') && pair[1].test(rest[i + 2] ?? ''))
      return { text, from: 'an SNMP set that switches a PDU outlet off' };
  }
  return null;
}

/** Programs that search, print or edit text: an action's path among their words is text. */
const TEXT_TOOLS = new Set([
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'ag',
  'echo',
  'printf',
  'cat',
  'sed',
  'awk',
  'jq',
  'less',
  'head',
  'tail',
  'git',
  'select-string',
  'write-output',
  'write-host',
]);

/** PowerShell cmdlets on machines: verb, noun. */
const CMDLET =
  /^(stop|restart|suspend|remove|set|reset)-(vmhost|scvmhost|vm|scvirtualmachine|computer|clusternode|clustergroup)$/i;

/** Words with no item named: a pipeline's input or every item (`-Multiple`, `--all`, `$(...)`). */
function every(rest: string[], computed: (w: string) => boolean): boolean {
  return rest.some(
    (w) => /^(?:--?multiple|--all)$/i.test(w) || w.includes('$(') || w.includes('`') || w === '{}' || computed(w),
  );
}

function parts(word: string): string[] {
  return word
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[./:_-]+/)
    .filter(Boolean);
}

/** What a PowerShell cmdlet on machines does, or null. */
function cmdletReading(tool: string, rest: string[]): { text: string; from: string } | null {
  const m = CMDLET.exec(tool);
  if (!m) return null;
  const verb = (m[1] ?? '').toLowerCase();
  const noun = (m[2] ?? '').toLowerCase();
  const body = [tool.toLowerCase(), ...rest].join(' ');
  // no -Name, -VM, -Id, -ComputerName or positional: what the pipeline hands it, every item listed
  const named = rest.some((w, i) => !w.startsWith('-') && !/^-/.test(rest[i - 1] ?? '-x'))
    ? true
    : rest.some((w) => /^-(?:name|vm|id|vmhost|computername|cn|node|guest)$/i.test(w));
  const host = noun === 'vmhost' || noun === 'scvmhost' || noun === 'clusternode' || noun === 'computer';
  if (verb === 'remove') {
    if (noun === 'computer' || noun === 'clustergroup') return null;
    return named
      ? { text: `cli-destroy pwsh ${body}`, from: `remove (${tool})` }
      : { text: `cli-destroy-all pwsh ${body}`, from: `remove (${tool}) of every machine piped in` };
  }
  if (verb === 'set') {
    // Set-VMHost -State Maintenance|Disconnected: the host's machines move off or stop being managed
    const i = rest.findIndex((w) => /^-state$/i.test(w));
    const state = i >= 0 ? (rest[i + 1] ?? '') : (rest.find((w) => /^-state:/i.test(w))?.slice(7) ?? '');
    if (noun !== 'vmhost' || !/^(?:maintenance|disconnected|notresponding|standby)$/i.test(state)) return null;
    return { text: `machine-halt pwsh ${body}`, from: `${tool} -State ${state}` };
  }
  if (noun === 'clustergroup') return null;
  if (host) return { text: `machine-halt pwsh ${body}`, from: `${verb} (${tool}): a host goes down` };
  return named ? null : { text: `machine-halt pwsh ${body}`, from: `${verb} (${tool}) of every machine piped in` };
}

/**
 * The takedown one simple command does (see the top of this file), as readings; `computed` tells
 * a word bound at run time by a loop over a listing or `read`.
 */
export function machineTakedownReadings(
  words: string[],
  computed: (w: string) => boolean,
): { text: string; from: string }[] {
  const tool = (words[0] ?? '').replace(/^.*[/\\]/, '').replace(/\.exe$/i, '');
  const rest = words.slice(1);
  if (tool.includes('-') && CMDLET.test(tool)) {
    const r = cmdletReading(tool, rest);
    return r ? [r] : [];
  }
  // a Redfish reset or power-off action named on the line, whatever client posts it
  // (Invoke-RedfishRequest, redfishtool raw, a wrapper script): DMTF DSP0266 `Actions/Resource.Action`
  const action = words.find((w) => REDFISH_ACTION.test(w));
  if (action && !TEXT_TOOLS.has(tool.toLowerCase()) && !words.some((w) => /^(?:GET|-Method:?Get)$/i.test(w)))
    return [
      {
        text: `machine-halt ${tool.toLowerCase()} ${rest.join(' ')}`,
        from: `a management controller's ${action.replace(/^.*\/Actions\//, '')} action`,
      },
    ];
  const name = tool.toLowerCase();
  const pdu = pduReading(name, rest);
  if (pdu) return [pdu];
  const positional = rest.filter((w) => !w.startsWith('-')).slice(0, 4);
  if (CONTROLLER_TOOLS.has(name)) {
    const power = rest.find((w) => CONTROLLER_POWER.test(w) || POWER.has(w.toLowerCase()));
    if (!power || positional.some((w) => LOOK.has(w.toLowerCase()))) return [];
    return [
      { text: `machine-halt ${name} ${rest.join(' ')}`, from: `${name} ${power}: a server powered off or reset` },
    ];
  }
  if (!HYPERVISOR_TOOLS.includes(name)) return [];
  const ps = positional.flatMap(parts);
  if (ps.some((p) => LOOK.has(p))) return [];
  // vim-cmd's `vmsvc/destroy ID` is one subcommand word the verb readings do not split
  if (name === 'vim-cmd' && ps[0] === 'vmsvc' && (ps.includes('destroy') || ps.includes('unregister'))) {
    const body = `vim-cmd ${rest.join(' ')}`;
    return every(rest, computed) || rest.length < 2
      ? [
          { text: `cli-destroy ${body}`, from: 'destroy (vim-cmd)' },
          { text: `cli-destroy-all ${body}`, from: 'destroy (vim-cmd) of every machine a listing returns' },
        ]
      : [{ text: `cli-destroy ${body}`, from: 'destroy (vim-cmd)' }];
  }
  const text = `machine-halt ${name} ${rest.join(' ')}`;
  // esxcli `system shutdown poweroff` and `system maintenanceMode set --enable true` act on the host itself
  const hostLevel =
    ps.some((p) => HOST_NOUN.has(p)) ||
    (name === 'esxcli' && ps[0] === 'system') ||
    (name === 'vim-cmd' && ps[0] === 'hostsvc');
  const power = ps.find((p) => POWER.has(p));
  if (hostLevel && power) {
    if (
      power === 'maintenance' &&
      name === 'esxcli' &&
      !rest.some((w) => /^(?:-e|--enable)(?:=true)?$/.test(w) || w === 'true')
    )
      return [];
    return [{ text, from: `${name} ${power}: a hypervisor host goes down with what runs on it` }];
  }
  const vmHalt =
    ps.find((p) => VM_HALT.has(p)) ?? (ps.includes('power') && ps.includes('off') ? 'power off' : undefined);
  if (
    vmHalt &&
    (ps.some((p) => VM_NOUN.has(p)) || name === 'virsh' || name === 'qm' || name === 'pct') &&
    every(rest, computed)
  )
    return [{ text, from: `${name} ${vmHalt} of every machine a listing returns` }];
  return [];
}
