// Site-management CLIs aimed at a live site by alias: `wp @production plugin update --all`,
// `wp --ssh=deploy@shop.example.com/var/www core update`, `drush @client.prod updatedb -y`,
// `terminus wp site.live -- plugin update --all`. WP-CLI and Drush read the site from an alias
// (wp-cli.yml `@name`, Drush `@site.env` alias files) or an SSH target, so the command that is
// routine on the local copy changes the live site when the alias or host names production. Read
// as `cli-change-prod TOOL WORDS` (asked by production-changes) unless the command only looks.
// Sources: WP-CLI global parameters (--ssh, @alias) and command index; Drush site aliases and
// command list; Pantheon Terminus remote:wp / remote:drush.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';

export const SITE_ALIAS_PROGRAMS = ['wp', 'drush', 'terminus'];

/** A name that says production. */
const PROD = /(?:^|[^a-z0-9])(?:prod|production|prd|live)(?:[^a-z0-9]|$|\d)/i;
/** A name that says a copy that is not production. */
const NOT_PROD =
  /(?:^|[^a-z0-9])(?:stag(?:e|ing)|dev|develop|test|testing|qa|uat|local|localhost|preview|sandbox|demo)(?:[^a-z0-9]|$|\d)/i;

/** WP-CLI and Drush subcommand words that only look (each CLI's command index). */
const LOOKS = new Set(
  (
    'list get status version verify-checksums check-update is-installed is-active path info count search tables ' +
    'size columns prefix export help cli doctor describe exists has diff logs ' +
    // Drush
    'st core:status core-status pm:list pml pm-list config:get cget config:status cst watchdog:show ws wd-show ' +
    'watchdog:list updatedb:status updbst field:info views:list user:information uinf role:list queue:list ' +
    'sql:dump sql-dump sql-conf sql:conf sql:connect config:export cex'
  ).split(' '),
);

/** WP-CLI's target: `@alias` or `--ssh=HOST/path`; Drush's: `@site.env`. */
function wpTarget(a: string[]): { target: string; rest: string[] } | undefined {
  let target: string | undefined;
  const rest: string[] = [];
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (!target && /^@[\w.-]+$/.test(w) && w !== '@all') target = w.slice(1);
    else if (w.startsWith('--ssh=')) target = `ssh:${w.slice(6)}`;
    else if (w === '--ssh') target = `ssh:${a[++i] ?? ''}`;
    else rest.push(w);
  }
  return target ? { target, rest } : undefined;
}

/**
 * `drush sql:sync SOURCE TARGET` and `drush rsync SOURCE[:PATH] TARGET[:PATH]` change only their
 * target: copying the live site into a local one (`@prod @self`) leaves production as it was.
 */
function drushCopyTarget(a: string[]): { target: string; rest: string[] } | undefined {
  const ops = a.slice(1).filter((w) => !w.startsWith('-'));
  const sub = ops.find((w) => !w.startsWith('@')) ?? '';
  if (!/^(?:sql[:-]sync|(?:core[:-])?rsync)$/.test(sub)) return undefined;
  const ends = ops.filter((w) => w.startsWith('@'));
  if (ends.length < 2) return undefined;
  const target = (ends[ends.length - 1] ?? '').replace(/^@/, '').replace(/:.*$/, '');
  return { target, rest: a.slice(1).filter((w) => !w.startsWith('@')) };
}

/** Whether a target reaches production: named for it, or an SSH host with a public domain not named as a copy. */
function live(target: string): boolean {
  if (!target.startsWith('ssh:')) return PROD.test(target) && !NOT_PROD.test(target);
  const host = target
    .slice(4)
    .replace(/^[^@]*@/, '')
    .replace(/[:/].*$/, '');
  if (NOT_PROD.test(host)) return false;
  return PROD.test(host) || /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(host);
}

/** Whether the command (its subcommand words) only looks. */
function looks(rest: string[]): boolean {
  const ops = rest.filter((w) => !w.startsWith('-'));
  if (!ops.length) return true;
  if (rest.includes('--dry-run') || rest.includes('--simulate')) return true;
  return ops.slice(0, 3).some((w) => LOOKS.has(w.toLowerCase()));
}

/** Live-site changes made through a site alias or an SSH target. */
export function siteAliasEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    let tool = name;
    let target: string | undefined;
    let rest: string[] = [];
    if (name === 'wp' || name === 'drush') {
      const t = (name === 'drush' ? drushCopyTarget(c.argv) : undefined) ?? wpTarget(c.argv);
      if (!t) continue;
      ({ target, rest } = t);
    } else if (name === 'terminus') {
      // terminus wp|drush|remote:wp|remote:drush SITE.ENV -- CMD
      const ops = c.argv.slice(1);
      const sub = ops[0] ?? '';
      if (!/^(?:remote:)?(?:wp|drush)$/.test(sub)) continue;
      tool = sub.replace('remote:', '');
      target = ops[1];
      const dash = ops.indexOf('--');
      rest = dash >= 0 ? ops.slice(dash + 1) : ops.slice(2);
      if (!target || !/\.(?:live|prod|production)$/i.test(target)) continue;
    } else continue;
    if (!target || !live(target) || looks(rest)) continue;
    out.push({
      tool: 'exec',
      command: `cli-change-prod ${tool} @${target} ${rest.join(' ')}`,
      via: `${tool} changes the site at ${target}`,
    });
  }
}
