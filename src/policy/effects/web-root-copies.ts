// A site published by copying files into another machine's web root: `rsync -az --delete public/
// deploy@www.client.com:/var/www/html/`, `scp -r dist/* root@shop.example.com:/var/www/shop/`,
// `lftp -e 'mirror -R --delete ./site /public_html' ftp.client.com`, `robocopy .\publish
// \\WEB01\c$\inetpub\wwwroot\acme /MIR`, `msdeploy -verb:sync ... -dest:...,computerName=...`.
// What lands in a web root is served to every visitor at once: it is a deploy whatever the host
// is called. A host named as a copy (staging, dev, test, preview) or on this machine or a private
// network (a homelab box, a VM) is left alone. Read as `ship TOOL HOST PATH` (ship-commands asks).
// Sources: the document roots of Debian/Ubuntu Apache and nginx (/var/www/html,
// /usr/share/nginx/html), cPanel (public_html), Plesk (httpdocs), XAMPP/Apache (htdocs), IIS
// (C:\inetpub\wwwroot); lftp(1) mirror -R/--reverse and put/mput; Web Deploy (msdeploy) -verb:sync.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';

export const WEB_ROOT_PROGRAMS = [
  'rsync',
  'cp',
  'copy-item',
  'scp',
  'lftp',
  'robocopy',
  'xcopy',
  'msdeploy',
  'msdeploy.exe',
  'ncftpput',
  'aws',
  'gsutil',
  'gcloud',
  'rclone',
];

/** A folder a web server serves from. */
const WEB_ROOT =
  /(?:^|[\\/])(?:var[\\/]www|srv[\\/]www|srv[\\/]http|usr[\\/]share[\\/]nginx[\\/]html|public_html|htdocs|httpdocs|wwwroot|inetpub|webroot|web[\\/]current|current[\\/]public)(?:[\\/]|$)/i;
/** A host named for production, whatever its form (`prod-web-02`). */
const PROD = /(?:^|[^a-z0-9])(?:prod|production|prd|live)(?:[^a-z0-9]|$|\d)/i;
/** A host named as a copy that is not production. */
const COPY = /(?:^|[^a-z0-9])(?:stag(?:e|ing)|dev|develop|test|testing|qa|uat|preview|sandbox|demo)(?:[^a-z0-9]|$|\d)/i;
/** This machine, a private address, a local-network name, or one word (an ssh alias, a NAS, a VM). */
export const LOCAL_HOST =
  /^(?:localhost|127(?:\.\d{1,3}){3}|::1|10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2}|[\w.-]+\.(?:local|lan|home|internal|localdomain|test)|[\w-]+)$/i;

function remoteHost(host: string): boolean {
  return !!host && !COPY.test(host) && (PROD.test(host) || !LOCAL_HOST.test(host));
}

function ship(tool: string, host: string, path: string, out: Effect[]): void {
  out.push({
    tool: 'exec',
    command: `ship ${tool} ${host} ${path}`,
    via: `${tool} copies into the web root ${path} on ${host}`,
  });
}

/** rsync/scp to `[user@]host:path`. */
function copyTo(tool: string, a: string[], out: Effect[]): void {
  const ops = a.slice(1).filter((w, i, all) => !w.startsWith('-') && !/^-[eP]$|^--rsh$/.test(all[i - 1] ?? ''));
  if (ops.length < 2 || a.includes('--dry-run') || a.includes('-n')) return;
  // rsync's -n inside a cluster of short options (`-avn`) is the same dry run (rsync(1))
  if (tool === 'rsync' && a.some((w) => /^-[a-zA-Z0-9]*n[a-zA-Z0-9]*$/.test(w))) return;
  const dest = ops[ops.length - 1] ?? '';
  const m = /^(?:[^@/:]+@)?([^:/]+):(.*)$/.exec(dest);
  if (m && remoteHost(m[1] ?? '') && WEB_ROOT.test(m[2] ?? '')) ship(tool, m[1] ?? '', m[2] ?? '', out);
}

/** lftp with a reverse mirror or a put in its -e/-c commands, to a host given as URL or word. */
function lftp(a: string[], out: Effect[]): void {
  let script = '';
  let host = '';
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (w === '-e' || w === '-c') script += ` ${a[++i] ?? ''}`;
    else if (w === '-u' || w === '-p' || w === '-f') i++;
    else if (!w.startsWith('-')) host = w;
  }
  const open = /\bopen\s+(?:-u\s+\S+\s+)?(\S+)/.exec(script)?.[1];
  const target = (open ?? host)
    .replace(/^s?ftps?:\/\/|^sftp:\/\//i, '')
    .replace(/^[^@]*@/, '')
    .replace(/[:/].*$/, '');
  if (!/\bmirror\b[^;]*\s(?:-R|--reverse)\b|(?:^|;|\s)m?put\s/.test(script)) return;
  if (remoteHost(target)) ship('lftp', target, script.trim(), out);
}

/** robocopy/xcopy to a UNC path into a web root: `\\HOST\c$\inetpub\wwwroot`. */
function uncCopy(tool: string, a: string[], out: Effect[]): void {
  for (const w of a.slice(1)) {
    // `\\HOST\share\...`, or `//HOST/share/...` as the Windows line's POSIX reading spells it
    const m = /^(?:\\\\|\/\/)([^\\/]+)[\\/](.*)$/.exec(w);
    if (m && remoteHost(m[1] ?? '') && WEB_ROOT.test(m[2] ?? '')) {
      ship(tool, m[1] ?? '', m[2] ?? '', out);
      return;
    }
  }
}

/** Web Deploy's sync to a remote computer (`-dest:...,computerName=HOST`). */
function msdeploy(a: string[], out: Effect[]): void {
  if (!a.some((w) => /^-verb:sync$/i.test(w)) || a.some((w) => /^-whatif$/i.test(w))) return;
  const dest = a.find((w) => /^-dest:/i.test(w)) ?? '';
  const host = /computerName=(?:https?:\/\/)?([^,:/'"]+)/i.exec(dest)?.[1] ?? '';
  if (remoteHost(host)) ship('msdeploy', host, dest, out);
}

/**
 * A bucket named as a website's domain (`s3://www.acme.io`, `gs://docs.acme.com`): S3 and Cloud
 * Storage serve a static site from the bucket that bears the site's name (AWS "Hosting a static
 * website using Amazon S3", Google Cloud "Host a static website"), so a copy or sync into it
 * publishes. A name with no dot, or one that says staging/dev/preview, is an ordinary bucket.
 */
function siteBucket(a: string[], out: Effect[]): void {
  const name = basename(a[0] ?? '').toLowerCase();
  const ops = a.slice(1).filter((w) => !w.startsWith('-'));
  const verb = name === 'aws' ? ops[1] : name === 'gcloud' ? ops[1] : ops[0];
  if (name === 'aws' && ops[0] !== 's3') return;
  if (name === 'gcloud' && ops[0] !== 'storage') return;
  if (
    !verb ||
    !/^(?:cp|sync|mv|rsync|copy|copyto|moveto)$/.test(verb) ||
    a.includes('--dryrun') ||
    a.includes('--dry-run') ||
    a.includes('-n')
  )
    return;
  const dest = ops[ops.length - 1] ?? '';
  const bucket = /^(?:s3|gs|r2|[\w-]+):\/?\/?([a-z0-9.-]+)/i.exec(dest)?.[1] ?? '';
  if (ops.length < 3 && name !== 'gsutil' && name !== 'rclone') return;
  if (
    /^(?:www|docs|blog|shop|app|static|assets|cdn|site)\.[a-z0-9-]+\.[a-z]{2,}/i.test(bucket) ||
    /^[a-z0-9-]+\.(?:com|io|org|net|dev|app|co|edu)$/i.test(bucket)
  )
    if (!COPY.test(bucket)) ship(name, bucket, dest, out);
}

/** Files copied into another machine's web root. */
export function webRootCopyEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (name === 'rsync' || name === 'scp') {
      copyTo(name, c.argv, out);
      // robocopy /MIR and Copy-Item read in POSIX as rsync and cp to `//HOST/share/...`
      uncCopy(name, c.argv, out);
    } else if (name === 'cp' || name === 'copy-item') uncCopy(name, c.argv, out);
    else if (name === 'lftp') lftp(c.argv, out);
    else if (name === 'robocopy' || name === 'xcopy') uncCopy(name, c.argv, out);
    else if (name === 'msdeploy' || name === 'msdeploy.exe') msdeploy(c.argv, out);
    else if (name === 'aws' || name === 'gsutil' || name === 'gcloud' || name === 'rclone') siteBucket(c.argv, out);
  }
}
