// The canary call `svc doctor` sends through each installed hook: a payload in the host's own
// format asking to run `rm -rf /`, which every shipped profile denies. The hook only evaluates it
// (nothing is ever executed); a hook that does not answer "deny" is not protecting anything.
import { spawn } from 'node:child_process';
import type { HostName } from '../../integrations/hooks/hosts.js';

export const CANARY_COMMAND = 'rm -rf /';
/** A hook that takes longer than this is reported as hanging. */
export const CANARY_TIMEOUT_MS = 20_000;

/** The session and run id of canary calls, so views can tell them from real denies. */
export const CANARY_RUN = 'svc-doctor-canary';
const SESSION = CANARY_RUN;

export function canaryPayload(host: HostName): Record<string, unknown> {
  const cwd = process.cwd();
  switch (host) {
    case 'claude-code':
      return {
        session_id: SESSION,
        cwd,
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: CANARY_COMMAND },
        tool_use_id: 'svc-doctor',
      };
    case 'codex':
      return {
        session_id: SESSION,
        cwd,
        hook_event_name: 'PreToolUse',
        tool_name: 'exec_command',
        tool_input: { cmd: CANARY_COMMAND },
        tool_use_id: 'svc-doctor',
      };
    case 'copilot':
      return {
        session_id: SESSION,
        cwd,
        hook_event_name: 'PreToolUse',
        tool_name: 'bash',
        tool_input: { command: CANARY_COMMAND },
        tool_use_id: 'svc-doctor',
      };
    case 'cursor':
      return {
        conversation_id: SESSION,
        cwd,
        workspace_roots: [cwd],
        hook_event_name: 'preToolUse',
        tool_name: 'Shell',
        tool_input: { command: CANARY_COMMAND },
        tool_use_id: 'svc-doctor',
      };
    case 'gemini':
      return {
        session_id: SESSION,
        cwd,
        hook_event_name: 'BeforeTool',
        tool_name: 'run_shell_command',
        tool_input: { command: CANARY_COMMAND },
      };
    case 'cline':
      return {
        taskId: SESSION,
        workspaceRoots: [cwd],
        hookName: 'PreToolUse',
        preToolUse: { toolName: 'execute_command', parameters: { command: CANARY_COMMAND } },
      };
  }
}

/** The deny reason when the host's reply denies the call, else undefined. */
export function deniedReason(host: HostName, r: any): string | undefined {
  if (!r || typeof r !== 'object') return undefined;
  switch (host) {
    case 'claude-code':
    case 'codex':
      return r.hookSpecificOutput?.permissionDecision === 'deny'
        ? String(r.hookSpecificOutput.permissionDecisionReason ?? '')
        : undefined;
    case 'copilot':
      return r.permissionDecision === 'deny' ? String(r.permissionDecisionReason ?? '') : undefined;
    case 'cursor':
      return r.permission === 'deny' ? String(r.agent_message ?? r.user_message ?? '') : undefined;
    case 'gemini':
      return r.decision === 'deny' ? String(r.reason ?? '') : undefined;
    case 'cline':
      return r.cancel === true ? String(r.errorMessage ?? '') : undefined;
  }
}

export interface CanaryResult {
  denied: boolean;
  detail: string;
}

/** Runs the hook command exactly as the host would (sh -c, payload on stdin). */
export function runCanary(host: HostName, shellCommand: string, env: NodeJS.ProcessEnv): Promise<CanaryResult> {
  return new Promise((resolve) => {
    // An ask would make the hook wait for a human; the canary must come back on its own.
    const child = spawn('/bin/sh', ['-c', shellCommand], {
      env: { ...env, SERVICE_APPROVAL_WAIT: '1s', SERVICE_RUN: CANARY_RUN },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), CANARY_TIMEOUT_MS);
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({ denied: false, detail: `could not run the hook: ${e.message}` });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (signal)
        return resolve({ denied: false, detail: `the hook did not answer within ${CANARY_TIMEOUT_MS / 1000} s` });
      let reply: unknown;
      try {
        reply = JSON.parse(out);
      } catch {
        const why = err.trim().split('\n').pop() || `exit status ${code}, no JSON on stdout`;
        return resolve({ denied: false, detail: `the hook gave no reply the host understands (${why})` });
      }
      const reason = deniedReason(host, reply);
      if (reason !== undefined) return resolve({ denied: true, detail: `denied: ${reason.split('\n')[0]}` });
      resolve({
        denied: false,
        detail: `the hook let "${CANARY_COMMAND}" through (reply ${JSON.stringify(reply).slice(0, 200)})`,
      });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify(canaryPayload(host)));
  });
}
