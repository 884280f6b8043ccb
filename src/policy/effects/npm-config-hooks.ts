// node-options set through a package manager's config command: npm (and pnpm, which reads the same
// .npmrc) passes it as NODE_OPTIONS to every script and node process it starts, so a `--require`,
// `--import` or `--loader` in it loads that module into each later `npm run`, test and build. Read
// in every spelling the config command takes (`set KEY VALUE`, `set KEY=VALUE`, several pairs,
// `--location`/`-g` anywhere) as `startup-env NODE_OPTIONS npm-config`, which policy
// startup-readings denies; a heap size or a warning flag gives no reading.
// Sources: npm docs "config" (`npm config set <key>=<value> [<key>=<value> ...]`, node-options),
// pnpm docs ".npmrc" (node-options), Node.js CLI docs (--require, --import, --loader).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { loadsCode } from './startup-plant.js';

export const NPM_CONFIG_PROGRAMS: readonly string[] = ['npm', 'pnpm', 'yarn', 'bun'];

/** npm config options that take a value (npm docs "config": --location, -L). */
const VALUED = /^(?:--location|-L|--userconfig|--globalconfig|--prefix)$/;

/** The KEY VALUE pairs of `config set` (`set K V`, `set K=V [K=V ...]`, options anywhere). */
function configPairs(argv: string[]): [string, string][] {
  const i = argv.findIndex((w, k) => w === 'set' && argv[k - 1] === 'config');
  if (i < 0) return [];
  const out: [string, string][] = [];
  for (let k = i + 1; k < argv.length; k++) {
    const w = argv[k] ?? '';
    if (VALUED.test(w)) {
      k++;
      continue;
    }
    if (w.startsWith('-')) continue;
    const eq = w.indexOf('=');
    if (eq > 0) out.push([w.slice(0, eq), w.slice(eq + 1)]);
    else {
      out.push([w, argv[k + 1] ?? '']);
      break;
    }
  }
  return out;
}

export function npmConfigHookEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (!NPM_CONFIG_PROGRAMS.includes(name)) continue;
    for (const [k, v] of configPairs(c.argv))
      if (
        /^(?:node-options|node_options|nodeoptions)$/i.test(k) &&
        loadsCode('NODE_OPTIONS', v.replace(/^(['"])(.*)\1$/, '$2'))
      )
        out.push({
          tool: 'startup',
          command: 'startup-env NODE_OPTIONS npm-config',
          via: `${name} config sets node-options ${v.slice(0, 80)}, loaded into every node process it starts`,
        });
  }
}
