// A project's own clean target pointed at the machine: `make clean BUILD_DIR=/`, `make distclean
// OUT=$HOME`, `npm run clean -- --dir /`, `just clean dir=~`. The recipe is the project's (rm -rf
// $(BUILD_DIR)); the variable given on the command line overrides the Makefile's value, so the
// recipe deletes whatever the line names. A clean-like target or script (clean, distclean,
// clobber, purge, wipe, nuke, reset, prune) given a root, a home folder, a system directory or a
// parent of the project reads as the `rm -rf VALUE` it runs, and the delete rules decide it.
// Values inside the project (BUILD_DIR=out, --dir dist) give nothing.
// Build tools' own clean does the same with the output folder it is told to use: `cargo clean
// --target-dir ~` deletes the home folder, `gradle clean -PbuildDir=/home/dev`, `mvn clean
// -Dproject.build.directory=/`, `bazel --output_base=$HOME clean --expunge` likewise.
// Sources: GNU make (command-line variable overrides), npm-run-script (arguments after --),
// just (recipe parameters and NAME=VALUE overrides), cargo-clean(1) (--target-dir), Gradle
// (-P project properties, buildDir), Maven (-D properties, project.build.directory), Bazel
// (--output_base, --output_user_root, clean --expunge).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

/** Build tools whose `clean` deletes the output folder an option names. */
const BUILD_CLEANS = ['cargo', 'gradle', 'gradlew', 'mvn', 'mvnw', 'bazel', 'bazelisk'];

export const CLEAN_VAR_PROGRAMS: readonly string[] = [
  'make',
  'gmake',
  'bmake',
  'just',
  'npm',
  'yarn',
  'pnpm',
  'bun',
  ...BUILD_CLEANS,
];

/** Options whose value is the project or a file to read, not a folder the clean deletes. */
const NOT_OUTPUT =
  /^-[CfIp]$|^--(?:directory|file|makefile|include-dir|project-dir|manifest-path|settings-file|build-file)$/;

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
    if (tool !== 'make' && tool !== 'gmake' && tool !== 'bmake' && tool !== 'just' && !BUILD_CLEANS.includes(tool)) {
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
      else if (w.startsWith('-') && w !== '--' && !NOT_OUTPUT.test(w)) {
        const next = words[i + 1];
        if (next !== undefined && !next.startsWith('-')) value = unquote(next);
      } else if (tool === 'just' && i > 0 && !w.startsWith('-')) value = unquote(w); // recipe arguments
      // a build tool's output folder set to the project itself: its clean deletes the checkout
      const here = BUILD_CLEANS.includes(tool) && /^\.\/?$/.test(value ?? '');
      if (value === undefined || (!WIDE.test(value) && !here)) continue;
      out.push({
        tool: 'exec',
        command: `rm -rf ${value}`,
        via: `${tool} ${BUILD_CLEANS.includes(tool) ? 'cleans its output folder' : 'runs the clean recipe'} with ${w}${eq > 0 ? '' : ' ' + value}: it deletes ${value}`,
      });
    }
  }
}
