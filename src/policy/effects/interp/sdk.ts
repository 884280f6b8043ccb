// Cloud SDK calls read as the CLI command they amount to, so the policies that judge
// `aws s3 rb`, `aws ec2 terminate-instances`, `gcloud storage rm -r` or `az group delete` judge
// the same action written as code. The AWS SDKs and the AWS CLI are generated from the same
// service models, so a client method maps mechanically onto a CLI subcommand:
// `boto3.client('rds').delete_db_instance(DBInstanceIdentifier='x', SkipFinalSnapshot=True)` is
// `aws rds delete-db-instance --db-instance-identifier x --skip-final-snapshot`, and
// `new DeleteBucketCommand({Bucket: 'b'})` is `aws s3api delete-bucket --bucket b`. The resource
// APIs (boto3.resource, google-cloud-storage, azure-mgmt) are mapped per object and verb.
// Sources: boto3 and AWS SDK for JavaScript v2/v3 references, AWS CLI command reference,
// google-cloud-storage/bigquery Python and @google-cloud/storage references, Azure SDK for
// Python (azure-mgmt-resource, azure-mgmt-compute, azure-storage-blob).
import type { Effect } from '../types.js';
import { argValue, callArgs, literalValue, splitArgs } from './literals.js';
import { at } from '../../../util/invariant.js';

/** `DBInstanceIdentifier` -> `db-instance-identifier`, `delete_db_instance` -> `delete-db-instance`. */
export function kebab(name: string): string {
  return name
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}

/** A word fit for the command line (placeholders for what is computed). */
function word(v: string | undefined, fallback: string): string {
  if (v === undefined) return fallback;
  const s = v
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/[^\w@%+=:,./~*-]/g, '_'))
    .join(' ');
  return s || fallback;
}

/** `Key='v', Flag=True, Ids=['a','b']` or `{Key: 'v', Ids: ['a']}` -> CLI options. */
function options(args: string): string {
  const out: string[] = [];
  let body = args.trim();
  if (body.startsWith('{') && body.endsWith('}')) body = body.slice(1, -1);
  for (const part of splitArgs(body)) {
    const m = /^["']?([A-Za-z_]\w*)["']?\s*[=:]\s*([\s\S]+)$/.exec(part.trim());
    if (!m) continue;
    const key = `--${kebab(at(m, 1))}`;
    const raw = at(m, 2).trim();
    if (/^(?:True|true)$/.test(raw)) out.push(key);
    else if (/^(?:False|false|None|null|undefined)$/.test(raw)) continue;
    else if (/^-?\d+(?:\.\d+)?$/.test(raw)) out.push(key, raw);
    else {
      const v = argValue(raw);
      out.push(key, word(v, 'VALUE'));
    }
  }
  return out.join(' ');
}

function firstLiteral(args: string): string | undefined {
  const first = splitArgs(args)[0];
  return first === undefined ? undefined : literalValue(first);
}

function cliService(service: string): string {
  const s = service.toLowerCase();
  return s === 's3' ? 's3api' : s;
}

interface Found {
  command: string;
  what: string;
}

const RESOURCE_ACTIONS: [RegExp, (id: string, b?: string) => string][] = [
  // s3 buckets: emptying and deleting
  [/^Bucket$/, (id) => `aws s3 rb s3://${id} --force`],
  [/^Table$/, (id) => `aws dynamodb delete-table --table-name ${id}`],
  [/^Instance$/, (id) => `aws ec2 terminate-instances --instance-ids ${id}`],
  [/^Volume$/, (id) => `aws ec2 delete-volume --volume-id ${id}`],
  [/^Snapshot$/, (id) => `aws ec2 delete-snapshot --snapshot-id ${id}`],
  [/^Queue$/, (id) => `aws sqs delete-queue --queue-url ${id}`],
  [/^Object$/, (id, k) => `aws s3 rm s3://${id}/${k ?? '*'}`],
];

function awsPython(code: string, out: Found[]): void {
  // boto3.client('svc').method(...)
  const client = /boto3\.client\(\s*(['"])([\w-]+)\1[^)]*\)\s*\.\s*([a-z_]\w*)\s*\(/g;
  for (let m = client.exec(code); m; m = client.exec(code)) {
    const service = at(m, 2);
    const method = at(m, 3);
    const open = m.index + m[0].length - 1;
    const opts = options(callArgs(code, open));
    out.push({
      command: `aws ${cliService(service)} ${kebab(method)}${opts ? ' ' + opts : ''}`,
      what: `calls ${service}.${method}`,
    });
  }
  // boto3.resource('svc').Thing('id')...  .delete() / .terminate() / .objects.all().delete()
  const res =
    /boto3\.resource\(\s*(['"])([\w-]+)\1[^)]*\)\s*\.\s*([A-Z]\w*)\(([^()]*)\)((?:\s*\.\s*\w+(?:\([^()]*\))?)*?)\s*\.\s*(delete|terminate|destroy|purge|delete_objects)\s*\(/g;
  for (let m = res.exec(code); m; m = res.exec(code)) {
    const service = at(m, 2);
    const thing = at(m, 3);
    const idArgs = splitArgs(at(m, 4));
    const id = word(literalValue(idArgs[0] ?? ''), 'ID');
    const key = idArgs[1] === undefined ? undefined : word(literalValue(idArgs[1]), '*');
    const chain = m[5] ?? '';
    if (thing === 'Bucket' && /objects|object_versions/.test(chain)) {
      out.push({ command: `aws s3 rm s3://${id} --recursive`, what: `empties bucket ${id}` });
      continue;
    }
    const known = RESOURCE_ACTIONS.find(([re]) => re.test(thing));
    const command = known ? known[1](id, key) : `aws ${service} ${m[6]}-${kebab(thing)} --${kebab(thing)}-id ${id}`;
    out.push({ command, what: `${m[6]}s ${service} ${thing} ${id}` });
  }
  // collections of a service resource: ec2.instances.all().terminate(), s3.buckets.all().delete()
  const coll =
    /boto3\.resource\(\s*(['"])([\w-]+)\1[^)]*\)\s*\.\s*(instances|buckets|volumes|tables|queues)\s*\.\s*(?:all|filter|limit)\([^()]*\)(\s*\.\s*(?:objects|object_versions)\s*\.\s*(?:all|filter|limit)\([^()]*\))?\s*\.\s*(terminate|delete)\s*\(/g;
  for (let m = coll.exec(code); m; m = coll.exec(code)) {
    const which = at(m, 3);
    const command =
      which === 'instances'
        ? 'aws ec2 terminate-instances --instance-ids ALL'
        : which === 'buckets'
          ? m[4]
            ? 'aws s3 rm s3://ALL --recursive'
            : 'aws s3 rb s3://ALL --force'
          : `aws ${m[2]} delete-${which.replace(/s$/, '')} --all`;
    out.push({ command, what: `${m[5]}s every one of ${m[2]} ${which}` });
  }
}

function awsNode(code: string, out: Found[]): void {
  const importMatch = /@aws-sdk\/client-([\w-]+)/.exec(code);
  const clientMatch = /new\s+(\w+?)Client\s*\(/.exec(code);
  const service = importMatch?.[1] ?? clientMatch?.[1]?.toLowerCase();
  // v3: new DeleteBucketCommand({...})
  const v3 = /new\s+([A-Z]\w*?)Command\s*\(/g;
  for (let m = v3.exec(code); m; m = v3.exec(code)) {
    const open = m.index + m[0].length - 1;
    const opts = options(callArgs(code, open));
    out.push({
      command: `aws ${cliService(service ?? 'unknown')} ${kebab(at(m, 1))}${opts ? ' ' + opts : ''}`,
      what: `sends ${m[1]}Command`,
    });
  }
  // v2: new AWS.S3().deleteBucket({...})
  const v2 = /new\s+AWS\.(\w+)\([^()]*\)\s*\.\s*([a-z]\w*)\s*\(/g;
  for (let m = v2.exec(code); m; m = v2.exec(code)) {
    const open = m.index + m[0].length - 1;
    const opts = options(callArgs(code, open));
    out.push({
      command: `aws ${cliService(at(m, 1))} ${kebab(at(m, 2))}${opts ? ' ' + opts : ''}`,
      what: `calls AWS.${m[1]}.${m[2]}`,
    });
  }
}

function google(code: string, out: Found[]): void {
  // storage.Client().bucket('b').delete(force=True) / .get_bucket('b').delete()
  // new Storage().bucket('b').delete() / .deleteFiles()
  const bucket =
    /(?:storage\.Client\([^()]*\)|new\s+Storage\([^()]*\))\s*\.\s*(?:bucket|get_bucket|lookup_bucket)\(([^()]*)\)\s*\.\s*(delete|deleteFiles|delete_blobs)\s*\(/g;
  for (let m = bucket.exec(code); m; m = bucket.exec(code)) {
    const b = word(firstLiteral(at(m, 1)), 'BUCKET');
    out.push({
      command: m[2] === 'delete' ? `gcloud storage rm -r gs://${b}` : `gcloud storage rm -r gs://${b}/**`,
      what: `deletes bucket ${b}`,
    });
  }
  const blob =
    /(?:storage\.Client\([^()]*\)|new\s+Storage\([^()]*\))\s*\.\s*(?:bucket|get_bucket)\(([^()]*)\)\s*\.\s*(?:blob|file)\(([^()]*)\)\s*\.\s*delete\s*\(/g;
  for (let m = blob.exec(code); m; m = blob.exec(code)) {
    const b = word(firstLiteral(at(m, 1)), 'BUCKET');
    const k = word(firstLiteral(at(m, 2)), '*');
    out.push({ command: `gcloud storage rm gs://${b}/${k}`, what: `deletes gs://${b}/${k}` });
  }
  const bq = /bigquery\.Client\([^()]*\)\s*\.\s*(delete_dataset|delete_table)\s*\(/g;
  for (let m = bq.exec(code); m; m = bq.exec(code)) {
    const open = m.index + m[0].length - 1;
    const id = word(firstLiteral(callArgs(code, open)), 'ID');
    out.push({
      command: m[1] === 'delete_dataset' ? `bq rm -r -f -d ${id}` : `bq rm -f -t ${id}`,
      what: `${at(m, 1).replace('_', 's ')} ${id}`,
    });
  }
}

function azure(code: string, out: Found[]): void {
  const rg = /\.resource_groups\s*\.\s*(?:begin_delete|delete)\s*\(([^()]*)\)/g;
  for (let m = rg.exec(code); m; m = rg.exec(code)) {
    const name = word(firstLiteral(at(m, 1)), 'GROUP');
    out.push({ command: `az group delete --name ${name} --yes`, what: `deletes resource group ${name}` });
  }
  const vm = /\.virtual_machines\s*\.\s*(?:begin_delete|delete)\s*\(([^()]*)\)/g;
  for (let m = vm.exec(code); m; m = vm.exec(code)) {
    const a = splitArgs(at(m, 1)).map((x) => word(literalValue(x), 'NAME'));
    out.push({
      command: `az vm delete -g ${a[0] ?? 'GROUP'} -n ${a[1] ?? 'NAME'} --yes`,
      what: 'deletes a virtual machine',
    });
  }
  const container = /\.delete_container\s*\(([^()]*)\)/g;
  for (let m = container.exec(code); m; m = container.exec(code)) {
    const name = word(firstLiteral(at(m, 1)), 'CONTAINER');
    out.push({ command: `az storage container delete --name ${name}`, what: `deletes container ${name}` });
  }
}

/** The CLI commands that cloud SDK calls in `code` (already canonical) amount to. */
export function sdkEffects(code: string, via: string): Effect[] {
  if (
    !/boto3|aws-sdk|AWS\.|Command\s*\(|google|Storage|bigquery|azure|resource_groups|virtual_machines|delete_container/.test(
      code,
    )
  )
    return [];
  // a session or a configured client is the same client: boto3.Session(profile_name='x').client('s3')
  code = code.replace(/boto3\.(?:session\.)?Session\([^()]*\)\s*\.\s*(client|resource)\(/g, 'boto3.$1(');
  const found: Found[] = [];
  awsPython(code, found);
  awsNode(code, found);
  google(code, found);
  azure(code, found);
  return found.map((f) => ({ tool: 'exec', command: f.command, via: `${via} ${f.what} (as \`${f.command}\`)` }));
}
