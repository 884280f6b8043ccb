// Cron jobs added through a hosting control panel's API rather than crontab: cPanel UAPI
// `uapi Cron add_line|edit_line command=...` and the older `cpapi2 Cron add_line`
// (api.docs.cpanel.net, "Cron"). The job runs on schedule on the hosting account after the
// session, so its command is read as a boot script is (vm-startup.ts bootScript): its commands
// decided as planted code, and `startup-fetch` for each host it reaches that is no vendor's.
// A site's own `php .../wp-cron.php` job reaches nothing and passes.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { bootScript } from './vm-startup.js';

export const PANEL_CRON_PROGRAMS: readonly string[] = ['uapi', 'cpapi2', 'cpapi1', 'whmapi1'];

export function panelCronEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const a = c.argv;
    if (!PANEL_CRON_PROGRAMS.includes(basename(a[0] ?? '').toLowerCase())) continue;
    const i = a.findIndex((w) => /^cron$/i.test(w));
    if (i < 0 || !/^(?:add_line|edit_line|set_email)$/.test(a[i + 1] ?? '')) continue;
    for (const w of a.slice(i + 2)) if (/^command=/.test(w)) bootScript(w.slice(8), 'a cPanel cron job', out);
  }
}
