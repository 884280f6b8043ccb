// Data pushed out through a channel that is not a network upload, so that no upload reading sees
// it: a hypervisor's guest-to-host property store and a packet tool's payload.
//  - A guest property set from a file or a command's output (`vmware-rpctool "info-set
//    guestinfo.x $(base64 -w0 F)"`, `vmtoolsd --cmd "info-set guestinfo.x ..."`, `VBoxControl
//    guestproperty set /x "$(cat F)"`, a write into Hyper-V's guest-to-host KVP pool
//    /var/lib/hyperv/.kvp_pool_1, or into a virtio serial port under /dev/virtio-ports/): whoever
//    reads the VM's configuration or the host's side of the channel gets the data, past every
//    network control. A literal value (`info-set guestinfo.ready true`) is ordinary provisioning.
//  - A packet tool told to fill its payload from a file or a command's output (`hping3 -E F`,
//    `hping3 --file F`, `nping --data-string "$(cat F)"`, `nping --data $(xxd -p F)`): the file
//    leaves inside ICMP, UDP or TCP packets that no upload reading sees. A fixed pattern or
//    length (`hping3 -d 120`, `nping --data-length 64`) is a network test.
// Each reads as `covert-send CHANNEL WHAT`, denied by the exfiltration policy.
// Sources: VMware Tools rpctool/vmtoolsd `info-set guestinfo.*` (VMware Tools documentation),
// VirtualBox `VBoxControl guestproperty set` (VirtualBox manual, Guest Properties), Hyper-V Data
// Exchange KVP pools (Linux Integration Services hv_kvp_daemon, pool 1 is guest to host), QEMU
// virtio-serial ports, hping3(8) `-E/--file`, nping(1) `--data`, `--data-string`.
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const COVERT_PAYLOAD_HINT = /guestinfo|guestproperty|kvp_pool|virtio-ports|hping|nping/i;

/** A value computed on the line: a substitution, a variable, or a file's text. */
const COMPUTED = String.raw`["']?(?:\$\(|\x60|\$\{?\w|<)`;
const GUEST_SET = new RegExp(
  String.raw`(?:info-set\s+guestinfo\.[\w.-]+|guestproperty\s+set\s+\S+)\s+${COMPUTED}`,
  'i',
);
/** A redirect or copy into the guest-to-host KVP pool or a virtio serial port. */
const GUEST_FILE =
  /(?:>{1,2}|\btee\b(?:\s+-a)?|\bcp\b[^|;&]*?|\bdd\b[^|;&]*?of=)\s*["']?(\/var\/lib\/hyperv\/\.kvp_pool_1|\/dev\/virtio-ports\/[\w.-]+)/i;
const HPING_FILE = /\bhping3?\b[^|;&]*?\s(?:-E|--file)\s+["']?([^\s"';|&]+)/i;
const NPING_DATA = new RegExp(String.raw`\bnping\b[^|;&]*?\s--data(?:-string)?[= ]\s*${COMPUTED}`, 'i');

function covert(channel: string, what: string, via: string): Effect {
  return { tool: 'exec', command: `covert-send ${channel} ${what.replace(/[^\w@/.:~-]/g, '_')}`, via };
}

export function covertPayloadEffects(line: LineView, out: Effect[]): void {
  const t = line.text;
  if (GUEST_SET.test(t))
    out.push(
      covert(
        'guest-property',
        'computed-value',
        'a hypervisor guest property is set from data on this machine, which the host reads',
      ),
    );
  const f = GUEST_FILE.exec(t);
  if (f)
    out.push(
      covert('guest-channel', f[1] ?? '', `data is written into ${f[1] ?? ''}, a channel the hypervisor host reads`),
    );
  const h = HPING_FILE.exec(t);
  if (h) out.push(covert('packet-payload', h[1] ?? '', `hping sends ${h[1] ?? ''} as the payload of its packets`));
  if (NPING_DATA.test(t))
    out.push(
      covert('packet-payload', 'computed-value', "nping sends a command's output as the payload of its packets"),
    );
}
