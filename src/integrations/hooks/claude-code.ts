// Claude Code: PreToolUse / PostToolUse (and PostToolUseFailure, acknowledged) command hooks.
// Replies use hookSpecificOutput.permissionDecision (allow, deny, ask); a blocked output is
// replaced by a copy of the same shape whose strings are the redaction marker.
import type { HookCall, HookOutcome, HostAdapter, Phase, Target } from './types.js';
import {
  PayloadError,
  execTarget,
  isObject,
  mcpTarget,
  optString,
  pathTarget,
  requireObject,
  requireString,
  target,
  targetsFor,
  urlTarget,
  responseText,
  redactedCopy,
  eventHead,
  type Obj,
} from './payload.js';

type Build = (input: Obj, name: string) => Target[];
const exec: Build = (i, n) => [execTarget(i, n)];
const path =
  (tool: string, required = true): Build =>
  (i, n) => [pathTarget(tool, i, n, required)];
const plain =
  (tool: string): Build =>
  (i) => [target(tool, i)];

const TOOLS: Record<string, Build> = {
  Bash: exec,
  PowerShell: exec,
  Monitor: exec,
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
  WebFetch: (i, n) => [urlTarget('fetch', i, n)],
  WebSearch: plain('fetch'),
  Task: plain('agent'),
  Agent: plain('agent'),
  TodoWrite: plain('process'),
  AskUserQuestion: plain('interact'),
  EnterPlanMode: plain('interact'),
  ExitPlanMode: plain('interact'),
  SlashCommand: plain('interact'),
  Skill: plain('interact'),
};

export function claudeTargets(name: string, input: Obj): Target[] {
  if (name.startsWith('mcp__')) return [mcpTarget(name, input)];
  const build = TOOLS[name];
  return build ? build(input, name) : [target('unknown', input, { tool_name: name })];
}

const EVENTS: Record<string, Phase> = { PreToolUse: 'pre', PostToolUse: 'post', PostToolUseFailure: 'post' };

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
    if (phase === 'post') {
      call.rawResponse = p.tool_response;
      call.responseText = responseText(p.tool_response);
    }
    return call;
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
