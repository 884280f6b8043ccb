// Data copied to storage or a message broker whose address the command line itself supplies, on a
// host outside this machine and the private network: the line points the tool at someone else's
// service rather than at the account the project is configured for.
//  - S3-compatible copies given their endpoint: `aws --endpoint-url https://s3.wasabisys.com s3 cp
//    F s3://b/`, `mc alias set ext https://minio.example.net KEY SECRET && mc mirror D ext/b`,
//    rclone's on-the-fly remote `:s3,endpoint=HOST:`, boto3's `client('s3',
//    endpoint_url='https://...').upload_file(F, ...)`;
//  - a file produced into a broker named on the line: `kafka-console-producer --bootstrap-server
//    H:9092 --topic t < F`, `kcat -P -b H -t t F`, `mosquitto_pub -h H -t t -f F`.
// Each reads as `shares-data WHAT to HOST`, which is asked. The providers' own endpoints (AWS,
// Google, Azure) are where a configured account lives, and a local emulator (LocalStack, MinIO
// on localhost) or a private-network store is the project's.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import type { SimpleCommand } from './walk.js';
import { isLoopbackHost } from './url-host.js';
import { privateHost } from '../remote-copies.js';
import { isInternalName } from './fetch-readings.js';

/** Endpoints of the big providers, where the configured account's own storage is. */
const PROVIDER = /(?:^|\.)(?:amazonaws\.com(?:\.cn)?|googleapis\.com|windows\.net|core\.usgovcloudapi\.net)$/i;

function hostOf(url: string): string | undefined {
  return /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/\s]*@)?(\[[^\]]+\]|[A-Za-z0-9.-]+)/i.exec(url.trim())?.[1]?.toLowerCase();
}

function outside(host: string | undefined): host is string {
  if (!host) return false;
  const h = host.replace(/^\[|\]$/g, '');
  return !isLoopbackHost(h) && !privateHost(h) && !isInternalName(h) && !PROVIDER.test(h);
}

const share = (what: string, host: string, via: string): Effect => ({
  tool: 'exec',
  command: `shares-data ${what.replace(/[^\w@/.:~-]/g, '_') || 'data'} to ${host.replace(/[^\w.:-]/g, '_')}`,
  via,
});

const isLocal = (w: string) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(w) && !/^[\w.-]+:/.test(w);

function optionValue(argv: string[], names: RegExp): string | undefined {
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const eq = w.indexOf('=');
    if (eq > 0 && names.test(w.slice(0, eq))) return w.slice(eq + 1);
    if (names.test(w)) return argv[i + 1];
  }
  return undefined;
}

function awsEndpointCopy(c: SimpleCommand, out: Effect[]): void {
  if (basename(c.argv[0] ?? '') !== 'aws') return;
  const host = hostOf(optionValue(c.argv, /^--endpoint-url$/) ?? '');
  if (!outside(host)) return;
  const words = c.argv.slice(1).filter((w, i, a) => !w.startsWith('-') && !(a[i - 1] ?? '').startsWith('--'));
  const k = words.findIndex((w) => w === 'cp' || w === 'mv' || w === 'sync');
  const src = k >= 0 ? words[k + 1] : optionValue(c.argv, /^--body$/);
  if (src && isLocal(src)) out.push(share(src, host, `aws copies ${src} to storage at ${host}, named on the line`));
}

function producerInput(c: SimpleCommand, out: Effect[]): void {
  const name = basename(c.argv[0] ?? '').replace(/\.sh$/, '');
  let broker: string | undefined;
  let file = c.redirs.find((r) => r.op === '<' && (r.fd === '' || r.fd === '0'))?.target;
  if (name === 'kafka-console-producer') broker = optionValue(c.argv, /^--(?:bootstrap-server|broker-list)$/);
  else if ((name === 'kcat' || name === 'kafkacat') && c.argv.includes('-P')) {
    broker = optionValue(c.argv, /^-b$/);
    file ??= c.argv.slice(1).find((w, i, a) => !w.startsWith('-') && !/^-[btpkKXFlc]$/.test(a[i - 1] ?? ''));
  } else if (name === 'mosquitto_pub') {
    broker = optionValue(c.argv, /^(?:-h|--host)$/) ?? optionValue(c.argv, /^-L$/);
    file ??= optionValue(c.argv, /^-f$/);
  }
  const host = hostOf((broker ?? '').split(',')[0] ?? '');
  if (file && file !== '/dev/null' && outside(host))
    out.push(share(file, host, `${name} sends ${file} to the broker at ${host}`));
}

/** `mc alias set NAME URL ...` earlier in the line, then a copy of local files to NAME/... */
function minioAlias(l: LineView, out: Effect[]): void {
  const aliases = new Map<string, string>();
  for (const c of l.cmds) {
    const w = c.argv.slice(1).filter((x) => !x.startsWith('-'));
    // MinIO's own subcommand shape names the client however its name is spelled (`$c alias set`)
    const defines = (w[0] === 'alias' && w[1] === 'set') || (w[0] === 'config' && w[1] === 'host' && w[2] === 'add');
    if (basename(c.argv[0] ?? '') !== 'mc' && !defines) continue;
    if (defines) {
      const i = w[0] === 'alias' ? 2 : 3;
      const host = hostOf(w[i + 1] ?? '');
      if (w[i] && outside(host)) aliases.set(w[i] ?? '', host);
    } else if (/^(?:cp|mirror|mv|put)$/.test(w[0] ?? '') && w.length >= 3) {
      const host = aliases.get((w[w.length - 1] ?? '').split('/')[0] ?? '');
      const src = w[1] ?? '';
      if (host && isLocal(src) && !aliases.has(src.split('/')[0] ?? ''))
        out.push(share(src, host, `mc copies ${src} to storage at ${host}, set up on the same line`));
    }
  }
}

/** rclone's on-the-fly remotes (`:s3,endpoint=HOST:bucket`, `--s3-endpoint HOST`). */
function rcloneEndpoint(c: SimpleCommand, out: Effect[]): void {
  if (basename(c.argv[0] ?? '') !== 'rclone') return;
  const w = c.argv.slice(1).filter((x) => !x.startsWith('-'));
  if (!/^(?:copy|copyto|sync|move|moveto)$/.test(w[0] ?? '') || w.length < 3) return;
  const dst = w[w.length - 1] ?? '';
  const host = hostOf(/endpoint=([^,:]+(?::\d+)?)/.exec(dst)?.[1] ?? optionValue(c.argv, /^--s3-endpoint$/) ?? '');
  const src = w[1] ?? '';
  if (outside(host) && isLocal(src)) out.push(share(src, host, `rclone copies ${src} to storage at ${host}`));
}

/** SDK code given an endpoint outside and uploading a file (boto3 endpoint_url + upload_file/put_object). */
function sdkEndpoint(text: string, out: Effect[]): void {
  const url = /endpoint_url\s*=\s*["']([^"']+)["']/.exec(text)?.[1];
  const host = hostOf(url ?? '');
  if (!outside(host)) return;
  const src =
    /\.upload_file\(\s*["']([^"']+)["']/.exec(text)?.[1] ?? (/\.put_object\(/.test(text) ? 'object' : undefined);
  if (src) out.push(share(src, host, `code uploads ${src} to storage at ${host}, named in the code`));
}

export function foreignEndpointEffects(l: LineView, out: Effect[]): void {
  for (const c of l.cmds) {
    awsEndpointCopy(c, out);
    producerInput(c, out);
    rcloneEndpoint(c, out);
  }
  if (/\balias\s+set\b|\bhost\s+add\b/.test(l.text)) minioAlias(l, out);
  if (l.text.includes('endpoint_url')) sdkEndpoint(l.text, out);
}
