// Code planted on a network device or appliance to run later by itself: its own scheduler or
// event handler set to run a shell, a script or a transfer to another host, at boot, on an
// event or on a timer. Pushed as configuration (a file given to napalm, netmiko's
// send_config_set, `ssh switch 'configure ...'`, a written config), it outlives the session and
// runs with the device's privileges, so the reading is the construct and its action, whatever
// the vendor:
//   Arista EOS `event-handler NAME` / `trigger on-boot` / `action bash ...`, `schedule NAME
//   interval N ... command ...`; Cisco IOS EEM `event manager applet` / `action N cli command`,
//   `kron policy-list`, NX-OS `scheduler job name`; Junos `event-options` policies that
//   `execute-commands` or run an `event-script`; MikroTik RouterOS `/system scheduler add
//   on-event=`; FortiOS `config system auto-script`.
// The action must run a shell or interpreter, fetch, or send to an address (`bash`, `python`,
// `tclsh`, `curl`, `/tool fetch`, a `tftp://`/`http://` URL, `copy ... scp:`): a scheduled
// `show` or `write memory` is routine operations and passes.
// Read as `startup-program device-scheduler KIND`, denied by startup-readings.
// Sources: Arista EOS manual (Event Handler, schedule), Cisco IOS Embedded Event Manager and Kron
// configuration guides, NX-OS scheduler, Junos event policy (execute-commands, event-script),
// MikroTik RouterOS /system scheduler, FortiOS CLI reference (system auto-script).
import type { Effect } from './types.js';

export const DEVICE_SCHEDULER_HINT =
  /event-handler|event manager applet|kron policy|scheduler job|event-options|system scheduler|auto-script|schedule\s+\S+\s+(?:at|interval)\b/i;

/** Each device's construct that runs something later, and its name for the reading. */
const CONSTRUCTS: [RegExp, string][] = [
  [/\bevent-handler\s+\S+/i, 'eos-event-handler'],
  [/\bschedule\s+\S+\s+(?:at\s+\S+|interval\s+\d+)[\s\S]{0,200}?\bcommand\b/i, 'eos-schedule'],
  [/\bevent manager applet\s+\S+/i, 'ios-eem'],
  [/\bkron policy-list\s+\S+/i, 'ios-kron'],
  [/\bscheduler job name\s+\S+/i, 'nxos-scheduler'],
  [/\bevent-options\b[\s\S]{0,400}?\b(?:execute-commands|event-script|then)\b/i, 'junos-event-options'],
  [/\/system scheduler add\b[\s\S]{0,300}?\bon-event=/i, 'routeros-scheduler'],
  [/\bconfig system auto-script\b/i, 'fortios-auto-script'],
];

/** An action that runs a shell or interpreter, fetches, or sends to another address. */
const REACHING_ACTION =
  /\b(?:bash|sh -c|python3?|tclsh|perl|curl|wget)\b|\/tool fetch\b|\b(?:tftp|ftp|https?|scp|sftp):\/\/|\bcopy\s+\S+\s+(?:tftp|ftp|scp|http|https):|\brun\s+bash\b/i;

/** The device schedulers a configuration text sets to run a reaching action. */
export function deviceSchedulerPlants(text: string, where: string): Effect[] {
  if (text.length > 256 * 1024 || !DEVICE_SCHEDULER_HINT.test(text)) return [];
  for (const [construct, kind] of CONSTRUCTS) {
    const m = construct.exec(text);
    if (!m) continue;
    // the action follows the construct's header within its block
    const block = text.slice(m.index, m.index + 800);
    if (REACHING_ACTION.test(block))
      return [
        {
          tool: 'startup',
          command: `startup-program device-scheduler ${kind}`,
          via: `${where} sets a device's ${kind} to run a shell or reach another host later by itself`,
        },
      ];
  }
  return [];
}
