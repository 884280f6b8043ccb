// `svc setup HOST [--remove] [--dry-run] [--force]`: plan the edit, say what it is, then (unless
// it is a dry run or there is nothing to do) back the old file up and write the new one.
import { chmodSync, unlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { HostName } from '../hooks/hosts.js';
import { backup, formatJson, inspect, readJsonObject, sameJson, SetupError, writeAtomic } from './settings-files.js';
import { hookCommand, JSON_HOSTS, ownsCommand, type HookCommand } from './host-settings.js';

export interface SetupOptions {
  remove: boolean;
  dryRun: boolean;
  force: boolean;
  env: NodeJS.ProcessEnv;
  /** Absolute path of the node binary the host should run. */
  node: string;
  /** Absolute path of bin/svc.js. */
  svcJs: string;
  now?: Date;
}

export interface SetupReport {
  lines: string[];
  changed: boolean;
}

/** One file operation of a plan. */
interface Step {
  path: string;
  /** The file as it is now (undefined: missing). */
  before?: string;
  /** The file as it should be (undefined: delete it). */
  after?: string;
  mode: number;
  changes: string[];
}

export function runSetup(host: HostName, opts: SetupOptions): SetupReport {
  const cmd = hookCommand(host, opts.node, opts.svcJs);
  const steps = host === 'cline' ? planCline(cmd, opts) : [planJson(host, cmd, opts)];
  const lines: string[] = [];
  let changed = false;
  for (const step of steps) {
    if (step.before === step.after || step.changes.length === 0) {
      lines.push(
        `${step.path}: ${opts.remove ? 'no svc hook installed' : 'svc hook already installed'}; nothing to change`,
      );
      continue;
    }
    changed = true;
    lines.push(`${step.path}:`);
    for (const c of step.changes) lines.push(`  ${c}`);
    if (opts.dryRun) continue;
    if (step.before !== undefined) lines.push(`  backup: ${backup(step.path, opts.now)}`);
    if (step.after === undefined) unlinkSync(step.path);
    else {
      writeAtomic(step.path, step.after, step.mode);
      chmodSync(step.path, step.mode);
    }
  }
  if (opts.dryRun && changed) lines.push('dry run: nothing was written');
  if (!opts.dryRun && changed && !opts.remove) lines.push(restartHint(host));
  return { lines, changed };
}

function restartHint(host: HostName): string {
  switch (host) {
    case 'codex':
      return 'Codex asks you to trust new hooks: open /hooks in Codex and approve the svc hook.';
    case 'cursor':
      return 'Cursor picks the hook up by itself.';
    default:
      return `Restart ${host} sessions so they load the hook. The server must be running: svc serve.`;
  }
}

function planJson(host: Exclude<HostName, 'cline'>, cmd: HookCommand, opts: SetupOptions): Step {
  const spec = JSON_HOSTS[host];
  const existing = inspect(spec.file(opts.env));
  const settings = readJsonObject(existing, opts.force);
  const edit = opts.remove ? spec.remove(settings) : spec.install(settings, cmd, opts.force);
  const mode = existing.mode ?? 0o600;
  // A malformed file replaced under --force is a change even when the new object is empty.
  const readable = !existing.exists || !existing.text?.trim() || safeParse(existing.text) !== undefined;
  if (readable && sameJson(settings, edit.next))
    return { path: existing.path, before: existing.text, after: existing.text, mode, changes: [] };
  const deleteFile = spec.ownsFile === true && opts.remove && Object.keys(edit.next).length === 0;
  const changes = edit.changes.length ? edit.changes : ['rewrote the malformed file'];
  return {
    path: existing.path,
    before: existing.text,
    after: deleteFile ? undefined : formatJson(edit.next),
    mode,
    changes,
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Marks the hook scripts svc wrote; files without it are never touched without --force. */
export const CLINE_MARKER = '# Managed by svc';
const CLINE_EVENTS = ['PreToolUse', 'PostToolUse'];

export function clineHooksDir(): string {
  return join(homedir(), 'Documents', 'Cline', 'Hooks');
}

function clineScript(cmd: HookCommand): string {
  return `#!/bin/sh\n${CLINE_MARKER}: installed by 'svc setup cline'; 'svc setup cline --remove' deletes it.\nexec ${cmd.sh}\n`;
}

function planCline(cmd: HookCommand, opts: SetupOptions): Step[] {
  const script = clineScript(cmd);
  return CLINE_EVENTS.map((event) => {
    const existing = inspect(join(clineHooksDir(), event));
    const ours =
      existing.text !== undefined &&
      (existing.text.includes(CLINE_MARKER) || ownsCommand(existing.text.trim().split('\n').pop(), 'cline'));
    if (opts.remove) {
      if (!existing.exists || !ours)
        return { path: existing.path, before: existing.text, after: existing.text, mode: 0o755, changes: [] };
      return {
        path: existing.path,
        before: existing.text,
        after: undefined,
        mode: 0o755,
        changes: ['removed the svc hook script'],
      };
    }
    if (existing.exists && !ours && !opts.force) {
      throw new SetupError(
        `${existing.path} is a hook script svc did not write; use --force to replace it (a backup is kept)`,
      );
    }
    if (existing.text === script)
      return { path: existing.path, before: script, after: script, mode: 0o755, changes: [] };
    return {
      path: existing.path,
      before: existing.text,
      after: script,
      mode: 0o755,
      changes: [existing.exists ? 'replaced the svc hook script' : 'added the svc hook script'],
    };
  });
}

export { SetupError };
