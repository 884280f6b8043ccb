// Files copied into a running container or pod: `kubectl cp ./patched.jar prod/api-7d9f8:/app/app.jar`,
// `docker cp payload.sh $(docker ps -qf name=prod-api):/app/entrypoint.sh`. The copy replaces what
// the workload runs or serves without an image build, a review or a deploy, and it is gone (or
// silently kept) on the next restart. A copy into a pod or container named for production, or
// into the cluster's own kube-system namespace, is an unreviewed change to what production runs:
//   `copies-into-prod TOOL TARGET`        (denied)
// A config file put into a development pod or a local container (`docker cp fixture.sql db:/tmp/`)
// is a developer's own work and gives nothing.
// Copies out of a container (`kubectl cp ns/pod:/var/log/app.log ./app.log`) read only.
// Sources: kubectl cp (SRC [NAMESPACE/]POD:PATH, -n, -c), oc cp, docker/podman/nerdctl container cp
// (SRC CONTAINER:PATH, -H/--host, --context).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const CONTAINER_COPY_PROGRAMS: readonly string[] = ['kubectl', 'oc', 'docker', 'podman', 'nerdctl'];

/** A production name as a word of its own, or the cluster's system namespace. */
const PROD_PART = /^(?:prod|production|prd)$/i;

function names(word: string): boolean {
  return (
    word.split(/[-_./:=@,\s()$]+/).some((p) => PROD_PART.test(p)) || /(?:^|[\s/=])kube-system(?:$|[\s/:])/.test(word)
  );
}

/** Options of the tools that take the next word as their value (before or after `cp`). */
const WITH_VALUE = /^(?:-n|--namespace|-c|--container|--context|--kubeconfig|--cluster|-H|--host|--retries)$/;

export function containerCopyEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const tool = basename(c.argv[0] ?? '').toLowerCase();
    if (!CONTAINER_COPY_PROGRAMS.includes(tool)) continue;
    const ops: string[] = [];
    const values: string[] = [];
    let sub = false;
    for (let i = 1; i < c.argv.length; i++) {
      const w = c.argv[i] ?? '';
      if (WITH_VALUE.test(w)) values.push(c.argv[++i] ?? '');
      else if (w.startsWith('-')) values.push(w);
      else if (!sub && (w === 'cp' || w === 'container')) sub = sub || w === 'cp';
      else if (sub) ops.push(w);
      else break;
    }
    if (!sub || ops.length < 2) continue;
    const target = ops[ops.length - 1] ?? '';
    // NAME:PATH, or $(docker ps ...):PATH; a copy out has its container on the source side
    const colon = target.lastIndexOf(':');
    if (colon <= 0 || /^[A-Za-z]:[\\/]/.test(target)) continue;
    const where = target.slice(0, colon);
    const prod = names(where) || values.some(names);
    if (prod)
      out.push({
        tool: 'exec',
        command: `copies-into-prod ${tool} ${target}`,
        via: `${tool} cp puts files into ${where}, a production workload, outside any deploy`,
      });
  }
}
