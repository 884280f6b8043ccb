// Claude Code's own record of tool calls (docs/coverage.md): one JSONL transcript per session under
// ~/.claude/projects/<munged project path>/<session id>.jsonl ($CLAUDE_CONFIG_DIR/projects when
// set), sub-agents' transcripts beside it. Each assistant line carries `message.content`, a list of
// blocks; a `tool_use` block is one tool call with its `id` (the `tool_use_id` the hooks get),
// `name` and `input`. The line has `sessionId` and `timestamp`.
import { join } from 'node:path';
import type { HostCall, TranscriptReader } from './types.js';
import { jsonlFiles, jsonLines, obj, str, targetOf } from './jsonl.js';

export const claudeCodeTranscripts: TranscriptReader = {
  host: 'claude-code',
  defaultDir(env, home) {
    return join(env.CLAUDE_CONFIG_DIR || join(home, '.claude'), 'projects');
  },
  async read(dir, since) {
    const files = await jsonlFiles(dir, since);
    const calls: HostCall[] = [];
    const skipped = { n: 0 };
    for (const file of files) {
      for await (const { line, value } of jsonLines(file, skipped)) {
        if (value.type !== 'assistant') continue;
        const t = Date.parse(str(value.timestamp) ?? '');
        if (Number.isNaN(t) || t < since) continue;
        const content = obj(value.message)?.content;
        if (!Array.isArray(content)) continue;
        for (const block of content) {
          const b = obj(block);
          if (!b || b.type !== 'tool_use') continue;
          const call: HostCall = {
            host: 'claude-code',
            session: str(value.sessionId) ?? '',
            tool: str(b.name) ?? 'unknown',
            t,
            file,
            line,
          };
          const id = str(b.id);
          if (id) call.id = id;
          const target = targetOf(obj(b.input));
          if (target) call.target = target;
          calls.push(call);
        }
      }
    }
    return { calls, files: files.length, skippedLines: skipped.n };
  },
};
