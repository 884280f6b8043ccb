// Entering the host from a container, read from nsenter's options in any spelling (-t 1,
// -t1, --target=1, --target 1; -a/--all or each namespace flag): a target of pid 1 is the
// host's init, so the command amounts to `nsenter -t 1 -a sh`, which the host-escape policy
// denies.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';

/**
 * AWS Systems Manager runs commands on an instance: `start-session --document-name
 * AWS-StartInteractiveCommand --parameters command='...'` and `send-command --parameters
 * commands='...'` run their text there, read as a command of its own (`sudo su -` is a root shell).
 */
function ssmCommands(a: string[], out: Effect[]): void {
  if (a[1] !== 'ssm' || (a[2] !== 'start-session' && a[2] !== 'send-command')) return;
  for (let i = 3; i < a.length; i++) {
    const w = a[i] ?? '';
    const v = w === '--parameters' ? a[i + 1] : w.startsWith('--parameters=') ? w.slice(13) : undefined;
    const m = v ? /^commands?=(?:\[)?["']?([\s\S]*?)["']?\]?$/.exec(v) : null;
    if (m?.[1]) out.push({ tool: 'exec', command: m[1], via: `aws ssm ${a[2]} runs on the instance` });
  }
}

export function escapeEffects(l: LineFacts, out: Effect[]): void {
  for (const c of l.cmds) {
    const a = c.argv;
    if (basename(a[0] ?? '') === 'aws') ssmCommands(a, out);
    if (basename(a[0] ?? '') !== 'nsenter') continue;
    let target: string | undefined;
    for (let i = 1; i < a.length; i++) {
      const w = a[i] ?? '';
      if (w === '-t' || w === '--target') target = a[++i];
      else if (w.startsWith('--target=')) target = w.slice(9);
      else if (/^-[a-zA-Z]*t\d+$/.test(w)) target = w.replace(/^-[a-zA-Z]*t/, '');
      else if (/^-[a-zA-Z]*t$/.test(w)) target = a[++i];
    }
    if (target === '1')
      out.push({
        tool: 'exec',
        command: 'nsenter -t 1 -a sh',
        via: "nsenter enters the namespaces of pid 1 (the host's init)",
      });
  }
}
