// A tunnel client's configuration written: a relay server outside this machine and a local port
// it forwards there (frp's `serverAddr` with a proxy's `localPort`/`remotePort`, rathole's
// `[client] remote_addr` with a service's `local_addr`, any client spelled the same way). The
// next start of the client puts that local service (SSH, RDP, a database) on the relay for
// whoever reaches it, so the write reads as the tunnel it arms: `remote-access tunnel-config
// PATH`, which the remote-access policy denies. A relay on loopback or a config without a local
// forward (a server's own config) arms nothing. Sources: frp README (frpc.toml `serverAddr`,
// `[[proxies]]` `localPort`, `remotePort`; the older INI `server_addr`, `local_port`), rathole
// README (`[client] remote_addr`, `[client.services.NAME] local_addr`).
import type { Effect } from './types.js';

const RELAY = /^\s*(?:serverAddr|server_addr|remote_addr|remoteAddr|relay_addr|relayAddr)\s*[=:]\s*["']?([^"'\s:#]+)/im;
const LOCAL_FORWARD = /^\s*(?:localPort|local_port|local_addr|localAddr|localIP|local_ip)\s*[=:]/im;
const LOOPBACK = /^(?:127(?:\.\d+){3}|localhost|::1|0\.0\.0\.0)$/i;

export function tunnelConfigWrite(path: string, content: string | undefined): Effect[] {
  if (!content || !/\.(?:toml|ini|ya?ml|conf|cfg)$/i.test(path)) return [];
  const relay = RELAY.exec(content)?.[1];
  if (!relay || LOOPBACK.test(relay) || !LOCAL_FORWARD.test(content)) return [];
  return [
    {
      tool: 'exec',
      command: `remote-access tunnel-config ${path.replace(/[^\w/.~-]/g, '_')}`,
      via: `writes ${path}, a tunnel client configuration that forwards a local port to ${relay}`,
    },
  ];
}
