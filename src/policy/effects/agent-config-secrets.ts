// The `env` blocks of AI agents' and MCP clients' configuration hold the API keys their tools and
// MCP servers start with (`"env": {"GITHUB_TOKEN": "ghp_..."}` in claude_desktop_config.json,
// .mcp.json, ~/.cursor/mcp.json, Claude Code's settings.json `env`, Codex's
// `[mcp_servers.x.env]`). Reading the file is ordinary; picking those values out of it with a
// JSON/YAML/TOML query or a search for secret words is reading the keys: it reads as
// `may-expose-secret selects ... of FILE`, which the secret-exposure policy asks about.
// (Sources: each client's MCP configuration reference: Claude Desktop and Claude Code (.mcp.json,
// settings.json env), Cursor, VS Code mcp.json, Windsurf mcp_config.json, Cline, Continue,
// Gemini CLI settings.json, Codex config.toml.)
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';

export const AGENT_CONFIG_HINT = /mcp|claude|codex|gemini|cursor|continue|windsurf|cline|aider/i;

const CONFIG_FILE =
  /(?:^|\/)(?:\.claude\.json|\.claude\/settings(?:\.local)?\.json|\.mcp\.json|mcp\.json|mcp_config\.json|claude_desktop_config\.json|cline_mcp_settings\.json|\.codex\/config\.toml|\.gemini\/settings\.json|\.continue\/config\.(?:json|ya?ml)|\.aider\.conf\.ya?ml)$/i;
const QUERY_TOOLS = new Set([
  'jq',
  'gojq',
  'jaq',
  'yq',
  'dasel',
  'tomlq',
  'grep',
  'egrep',
  'rg',
  'ag',
  'ack',
  'awk',
  'sed',
]);
/** A filter or pattern that picks out the values kept for a program's environment or its keys. */
const SECRET_SELECTOR = /\benv\b|token|secret|passw|api_?key|apikey|auth|credential|bearer|ghp_|sk-/i;
/** Programs that print a file for the next one in the pipe (`cat ~/.cursor/mcp.json | grep -i key`). */
const PRINTERS = new Set(['cat', 'head', 'tail', 'less', 'more', 'bat', 'batcat', 'tac', 'nl']);

export function agentConfigSecretEffects(line: LineFacts, out: Effect[]): void {
  for (const c of line.cmds) {
    let name = basename(c.argv[0] ?? '').toLowerCase();
    let args = c.argv.slice(1);
    // a printer piped into a query: the query's selectors, the printer's file
    if (PRINTERS.has(name) && c.pipedInto && args.some((w) => CONFIG_FILE.test(w))) {
      const q = c.pipedInto;
      const qName = basename(q[0] ?? '').toLowerCase();
      if (!QUERY_TOOLS.has(qName)) continue;
      name = qName;
      args = [...args.filter((w) => CONFIG_FILE.test(w)), ...q.slice(1)];
    }
    if (!QUERY_TOOLS.has(name)) continue;
    const files = args.filter((w) => CONFIG_FILE.test(w));
    if (!files.length) continue;
    const selectors = args.filter((w) => !CONFIG_FILE.test(w) && !/^-[a-zA-Z]+$/.test(w));
    if (!selectors.some((w) => SECRET_SELECTOR.test(w))) continue;
    const file = files[0] ?? '';
    out.push({
      tool: 'exec',
      command: `may-expose-secret selects env of ${file.replace(/[^\w/~.-]/g, '_')}`,
      via: `${name} picks the keys kept for agents' tools out of ${file}`,
    });
  }
}
