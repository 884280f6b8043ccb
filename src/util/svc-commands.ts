// svc's commands: the file (relative to src/cli/, where main.ts imports it) that runs each, and its one-line summary. The
// dispatcher (main.ts) and the tamper reading (policy/effects/svc-tamper.ts: a subcommand svc
// does not have is an attempt to switch it off) both read this table.
import { table } from './lookup-table.js';
export const COMMANDS: Record<string, { file: string; summary: string }> = table({
  serve: { file: './serve.js', summary: 'run the policy server' },
  token: { file: './token.js', summary: 'create, list and revoke per-agent tokens' },
  test: { file: './test.js', summary: "evaluate a command offline, or run a policy file's tests" },
  policy: { file: './policy.js', summary: 'lint a policy file or explain a decision' },
  pending: { file: './pending.js', summary: 'list pending approvals' },
  approve: { file: './approve.js', summary: 'approve a pending call (or a whole run)' },
  deny: { file: './deny.js', summary: 'deny a pending call' },
  audit: { file: './audit.js', summary: 'verify, follow or summarise the audit log' },
  bench: { file: './bench.js', summary: 'measure policy coverage on an attack/benign corpus' },
  'preload-path': { file: './preload-path.js', summary: 'print the path of libsvc.so' },
  wrap: { file: './wrap.js', summary: 'run a command with the shell shim and preload library' },
  mcp: { file: './mcp.js', summary: 'MCP stdio proxy in front of an MCP server' },
  hook: { file: './hook.js', summary: 'host hook adapter (JSON on stdin, host JSON on stdout)' },
  setup: { file: './setup.js', summary: "install or remove the hook in a host's settings" },
  sidecar: { file: './sidecar.js', summary: 'run the optional verification sidecar' },
  init: { file: './init.js', summary: 'detect agents, write a starter policy and install the hooks' },
  doctor: { file: './doctor.js', summary: 'check the installation and explain how to fix what is wrong' },
  status: { file: './status.js', summary: 'one screen: mode, layers, recent decisions, pending asks' },
  completion: { file: './completion.js', summary: 'print a shell completion script (bash, zsh, fish)' },
  rules: { file: './rules.js', summary: 'suggest rules from what people approved and denied' },
  coverage: { file: './coverage.js', summary: "check every tool call in a host's transcripts passed through svc" },
});
