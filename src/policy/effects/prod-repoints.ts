// `repointed-to-prod PATH`: an edit whose new text is the old one with a test, staging or
// development environment's name swapped for production's, and nothing else changed:
// `SocketConnectHost=fix-uat.cme.example.net -> fix-prod.cme.example.net`, `ENV=staging ->
// ENV=production`, `--profile dev -> --profile prod`. Whatever reads that configuration next (a trading
// session, a test suite, a deploy script, a client) then acts on production, where the file was
// written to act on a rehearsal environment. Prose files (Markdown, text, reStructuredText) only
// describe environments and are not read.
import type { Effect } from './types.js';

/** Names of environments that are not production (the usual deploy stage and exchange session names). */
const REHEARSAL =
  /(?<![A-Za-z0-9])(?:uat|test|testing|staging|stage|stg|dev|development|sandbox|qa|preprod|pre-prod|demo|sim|paper|cert|local|localhost)(?![A-Za-z])/gi;
/** Names of production. */
const PRODUCTION = /(?<![A-Za-z0-9])(?:prod|production|prd|live)(?![A-Za-z])/gi;
/** Prose: naming an environment there configures nothing. */
const PROSE = /\.(?:md|markdown|txt|rst|adoc|org|html?|ipynb)$/i;

/** The effect of an edit that points a rehearsal configuration at production, if it is one. */
export function prodRepointEffects(tool: string, path: string, before: string, after: string): Effect[] {
  if (tool !== 'edit' || !before || before === after || PROSE.test(path)) return [];
  if (before.length > 4000 || after.length > 4000) return [];
  REHEARSAL.lastIndex = 0;
  PRODUCTION.lastIndex = 0;
  if (!REHEARSAL.test(before) || !PRODUCTION.test(after)) return [];
  // production already named where the edit starts: the file already configured production
  PRODUCTION.lastIndex = 0;
  if (PRODUCTION.test(before)) return [];
  const mark = '\u0000ENV\u0000';
  if (before.replace(REHEARSAL, mark) !== after.replace(PRODUCTION, mark)) return [];
  const file = path.replace(/[^\w./~-]/g, '_');
  return [
    {
      tool: 'exec',
      command: `repointed-to-prod ${file}`,
      via: `the edit points ${path} from a rehearsal environment at production`,
    },
  ];
}
