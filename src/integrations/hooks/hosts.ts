// The hosts `svc hook` and `svc setup` know, each adapter loaded only when asked for.
import type { HostAdapter } from './types.js';

export const HOSTS = ['claude-code', 'codex', 'cursor', 'gemini', 'copilot', 'cline'] as const;
export type HostName = (typeof HOSTS)[number];

export function isHost(name: string): name is HostName {
  return (HOSTS as readonly string[]).includes(name);
}

export async function loadAdapter(host: HostName): Promise<HostAdapter> {
  switch (host) {
    case 'claude-code':
      return (await import('./claude-code.js')).claudeCode;
    case 'codex':
      return (await import('./codex.js')).codex;
    case 'cursor':
      return (await import('./cursor.js')).cursor;
    case 'gemini':
      return (await import('./gemini.js')).gemini;
    case 'copilot':
      return (await import('./copilot.js')).copilot;
    case 'cline':
      return (await import('./cline.js')).cline;
  }
}
