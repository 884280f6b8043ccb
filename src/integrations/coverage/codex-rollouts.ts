// Codex's own record of tool calls (docs/coverage.md): one rollout JSONL file per session under
// $CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl (CODEX_HOME defaults to ~/.codex).
// Every line is {timestamp, type, payload}; the first, `session_meta`, holds the session id in
// payload.id. A tool call is a `response_item` whose payload.type is function_call (name,
// arguments as a JSON string, call_id), custom_tool_call (name, input, call_id) or
// local_shell_call (action.command as argv, call_id).
import { join } from 'node:path';
import type { HostCall, TranscriptReader } from './types.js';
import { jsonlFiles, jsonLines, obj, str, targetOf } from './jsonl.js';

const CALL_TYPES = new Set(['function_call', 'custom_tool_call', 'local_shell_call']);

function inputOf(p: Record<string, unknown>): Record<string, unknown> | undefined {
  if (p.type === 'local_shell_call') return obj(p.action);
  if (typeof p.arguments === 'string') {
    try {
      return obj(JSON.parse(p.arguments));
    } catch {
      return undefined;
    }
  }
  const input = p.input ?? p.arguments;
  return typeof input === 'string' ? { input } : obj(input);
}

export const codexTranscripts: TranscriptReader = {
  host: 'codex',
  defaultDir(env, home) {
    return join(env.CODEX_HOME || join(home, '.codex'), 'sessions');
  },
  async read(dir, since) {
    const files = await jsonlFiles(dir, since);
    const calls: HostCall[] = [];
    const skipped = { n: 0 };
    for (const file of files) {
      let session = '';
      for await (const { line, value } of jsonLines(file, skipped)) {
        const p = obj(value.payload);
        if (!p) continue;
        if (value.type === 'session_meta') {
          session = str(p.id) ?? session;
          continue;
        }
        if (value.type !== 'response_item' || !CALL_TYPES.has(String(p.type))) continue;
        const t = Date.parse(str(value.timestamp) ?? '');
        if (Number.isNaN(t) || t < since) continue;
        const call: HostCall = {
          host: 'codex',
          session,
          tool: str(p.name) ?? String(p.type),
          t,
          file,
          line,
        };
        const id = str(p.call_id) ?? str(p.id);
        if (id) call.id = id;
        const target = targetOf(inputOf(p));
        if (target) call.target = target;
        calls.push(call);
      }
    }
    return { calls, files: files.length, skippedLines: skipped.n };
  },
};
