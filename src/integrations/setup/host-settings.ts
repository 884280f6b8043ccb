// What `svc setup HOST` writes into each host's settings, and how it finds its own entries
// again: an entry is ours when its command ends in `svc.js hook HOST` (or `svc hook HOST`).
// Everything else in the file is the user's and is kept as it was.
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { HostName } from '../hooks/hosts.js';
import { SetupError, type JsonObject } from './settings-files.js';

export interface HookCommand {
  /** POSIX shell command line. */
  sh: string;
  /** PowerShell command line (Copilot runs hooks there on Windows). */
  powershell: string;
}

const shQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function hookCommand(host: HostName, node: string, svcJs: string): HookCommand {
  return {
    sh: `${shQuote(node)} ${shQuote(svcJs)} hook ${host}`,
    powershell: `& "${node}" "${svcJs}" hook ${host}`,
  };
}

export function ownsCommand(command: unknown, host: string): boolean {
  if (typeof command !== 'string') return false;
  const re = new RegExp(`(?:^|[\\s'"/\\\\])svc(?:\\.js)?['"]?\\s+hook\\s+${host.replace(/-/g, '\\-')}\\s*$`);
  return re.test(command.trim());
}

export interface Edit {
  next: JsonObject;
  changes: string[];
}

export interface JsonHost {
  kind: 'json';
  file(env: NodeJS.ProcessEnv): string;
  install(settings: JsonObject, cmd: HookCommand, force: boolean): Edit;
  remove(settings: JsonObject): Edit;
  /** The whole file is ours: removing the hook deletes it. */
  ownsFile?: boolean;
}

const isObj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Removes our entries from hooks[event] for each event; groups left empty by that go too. */
function stripOwned(
  settings: JsonObject,
  events: string[],
  host: string,
  field = 'command',
): { next: JsonObject; removed: Map<string, number> } {
  const next = clone(settings);
  const removed = new Map<string, number>();
  const hooks = next.hooks;
  if (!isObj(hooks)) return { next, removed };
  for (const event of events) {
    const list = hooks[event];
    if (!Array.isArray(list)) continue;
    let count = 0;
    const kept: unknown[] = [];
    for (const item of list) {
      if (isObj(item) && ownsCommand(item[field], host)) {
        count++;
        continue;
      }
      if (isObj(item) && Array.isArray(item.hooks)) {
        const inner = item.hooks.filter((h) => !(isObj(h) && ownsCommand(h[field], host)));
        const gone = item.hooks.length - inner.length;
        if (gone > 0) {
          count += gone;
          if (inner.length === 0) continue;
          kept.push({ ...item, hooks: inner });
          continue;
        }
      }
      kept.push(item);
    }
    if (count === 0) continue;
    removed.set(event, count);
    if (kept.length) hooks[event] = kept;
    else delete hooks[event];
  }
  if (Object.keys(hooks).length === 0) delete next.hooks;
  return { next, removed };
}

function appendEntries(settings: JsonObject, entries: Record<string, JsonObject>, what: string): void {
  if (settings.hooks !== undefined && !isObj(settings.hooks)) {
    throw new SetupError(`"hooks" in ${what} is not an object; fix it by hand first`);
  }
  const hooks = (settings.hooks ??= {}) as JsonObject;
  for (const [event, entry] of Object.entries(entries)) {
    const list = hooks[event];
    if (list !== undefined && !Array.isArray(list))
      throw new SetupError(`"hooks.${event}" in ${what} is not a list; fix it by hand first`);
    hooks[event] = [...((list as unknown[]) ?? []), entry];
  }
}

function describe(removed: Map<string, number>, added: string[], verb: 'install' | 'remove'): string[] {
  const out: string[] = [];
  for (const event of added)
    out.push(removed.has(event) ? `replaced the svc hook in hooks.${event}` : `added the svc hook to hooks.${event}`);
  if (verb === 'remove') for (const event of removed.keys()) out.push(`removed the svc hook from hooks.${event}`);
  return out;
}

/** Claude Code, Codex and Gemini: hooks.EVENT is a list of {matcher, hooks:[...]} groups. */
function grouped(
  host: HostName,
  events: string[],
  file: (env: NodeJS.ProcessEnv) => string,
  group: (cmd: HookCommand) => JsonObject,
): JsonHost {
  return {
    kind: 'json',
    file,
    install(settings, cmd) {
      const { next, removed } = stripOwned(settings, events, host);
      appendEntries(next, Object.fromEntries(events.map((e) => [e, group(cmd)])), `${host} settings`);
      return { next, changes: describe(removed, events, 'install') };
    },
    remove(settings) {
      const { next, removed } = stripOwned(settings, events, host);
      return { next, changes: describe(removed, [], 'remove') };
    },
  };
}

const home = () => homedir();

export const JSON_HOSTS: Record<Exclude<HostName, 'cline'>, JsonHost> = {
  'claude-code': grouped(
    'claude-code',
    ['PreToolUse', 'PostToolUse'],
    (env) => join(env.CLAUDE_CONFIG_DIR || join(home(), '.claude'), 'settings.json'),
    (cmd) => ({ matcher: '*', hooks: [{ type: 'command', command: cmd.sh }] }),
  ),
  codex: grouped(
    'codex',
    ['PreToolUse', 'PostToolUse'],
    (env) => join(env.CODEX_HOME || join(home(), '.codex'), 'hooks.json'),
    // 330 s outlasts the hook's own approval wait (300 s).
    (cmd) => ({
      matcher: '*',
      hooks: [{ type: 'command', command: cmd.sh, timeout: 330, statusMessage: 'Checking svc policy' }],
    }),
  ),
  gemini: grouped(
    'gemini',
    ['BeforeTool', 'AfterTool'],
    () => join(home(), '.gemini', 'settings.json'),
    (cmd) => ({ matcher: '.*', hooks: [{ type: 'command', command: cmd.sh, name: 'svc policy', timeout: 330_000 }] }),
  ),
  cursor: {
    kind: 'json',
    file: () => join(home(), '.cursor', 'hooks.json'),
    install(settings, cmd, force) {
      if (settings.version !== undefined && settings.version !== 1 && !force) {
        throw new SetupError(
          `Cursor hooks file has version ${JSON.stringify(settings.version)}, not 1; use --force to install anyway`,
        );
      }
      const { next, removed } = stripOwned(settings, ['preToolUse'], 'cursor');
      next.version ??= 1;
      appendEntries(next, { preToolUse: { command: cmd.sh, timeout: 330, failClosed: true } }, 'Cursor hooks file');
      return { next, changes: describe(removed, ['preToolUse'], 'install') };
    },
    remove(settings) {
      const { next, removed } = stripOwned(settings, ['preToolUse'], 'cursor');
      return { next, changes: describe(removed, [], 'remove') };
    },
  },
  copilot: {
    kind: 'json',
    ownsFile: true,
    file: (env) => join(env.COPILOT_HOME || join(home(), '.copilot'), 'hooks', 'svc.json'),
    install(settings, cmd, force) {
      const ours = (settings.hooks === undefined && Object.keys(settings).length === 0) || copilotOwned(settings);
      if (!ours && !force)
        throw new SetupError(
          'the Copilot hooks file svc.json holds entries svc did not write; use --force to replace it (a backup is kept)',
        );
      const h = { type: 'command', bash: cmd.sh, powershell: cmd.powershell, timeoutSec: 30 };
      const existed = copilotOwned(settings);
      return {
        next: { version: 1, hooks: { PreToolUse: [h], PostToolUse: [{ ...h }] } },
        changes: [
          existed
            ? 'replaced the svc hooks (PreToolUse, PostToolUse)'
            : 'added the svc hooks (PreToolUse, PostToolUse)',
        ],
      };
    },
    remove(settings) {
      if (!copilotOwned(settings)) return { next: settings, changes: [] };
      return { next: {}, changes: ['removed the svc hooks file'] };
    },
  },
};

function copilotOwned(settings: JsonObject): boolean {
  const hooks = settings.hooks;
  if (!isObj(hooks)) return false;
  const entries = Object.values(hooks).flatMap((l) => (Array.isArray(l) ? l : []));
  return entries.length > 0 && entries.every((e) => isObj(e) && ownsCommand(e.bash, 'copilot'));
}
