// The machine's own record of what happened, wiped: system and audit logs under /var/log emptied
// (`: > /var/log/auth.log`, `truncate -s 0 /var/log/*.log`, `shred -u /var/log/auth.log`, `find / -name '*.log' -exec cp
// /dev/null {} \;`, a loop blanking each) or deleted one by one, and the systemd journal
// vacuumed down to nothing (`journalctl --vacuum-time=1s`, `--vacuum-size=1K`). An agent has no
// reason to erase the trail; an intruder does. Each is `log-wipe WHAT` (asked: an operator may
// free a full disk this way). Rotating, reading and vacuuming to a retention measured in days
// give nothing, and so do a project's own logs (logs/app.log).
// Sources: systemd journalctl(1) (--vacuum-time, --vacuum-size, --vacuum-files), the FHS /var/log.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const LOG_WIPE_HINT = /\/var\/log|journalctl|\.log\b/;

/** Programs that empty or delete the files they name: truncate, rm, unlink and the overwriting deleters (shred, srm, wipe, scrub). */
const LOG_REMOVERS = new Set(['truncate', 'rm', 'unlink', 'shred', 'gshred', 'srm', 'wipe', 'scrub']);

/** A system log path, or the glob a find from the root over *.log names (`/*.log`). */
const SYSTEM_LOG = /^\/var\/log(?:\/|$)|^\/\*+(?:\/\*+)?\.log$/;

/** journalctl vacuum limits that keep (next to) nothing: under a day, under a megabyte, one file. */
function vacuumsAll(w: string): boolean {
  const time = /^--vacuum-time=(\d+)\s*([a-z]*)$/i.exec(w);
  if (time) return /^(?:s|sec|second|seconds|m|min|minute|minutes|h|hour|hours|ms|us)?$/i.test(time[2] ?? '');
  const size = /^--vacuum-size=(\d+)\s*([a-z]*)$/i.exec(w);
  if (size) return /^(?:b|k|kb|kib)?$/i.test(size[2] ?? '') || Number(size[1]) === 0;
  const files = /^--vacuum-files=(\d+)$/.exec(w);
  return files ? Number(files[1]) <= 1 : false;
}

export function logWipeEffects(line: LineView, out: Effect[]): void {
  const found: string[] = [];
  // files the line's commands empty (clobber.ts and the find and loop readings put them here)
  for (const e of out)
    if (e.tool === 'write' && e.content === '' && e.path && SYSTEM_LOG.test(e.path)) found.push(e.path);
  for (const c of line.cmds) {
    const a = c.argv[0] === 'sudo' ? c.argv.slice(1) : c.argv;
    const name = basename(a[0] ?? '').toLowerCase();
    if (name === 'journalctl') {
      const w = a.find(vacuumsAll);
      if (w) found.push(`journal ${w}`);
    } else if (LOG_REMOVERS.has(name)) {
      // rotated archives (auth.log.1, syslog.2.gz) are what an operator frees a disk of
      for (const w of a.slice(1))
        if (!w.startsWith('-') && /^\/var\/log\//.test(w) && !/\.(?:gz|xz|bz2|zst|old|\d+)$/.test(w)) found.push(w);
    }
  }
  for (const f of new Set(found))
    out.push({ tool: 'exec', command: `log-wipe ${f}`, via: `the system's logs are wiped (${f})` });
}
