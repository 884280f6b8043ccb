// Going back to a snapshot throws away everything written since it, and some tools destroy the
// newer snapshots on the way (`zfs rollback -r`): `zfs rollback tank/home@monday`, `qm rollback
// 100 pre-upgrade` (Proxmox), `pct rollback`, `virsh snapshot-revert`, `govc snapshot.revert`,
// `VBoxManage snapshot VM restore SNAP`, `vmrun revertToSnapshot`, `lxc restore`/`incus snapshot
// restore`, `snapper rollback`, `prlctl snapshot-switch`, `lvconvert --merge VG/SNAP` (LVM merges
// the snapshot back over its origin). Read as
//   `snapshot-revert TOOL WORDS`   (asked by the standard profile)
// A deploy tool's rollback (`helm rollback`, `kubectl rollout undo`, `git revert`) goes back to an
// earlier release, not to a snapshot of data, and is not read here.
// Sources: zfs-rollback(8), qm(1)/pct(1), virsh(1), govc USAGE, VBoxManage snapshot, vmrun,
// lxc/incus restore, snapper(8), prlctl(8), lvconvert(8).
import { basename } from '../shell-wrappers.js';
import type { SimpleCommand } from './walk.js';
import type { Effect } from './types.js';

/** Subcommands that are a revert to a snapshot whatever tool spells them. */
const REVERT_WORD =
  /^(?:snapshot[-._]?(?:revert|restore|rollback|switch|apply)|revert[-_]?to[-_]?snapshot|reverttosnapshot)$/i;
/** Tools whose plain `rollback`/`restore` verb is a return to a snapshot of a VM, container or filesystem. */
const SNAPSHOT_TOOLS = new Set(['zfs', 'qm', 'pct', 'snapper', 'lxc', 'incus', 'multipass', 'timeshift']);

/** Whether the command reverts data to a snapshot. */
function reverts(argv: string[]): boolean {
  const tool = basename(argv[0] ?? '').toLowerCase();
  const pos = argv.slice(1).filter((w) => !w.startsWith('-'));
  if (pos.slice(0, 3).some((w) => REVERT_WORD.test(w))) return true;
  const verb = (pos[0] ?? '').toLowerCase();
  if (SNAPSHOT_TOOLS.has(tool) && (verb === 'rollback' || verb === 'restore')) return true;
  // incus snapshot restore C SNAP; VBoxManage snapshot VM restore SNAP
  const at = pos.findIndex((w) => w.toLowerCase() === 'snapshot');
  if (at >= 0 && pos.slice(at + 1, at + 3).some((w) => /^(?:restore|revert|rollback|restorecurrent)$/i.test(w)))
    return true;
  return tool === 'lvconvert' && argv.includes('--merge');
}

/** The line's gate (line-readings.ts): a revert, rollback, restore or merge word somewhere in it. */
export const SNAPSHOT_HINT = /revert|rollback|restore|snapshot-switch|--merge/i;

/** `snapshot-revert ...` readings of the line's commands. */
export function snapshotReverts(cmds: SimpleCommand[]): Effect[] {
  const out: Effect[] = [];
  for (const c of cmds) {
    if (c.argv.length < 3 || c.argv.some((w) => /^(?:--dry-?run|-n)$/.test(w)) || !reverts(c.argv)) continue;
    const tool = basename(c.argv[0] ?? '');
    out.push({
      tool: 'exec',
      command: `snapshot-revert ${tool} ${c.argv.slice(1).join(' ')}`,
      via: `${tool} goes back to a snapshot: everything written since it is thrown away`,
    });
  }
  return out;
}
