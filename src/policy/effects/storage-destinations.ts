// Data copied into cloud storage that is not the organisation's, whatever program does the copy
// (a cloud CLI, a sync tool, a backup tool, the project's own export script): the destination is
// the last storage URL on the line (`s3://`, `gs://`, `az://`, `b2://`, `r2://`, `oss://`, ...)
// and it reads as `shares-data WHAT to BUCKET` (asked by the exfiltration policy) when
//  - a bucket is copied into a bucket of another owner: the source's first name part (the
//    organisation's prefix, `freightco` of gs://freightco-edi-archive) is not the destination's,
//    and the destination's name says it is personal, free, temporary, a backup or for sharing
//    (gs://jdoe-personal-backup, gs://my-backup-bucket-2024);
//  - a local tree is copied whole (recursive option, sync, mirror, a folder) into a bucket named
//    personal, free, temporary or mine (s3://tmp-free-drop, b2://jd-personal-b2);
//  - the command runs under a credential profile or storage account named for a person's own use
//    (`--profile personal`, AWS_PROFILE=home, `--account-name personalstore123`) and names storage:
//    the data lands in an account the organisation does not hold.
// The organisation's own buckets (acme-prod-backups, acme-web-public) and copies between buckets
// sharing a prefix are not this; a named file of people's data to a shared bucket is read in
// data-shares.ts. Scheme list: the URL forms of AWS S3, Google Cloud Storage, Azure Blob and Data
// Lake (az, wasb, abfs), Backblaze B2, Cloudflare R2, Alibaba OSS, Tencent COS, OpenStack Swift.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

const STORAGE_URL = /^(?:s3a?|gs|gcs|az|azure|wasbs?|abfss?|b2|r2|oss|cos|swift):\/\/([^/@?]+@)?([^/?]+)/i;
const BLOB_URL = /^https:\/\/([a-z0-9]+)\.(?:blob|dfs)\.core\.windows\.net\/([^/?]+)/i;
export const STORAGE_DEST_HINT =
  /\b(?:s3a?|gs|gcs|az|azure|wasbs?|abfss?|b2|r2|oss|cos|swift):\/\/|\.(?:blob|dfs)\.core\.windows\.net|--profile|--account-name|_PROFILE=/i;

/** Name parts that say a bucket or account is a person's own, free, temporary or a backup elsewhere. */
const PERSONAL = /personal|(?:^|[-_.])(?:my|mine|own|free|tmp|temp|home|priv|private|bak|bkp|stash)(?:$|[-_.\d])/i;
const FOREIGN =
  /personal|backup|public|share|sharing|(?:^|[-_.])(?:ext|external|my|mine|own|free|tmp|temp|home|priv|private|bak|bkp|stash|drop|transfer|archive)(?:$|[-_.\d])/i;
/** Profile and account options, and the variables that choose a profile. */
const PROFILE_OPTION = /^--(?:profile|account-name|account|storage-account)$/;
const PROFILE_VAR =
  /^(?:AWS_PROFILE|AWS_DEFAULT_PROFILE|AZURE_STORAGE_ACCOUNT|CLOUDSDK_ACTIVE_CONFIG_NAME|OCI_CLI_PROFILE)$/;
const PERSONAL_ACCOUNT = /personal|(?:^|[-_.])(?:my|mine|own|home|private|priv)(?:$|[-_.\d])|^(?:me|self|home)$/i;
/** Options and verbs that copy a whole tree. */
const TREE = /^(?:-r|-R|--recursive|-rR|--recurse|sync|mirror|rsync|upload-batch|--all|--all-projects)$/i;

/** A local path operand (not a subcommand word). */
const LOCAL_PATH = /^(?:\.{1,2}$|\.{0,2}[\\/]|~|[A-Za-z]:[\\/]|[\w.-]+[\\/])/;

function bucketOf(w: string): string | undefined {
  const m = STORAGE_URL.exec(w);
  if (m) return (m[2] ?? '').toLowerCase();
  const b = BLOB_URL.exec(w);
  return b ? `${b[1]}/${b[2]}`.toLowerCase() : undefined;
}

/** The organisation prefix of a bucket name: its first part (`acme` of acme-prod-data). */
const prefix = (bucket: string) => bucket.split(/[-_./]/)[0] ?? bucket;

const clean = (s: string) => s.replace(/[^\w@/.:~-]/g, '_');
function share(what: string, where: string, via: string): Effect {
  return { tool: 'exec', command: `shares-data ${clean(what)} to ${clean(where)}`, via };
}

export function storageDestinationEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const a = c.argv;
    const name = basename(a[0] ?? '');
    const ops = a.slice(1).filter((w) => !w.startsWith('-'));
    let di = -1;
    for (let i = ops.length - 1; i >= 0; i--)
      if (bucketOf(ops[i] ?? '')) {
        di = i;
        break;
      }
    // options given as --out=s3://..., --dest s3://...
    const optDest = a.find((w) => /^--[\w-]+=/.test(w) && bucketOf(w.slice(w.indexOf('=') + 1)));
    const dest = di >= 0 ? ops[di] : optDest?.slice(optDest.indexOf('=') + 1);
    const account = profileName(c);
    if (!dest) {
      // az storage ... --account-name personalstore -s ./data: the account is the destination
      if (account && /(?:upload|copy|sync|cp)/i.test(a.join(' ')) && PERSONAL_ACCOUNT.test(account))
        out.push(
          share(
            ops.find((w) => /[./~]/.test(w)) ?? name,
            account,
            `${name} stores data in ${account}, an account named for personal use`,
          ),
        );
      continue;
    }
    const bucket = bucketOf(dest) ?? '';
    const src = di > 0 ? ops[di - 1] : undefined;
    const srcBucket = src ? bucketOf(src) : undefined;
    if (account && PERSONAL_ACCOUNT.test(account)) {
      out.push(
        share(
          src ?? name,
          bucket,
          `${name} writes to ${dest} under ${account}, a profile or account named for personal use`,
        ),
      );
      continue;
    }
    if (srcBucket && srcBucket !== bucket && prefix(srcBucket) !== prefix(bucket) && FOREIGN.test(bucket)) {
      out.push(
        share(src ?? '', bucket, `${name} copies ${src} into ${bucket}, another owner's bucket named ${bucket}`),
      );
      continue;
    }
    const tree = a.some((w) => TREE.test(w)) || (!!src && !srcBucket && /\/$/.test(src));
    if (tree && src && !srcBucket && LOCAL_PATH.test(src) && PERSONAL.test(bucket))
      out.push(
        share(
          src,
          bucket,
          `${name} copies the tree ${src} into ${bucket}, a bucket named for personal or temporary use`,
        ),
      );
  }
}

/** The credential profile or storage account a command runs under, when the line names one. */
function profileName(c: { argv: string[]; assigns: { name: string; value: string }[] }): string | undefined {
  for (const x of c.assigns) if (PROFILE_VAR.test(x.name)) return x.value;
  const a = c.argv;
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    const eq = w.indexOf('=');
    if (eq > 0 && PROFILE_OPTION.test(w.slice(0, eq))) return w.slice(eq + 1);
    if (PROFILE_OPTION.test(w)) return a[i + 1];
  }
  return undefined;
}
