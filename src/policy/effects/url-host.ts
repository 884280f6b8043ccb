// The address a URL's host really names. Clients accept many spellings of one address: the
// decimal, hex, octal and shortened IPv4 forms (2130706433, 0x7f000001, 0177.0.0.1, 127.1), IPv4
// inside IPv6 ([::ffff:127.0.0.1], [::ffff:7f00:1]), the unspecified address (0, 0.0.0.0, [::],
// which connects to this machine), names that resolve to loopback by standard or by convention
// (`*.localhost`, RFC 6761; localtest.me, lvh.me), and wildcard-DNS services that answer with the
// address written in the name (169.254.169.254.nip.io, 127-0-0-1.sslip.io). A fetch of such a URL
// also reads as the same fetch of the plain address (http://127.0.0.1:2375/...), so the rules on
// loopback admin APIs and cloud metadata see it however it is spelled. Sources: the WHATWG URL
// standard's IPv4 parser (which curl and browsers follow), RFC 4291 section 2.5.5.2, RFC 6761
// section 6.3, the nip.io and sslip.io documentation.

/** Names that resolve to 127.0.0.1 by convention (public DNS records kept for local development). */
const LOOPBACK_NAMES = /^(?:localhost|localtest\.me|lvh\.me|vcap\.me|lacolhost\.com|127\.0\.0\.1\.xip\.io)$/;
const LOOPBACK_SUFFIX = /\.(?:localhost|localtest\.me|lvh\.me|vcap\.me)$/;
/** Wildcard DNS services: the address is written in the name. */
const WILDCARD_DNS =
  /^(?:(.*)[.-])?((?:\d{1,3}[.-]){3}\d{1,3}|[0-9a-f]{8})\.(?:nip\.io|sslip\.io|xip\.io|traefik\.me|local\.gd)$/i;

function dotted(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** Whether a host (a URL's hostname, any spelling) is this machine's loopback address. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h === '127.0.0.1' || plainAddress(h) === '127.0.0.1';
}

/** The plain address a host stands for, when it is spelled otherwise; else undefined. */
export function plainAddress(hostname: string): string | undefined {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  if (h === '127.0.0.1' || h === 'localhost') return undefined;
  if (LOOPBACK_NAMES.test(h) || LOOPBACK_SUFFIX.test(h)) return '127.0.0.1';
  if (h === '0.0.0.0' || h === '[::]' || h === '[::1]' || h === '[0:0:0:0:0:0:0:1]') return '127.0.0.1';
  if (/^127\.\d+\.\d+\.\d+$/.test(h)) return '127.0.0.1';
  const mapped = /^\[(?:0{0,4}:){0,5}:?ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))\]$/.exec(h);
  if (mapped) {
    const v4 = mapped[1] ?? dotted(parseInt(mapped[2] ?? '0', 16) * 65536 + parseInt(mapped[3] ?? '0', 16));
    return plainAddress(v4) ?? v4;
  }
  const w = WILDCARD_DNS.exec(h);
  if (w?.[2]) {
    const v4 = /^[0-9a-f]{8}$/i.test(w[2]) ? dotted(parseInt(w[2], 16)) : w[2].replace(/-/g, '.');
    return plainAddress(v4) ?? v4;
  }
  return undefined;
}

/**
 * For a URL whose host is another spelling of an address, the same URL on the plain address
 * (scheme, port, path and query kept); else undefined.
 */
export function plainUrl(url: string): string | undefined {
  const m = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^/:?#]*)(:\d+)?([^]*)$/i.exec(url.trim());
  if (!m) return undefined;
  const scheme = (m[1] ?? '').toLowerCase();
  let host = m[2] ?? '';
  // the URL parser's own reading of numeric IPv4 forms (http, https, ws, ftp)
  if (/^(?:https?|wss?|ftp)$/.test(scheme))
    try {
      host = new URL(`${scheme}://${host || 'x'}/`).hostname;
    } catch {
      return undefined;
    }
  const plain = plainAddress(host) ?? (host !== (m[2] ?? '') && /^\d+\.\d+\.\d+\.\d+$/.test(host) ? host : undefined);
  if (plain === undefined) return undefined;
  return `${scheme}://${plain}${m[3] ?? ''}${m[4] ?? ''}`;
}

/** A word naming a remote object rather than a local file: URL, bucket, `remote:path`, `host:path`. */
export function remoteWord(w: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(w) || /^[A-Za-z0-9_.@-]{2,}:(?!\\)/.test(w);
}
