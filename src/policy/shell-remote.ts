// Commands that open this machine to others: public tunnels (ngrok, cloudflared, VS Code and Dev
// Tunnels, Tailscale Funnel, localtunnel, bore, zrok), shared and web terminals (tmate, upterm,
// sshx, ttyd, gotty), and these tools installed as services so they come back after a reboot.
// Each tool's subcommands that only inspect (version, help, list, status, login) open nothing.
// The reading is spelled `remote-access TOOL WORDS...` (docs/shell-readings.md); the standard
// policy `remote-access` denies it.
import { table } from '../util/lookup-table.js';

interface ExposureSpec {
  /** Subcommands (first positional word) that open access; null: any, unless it only inspects. */
  opens: Set<string> | null;
  /** The first positional word must follow this one (`cloudflared tunnel ...`, `tailscale funnel ...`). */
  under?: string;
}

const any: ExposureSpec = { opens: null };
const sub = (words: string, under?: string): ExposureSpec => ({ opens: new Set(words.split(' ')), under });

/** Tools that expose the machine, from their own documentation of how a tunnel is started. */
const TOOLS: Record<string, ExposureSpec> = table({
  ngrok: any,
  cloudflared: sub('tunnel service'),
  code: sub('tunnel serve-web'),
  'code-insiders': sub('tunnel serve-web'),
  'code-tunnel': any,
  devtunnel: sub('host'),
  tailscale: sub('funnel'),
  lt: any,
  localtunnel: any,
  bore: sub('local'),
  zrok: sub('share reserve'),
  pinggy: any,
  tmate: any,
  upterm: sub('host'),
  sshx: any,
  ttyd: any,
  gotty: any,
  wetty: any,
  telebit: sub('http tcp ssh'),
  inlets: sub('client http tcp'),
  expose: sub('share'),
  frpc: any,
  rathole: any,
  // CI runners registered or started here take jobs (commands) from the server they name.
  'gitlab-runner': sub('register run install start'),
  'buildkite-agent': sub('start'),
  // Payload generators and listeners of offensive frameworks have no place in agent work.
  msfvenom: any,
  msfconsole: any,
});

/** ssh options that forward a port of the other host back into this one. */
const SSH_REMOTE_FORWARD = /^-[A-Za-z]*R|^-oRemoteForward|^RemoteForward/i;

/**
 * `ssh -R`, also inside a cluster of short options (`-fNR 2222:localhost:22`) or as
 * `-o RemoteForward=...`: the other host can reach into this one.
 */
function sshRemoteForward(words: string[]): boolean {
  const name = words[0] ?? '';
  if (name !== 'ssh' && name !== 'autossh') return false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w === '-o' && SSH_REMOTE_FORWARD.test(words[i + 1] ?? '')) return true;
    // Only option clusters: -R alone or with other letters, before the destination.
    if (/^-[A-Za-z]+$/.test(w) && w.includes('R') && !/^-[A-Za-z]*[bcDEeFIiJLlmOoPpQSWw][A-Za-z]*R/.test(w))
      return true;
    if (/^-oRemoteForward/i.test(w)) return true;
  }
  return false;
}

/** `./config.sh --url URL --token T` of a self-hosted GitHub Actions runner, and its `run.sh`. */
function actionsRunner(words: string[]): boolean {
  const name = (words[0] ?? '').replace(/^.*\//, '');
  return (
    (name === 'config.sh' || name === 'config.cmd') &&
    words.includes('--url') &&
    words.some((w) => w === '--token' || w.startsWith('--token='))
  );
}

/**
 * A machine enrolled, with a key handed over on the line, into a network or cluster someone else
 * runs, whatever the product: an overlay VPN (`tailscale up --authkey`, `netbird up --setup-key`,
 * `headscale`-issued pre-auth keys, `nebula` and OpenZiti enrolment), a container swarm or cluster
 * (`docker swarm join --token`, `kubeadm join --token`, `k3s agent --token`), or a ZeroTier-style
 * `join NETWORK_ID` (16 hex digits). Whoever runs that network reaches this machine from then on
 * (tailnet SSH, jobs and pods scheduled here). Read by the verb (up, join, connect, enroll, agent)
 * and the key option's name, not the vendor.
 */
const JOIN_VERBS = new Set(['up', 'join', 'connect', 'enroll', 'agent', 'attach']);
const JOIN_KEY =
  /^--?(?:auth-?key|authkey|setup-?key|pre-?auth-?key|join-?(?:token|key)|enroll(?:ment)?-?(?:key|token|jwt)|token|cluster-?token|node-?token|discovery-token(?:-ca-cert-hash)?)(?:=|$)/i;

function joinsNetwork(words: string[]): boolean {
  const tool = (words[0] ?? '').toLowerCase();
  // `docker swarm join`, `zerotier-cli join`: the verb is the first or second positional word
  const positional = words.slice(1).filter((w) => !w.startsWith('-'));
  const at = positional.slice(0, 2).findIndex((w) => JOIN_VERBS.has(w.toLowerCase()));
  if (at < 0 || tool === 'git' || tool === 'ssh') return false;
  const verb = (positional[at] ?? '').toLowerCase();
  // a bare --token is many tools' login; with `join` (or a k3s/rke2 agent) it is a cluster's join token
  const keyed = words.filter((w) => JOIN_KEY.test(w));
  const generic = keyed.every((w) => /^--?(?:token|node-?token)(?:=|$)/i.test(w));
  if (keyed.length && (verb === 'join' || /^k3s|^rke2/.test(tool) || (verb !== 'agent' && !generic))) return true;
  return verb === 'join' && /^[0-9a-f]{16}$/i.test(positional[at + 1] ?? '');
}

/** Subcommands and options that only inspect or configure credentials. */
const INSPECT = new Set([
  'version',
  '--version',
  '-v',
  '-V',
  'help',
  '--help',
  '-h',
  'list',
  'ls',
  'info',
  'status',
  'login',
  'logout',
  'config',
  'diagnose',
  'completion',
  'update',
  'user',
  'kill',
  'stop',
  'uninstall',
  'delete',
  'cleanup',
  'off',
  'reset',
]);

/** The remote-access reading of one simple command (program name first), or null. */
export function remoteAccessReading(words: string[]): string | null {
  let start = 0;
  while (words[start] === 'npx' || words[start] === 'bunx' || words[start] === 'pnpx') {
    start++;
    while ((words[start] ?? '').startsWith('-')) start++;
  }
  if (sshRemoteForward(words) || actionsRunner(words) || joinsNetwork(words.slice(start)))
    return ['remote-access', ...words].join(' ');
  const tool = (words[start] ?? '').toLowerCase().replace(/\.exe$/, '');
  const spec = TOOLS[tool];
  if (!spec) return null;
  const rest = words.slice(start + 1);
  const positional = rest.filter((w) => !w.startsWith('-'));
  if (rest.some((w) => INSPECT.has(w) && w.startsWith('-'))) return null;
  // `code tunnel user show`, `cloudflared tunnel list`, `tailscale funnel status`.
  const verbs = positional.slice(0, 3);
  if (verbs.some((w) => INSPECT.has(w))) return null;
  if (spec.opens) {
    const first = positional[0];
    if (first === undefined || !spec.opens.has(first)) {
      // `cloudflared --url http://localhost:8080` with no subcommand runs a quick tunnel too.
      if (!(tool === 'cloudflared' && rest.some((w) => w === '--url' || w.startsWith('--url=')))) return null;
    }
  } else if (positional.length === 0 && rest.length === 0 && tool === 'ngrok') return null;
  return ['remote-access', tool, ...rest].join(' ');
}
