// Management-controller CLIs told to act on a server's power, boot, firmware or accounts: the same
// effects as the Redfish URLs of control-urls.ts, through IPMI or a vendor's remote CLI, on this
// machine's controller or another's (`-H`, `-r`). Read as
//   `fetch-management-controller action HOST VERB`     power off/reset/cycle, next boot from the
//       network, controller reset, firmware, raw commands, configuration reset or wipe
//   `fetch-management-controller accounts HOST VERB`   controller users created, renamed,
//       enabled, given a password or a privilege
// Status, sensor, event-log and inventory reads stay ordinary.
// Sources: ipmitool(1) (chassis power, chassis bootdev, mc reset, user set/enable/priv, lan set,
// raw, hpm, fru write), Dell iDRAC RACADM CLI guide (serveraction, racreset, racresetcfg,
// systemerase, update, remoteimage, set iDRAC.Users.*), HPE iLOrest (reboot, rawpost, rawpatch,
// flashfwpkg, iloreset, factorydefaults), DMTF redfishtool (Systems reset, AccountService).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { withoutKeywords } from './leading-keywords.js';
import { table } from '../../util/lookup-table.js';

export const BMC_PROGRAMS: readonly string[] = ['ipmitool', 'racadm', 'ilorest', 'redfishtool', 'ipmiutil'];

/** `[verb words] -> kind`, matched against the words after the options, lower case. */
const IPMI_ACTION =
  /^(?:chassis (?:power (?:off|reset|cycle|soft|diag)|bootdev (?:pxe|cdrom|disk|bios|floppy)|bootparam set)|power (?:off|reset|cycle|soft)|mc reset|raw |hpm |fru write|lan set|sel clear|sol (?:activate|set))/;
const IPMI_ACCOUNT = /^user (?:set (?:name|password)|enable|priv)/;
const RACADM_ACTION =
  /^(?:serveraction (?!powerstatus)\w+|racreset|racresetcfg|systemerase|update\b|remoteimage -c|jobqueue create|set (?:bios|lifecyclecontroller|nic|idrac\.(?!users))\S*)/;
const RACADM_ACCOUNT = /^set idrac\.users\.|^(?:useradd|usermod)\b/;
const ILOREST_ACTION =
  /^(?:reboot|rawpost|rawpatch|rawput|rawdelete|flashfwpkg|firmwareupdate|iloreset|factorydefaults|bootorder|virtualmedia)\b/;
const ILOREST_ACCOUNT = /^(?:iloaccounts (?:add|modify|changepass|delete)|setpassword)\b/;
const REDFISHTOOL_ACTION = /^(?:systems (?:reset|setbootoverride)|managers reset|raw (?:post|patch|put|delete))\b/;
const REDFISHTOOL_ACCOUNT = /^accountservice (?:adduser|deleteuser|setpassword|useradmin)\b/;

/** Options of each CLI that take a value (so the verb words after them are found). */
const VALUED: Record<string, RegExp> = table({
  ipmitool: /^-[bBCdefHIklmNoOpPRtTUyzLAS]$/,
  ipmiutil: /^-[NUPJTVFY]$/,
  racadm: /^-[rup]$/,
  ilorest: /^(?:--url|-u|-p|--user|--password|--cache-dir|--logdir|--sessionid|-f|--filename)$/,
  redfishtool: /^-[rupIMSTWAtHdAPF]$|^--(?:rhost|user|password|Secure|Timeout|Token|Id|Members|auth)$/,
});
/** The option that names the controller reached, per CLI. */
const HOST_OPTION: Record<string, RegExp> = table({
  ipmitool: /^-H$/,
  ipmiutil: /^-N$/,
  racadm: /^-r$/,
  ilorest: /^--url$/,
  redfishtool: /^-r$|^--rhost$/,
});

export function bmcCommandEffects(line: LineView, out: Effect[]): void {
  for (const cmd of line.cmds) {
    const c = { argv: withoutKeywords(cmd.argv) };
    const name = basename(c.argv[0] ?? '').toLowerCase();
    const valued = VALUED[name];
    if (!valued) continue;
    const words: string[] = [];
    let host = 'this-machine';
    for (let i = 1; i < c.argv.length; i++) {
      const w = c.argv[i] ?? '';
      if (valued.test(w)) {
        if (HOST_OPTION[name]?.test(w)) host = c.argv[i + 1] ?? host;
        i++;
        continue;
      }
      if (w.startsWith('-') && words.length === 0) continue;
      words.push(w.toLowerCase());
    }
    // ilorest login URL given as `ilorest login HOST -u ...`
    if (name === 'ilorest' && words[0] === 'login') continue;
    const [action, account] =
      name === 'ipmitool' || name === 'ipmiutil'
        ? [IPMI_ACTION, IPMI_ACCOUNT]
        : name === 'racadm'
          ? [RACADM_ACTION, RACADM_ACCOUNT]
          : name === 'ilorest'
            ? [ILOREST_ACTION, ILOREST_ACCOUNT]
            : [REDFISHTOOL_ACTION, REDFISHTOOL_ACCOUNT];
    // the verb may start a word or two later when an option's value was left out or expanded
    // to nothing (`-H $h` in a loop reads as `-H -U admin ...`)
    let kind: 'accounts' | 'action' | undefined;
    for (let i = 0; i < Math.min(words.length, 3) && !kind; i++) {
      const verb = words.slice(i).join(' ') + ' ';
      kind = account.test(verb) ? 'accounts' : action.test(verb) ? 'action' : undefined;
    }
    if (!kind) continue;
    const shownHost = host.replace(/[^\w.:-]/g, '_');
    const shownVerb = words
      .slice(0, 3)
      .join('-')
      .replace(/[^\w.-]/g, '_');
    out.push({
      tool: 'exec',
      command: `fetch-management-controller ${kind} ${shownHost} ${shownVerb}`,
      via: `${name} tells the management controller of ${host} to ${words.slice(0, 4).join(' ')}`,
    });
  }
}
