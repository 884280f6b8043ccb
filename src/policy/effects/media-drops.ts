// Files written onto a removable drive, or into a folder a transfer service carries out of the
// network: both are how data leaves a machine that no upload reaches (an air-gapped enclave's
// low-side outbox, a USB stick). Read from where a command writes, whatever program writes there:
// a copy's or move's last operand, an archive or image built there (`-o`, `-f`, `of=`, zip's and
// 7z's archive operand), or output redirected there. Each reads as `shares-data WHAT to PLACE`,
// which the exfiltration policy asks about. Reading from such a drive (an update brought in) is no
// part of this, and so is a firmware image copied onto a board's bootloader drive. Places: udisks2's /run/media/USER/LABEL, /media/[USER/]LABEL, /mnt/usb* and
// /mnt/cdrom (removable-media mounts), and transfer folders named for the way out
// (.../transfer/outbound/, a low side, a cross-domain outbox).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';
import { REMOVABLE_MOUNT } from './foreign-folders.js';

export const MEDIA_DROP_HINT = /\/media\/|\/mnt\/|\/transfer\/|low[-_]?side|cross[-_]?domain|\/outbox\//i;

const OUTBOUND =
  /\/transfer\/(?:out|outbound|outgoing|export)\/|(?:^|\/)(?:low[-_]?side|cross[-_]?domain|to[-_]?(?:low|external|unclass\w*))(?:\/|$)|\/outbox\//i;

/** Programs whose last operand is where they copy to. */
const COPIERS = /^(?:cp|mv|rsync|install|ditto|rclone|copy|xcopy|robocopy|copy-item|move-item|cpio|pv|gcp|ucp)$/i;
/** Options whose value is the file a program writes. */
const OUTPUT_OPTION = /^(?:-o|--output|-O|--output-document|-f|--file|-destination|--destination|-outfile)$/i;

/** Firmware images a board's bootloader drive takes (UF2, Intel HEX, raw binaries). */
const FIRMWARE = /\.(?:uf2|hex|bin|elf|dfu)$/i;

function place(path: string): string | undefined {
  const p = path.replace(/\\/g, '/');
  if (REMOVABLE_MOUNT.test(p)) return 'removable-media';
  if (OUTBOUND.test(p)) return 'outbound-transfer';
  return undefined;
}

export function mediaDropEffects(line: LineFacts, out: Effect[]): void {
  for (const c of line.cmds) {
    const a = c.argv;
    const name = basename(a[0] ?? '').toLowerCase();
    const ops = a.slice(1).filter((w) => !w.startsWith('-'));
    const dests: string[] = [];
    // tar writes an archive only when it creates one (`tar xzf /media/usb/in.tgz` reads from the drive)
    const tarReads =
      name === 'tar' &&
      !a
        .slice(1)
        .some(
          (x, i) =>
            x === '--create' || /^-[A-Za-z]*c[A-Za-z]*$/.test(x) || (i === 0 && /^[A-Za-z]*c[A-Za-z]*$/.test(x)),
        );
    for (let i = 1; i < a.length && !tarReads; i++) {
      const w = a[i] ?? '';
      if (OUTPUT_OPTION.test(w) && a[i + 1]) dests.push(a[i + 1] ?? '');
      else if (/^(?:of|--output|--destination)=/.test(w)) dests.push(w.slice(w.indexOf('=') + 1));
      // tar -czf ARCHIVE: f is the last letter of a bundled flag word
      else if (name === 'tar' && /^-?[A-Za-z]*f$/.test(w) && !w.startsWith('--') && a[i + 1])
        dests.push(a[i + 1] ?? '');
    }
    if (COPIERS.test(name) && ops.length >= 2) dests.push(ops[ops.length - 1] ?? '');
    if (/^(?:zip|7z|7za|rar)$/.test(name)) dests.push(ops.find((w) => !/^(?:a|u|add)$/.test(w)) ?? '');
    for (const r of c.redirs) if (r.op.startsWith('>') && r.fd !== '2') dests.push(r.target);
    for (const d of dests) {
      const where = place(d);
      if (!where) continue;
      const what = ops.find((w) => w !== d && !place(w)) ?? name;
      // a firmware image copied onto a board's mass-storage bootloader drive (a UF2 drive) flashes it
      if (where === 'removable-media' && FIRMWARE.test(what)) continue;
      out.push({
        tool: 'exec',
        command: `shares-data ${what.replace(/[^\w@/.:~-]/g, '_')} to ${where}`,
        via: `${name} writes ${what} to ${d}, ${where === 'removable-media' ? 'a removable drive' : 'a transfer folder that carries files out'}`,
      });
      break;
    }
  }
}
