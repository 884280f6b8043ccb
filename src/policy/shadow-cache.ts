// What two engines over the same home directory can share: how a command reads (the shell
// analysis) and what it amounts to (its effects). Both depend on the command text alone, never on
// the policy set, so the live set and a shadow set beside it (docs/shadow-and-replay.md) pay for
// them once per command: the shadow then costs only its own rule matching.
import { analyzeCommand, type CommandAnalysis } from './shell.js';
import { EffectCache } from './effects/decide.js';

/** Distinct commands kept, and their characters in total (the engine's own cache bounds). */
const ENTRIES = 8192;
const CHARS = 8 * 1024 * 1024;

export class SharedAnalysis {
  readonly effects = new EffectCache();
  private readonly map = new Map<string, { analysis: CommandAnalysis; size: number }>();
  private chars = 0;

  constructor(readonly home: string) {}

  analyze(command: string): CommandAnalysis {
    const hit = this.map.get(command);
    if (hit) return hit.analysis;
    const analysis = analyzeCommand(command, { home: this.home });
    const size = command.length + analysis.candidates.reduce((n, c) => n + c.length, 0);
    while (this.map.size && (this.map.size >= ENTRIES || this.chars + size > CHARS)) {
      const oldest = this.map.entries().next().value;
      if (!oldest) break;
      this.map.delete(oldest[0]);
      this.chars -= oldest[1].size;
    }
    this.map.set(command, { analysis, size });
    this.chars += size;
    return analysis;
  }
}
