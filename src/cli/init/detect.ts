// Which agent hosts are installed on this machine: a host counts as present when its command is
// on PATH or its own configuration directory exists (hosts create it on first run).
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { onPath } from '../../util/which.js';
import { HOSTS, type HostName } from '../../integrations/hooks/hosts.js';

export interface DetectedHost {
  host: HostName;
  label: string;
  present: boolean;
  /** What was found: "claude on PATH", "~/.codex", ... */
  evidence: string[];
}

interface Probe {
  label: string;
  binaries: string[];
  dirs(env: NodeJS.ProcessEnv, home: string): string[];
}

const PROBES: Record<HostName, Probe> = {
  'claude-code': {
    label: 'Claude Code',
    binaries: ['claude'],
    dirs: (env, h) => [env.CLAUDE_CONFIG_DIR || join(h, '.claude')],
  },
  codex: { label: 'Codex CLI', binaries: ['codex'], dirs: (env, h) => [env.CODEX_HOME || join(h, '.codex')] },
  cursor: { label: 'Cursor', binaries: ['cursor', 'cursor-agent'], dirs: (_e, h) => [join(h, '.cursor')] },
  gemini: { label: 'Gemini CLI', binaries: ['gemini'], dirs: (_e, h) => [join(h, '.gemini')] },
  copilot: {
    label: 'GitHub Copilot CLI',
    binaries: ['copilot'],
    dirs: (env, h) => [env.COPILOT_HOME || join(h, '.copilot')],
  },
  // Cline is a VS Code extension (saoudrizwan.claude-dev) with an optional CLI; its hooks live
  // in ~/Documents/Cline.
  cline: {
    label: 'Cline',
    binaries: ['cline'],
    dirs: (_e, h) => [join(h, 'Documents', 'Cline'), ...clineExtensions(h)],
  },
};

function clineExtensions(home: string): string[] {
  const out: string[] = [];
  for (const editor of ['.vscode', '.vscode-server', '.cursor', '.windsurf']) {
    const dir = join(home, editor, 'extensions');
    try {
      for (const e of readdirSync(dir)) if (e.startsWith('saoudrizwan.claude-dev')) out.push(join(dir, e));
    } catch {
      /* no such editor */
    }
  }
  return out;
}

export function hostLabel(host: HostName): string {
  return PROBES[host].label;
}

export function detectHosts(env: NodeJS.ProcessEnv = process.env, home = env.HOME || homedir()): DetectedHost[] {
  return HOSTS.map((host) => {
    const probe = PROBES[host];
    const evidence: string[] = [];
    for (const b of probe.binaries) {
      const p = onPath(b, env);
      if (p) evidence.push(`${b} on PATH (${p})`);
    }
    for (const d of probe.dirs(env, home)) if (existsSync(d)) evidence.push(d);
    return { host, label: probe.label, present: evidence.length > 0, evidence };
  });
}
