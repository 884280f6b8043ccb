// A job or process moved ahead of everyone else's on a shared machine or cluster, whatever the
// scheduler: a priority, QoS or fair-share value set on an update/modify/alter verb (Slurm
// `scontrol update JobId=N Priority=N`, `scontrol top`, `sacctmgr modify user ... set qos=...`),
// PBS and Grid Engine `qalter -p`, LSF `bmod -sp` and `btop`, HTCondor `condor_prio -p` and
// `condor_qedit ... JobPrio`, and on one machine a negative niceness (`renice -n -5`, `nice
// -n -10`) or a real-time class (`chrt -f 99`, `ionice -c 1`), which only root may give. Each is
// power over other users' share of the machine that an administrator grants: read as
// `priority-raise TOOL WORDS`, which the standard policy asks about. Looking (`scontrol show`,
// `sprio`, `sacctmgr show`) and lowering one's own priority (`nice -n 10`, `renice +5`) pass.
// Sources: scontrol(1), sacctmgr(1), qalter(1B), bmod/btop (IBM Spectrum LSF reference),
// condor_prio(1), renice(1), nice(1), chrt(1), ionice(1).
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const PRIORITY_HINT =
  /priority|qos|fairshare|jobprio|qalter|bmod|btop|condor_prio|scontrol\s+top|renice|nice|chrt|ionice/i;

const SETS_PRIORITY = /^(?:priority|qos|defaultqos|fairshare|prio|jobprio|nice)[+-]?=/i;
const UPDATE_VERB = /^(?:update|modify|mod|alter|set|qedit)$/i;

function raise(argv: string[]): string | undefined {
  const tool = (argv[0] ?? '').replace(/^.*\//, '').toLowerCase();
  const rest = argv.slice(1);
  if (tool === 'scontrol' && rest[0] === 'top') return 'scontrol top';
  if ((tool === 'qalter' && rest.includes('-p')) || (tool === 'bmod' && rest.includes('-sp')) || tool === 'btop')
    return tool;
  if (tool === 'condor_prio' && rest.some((w) => /^[-+]?p$|^-p$/.test(w) || /^\+\d/.test(w))) return tool;
  if (tool === 'condor_qedit' && rest.some((w) => /^jobprio$/i.test(w))) return tool;
  if (rest.some((w) => UPDATE_VERB.test(w)) && rest.some((w) => SETS_PRIORITY.test(w) && !/=\s*$/.test(w))) return tool;
  if (tool === 'renice' || tool === 'nice') {
    const i = rest.findIndex((w) => w === '-n' || w === '--adjustment' || w === '--priority');
    const v = i >= 0 ? rest[i + 1] : rest.find((w) => /^-?-\d+$/.test(w))?.replace(/^-(?=-)/, '');
    if (v !== undefined && /^-\d+$/.test(v)) return `${tool} ${v}`;
  }
  if (tool === 'chrt' && rest.some((w) => /^-(?:f|r|-fifo|-rr)$/.test(w))) return 'chrt realtime';
  if (tool === 'ionice' && rest.some((w, k) => w === '-c1' || (w === '-c' && rest[k + 1] === '1')))
    return 'ionice realtime';
  return undefined;
}

export function priorityRaiseEffects(l: LineView, out: Effect[]): void {
  for (const c of l.cmds) {
    const r = raise(c.argv);
    if (r)
      out.push({
        tool: 'exec',
        command: `priority-raise ${r}`,
        via: `${r} puts work ahead of other users' on the machine or cluster`,
      });
  }
}
