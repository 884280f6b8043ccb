// Capacity set to nothing takes a service or a fleet down whatever the vendor: `aws autoscaling
// update-auto-scaling-group --min-size 0 --max-size 0 --desired-capacity 0`, `aws ecs
// update-service --desired-count 0`, `az vmss scale --new-capacity 0`, `gcloud compute
// instance-groups managed resize --size 0`, `gcloud container clusters resize --num-nodes 0`,
// `kubectl scale --replicas=0`, `doctl kubernetes cluster node-pool update --count 0`. The
// options are read by what they mean (a desired, maximum or target count of instances, tasks,
// replicas or nodes) and each one the command gives must be zero: `--min-size 0 --max-size 10`
// lets the group scale itself and is not a cut. A target named for tests, development or
// staging (scaled down at night to save money) is not read. Read as
//   `capacity-zero TOOL OPTION=0 ...`   (asked by the standard profile)
// A production-named target is also prod-destroys.ts's `cli-halt-prod`.
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

/** Option names (lower case, separators dropped) that set how many instances run. */
const CAPACITY_KEY =
  /^(?:desiredcapacity|maxsize|minsize|desiredcount|newcapacity|size|targetsize|replicas|numnodes|nodecount|count|instances|capacity|maxcapacity|mincapacity|maxnodes|minnodes|maxreplicas|minreplicas|numworkers|workers)$/;
/** Capacity options that only bound an autoscaler from below: zero there is routine. */
const FLOOR_KEY = /^(?:minsize|mincapacity|minnodes|minreplicas)$/;
/** Subcommand words that say the command changes capacity (not creates or lists). */
const SCALES =
  /^(?:update-auto-scaling-group|set-desired-capacity|update-service|scale|resize|update|set-capacity|update-nodegroup-config|modify-cluster|set-instance-count|autoscale)$/;
/**
 * kubectl's and oc's rehearsal (`--dry-run=client` prints the object it would send, `=server` has the
 * API server check it without persisting; a bare `--dry-run` is the old spelling of client): the
 * count changes nowhere. `--dry-run=none` is a real change and is not this.
 */
const REHEARSAL = /^--dry-run(?:=(?:client|server|true))?$/;
/** A target named for tests, development, staging or scratch. */
const SCRATCH =
  /(?:^|[^a-z0-9])(?:test|tests|testing|dev|devel|staging|stage|stg|sandbox|scratch|tmp|temp|demo|preview)(?:[^a-z0-9]|$)/i;

/** `capacity-zero ...` readings of the line's commands (see the top of this file). */
export function capacityCutEffects(l: LineView, out: Effect[]): void {
  for (const c of l.cmds) {
    const words = c.argv.slice(1);
    if (!words.some((w) => SCALES.test(w))) continue;
    if (words.some((w) => !w.startsWith('-') && SCRATCH.test(w))) continue;
    if (/^(?:kubectl|oc)$/.test((c.argv[0] ?? '').replace(/^.*[\\/]/, '')) && words.some((w) => REHEARSAL.test(w)))
      continue;
    const found: [string, string][] = [];
    for (let i = 0; i < words.length; i++) {
      const w = words[i] ?? '';
      const m = /^--?([A-Za-z][\w-]*)(?:=(.*))?$/.exec(w);
      if (!m) continue;
      const key = (m[1] ?? '').toLowerCase().replace(/[-_]/g, '');
      if (!CAPACITY_KEY.test(key)) continue;
      const value = m[2] ?? words[i + 1] ?? '';
      found.push([key, value]);
    }
    const set = found.filter(([k]) => !FLOOR_KEY.test(k));
    if (!set.length || !found.every(([, v]) => /^0+$/.test(v))) continue;
    const tool = (c.argv[0] ?? '').replace(/^.*[\\/]/, '');
    const shown = found.map(([k, v]) => `${k}=${v}`).join(' ');
    out.push({
      tool: 'exec',
      command: `capacity-zero ${tool} ${shown}`,
      via: `${tool} sets every instance count it gives to zero (${shown}): what runs there stops`,
    });
  }
}

/** The line's gate: a zero after a capacity word somewhere in it. */
export const CAPACITY_HINT = /(?:capacity|size|count|replicas|nodes|instances|workers)[= ]+0\b/i;
