// A monitoring system told to stop alerting or checking for everything at once: no page goes out
// for whatever breaks next, which is how an outage (or an intrusion) goes unseen. Read, whatever
// carries it (a CGI POST, an external command written to the command pipe, an API body), as
//   `monitoring-off WHAT`   (asked by the standard profile)
// Sources: Nagios Core external commands (DISABLE_NOTIFICATIONS, STOP_EXECUTING_SVC_CHECKS,
// STOP_EXECUTING_HOST_CHECKS, DISABLE_EVENT_HANDLERS) and their cmd.cgi numbers (cmd_typ 11, 36,
// 89: include/common.h); Icinga 2 REST API, an icingaapplication's enable_notifications /
// enable_host_checks / enable_service_checks set false; Datadog downtimes scoped to `*` and
// monitor mute_all (Datadog API reference); Alertmanager silences whose only matcher matches any
// value (`alertname=~".*"`, amtool silence add). One host's or one service's downtime gives nothing.
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const ALERTING_OFF_HINT =
  /cmd_typ|DISABLE_NOTIFICATIONS|STOP_EXECUTING_(?:SVC|HOST)_CHECKS|DISABLE_EVENT_HANDLERS|enable_(?:notifications|host_checks|service_checks)|downtime|mute_all|silence/i;

const GLOBAL_COMMANDS =
  /\b(DISABLE_NOTIFICATIONS|STOP_EXECUTING_SVC_CHECKS|STOP_EXECUTING_HOST_CHECKS|DISABLE_EVENT_HANDLERS)\b(?!_)/;
/** Nagios cmd.cgi numbers of the same commands (11 notifications, 36 service checks, 89 host checks). */
const CGI_CODES = /\bcmd_typ=(11|36|89)\b/;
const ICINGA_APP =
  /icingaapplications[\s\S]{0,300}?["']?enable_(notifications|host_checks|service_checks)["']?\s*:\s*false/i;
const DD_ALL = /\/monitor\/mute_all\b|\/downtime\b[\s\S]{0,400}?["']scope["']\s*:\s*\[?\s*["']\*["']/i;
const SILENCE_ALL =
  /\bamtool\b[^\n|;&]*\bsilence\s+add\b(?:\s+(?:--?[\w.-]+(?:[= ](?:"[^"]*"|'[^']*'|\S+))?|\w+=~?\s*["']?\.[*+]["']?))*\s*$/;

export function alertingOffEffects(line: LineView, out: Effect[]): void {
  const found: string[] = [];
  const cmd = GLOBAL_COMMANDS.exec(line.text);
  // the name alone in a search or a document is not the command sent
  if (cmd && ![...line.programs].every((p) => /^(?:grep|rg|cat|less|echo|git|man)$/.test(p))) found.push(cmd[1] ?? '');
  const cgi = CGI_CODES.exec(line.text);
  if (cgi && /cmd\.cgi/.test(line.text)) found.push(`cmd.cgi cmd_typ=${cgi[1] ?? ''}`);
  const icinga = ICINGA_APP.exec(line.text);
  if (icinga) found.push(`icinga enable_${icinga[1] ?? ''}=false`);
  if (DD_ALL.test(line.text)) found.push('downtime for every monitor');
  for (const part of line.text.split(/&&|\|\||;|\n/))
    if (SILENCE_ALL.test(part.trim()) && /=~\s*["']?\.[*+]["']?/.test(part)) found.push('silence matching every alert');
  for (const f of new Set(found))
    out.push({
      tool: 'exec',
      command: `monitoring-off ${f}`,
      via: `monitoring stops alerting or checking for everything (${f})`,
    });
}
