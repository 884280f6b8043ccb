// svc cut off from the network without touching its process: a firewall rule that drops or
// rejects traffic to its port or on the loopback interface, the loopback interface taken down or
// stripped of its address, its traffic shaped to nothing, or its connections killed by socket.
// Hooks that cannot reach svc fail closed, so this does not open the gate, but it takes every
// decision and the audit log away from the user (and a hook configured to fail open would pass
// everything). Each reads as `stops-svc VIA`, which the svc-tamper rules deny.
//
// Sources: iptables(8)/ip6tables (-j DROP|REJECT, --dport, -i/-o lo, -d/-s 127.0.0.0/8),
// nft(8) rule statements (tcp dport, iif/oif lo, drop/reject), ufw(8) (deny|reject [in|out] [on
// lo] PORT), firewall-cmd rich rules, pf.conf(5) `block ... on lo0`, ip-link(8)/ifconfig(8)/
// ifdown(8), ip-address(8) del/flush, tc-netem(8) loss, ss(8) -K.
import { basename } from '../shell-wrappers.js';
import { SVC_PORT } from './svc-identity.js';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';

export const SVC_NETWORK_PROGRAMS: readonly string[] = [
  'iptables',
  'ip6tables',
  'iptables-legacy',
  'iptables-nft',
  'ip6tables-legacy',
  'ip6tables-nft',
  'nft',
  'ufw',
  'firewall-cmd',
  'pfctl',
  'ip',
  'ifconfig',
  'ifdown',
  'tc',
  'ss',
];

const DROPS = /^(?:DROP|REJECT|drop|reject|deny|block|TARPIT)$/;
const LOOPBACK_IF = /^(?:lo|lo0|"lo"|'lo')$/;
const LOOPBACK_ADDR = /^(?:127\.\d+\.\d+\.\d+|::1|localhost)(?:\/\d+)?$/;

function stops(via: string): Effect {
  return { tool: 'tamper', command: `stops-svc ${via.split(' ')[0] ?? 'network'}`, via };
}

function portListHasSvc(v: string | undefined): boolean {
  return !!v && v.split(/[,:{}\s]+/).some((p) => p === SVC_PORT || p.replace(/\/(?:tcp|udp)$/, '') === SVC_PORT);
}

/** iptables -A OUTPUT -p tcp --dport 9090 -j DROP, -I INPUT -i lo -j REJECT, -d 127.0.0.1 -j DROP. */
function iptables(argv: string[]): boolean {
  let drops = false;
  let hits = false;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const v = argv[i + 1];
    if ((w === '-j' || w === '--jump') && v && DROPS.test(v)) drops = true;
    else if (/^--(?:dport|sport|destination-port|source-port|dports|sports)$/.test(w) && portListHasSvc(v)) hits = true;
    else if (/^(?:-i|-o|--in-interface|--out-interface)$/.test(w) && v && LOOPBACK_IF.test(v)) hits = true;
    else if (/^(?:-d|-s|--destination|--source|--dst|--src)$/.test(w) && v && LOOPBACK_ADDR.test(v)) hits = true;
  }
  return drops && hits;
}

/** Firewall rules given as text: nft statements, ufw words, firewall-cmd rich rules, pf rules. */
function ruleText(text: string): boolean {
  const t = text.toLowerCase();
  if (!/\b(?:drop|reject|deny|block)\b/.test(t)) return false;
  const port = new RegExp(`\\b(?:dport|sport|port)\\s*(?:=\\s*|\\{\\s*(?:\\d+\\s*,\\s*)*)?["']?${SVC_PORT}\\b`);
  return (
    port.test(t) ||
    /\b(?:iif|oif|iifname|oifname)\s+["']?lo0?["']?(?=[\s;'"]|$)/.test(t) ||
    /\bon\s+lo0?\b/.test(t) ||
    /\b(?:saddr|daddr|from|to)\s+127\.\d+\.\d+\.\d+/.test(t)
  );
}

function ufw(argv: string[]): boolean {
  const rest = argv.slice(1).filter((w) => !w.startsWith('-'));
  if (!rest.length || !/^(?:deny|reject|limit)$/.test(rest[0] ?? '')) {
    // ufw insert 1 deny ..., ufw route deny ...
    const i = rest.findIndex((w) => /^(?:deny|reject)$/.test(w));
    if (i < 0) return false;
  }
  const words = rest.join(' ');
  return (
    rest.some((w) => portListHasSvc(w)) ||
    /\bon lo0?\b/.test(words) ||
    /\b(?:from|to) (?:127\.\d+\.\d+\.\d+|::1)\b/.test(words)
  );
}

/** ip link set lo down, ip addr del 127.0.0.1/8 dev lo, ip addr flush dev lo, ifconfig lo down. */
function loopbackDown(name: string, argv: string[]): boolean {
  const rest = argv.slice(1).filter((w) => !/^-(?:4|6|s|d)$/.test(w));
  if (name === 'ifconfig') return LOOPBACK_IF.test(rest[0] ?? '') && rest.includes('down');
  if (name === 'ifdown') return rest.some((w) => LOOPBACK_IF.test(w));
  if (name !== 'ip') return false;
  const obj = rest[0] ?? '';
  const verb = rest[1] ?? '';
  const onLo = rest.some(
    (w, i) => (w === 'dev' && LOOPBACK_IF.test(rest[i + 1] ?? '')) || (i === 2 && LOOPBACK_IF.test(w)),
  );
  if (/^l(?:i(?:nk?)?)?$/.test(obj) && verb === 'set' && onLo && rest.includes('down')) return true;
  if (/^a(?:d(?:dr?|dress)?)?$/.test(obj) && /^(?:del|delete|flush|f)$/.test(verb))
    return onLo || rest.some((w) => LOOPBACK_ADDR.test(w));
  if (/^r(?:o(?:ute?)?)?$/.test(obj) && /^(?:add|replace|append)$/.test(verb))
    return /^(?:blackhole|unreachable|prohibit)$/.test(rest[2] ?? '') && LOOPBACK_ADDR.test(rest[3] ?? '');
  return false;
}

/** tc qdisc add dev lo root netem loss 100%; ss -K dport = :9090. */
function shaped(name: string, argv: string[]): boolean {
  const words = argv.slice(1).join(' ');
  if (name === 'tc') return /\bdev lo\b/.test(words) && /\bnetem\b/.test(words) && /\b(?:loss|delay)\b/.test(words);
  if (name === 'ss')
    return (
      argv.some((w) => w === '-K' || w === '--kill' || /^-[a-zA-Z]*K/.test(w)) &&
      (new RegExp(`:${SVC_PORT}\\b|\\b${SVC_PORT}\\b`).test(words) || /svc\.sock/.test(words))
    );
  return false;
}

export function svcNetworkEffects(line: LineFacts, out: Effect[]): void {
  for (const c of line.cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (/^ip6?tables(?:-legacy|-nft)?$/.test(name)) {
      if (iptables(c.argv)) out.push(stops(`${name} drops traffic to svc's port or on the loopback interface`));
    } else if (name === 'nft' || name === 'firewall-cmd') {
      const text = [...c.argv.slice(1), c.stdin ?? ''].join(' ');
      if (ruleText(text)) out.push(stops(`${name} adds a rule that blocks svc's port or the loopback interface`));
    } else if (name === 'pfctl') {
      if (ruleText(`${c.stdin ?? ''} ${line.text}`))
        out.push(stops("pfctl loads a rule that blocks svc's port or lo0"));
    } else if (name === 'ufw') {
      if (ufw(c.argv)) out.push(stops("ufw denies svc's port or the loopback interface"));
    } else if (loopbackDown(name, c.argv)) {
      out.push(stops(`${name} takes the loopback interface, where svc listens, down`));
    } else if (shaped(name, c.argv)) {
      out.push(stops(`${name} cuts the connections svc's hooks use`));
    }
  }
}
