// A network device told to erase its saved configuration or return to factory state, whatever
// carries the words to it: an ssh remote command, a here-doc or `-c` script driving an SSH library
// (netmiko, paramiko, scrapli, node-ssh), an `expect` dialogue, an automation module's command
// list, a JSON-RPC command API body, an MCP ssh tool. Such a device comes back from its next
// reload with no configuration: every link, route and ACL it carried is gone until someone
// rebuilds it from a backup at the console. Each is `device-config-erase WORDS` (denied); a line
// that names a lab or test device is `device-config-erase-lab WORDS` (asked).
// Sources (each vendor's command reference): Cisco IOS/IOS-XE/NX-OS and Arista EOS `write erase`,
// `erase startup-config`, `erase nvram:`, `erase /all nvram:`, `delete [flash:]startup-config`;
// Cisco ASA `clear configure all`; Juniper Junos `request system zeroize`, `load factory-default`;
// Palo Alto PAN-OS `request system private-data-reset`; Fortinet FortiOS `execute factoryreset`;
// MikroTik RouterOS `/system reset-configuration`; Huawei VRP and H3C Comware `reset
// saved-configuration`; Cumulus NCLU `net del all`; HPE Aruba AOS-CX `erase startup-config`.
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

/** The erase commands, each as it is typed at the device's prompt. */
const ERASE =
  /\b(?:write\s+erase|erase\s+(?:\/all\s+)?(?:startup-config|nvram:?)|delete\s+(?:\/(?:force|recursive)\s+)*(?:[a-z]+\d?:)?\/?(?:startup-config|private-config|config\.text)\b|clear\s+configure\s+all|request\s+system\s+(?:zeroize|private-data-reset)|load\s+factory-default|execute\s+factoryreset2?|reset\s+saved-configuration|net\s+del\s+all)|\/system\s+reset-configuration\b/i;

export const DEVICE_ERASE_HINT = ERASE;

/** Programs that only show, search or record text: the words in their arguments are not sent anywhere. */
const TEXT_ONLY = new Set([
  ...['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'ugrep', 'echo', 'printf', 'cat', 'less', 'more', 'head', 'tail'],
  ...['sed', 'awk', 'jq', 'yq', 'wc', 'sort', 'uniq', 'diff', 'bat', 'man', 'tldr', 'git', 'vim', 'vi', 'nano', 'code'],
]);

/** A device or inventory named for a lab, a test bench or a simulator. */
const LAB = /(?:^|[^a-z])(?:lab|labs|test|sim|sandbox|gns3|eve-ng|containerlab|clab|cml|virl)(?:[^a-z]|$)/i;

export function deviceConfigEraseEffects(line: LineView, out: Effect[]): void {
  const m = ERASE.exec(line.text);
  if (!m) return;
  if ([...line.programs].every((p) => TEXT_ONLY.has(p))) return;
  const words = m[0].replace(/\s+/g, ' ').toLowerCase();
  const lab = LAB.test(line.text);
  out.push({
    tool: 'exec',
    command: `${lab ? 'device-config-erase-lab' : 'device-config-erase'} ${words}`,
    via: `a network device is told to erase its saved configuration (${words})`,
  });
}

/** Files that run or send what they hold: playbooks, scripts, expect dialogues, command lists. */
const RUN_FILE = /\.(?:ya?ml|py|sh|bash|zsh|js|mjs|ts|rb|pl|ps1|exp|tcl|json|j2)$/i;

/**
 * The same erase written into a playbook, script or expect file that is run later
 * (`- cisco.ios.ios_command: {commands: [write erase]}`): decided when it is written, where
 * its text can be seen. Runbooks and notes (Markdown, text) only describe it.
 */
export function deviceEraseWrite(path: string, content: string | undefined): Effect[] {
  if (!content || !RUN_FILE.test(path)) return [];
  const m = ERASE.exec(content);
  if (!m) return [];
  const words = m[0].replace(/\s+/g, ' ').toLowerCase();
  const lab = LAB.test(path) || LAB.test(content.slice(0, 4096));
  return [
    {
      tool: 'exec',
      command: `${lab ? 'device-config-erase-lab' : 'device-config-erase'} ${words}`,
      via: `writes ${path.replace(/^.*\//, '')}, which tells a network device to erase its saved configuration (${words}) when run`,
    },
  ];
}
