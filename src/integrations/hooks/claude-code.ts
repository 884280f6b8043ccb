// Claude Code: PreToolUse / PostToolUse (and PostToolUseFailure, acknowledged) command hooks.
// Replies use hookSpecificOutput.permissionDecision (allow, deny, ask); a blocked output is
// replaced by a copy of the same shape whose strings are the redaction marker.
import type { HookCall, HookOutcome, HostAdapter, Phase, Target } from './types.js';
import { isObject, optString, requireObject, targetsFor, redactedCopy, eventHead, type Obj } from './payload.js';
import { exec, path, plain, tableTargets, url, withResponse, type Build } from './tool-table.js';
import { table } from '../../util/lookup-table.js';

const shell = exec();

const TOOLS: Record<string, Build> = table({
  Bash: shell,
  PowerShell: shell,
  Monitor: shell,
  BashOutput: plain('read'),
  KillShell: plain('process'),
  KillBash: plain('process'),
  Read: path('read'),
  NotebookRead: path('read'),
  Glob: path('read', false),
  Grep: path('read', false),
  LS: path('read', false),
  LSP: path('read', false),
  ListMcpResourcesTool: plain('read'),
  ReadMcpResourceTool: plain('read'),
  Write: path('write'),
  Edit: path('edit'),
  MultiEdit: path('edit'),
  NotebookEdit: path('edit'),
  WebFetch: url(true),
  WebSearch: plain('fetch'),
  Task: plain('agent'),
  Agent: plain('agent'),
  TodoWrite: plain('process'),
  AskUserQuestion: plain('interact'),
  EnterPlanMode: plain('interact'),
  ExitPlanMode: plain('interact'),
  SlashCommand: plain('interact'),
  Skill: plain('interact'),
});

export function claudeTargets(name: string, input: Obj): Target[] {
  return tableTargets(TOOLS, name, input, (n) => n.startsWith('mcp__'));
}

const EVENTS: Record<string, Phase> = table({ PreToolUse: 'pre', PostToolUse: 'post', PostToolUseFailure: 'post' });

export const claudeCode: HostAdapter = {
  host: 'claude-code',
  conversationEnv: ['CLAUDE_CONVERSATION_ID'],
  nativeAsk: true,
  maxApprovalWaitMs: 0,

  phaseOf(payload) {
    const ev = isObject(payload) ? payload.hook_event_name : undefined;
    return typeof ev === 'string' && ev.startsWith('Post') ? 'post' : 'pre';
  },

  parse(payload): HookCall {
    const { p, event, phase, name } = eventHead(payload, EVENTS);
    const input = p.tool_input === undefined ? {} : requireObject(p.tool_input, 'tool_input');
    const call: HookCall = {
      phase,
      event,
      hostTool: name,
      targets: [],
      input,
      cwd: optString(p, 'cwd'),
      sessionId: optString(p, 'session_id'),
      toolCallId: optString(p, 'tool_use_id'),
    };
    if (event === 'PostToolUseFailure') {
      call.acknowledgeOnly = true;
      return call;
    }
    call.targets = targetsFor(phase, () => claudeTargets(name, input), input, name);
    return withResponse(call, phase, p.tool_response);
  },

  render(phase, outcome: HookOutcome, call) {
    // systemMessage is the line Claude Code shows the user (the reason of an allow is not shown).
    const note: Obj = outcome.notice ? { systemMessage: `svc: ${outcome.notice}` } : {};
    if (phase === 'pre') {
      if (outcome.kind === 'allow') {
        const out: Obj = { hookEventName: 'PreToolUse', permissionDecision: 'allow' };
        if (outcome.notice) out.permissionDecisionReason = `svc: ${outcome.notice}`;
        return { json: { hookSpecificOutput: out, ...note } };
      }
      // No decision of our own becomes Claude Code's own prompt: an explicit ask.
      const decision = outcome.kind === 'ask' || outcome.kind === 'defer' ? 'ask' : 'deny';
      return {
        json: {
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: decision,
            permissionDecisionReason: `svc: ${outcome.reason}`,
          },
          ...note,
        },
      };
    }
    if (outcome.kind === 'allow' || outcome.kind === 'ask' || outcome.kind === 'defer') return { json: { ...note } };
    const replacement = outcome.kind === 'block' ? outcome.replacement : undefined;
    const json: Obj = { decision: 'block', reason: `svc: ${outcome.reason}`, ...note };
    if (replacement !== undefined && call?.rawResponse !== undefined) {
      json.hookSpecificOutput = {
        hookEventName: call.event,
        updatedToolOutput: redactedCopy(call.rawResponse, replacement),
      };
    }
    return { json };
  },
};
