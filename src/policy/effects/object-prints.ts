// A file kept in object storage printed to standard output is read as the file it is: `gsutil cat
// gs://corp-tf/prod/default.tfstate`, `aws s3 cp s3://corp-tf/prod/terraform.tfstate -`, `rclone
// cat remote:backups/.env`, `mc cat minio/ops/id_rsa` put the state's passwords, the .env's keys or
// the private key into the conversation exactly as `cat` of a local copy would. Each object is read
// as a read of its path under the bucket (`/corp-tf/prod/default.tfstate`), so the credential-file
// rules that decide local reads (tfstate, .env, credentials.json, id_*) decide it, whichever
// storage and client hold it. Downloads to a local file are copies, read by their own rules.
// Sources: gsutil cat and gcloud storage cat (cloud.google.com/storage/docs), aws s3 cp with `-` as
// the destination streams to stdout (AWS CLI reference, s3 cp), s3cmd get URL - , rclone cat
// (rclone.org/commands/rclone_cat), MinIO mc cat (min.io/docs, mc cat), Backblaze b2 cat.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';

export const OBJECT_PRINT_PROGRAMS: readonly string[] = ['gsutil', 'gcloud', 'aws', 's3cmd', 'rclone', 'mc', 'b2'];

/** `scheme://bucket/key` or `remote:path` (rclone, mc's `alias/path`) as a path. */
function objectPath(url: string): string | undefined {
  const m = /^(?:gs|s3|s3a|az|abfss?|wasbs?|b2):\/\/(.+)$/.exec(url);
  if (m) return '/' + (m[1] ?? '');
  return undefined;
}

function printedObjects(argv: string[]): string[] {
  const name = basename(argv[0] ?? '').toLowerCase();
  const pos = argv.slice(1).filter((w) => !w.startsWith('-'));
  switch (name) {
    case 'gsutil':
      return pos[0] === 'cat' ? pos.slice(1) : [];
    case 'gcloud':
      return pos[0] === 'storage' && pos[1] === 'cat' ? pos.slice(2) : [];
    case 'aws':
      // aws s3 cp SRC - : the object streamed to standard output
      return pos[0] === 's3' && pos[1] === 'cp' && argv.includes('-') ? pos.slice(2, 3) : [];
    case 's3cmd':
      return pos[0] === 'get' && argv.includes('-') ? pos.slice(1, 2) : [];
    case 'b2':
      return pos[0] === 'cat' ? pos.slice(1) : [];
    case 'rclone':
    case 'mc':
      // rclone cat remote:path, mc cat alias/bucket/key: the path part after the remote's name
      return pos[0] === 'cat' ? pos.slice(1).map((w) => 's3://' + w.replace(/^[\w.-]+:/, '').replace(/^\/+/, '')) : [];
    default:
      return [];
  }
}

export function objectPrintEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    // written to a file (`> state.json`), the object is copied, not printed
    if (c.redirs.some((r) => r.op.startsWith('>') && (r.fd === '' || r.fd === '1') && !/^\/dev\/std/.test(r.target)))
      continue;
    for (const url of printedObjects(c.argv)) {
      const path = objectPath(url);
      if (path)
        out.push({
          tool: 'read',
          path,
          via: `${basename(c.argv[0] ?? '')} prints ${url} from object storage`,
        });
    }
  }
}
