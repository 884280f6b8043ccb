// Another session's SSH agent borrowed: SSH_AUTH_SOCK pointed at a socket the agent found rather
// than the one its own session was given (`SSH_AUTH_SOCK=$(ls /tmp/ssh-*/agent.* | head -1)`,
// a path under /tmp/ssh-*, another user's runtime directory, a value read from a process's
// environment). Whoever holds that socket signs with every key loaded in it, for as long as the
// owner stays logged in, with no prompt: it reads as `borrows-ssh-agent PATH`, which the
// `ssh-agent-sockets` policy denies. (OpenSSH ssh-agent(1): sockets live in
// $TMPDIR/ssh-XXXXXXXXXX/agent.<ppid>; ssh-add(1) and ssh(1) use whatever SSH_AUTH_SOCK names.)
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';

export const AGENT_SOCKET_HINT = /SSH_AUTH_SOCK\s*=/;

/** Values that name a socket found on the machine, not the session's own. */
const FOUND_SOCKET =
  /\/tmp\/ssh-|\/ssh-[^/\s]*\*|agent\.\*|agent\.\d+|\/proc\/[^/\s]+\/environ|\bfind\b[^)`]*\bagent\b|\bls\b[^)`]*(?:ssh|agent)|\/run\/user\/(?:\d+|\*)\/(?:keyring|gnupg|openssh)|com\.apple\.launchd\.[^/\s]*\/Listeners|\/private\/tmp\/com\.apple\.launchd/;

function value(text: string, from: number): string {
  // a quoted value, a $(...) substitution, or a plain word
  const rest = text.slice(from);
  if (rest.startsWith('$(')) {
    let depth = 0;
    for (let i = 0; i < rest.length; i++) {
      if (rest[i] === '(') depth++;
      else if (rest[i] === ')' && --depth === 0) return rest.slice(0, i + 1);
    }
    return rest;
  }
  const q = rest[0];
  if (q === '"' || q === "'") {
    const end = rest.indexOf(q, 1);
    return end < 0 ? rest : rest.slice(0, end + 1);
  }
  return /^[^\s;&|]*/.exec(rest)?.[0] ?? '';
}

export function agentSocketEffects(line: LineFacts, out: Effect[]): void {
  for (const m of line.text.matchAll(/SSH_AUTH_SOCK\s*=\s*/g)) {
    const v = value(line.text, (m.index ?? 0) + m[0].length);
    if (!FOUND_SOCKET.test(v)) continue;
    out.push({
      tool: 'exec',
      command: `borrows-ssh-agent ${v.replace(/[^\w/.*$(){}-]/g, '_').slice(0, 120)}`,
      via: `SSH_AUTH_SOCK=${v.slice(0, 80)} uses an SSH agent this session was not given`,
    });
    return;
  }
}
