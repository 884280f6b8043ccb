// What svc is on a machine, as a command can name it: the processes it runs as, the units that
// start it, its default port, its data directory, its programs. The tamper readings
// (svc-tamper.ts) ask whether a command's target can be one of these, so a new spelling of
// "stop svc" or "run svc approve" is read for what it selects, not matched as text.

/** Process names (comm) svc's server runs under: node runs it; a packaged binary is `svc`. */
export const SVC_PROCESS_NAMES = ['node', 'nodejs', 'svc'];

/**
 * Full command lines of the server as ps shows them: npm's global install, the protected-mode
 * copy under /opt/svc (docs/protected-mode.md), the checkout, and the `svc` command itself.
 */
export const SVC_COMMAND_LINES = [
  'node /usr/local/lib/node_modules/svc-firewall/bin/svc.js serve',
  '/usr/bin/node /opt/svc/bin/svc.js serve --data-dir /var/lib/svc --port 9090 --socket /var/lib/svc/svc.sock',
  'node /home/dev/svc/bin/svc.js serve --port 9090',
  'svc serve',
];

/** The server's default port (also in every protected-mode unit). */
export const SVC_PORT = '9090';

/** A path inside svc's data directory or install (same-user and protected mode). */
export const SVC_PATH =
  /(?:^|\/|~|\$\{?HOME\}?|\$\{?SERVICE_HOME\b[^/]*)(?:\/?\.svc(?:\/|$)|\/(?:var\/lib|etc|opt)\/svc(?:\/|$))|svc\.sock\b|libsvc\.(?:so|dylib)\b|\$\{?SERVICE_HOME\b/;

/** A unit, job or service name that is svc's: `svc`, `svc.service`, `dev.svc.agent`, `gui/501/dev.svc.serve`, a plist path. */
export function isSvcUnit(word: string): boolean {
  const base = (word.split('/').pop() ?? '').replace(/\.(?:service|plist|socket|timer)$/, '');
  if (/^svc(?:@.*)?$|^svc-firewall$/.test(base)) return true;
  return base.split('.').some((s) => s === 'svc' || s === 'svc-firewall');
}

/** A program word that is svc's CLI: svc, svc.js, a path into the installed package. */
export function isSvcProgram(word: string): boolean {
  const base = word.split('/').pop() ?? '';
  return base === 'svc' || base === 'svc.js' || /(?:^|\/)svc-firewall(?:@[^/]*)?(?:\/|$)/.test(word);
}

/** A process-name pattern (pgrep/pkill, regular expression) that selects svc's server. */
export function patternSelectsSvc(pattern: string, fullCommandLine: boolean, ignoreCase = false): boolean {
  let re: RegExp;
  try {
    re = new RegExp(pattern, ignoreCase ? 'i' : '');
  } catch {
    return /svc|node/.test(pattern);
  }
  const subjects = fullCommandLine ? SVC_COMMAND_LINES : SVC_PROCESS_NAMES;
  return subjects.some((s) => re.test(s));
}

/**
 * svc's files and agents' settings that a glob operand may name (`rm -rf ~/.s?c`, `cp x
 * ~/.svc/polic*`): the shell expands the glob before the program runs.
 */
export const PROTECTED_GLOB_TARGETS = [
  '~/.svc',
  '~/.svc/policies',
  '~/.svc/policies/policy.yaml',
  '~/.svc/audit',
  '~/.svc/audit/audit.jsonl',
  '~/.svc/audit-anchor.json',
  '~/.svc/svc.sock',
  '~/.claude',
  '~/.claude/settings.json',
  '~/.claude/hooks',
  '~/.codex/config.toml',
  '~/.codex/hooks.json',
  '~/.gemini/settings.json',
  '~/.cursor/hooks.json',
  '.claude/settings.json',
  '.claude/settings.local.json',
];
