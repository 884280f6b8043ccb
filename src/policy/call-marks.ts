// How a view of one call marks the call's words in a compiled set's word indexes, and which of
// the set's policies those marks leave possible: made once per call, worked out on first use.
// The engine's view of a call and the view of a shadow set's own policies (own-policies.ts) use
// the same two steps, each over its own set.
import type { CompiledPolicy, CompiledSet } from './compile.js';
import type { CallView } from './match.js';
import { commandTexts, markTexts } from './command-marks.js';

/** view.markCommand for `set`: marks the command's words in set.commandIndex, once per view. */
export function commandMarker(set: CompiledSet, view: CallView): () => void {
  let marked = false;
  return () => {
    if (marked || !view.cmd) return;
    marked = true;
    const index = set.commandIndex;
    index.begin();
    const cmd = view.cmd;
    if (cmd.marks) {
      index.markAll(cmd.marks);
      return;
    }
    // Every text a command pattern or needle is tried on (see match.ts), each read once.
    markTexts(index, cmd.rawSlashed, commandTexts(cmd.analysis));
    // The marks depend on the command alone: the next call with it replays them.
    cmd.marks = index.markedIds();
  };
}

/**
 * view.mayFire for `set`, or undefined when its gates are not worth computing. The view's paths
 * must already be marked in set.pathIndex; the command is marked on the first policy asked about
 * (a call whose answer is memoized asks none).
 */
export function policyGate(set: CompiledSet, view: CallView): ((p: CompiledPolicy) => boolean) | undefined {
  const gates = set.gates;
  if (!gates.useful) return undefined;
  let epoch = -1;
  return (p) => {
    if (epoch < 0) {
      // The command's marks are needed to know which policies can fire: make them now.
      if (view.cmd) view.markCommand();
      epoch = gates.compute(
        view.cmd ? set.commandIndex : null,
        view.paths ? set.pathIndex : null,
        view.url !== undefined,
        view.domain,
      );
    }
    return gates.mayFire(p, epoch);
  };
}
