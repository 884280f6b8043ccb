// Finds the svc hooks installed in each host's settings and whether they run this svc.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOSTS, type HostName } from '../../integrations/hooks/hosts.js';
import { JSON_HOSTS, ownsCommand } from '../../integrations/setup/host-settings.js';
import { clineHooksDir } from '../../integrations/setup/setup-run.js';

export interface InstalledHook {
  host: HostName;
  /** The settings file or script it was found in. */
  file: string;
  /** The shell command line the host runs. */
  command: string;
}

export interface HostHooks {
  host: HostName;
  file: string;
  hooks: InstalledHook[];
  /** The settings file exists but could not be read as the host's format. */
  error?: string;
}

/** Every string under a `command` or `bash` key that is an svc hook command for this host. */
function ownedCommands(value: unknown, host: HostName, out: string[]): void {
  if (Array.isArray(value)) for (const v of value) ownedCommands(v, host, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if ((k === 'command' || k === 'bash') && ownsCommand(v, host)) out.push(v as string);
      else ownedCommands(v, host, out);
    }
  }
}

export function findHooks(env: NodeJS.ProcessEnv): HostHooks[] {
  return HOSTS.map((host) => {
    if (host === 'cline') {
      const dir = clineHooksDir();
      const hooks: InstalledHook[] = [];
      for (const event of ['PreToolUse']) {
        const file = join(dir, event);
        if (!existsSync(file)) continue;
        const last = readFileSync(file, 'utf8').trim().split('\n').pop() ?? '';
        const cmd = last.replace(/^exec\s+/, '');
        if (ownsCommand(cmd, 'cline')) hooks.push({ host, file, command: cmd });
      }
      return { host, file: dir, hooks };
    }
    const file = JSON_HOSTS[host].file(env);
    if (!existsSync(file)) return { host, file, hooks: [] };
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      return { host, file, hooks: [], error: `not valid JSON (${(err as Error).message})` };
    }
    const found: string[] = [];
    ownedCommands((parsed as Record<string, unknown>)?.hooks, host, found);
    return { host, file, hooks: [...new Set(found)].map((command) => ({ host, file, command })) };
  });
}

/** The words of a POSIX command line as `sh` would split a simple one (quotes, no expansions). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let cur = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charAt(i);
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      cur += line.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? line.length : end;
      inWord = true;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++)
        cur += line[j] === '\\' && j + 1 < line.length ? line[++j] : line[j];
      i = j;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      cur += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(cur);
      cur = '';
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) words.push(cur);
  return words;
}
