// A whole disk, tape or array formatted, erased or relabelled by any program, including ones svc
// has never heard of: a tape formatter (`mkltfs -d /dev/sg3 --force`), a vendor's disk utility
// (`acme-diskutil erase /dev/sdb`), a SCSI format (`sg_format --format /dev/sg2`), a swap or
// file-system maker. What the device held is gone whatever the program is called, so the reading
// asks two things of the line, not the program's name: a word naming a whole block, SCSI-generic
// or tape device (/dev/sdb, /dev/nvme0n1, /dev/sg3, /dev/nst0, /dev/md0, /dev/disk2, a mapper
// volume), and a verb of formatting in the program's name (mk*, *format*, *erase*, *wipe*, zap*)
// or among its words (format, erase, wipe, zap, sanitize, blank, mklabel ...). Read as
// `storage-wipe PROGRAM WORDS`, as the volume managers' removes are (storage-wipes.ts). Looks
// (lsblk, smartctl -a, blkid, a mount of the device) and help or dry runs give nothing.
// Sources: LTFS Format Specification (mkltfs), sg3_utils sg_format(8), util-linux mkswap(8),
// mkfs(8), parted(8) mklabel, mt(1) erase, macOS diskutil(8) eraseDisk.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const DEVICE_FORMAT_HINT = /\/dev\//;

/** A whole device (or a partition of one), not a pseudo-device or a terminal. */
const DEVICE =
  /^(?:[\w-]+=)?\/dev\/(?:sd[a-z]+\d*|hd[a-z]+\d*|vd[a-z]+\d*|xvd[a-z]+\d*|nvme\d+n\d+(?:p\d+)?|mmcblk\d+(?:p\d+)?|md\d+|sg\d+|n?st\d+[lma]?|r?disk\d+(?:s\d+)?|mapper\/[\w.-]+|dm-\d+|zd\d+|rbd\d+|nbd\d+|bcache\d+|tape\d*|disk\/by-[\w-]+\/[\w.:-]+|[a-z][\w-]*\/[\w.-]+)$/;
/** Pseudo-devices and terminals a path under /dev may also name. */
const PSEUDO = /^\/dev\/(?:null|zero|u?random|stdin|stdout|stderr|tty\w*|pts\/\d+|fd\/\d+|shm\/.*)$/;
/** A program whose name is a formatting verb: mkltfs, mkswap, acme-format, diskerase, zapdisk. */
const FORMAT_PROGRAM =
  /^mk(?!dir|temp|node|fifo|nod|initcpio|initramfs|cert|docs|ca\b)\w+|format|erase|wipe|^zap|sanitiz|blank/i;
/** A word that asks for the device to be formatted, erased or relabelled. */
const FORMAT_WORD =
  /^(?:-{0,2})(?:format|reformat|erase|erase-?disk|secure-?erase|wipe|zap|zap-all|sanitize|blank|zeroize|mklabel|low-?level-?format|destroy)$/i;
/** Words that make the call a look or a rehearsal. */
const LOOK =
  /^(?:-h|--help|-\?|\/\?|--version|-V|--dry-run|--dryrun|--test|--list|--info|--status|status|list|info|show)$/;
/** Programs that only look at a device, or mount it: their words are not formatting verbs. */
const READER =
  /^(?:lsblk|blkid|smartctl|fdisk|sfdisk|hdparm|mount|umount|udevadm|file|stat|ls|cat|df|du|findmnt|sg_inq|sg_map|lsscsi|ltfs|mt|dd|pv|cryptsetup|mdadm|nvme|lvremove|vgremove|pvremove|zpool|wipefs|blkdiscard|sgdisk|gdisk|parted|diskutil|badblocks)$/;

export function deviceFormatEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const name = basename(c.argv[0] ?? '').replace(/\.(?:exe|sh)$/i, '');
    // the disk tools svc already reads by name (disk-writes, storage-wipes) decide their own words;
    // mkfs is read here too, since disk-writes exempts image files by glob and a glob cannot tell
    // `mkfs.ext4 -L backup.img /dev/sdb1` (or a `# x.img` comment) from a file system in an image
    if (!name || READER.test(name.toLowerCase())) continue;
    const rest = c.argv.slice(1);
    if (!rest.some((w) => DEVICE.test(w) && !PSEUDO.test(w.replace(/^[\w-]+=/, '')))) continue;
    if (rest.some((w) => LOOK.test(w))) continue;
    if (!FORMAT_PROGRAM.test(name) && !rest.some((w) => FORMAT_WORD.test(w))) continue;
    out.push({
      tool: 'exec',
      command: `storage-wipe ${name} ${rest.join(' ')}`,
      via: `${name} formats or erases a whole device`,
    });
  }
}
