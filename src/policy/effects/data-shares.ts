// Data handed to someone outside the project by channels the upload readings do not treat as
// unknown hosts: a cloud bucket named for sharing (`gs://ml-scratch-public-share`,
// `s3://research-share-ext`), mail to a personal webmail address, and a third-party API given
// a file named for customer, patient or production data (`curl -F file=@data/patients.csv
// https://api.openai.com/v1/files`). Each reads as `shares-data WHAT to WHERE`, which the
// exfiltration policy asks about. A build artefact copied to the project's own bucket, or a
// report mailed to a work address, is not this. Webmail domains: the providers' own sign-up
// domains (Gmail, Outlook.com/Hotmail/Live, Yahoo, iCloud, Proton, GMX, Yandex, Mail.ru, Zoho,
// Tuta, Fastmail, AOL, QQ/163), the privacy providers people open in a minute (Posteo, Mailfence,
// Disroot, Riseup, cock.li, DuckDuckGo's duck.com relay, Skiff) and disposable inboxes
// (Guerrilla Mail and its sharklasers/grr.la domains, Mailinator, YOPmail, 10 Minute Mail,
// Temp-Mail, Dispostable, Maildrop, Nada, TrashMail ...): an address there is nobody's at work.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';
import { foreignEndpointEffects } from './foreign-endpoints.js';

/** Bucket names that say the bucket is for sharing or sits outside the organisation. */
export const SHARED_BUCKET =
  /public|share|sharing|(?:^|[-_.])ext(?:ernal)?(?:$|[-_.])|personal|scratch|drop|transfer|outside|partner|vendor|contractor|temp(?:$|[-_.])|(?:^|[-_.])tmp(?:$|[-_.])/i;
/** File names that say what they hold is people's or production data, or a database dump. */
export const SENSITIVE_DATA =
  /(?:customer|client|user|patient|member|employee|staff|payroll|salar|ssn|pii|account|order|transaction|invoice|payment|card|billing|medical|health|prod(?:uction)?|backup|dump|export|leads|contacts)[^/]*\.(?:csv|tsv|parquet|jsonl?|xlsx?|sql|dump|gz|zip|tgz|tar|bak|db|sqlite3?|avro|orc)$/i;
/** The same words naming a folder of such files (`./customer-exports`, `backups/`). */
export const SENSITIVE_NAME =
  /customer|client|user|patient|member|employee|payroll|salar|ssn|pii|account|order|transaction|invoice|payment|billing|medical|health|backup|dump|export|leads|contacts/i;
export const WEBMAIL =
  /@(?:gmail|googlemail|outlook|hotmail|live|msn|yahoo|ymail|aol|icloud|me|mac|proton|protonmail|pm|gmx|mail|yandex|tutanota|tuta|zoho|fastmail|hey|qq|163|posteo|mailfence|disroot|riseup|cock|tutamail|duck|skiff|onionmail|guerrillamail|guerrillamailblock|sharklasers|grr|mailinator|yopmail|10minutemail|temp-mail|tempmail|tempmailo|dispostable|maildrop|getnada|trashmail|mohmal|emailondeck|throwawaymail|mailnesia|mintemail|fakeinbox|spamgourmet)\.[a-z.]{2,6}$/i;
/** Hosts of the machine itself: a file sent there stays with its owner. */
const LOCAL = /^(?:localhost|127\.|\[::1\]|0\.0\.0\.0|[\w-]+\.(?:local|internal|localhost)(?::|$))/i;

export const DATA_SHARE_HINT =
  /\b(?:aws|gsutil|gcloud|az|azcopy|mc|mail|mailx|mutt|sendmail|swaks|msmtp|neomutt|curl|upload_file|put_object|upload_blob|rclone|kafka-console-producer|kcat|kafkacat|mosquitto_pub|endpoint_url)\b/;

function share(what: string, where: string, via: string): Effect {
  const w = (s: string) => s.replace(/[^\w@/.:~-]/g, '_');
  return { tool: 'exec', command: `shares-data ${w(what)} to ${w(where)}`, via };
}

/** The bucket of an s3://, gs://, az:// or https blob URL, or an mc/rclone alias path. */
function bucketOf(url: string): string | undefined {
  return (
    /^(?:s3|gs|az|r2|b2):\/\/([^/]+)/i.exec(url)?.[1] ??
    /^https:\/\/([^.]+)\.blob\.core\.windows\.net\/([^/?]+)/i.exec(url)?.slice(1).join('/') ??
    undefined
  );
}

function cloudCopies(argv: string[], out: Effect[]): void {
  const name = basename(argv[0] ?? '');
  const words = argv.slice(1).filter((w) => !w.startsWith('-'));
  let src: string | undefined;
  let dst: string | undefined;
  if (name === 'aws' && words[0] === 's3' && /^(?:cp|mv|sync)$/.test(words[1] ?? '')) [src, dst] = [words[2], words[3]];
  else if (name === 'gsutil' && /^(?:cp|mv|rsync)$/.test(words[0] ?? '')) [src, dst] = [words.at(-2), words.at(-1)];
  else if (name === 'gcloud' && words[0] === 'storage' && /^(?:cp|mv|rsync)$/.test(words[1] ?? ''))
    [src, dst] = [words.at(-2), words.at(-1)];
  else if (name === 'azcopy' && /^(?:copy|cp|sync)$/.test(words[0] ?? '')) [src, dst] = [words[1], words[2]];
  else if (name === 'mc' && /^(?:cp|mv|mirror)$/.test(words[0] ?? '')) [src, dst] = [words.at(-2), words.at(-1)];
  if (!src || !dst) return;
  // a local file written with --no-sign-request goes to a bucket that takes writes from anyone:
  // no organisation's own bucket does, whatever it is called (AWS CLI, Configuring settings: --no-sign-request)
  if (
    name === 'aws' &&
    argv.includes('--no-sign-request') &&
    /^s3:\/\//i.test(dst) &&
    !/^s3:\/\//i.test(src) &&
    /^(?:cp|mv|sync)$/.test(words[1] ?? '')
  ) {
    const anon = bucketOf(dst) ?? 'bucket';
    out.push(
      share(
        src === '-' ? 'standard-input' : src,
        anon,
        `aws s3 writes ${src} to ${anon} anonymously, a bucket anyone can write to`,
      ),
    );
    return;
  }
  // MinIO client paths are ALIAS/BUCKET/...
  const bucket = name === 'mc' ? dst.split('/')[1] : bucketOf(dst);
  if (!bucket || !SHARED_BUCKET.test(bucket)) return;
  const fromProd = /^(?:s3|gs):\/\/[^/]*prod/i.test(src);
  // a folder copied whole (-r, sync, mirror) is judged by its name
  const folder = !/\.\w{1,8}$/.test(src) && SENSITIVE_NAME.test(basename(src.replace(/\/+$/, '')));
  if (SENSITIVE_DATA.test(src) || folder || fromProd || /(?:^|\/)\.env|credentials|\.ssh|\.aws/.test(src))
    out.push(share(src, bucket, `${name} copies ${src} to ${bucket}, a bucket named for sharing`));
}

const MAILERS = /^(?:mail|mailx|mutt|neomutt|sendmail|swaks|msmtp|s-nail)$/;

function mails(c: { argv: string[]; redirs: { op: string; target: string }[] }, out: Effect[]): void {
  const name = basename(c.argv[0] ?? '');
  if (!MAILERS.test(name)) return;
  const to = c.argv.find((w) => WEBMAIL.test(w.replace(/^--to=/, '')));
  if (!to) return;
  const attached: string[] = [];
  for (let i = 1; i < c.argv.length; i++) {
    const w = c.argv[i] ?? '';
    if (/^(?:-a|-A|--attach|--attach-file)$/.test(w) && c.argv[i + 1]) attached.push(c.argv[i + 1] ?? '');
    else if (w.startsWith('--attach=')) attached.push(w.slice(9));
  }
  const input = c.redirs.find((r) => r.op === '<')?.target;
  const file = attached[0] ?? (input && input !== '/dev/null' ? input : undefined);
  if (file) out.push(share(file, to, `${name} mails ${file} to ${to}, a personal webmail address`));
}

/** curl sending a file named for people's or production data to another machine. */
function curlData(argv: string[], out: Effect[]): void {
  if (basename(argv[0] ?? '') !== 'curl') return;
  const url = argv.find((w) => /^https?:\/\//i.test(w));
  if (!url) return;
  const host = /^https?:\/\/([^/?#]+)/i.exec(url)?.[1] ?? '';
  if (LOCAL.test(host)) return;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const v = /^(?:-F|--form|-T|--upload-file|-d|--data|--data-binary)$/.test(w) ? (argv[i + 1] ?? '') : '';
    const file = /@([^;,]+)/.exec(v)?.[1] ?? (w === '-T' || w === '--upload-file' ? v : undefined);
    if (file && SENSITIVE_DATA.test(file)) {
      out.push(share(file, host, `curl sends ${file} to ${host}`));
      return;
    }
  }
}

/** boto3 / google-cloud-storage / azure-storage-blob uploads written in one-liner code. */
function sdkUploads(text: string, out: Effect[]): void {
  for (const m of text.matchAll(/upload_file\(\s*["']([^"']+)["']\s*,\s*["']([^"']+)["']/g)) {
    const [, src = '', bucket = ''] = m;
    if (SHARED_BUCKET.test(bucket) && (SENSITIVE_DATA.test(src) || /\.env|credentials/.test(src)))
      out.push(share(src, bucket, `upload_file sends ${src} to ${bucket}, a bucket named for sharing`));
  }
}

/**
 * A command's output piped into a mailer addressed to a personal webmail account (`yara -r rules/
 * /home | mail -s hits someone@gmail.com`): what the command found or printed is mailed away. A
 * message typed on the line (`echo done | mail ...`) is the user's own text.
 */
function pipedMail(c: { argv: string[]; pipedInto?: string[] }, out: Effect[]): void {
  const into = c.pipedInto;
  if (!into || !MAILERS.test(basename(into[0] ?? ''))) return;
  const name = basename(c.argv[0] ?? '');
  if (/^(?:echo|printf|true|date|hostname|uptime)$/.test(name)) return;
  const to = into.find((w) => WEBMAIL.test(w.replace(/^--to=/, '')));
  if (to) out.push(share(`output-of-${name}`, to, `${name}'s output is mailed to ${to}, a personal webmail address`));
}

export function dataShareEffects(line: LineFacts, out: Effect[]): void {
  for (const c of line.cmds) {
    cloudCopies(c.argv, out);
    mails(c, out);
    pipedMail(c, out);
    curlData(c.argv, out);
  }
  if (line.text.includes('upload_file')) sdkUploads(line.text, out);
  foreignEndpointEffects(line, out);
}
