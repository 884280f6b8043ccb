// Volume managers and disk tools that destroy what a disk holds without writing a file: LVM's
// removes (lvremove, vgremove, pvremove), RAID superblocks zeroed (mdadm --zero-superblock), LUKS
// headers and key slots erased (cryptsetup luksErase, erase, luksKillSlot: the data becomes
// unreadable for good), ZFS pools destroyed or relabelled (zpool destroy, labelclear), NVMe
// format and sanitize, ATA secure erase (hdparm --security-erase). Each is `storage-wipe TOOL
// WORDS` (denied by the standard profile); their listing and status forms give nothing.
// Sources: lvm(8) lvremove/vgremove/pvremove, mdadm(8), cryptsetup(8), zpool(8), nvme-cli
// (nvme format, nvme sanitize), hdparm(8).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { table } from '../../util/lookup-table.js';

/** Program -> the words (after it) that make it destroy, or null: any use does. */
const WIPES: Record<string, RegExp | null> = table({
  lvremove: null,
  vgremove: null,
  pvremove: null,
  mdadm: /^--zero-superblock$/,
  // luksFormat writes a new header and key over the device: what it held is unreadable
  cryptsetup: /^(?:luksErase|erase|luksKillSlot|luksRemoveKey|luksFormat)$/,
  // sfdisk(8) --delete removes partitions from the table; wsl --unregister deletes the
  // distribution's whole file system (learn.microsoft.com, WSL basic commands)
  sfdisk: /^--delete$/,
  wsl: /^--unregister$/,
  'wsl.exe': /^--unregister$/,
  zpool: /^(?:destroy|labelclear)$/,
  nvme: /^(?:format|sanitize)$/,
  hdparm: /^--security-erase(?:-enhanced)?$/,
});

export const STORAGE_PROGRAMS: readonly string[] = Object.keys(WIPES);

export function storageWipeEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (!(name in WIPES)) continue;
    const test = WIPES[name] ?? null;
    const rest = c.argv.slice(1);
    // help, version and LVM's --test (a rehearsal) change nothing
    if (rest.some((w) => w === '--help' || w === '-h' || w === '--version' || w === '--test')) continue;
    if (test === null ? rest.length === 0 : !rest.some((w) => test.test(w))) continue;
    out.push({
      tool: 'exec',
      command: `storage-wipe ${name} ${rest.join(' ')}`,
      via: `${name} destroys what a disk, volume or pool holds`,
    });
  }
}
