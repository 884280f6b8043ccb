// A command scheduled by systemd-run as a transient timer that fires on a calendar or at every
// boot (`--on-calendar`, `--on-boot`, `--on-startup`, `--on-unit-active`, `--on-unit-inactive`):
// the same standing schedule a timer unit file or a cron table gives, made without writing either,
// so it is read as the timer unit it amounts to (under ~/.config/systemd/user with --user, else
// /etc/systemd/system) and meets the rules on planting one. A one-shot delay (`--on-active=30s`)
// runs the command once and is left to the command's own reading. Source: systemd-run(1) "Timer
// options"; systemd.timer(5).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

const STANDING = /^--on-(?:calendar|boot|startup|unit-active|unit-inactive)(?:=|$)/;

export function transientTimerEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const a = c.argv;
    if (basename(a[0] ?? '') !== 'systemd-run') continue;
    const when = a.find((w) => STANDING.test(w));
    if (!when) continue;
    const user = a.includes('--user');
    const unit = (a.find((w) => /^--unit=/.test(w))?.slice(7) ?? 'run-transient').replace(/[^\w@.-]/g, '_');
    const dir = user ? '~/.config/systemd/user' : '/etc/systemd/system';
    out.push({
      tool: 'write',
      path: `${dir}/${unit}.timer`,
      content: `[Timer]\n${when.replace(/^--on-([a-z-]+)=?/, (_m, k: string) => `On${k.replace(/(?:^|-)([a-z])/g, (_x, ch: string) => ch.toUpperCase())}=`)}\n`,
      via: `systemd-run ${when} schedules a standing timer`,
    });
  }
}
