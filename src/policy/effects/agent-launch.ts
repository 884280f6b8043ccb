// AI agents started with their own checks switched off, read from the agent's options wherever
// they stand (before or after the prompt, `--flag=value` or `--flag value`, through npx and
// friends). Each finding is a `tamper` call `agent-unchecked AGENT OPTION`, denied by the standard
// policy agent-launch-readings. The table holds each agent's documented options (its --help and
// reference pages: Claude Code CLI reference, Codex CLI `codex --help` and config reference,
// Gemini CLI and Qwen Code configuration, Cursor CLI, Aider options, Amp, Copilot CLI, Amazon Q /
// Kiro CLI `chat --trust-all-tools`, Crush, Factory droid).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';
import { table } from '../../util/lookup-table.js';

interface AgentOptions {
  /** Options that switch checks off by themselves. */
  flags: string[];
  /** Options whose value switches checks off: option -> pattern of bad values. */
  values?: Record<string, RegExp>;
  /** Environment assignments that do the same. */
  env?: Record<string, RegExp>;
}

/** Unrestricted shell in a tool allow-list (Bash, Bash(*), Bash(:*), shell). */
const ANY_SHELL = /(?:^|[\s,])(?:Bash|Shell|shell|run_shell_command)(?:\((?:\*|:\*|\*\*)?\))?(?:$|[\s,])/;

/** A directory other than the user's own ~/NAME (the agent's default configuration directory). */
function elsewhereThan(name: string): RegExp {
  const own = name.replace('.', '\\.');
  return new RegExp(`^(?!(?:~|\\$\\{?HOME\\}?|/home/[^/]+|/root|/Users/[^/]+)/${own}/?$)`);
}

/** Inline settings that switch hooks off, empty them or bypass permissions. */
const SETTINGS_OFF =
  /"disableAllHooks"\s*:\s*true|"hooks"\s*:\s*(?:\{\s*\}|null|\[\s*\])|"defaultMode"\s*:\s*"bypassPermissions"/;

const AGENTS: Record<string, AgentOptions> = table({
  claude: {
    flags: ['--dangerously-skip-permissions', '--allow-dangerously-skip-permissions'],
    values: {
      '--permission-mode': /^bypassPermissions$/i,
      '--allowedTools': ANY_SHELL,
      '--allowed-tools': ANY_SHELL,
      // --settings takes a file or inline JSON laid over the user's: hooks switched off or
      // emptied there start an agent svc's hooks never see (Claude Code settings reference)
      '--settings': SETTINGS_OFF,
      // settings read only from project/local: the user's, where svc's hooks are, are skipped
      '--setting-sources': /^(?![^]*\buser\b)/,
    },
    // a configuration directory of its own has none of the user's hooks or permission rules
    env: { CLAUDE_CONFIG_DIR: elsewhereThan('.claude') },
  },
  codex: {
    flags: ['--dangerously-bypass-approvals-and-sandbox', '--yolo', '--full-auto'],
    values: {
      '-a': /^never$/,
      '--ask-for-approval': /^never$/,
      '-s': /^danger-full-access$/,
      '--sandbox': /^danger-full-access$/,
      '-c': /^(?:approval_policy\s*=\s*["']?never|sandbox_mode\s*=\s*["']?danger-full-access)/,
      '--config': /^(?:approval_policy\s*=\s*["']?never|sandbox_mode\s*=\s*["']?danger-full-access)/,
    },
    env: { CODEX_HOME: elsewhereThan('.codex') },
  },
  gemini: { flags: ['--yolo', '-y'], values: { '--approval-mode': /^yolo$/i } },
  qwen: { flags: ['--yolo', '-y'], values: { '--approval-mode': /^yolo$/i } },
  'cursor-agent': { flags: ['--force', '-f'] },
  aider: { flags: ['--yes-always', '--yes'] },
  amp: { flags: ['--dangerously-allow-all'] },
  // opencode reads its permission table from OPENCODE_PERMISSION or inline OPENCODE_CONFIG_CONTENT
  opencode: {
    flags: ['--dangerously-skip-permissions'],
    env: { OPENCODE_PERMISSION: /"allow"|^allow$/, OPENCODE_CONFIG_CONTENT: /"permission"[^]*"allow"/ },
  },
  copilot: {
    flags: ['--allow-all-tools', '--allow-all', '--yolo'],
    values: { '--allow-tool': /^shell$/ },
    // svc's hooks are installed under $COPILOT_HOME/hooks (svc setup --help)
    env: { COPILOT_HOME: elsewhereThan('.copilot') },
  },
  q: { flags: ['--trust-all-tools'] },
  'kiro-cli': { flags: ['--trust-all-tools'] },
  crush: { flags: ['--yolo', '-y'] },
  droid: { flags: ['--skip-permissions-unsafe'] },
  goose: { flags: [], env: { GOOSE_MODE: /^auto$/i } },
});

/** npm package names of the agents (npx -y @anthropic-ai/claude-code ...). */
const PACKAGES: Record<string, string> = table({
  '@anthropic-ai/claude-code': 'claude',
  '@openai/codex': 'codex',
  '@google/gemini-cli': 'gemini',
  '@qwen-code/qwen-code': 'qwen',
  '@sourcegraph/amp': 'amp',
  '@github/copilot': 'copilot',
  'opencode-ai': 'opencode',
  '@charmland/crush': 'crush',
});

export const AGENT_PROGRAMS = [...Object.keys(AGENTS), 'npx', 'pnpx', 'bunx', 'npm', 'pnpm', 'yarn'];

/** The agent a command starts and the index of its first option, if it starts one. */
function agentOf(a: string[]): { agent: string; from: number } | undefined {
  const name = basename(a[0] ?? '');
  if (AGENTS[name]) return { agent: name, from: 1 };
  let i = 1;
  if (name === 'npm' || name === 'pnpm' || name === 'yarn') {
    if (!/^(?:exec|x|dlx)$/.test(a[1] ?? '')) return undefined;
    i = 2;
  } else if (name !== 'npx' && name !== 'pnpx' && name !== 'bunx') return undefined;
  for (; i < a.length; i++) {
    const w = a[i] ?? '';
    if (w === '-p' || w === '--package') {
      i++;
      continue;
    }
    if (!w.startsWith('-')) break;
  }
  const pkg = (a[i] ?? '').replace(/(?<=.)@[^/@]*$/, '');
  const agent = PACKAGES[pkg] ?? (AGENTS[pkg] ? pkg : undefined);
  return agent ? { agent, from: i + 1 } : undefined;
}

export function agentLaunchEffects(l: LineFacts, out: Effect[]): void {
  // `export CLAUDE_CONFIG_DIR=/tmp/x && claude ...`, `GOOSE_MODE=auto; goose run`: variables set
  // earlier in the line are in the environment of the agent started after them
  const earlier: { name: string; value: string }[] = [];
  for (const c of l.cmds) {
    if (!c.argv.length) earlier.push(...c.assigns);
    else if (c.argv[0] === 'export' || (c.argv[0] === 'declare' && c.argv[1] === '-x'))
      for (const w of c.argv.slice(1)) {
        const eq = w.indexOf('=');
        if (eq > 0) earlier.push({ name: w.slice(0, eq), value: w.slice(eq + 1) });
      }
    const found = agentOf(c.argv);
    if (!found) continue;
    const opts = AGENTS[found.agent];
    if (!opts) continue;
    const a = c.argv;
    const hit = (o: string) =>
      out.push({
        tool: 'tamper',
        command: `agent-unchecked ${found.agent} ${o}`.slice(0, 200),
        via: `starts ${found.agent} with ${o}`,
      });
    for (const { name, value } of [...earlier, ...c.assigns])
      if (opts.env?.[name]?.test(value)) hit(`${name}=${value}`);
    for (let i = found.from; i < a.length; i++) {
      const w = a[i] ?? '';
      if (w === '--') break;
      if (opts.flags.includes(w)) hit(w);
      const eq = w.indexOf('=');
      const key = eq > 0 && w.startsWith('-') ? w.slice(0, eq) : w;
      const re = opts.values?.[key];
      if (!re) continue;
      const v = eq > 0 && w.startsWith('-') ? w.slice(eq + 1) : a[i + 1];
      if (v !== undefined && re.test(v)) hit(`${key} ${v}`);
    }
  }
}
