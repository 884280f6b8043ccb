// A project's own clean target pointed at the machine: `make clean BUILD_DIR=/`, `make distclean
// OUT=$HOME`, `npm run clean -- --dir /`, `just clean dir=~`. The recipe is the project's (rm -rf
// $(BUILD_DIR)); the variable given on the command line overrides the Makefile's value, so the
// recipe deletes whatever the line names. A clean-like target or script (clean, distclean,
// clobber, purge, wipe, nuke, reset, prune) given a root, a home folder, a system directory or a
// parent of the project reads as the `rm -rf VALUE` it runs, and the delete rules decide it.
// Values inside the project (BUILD_DIR=out, --dir dist) give nothing.
// Sources: GNU make (command-line variable overrides), npm-run-script (arguments after --),
// just (recipe parameters and NAME=VALUE overrides).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const CLEAN_VAR_PROGRAMS: readonly string[] = ['make', 'gmake', 'bmake', 'just', 'npm', 'yarn', 'pnpm', 'bun'];

const CLEAN_NAME = /(?:^|[:_-])(?:clean|distclean|mrproper|clobber|purge|wipe|nuke|reset|prune|scrub)(?:$|[:_-])/i;

/** A value naming the machine rather than a folder of the project. */
const WIDE =
  /^(?:\/|\/\*|~|~\/|~\/\*|\$HOME\/?|\$\{HOME\}\/?|\/(?:home|Users)\/[^/]+\/?|\/root\/?|\/(?:etc|usr|var|opt|srv|bin|lib|boot|data)\/?|\.\.(?:\/\.\.)*\/?)$/;

function unquote(w: string): string {
  return w.replace(/^(["'])(.*)\1$/, '$2');
}

export function cleanVarEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const a = c.argv;
    const tool = basename(a[0] ?? '').toLowerCase();
    if (!CLEAN_VAR_PROGRAMS.includes(tool)) continue;
    let words = a.slice(1);
    if (tool !== 'make' && tool !== 'gmake' && tool !== 'bmake' && tool !== 'just') {
      // npm run NAME -- ARGS, yarn NAME ARGS, pnpm run NAME ARGS, bun run NAME ARGS
      if (words[0] === 'run' || words[0] === 'run-script') words = words.slice(1);
      else if (tool === 'npm') continue;
    }
    const targets = words.filter((w) => !w.startsWith('-') && !w.includes('='));
    if (!targets.some((t) => CLEAN_NAME.test(t))) continue;
    for (let i = 0; i < words.length; i++) {
      const w = words[i] ?? '';
      const eq = w.indexOf('=');
      let value: string | undefined;
      if (eq > 0) value = unquote(w.slice(eq + 1));
      else if (w.startsWith('-') && w !== '--' && !/^-[CfI]$|^--(?:directory|file|makefile|include-dir)$/.test(w)) {
        const next = words[i + 1];
        if (next !== undefined && !next.startsWith('-')) value = unquote(next);
      } else if (tool === 'just' && i > 0 && !w.startsWith('-')) value = unquote(w); // recipe arguments
      if (value === undefined || !WIDE.test(value)) continue;
      out.push({
        tool: 'exec',
        command: `rm -rf ${value}`,
        via: `${tool} runs the clean recipe with ${w}${eq > 0 ? '' : ' ' + value}: it deletes ${value}`,
      });
    }
  }
}
