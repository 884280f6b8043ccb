// A command's effects read from every spelling of it the shell reader understood: the line as
// written, and the simple commands it resolved (variables, ${IFS}, braces, aliases) and the code
// it found running (function bodies, decoded text). `c=tee; $c /etc/hosts` then writes
// /etc/hosts just as `tee /etc/hosts` does.
import type { CommandAnalysis } from '../shell.js';
import { MAX_EFFECTS, type Effect } from './types.js';

/** The part of the effect cache this needs (per-text effects, decide.ts). */
interface PerText {
  forCommand(command: string): Effect[];
}

/** The union per analysis: an analysis is kept (and reused) as long as its command is cached. */
const unions = new WeakMap<CommandAnalysis, Effect[]>();

function key(e: Effect): string {
  return `${e.tool}\0${e.path ?? ''}\0${e.url ?? ''}\0${e.command ?? ''}\0${e.content ?? ''}`;
}

/** `cd DIR &&` or `cd DIR;` opening a line (DIR without quotes or substitutions). */
const LEADING_CD = /^\s*(?:cd|pushd)\s+([\w~$.{}/-]+)\s*(?:&&|;)/;

/** The effects of `command` and of each resolved spelling of it, each effect once. */
export function resolvedEffects(command: string, analysis: CommandAnalysis, cache: PerText): Effect[] {
  const own = cache.forCommand(command);
  if (!analysis.resolved.length) return own;
  const hit = unions.get(analysis);
  if (hit) return hit;
  const seen = new Set(own.map(key));
  const out = own.slice();
  // a resolved simple command runs where the line's leading `cd DIR &&` put it: its relative
  // paths are read under DIR as the line's own are (cwd-paths.ts)
  const cd = LEADING_CD.exec(command)?.[1];
  for (const text of analysis.resolved) {
    if (text === command || text === analysis.raw) continue;
    const texts = cd && !/^\s*(?:cd|pushd)\s/.test(text) ? [text, `cd ${cd} && ${text}`] : [text];
    for (const e of texts.flatMap((t) => cache.forCommand(t))) {
      if (out.length >= 2 * MAX_EFFECTS) break;
      const k = key(e);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(e);
    }
  }
  unions.set(analysis, out);
  return out;
}
