// What any command-line tool ships, read from its verb, for CLIs svc has never seen: `zcli
// publish`, `acme apps:deploy web`, `fleetctl ota deploy --all`, `cap production deploy`. The
// platforms svc knows are read by the ship catalogue (ship.ts, deploy-publish.yaml); a tool it
// does not know is read here the way shell-verbs.ts reads any tool's `delete`:
//   cli-ship TOOL PATH VERB REST    the tool deploys, publishes or promotes what it manages
// A platform the ship catalogue names (vercel, netlify, npm ...) is left to it, with its previews
// and local targets. The verbs are the ones whose everyday meaning is "make it reach users" (deploy, publish,
// promote, ship, broadcast); a rehearsal (`--dry-run`), a question (`help deploy`) or a tool
// that only builds locally under that verb (`dotnet publish`, `pnpm deploy`: the standard
// profile's exceptions) is not shipping.
import { helpAfterVerb, rehearses, RUNNERS } from './shell-verb-scope.js';
import { shipData } from './ship.js';

export const SHIP = new Set(['deploy', 'publish', 'promote', 'ship', 'broadcast']);

/**
 * Task runners: their words name the project's own targets (`make deploy-staging`), whose recipes
 * svc reads from the project's files when it runs them (make-recipes.ts, package-scripts.ts).
 */
const TASK_RUNNERS = new Set([
  'make',
  'gmake',
  'just',
  'task',
  'rake',
  'invoke',
  'inv',
  'nox',
  'tox',
  'mage',
  'earthly',
]);

/** Subcommand words read before giving up: `tool GROUP NOUN VERB` at most. */
const MAX_PATH = 4;

/** The ship verb a subcommand word spells: `deploy`, `apps:deploy`, `deploy-app`, `gh-deploy`. */
function shipVerb(word: string): string | null {
  const w = word.toLowerCase();
  if (SHIP.has(w)) return w;
  const colon = w.lastIndexOf(':');
  if (colon > 0 && SHIP.has(w.slice(colon + 1))) return w.slice(colon + 1);
  const parts = w.split('-');
  if (parts.length > 1 && (SHIP.has(parts[0] ?? '') || SHIP.has(parts[parts.length - 1] ?? '')))
    return SHIP.has(parts[0] ?? '') ? (parts[0] ?? '') : (parts[parts.length - 1] ?? '');
  return null;
}

/** `cli-ship TOOL PATH VERB REST` when a subcommand word of the command ships; else null. */
export function shipVerbReading(words: string[]): { text: string; from: string } | null {
  let start = 0;
  while (RUNNERS.has(words[start] ?? '')) start++;
  const tool = (words[start] ?? '').toLowerCase();
  if (!/^[a-z][a-z0-9._-]*$/.test(tool) || shipVerb(tool)) return null;
  // a platform the ship catalogue names is decided by it, previews and local targets included
  if (shipData().firstWords.has(tool) || TASK_RUNNERS.has(tool)) return null;
  const path: string[] = [];
  for (let i = start + 1; i < words.length && path.length < MAX_PATH; i++) {
    const w = words[i] ?? '';
    if (w.startsWith('-')) continue;
    // a path, a URL, a quoted text or an assignment ends the subcommand
    if (!/^[A-Za-z][A-Za-z0-9:_-]*$/.test(w) || w.length > 40) return null;
    // what follows run/exec is a command run inside, not this tool's subcommand; but a task
    // runner's `run deploy` (envoy, dep, fab) names its deploy task
    const task = words.slice(i + 1).find((x) => !x.startsWith('-')) ?? '';
    if (w === 'run' && SHIP.has(task.toLowerCase())) continue;
    if (w === 'run' || w === 'exec' || w === 'help') return null;
    path.push(w);
    const verb = shipVerb(w);
    if (!verb) continue;
    const rest = words.slice(i + 1);
    if (rehearses(words, start + 1) || helpAfterVerb(rest)) return null;
    return { text: ['cli-ship', tool, ...path, ...rest].join(' '), from: `${verb} (${tool})` };
  }
  return null;
}
