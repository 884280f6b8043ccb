// What an application platform's CLI does to production when the verb alone does not say so:
//   - a one-off command run on production compute (`heroku run:detached -a shop-production --
//     rake data:fix`, `fly ssh console -a api-prod -C '...'`, `fly machine exec ID CMD -a
//     api-prod`, `aws ecs execute-command --cluster prod`, `aws ssm send-command --targets
//     Key=tag:env,Values=production`): the command reaches the live database and services with
//     production's credentials, whatever it is. Read as `cli-change-prod TOOL WORDS`, which the
//     production-changes policy asks about;
//   - a production database overwritten from another source (`heroku pg:copy staging::DATABASE_URL
//     DATABASE_URL -a shop-production`, `heroku pg:backups:restore`, `heroku pg:push`, `fly
//     postgres import`, `gcloud sql import sql prod-db gs://...`): every row there is replaced.
//     Read as `cli-destroy TOOL PATH VERB REST`, the reading of a delete.
// Production is named by the app, cluster, instance or target the command acts on; a source or a
// backup that only names production (`pg:copy shop-prod::DATABASE_URL ... -a shop-staging`) is a
// copy out of it, not onto it. Sources: Heroku CLI commands reference (run, run:detached,
// run:inside, pg:copy, pg:push, pg:backups:restore), flyctl reference (ssh console -C, machine
// exec, postgres import), Render CLI (ssh), AWS CLI (ecs execute-command, ssm send-command),
// gcloud (sql import, compute ssh --command), az (vm run-command invoke, containerapp exec).
import { table } from '../util/lookup-table.js';

/** A word that names production: prod, production, prd, live, as a word or a part (`shop-prod`, `env=production`). */
const PROD = /(?:^|[^a-z0-9])(?:prod|production|prd|live)(?:[^a-z0-9]|$|\d)/i;

/** Subcommand paths that run a command on the platform's machines, per tool. */
const REMOTE_RUN: Record<string, RegExp> = table({
  heroku: /^(?:run|run:detached|run:inside|ps:exec)$/,
  fly: /^(?:ssh console|machine exec|machines exec|console)$/,
  flyctl: /^(?:ssh console|machine exec|machines exec|console)$/,
  render: /^ssh$/,
  dokku: /^(?:run|enter|run:detached)$/,
  scalingo: /^(?:run|one-off)$/,
  clever: /^ssh$/,
  upsun: /^(?:ssh|environment:ssh)$/,
  platform: /^(?:ssh|environment:ssh)$/,
  cf: /^(?:ssh|run-task)$/,
  aws: /^(?:ecs execute-command|ecs run-task|ssm send-command|ssm start-session)$/,
  gcloud: /^(?:compute ssh|run jobs execute)$/,
  az: /^(?:vm run-command invoke|vm run-command create|containerapp exec|webapp ssh)$/,
});

/** Options whose value is the app, cluster, instance or targets a command acts on. */
const TARGET_OPTION =
  /^(?:-a|--app|-r|--remote|--cluster|--targets|--instance-ids|--target|-g|--resource-group|-n|--name|--service|-s|--environment|-e|--project|--confirm|--instance|-i|--zone|--region|--context)$/;

/** The words a command's target is named by: options of TARGET_OPTION and the operands, up to `--` (what runs there is not where). */
function targetWords(words: string[], from: number, drop: (op: string, index: number) => boolean): string[] {
  const out: string[] = [];
  let n = 0;
  for (let i = from; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w === '--') break;
    if (w.startsWith('-')) {
      const eq = w.indexOf('=');
      const key = eq > 0 ? w.slice(0, eq) : w;
      if (!TARGET_OPTION.test(key)) {
        // a command given as an option's value (-C 'cmd', --command 'cmd') is what runs, not where
        if (/^(?:-C|--command|--parameters|--scripts)$/.test(key) && eq < 0) i++;
        continue;
      }
      const v = eq > 0 ? w.slice(eq + 1) : (words[++i] ?? '');
      out.push(v);
      continue;
    }
    if (!drop(w, n++)) out.push(w);
  }
  return out;
}

/** The subcommand path of `words` matched against `re`, joined by spaces (`ssh console`), and where it ends. */
function pathOf(words: string[], re: RegExp): number {
  const ops: string[] = [];
  for (let i = 1; i < words.length && ops.length < 3; i++) {
    const w = words[i] ?? '';
    if (w.startsWith('-')) continue;
    ops.push(w.toLowerCase());
    if (re.test(ops.join(' '))) return i + 1;
  }
  return -1;
}

/** `cli-change-prod TOOL WORDS` for a command run on a production app or machine, else null. */
export function prodRunReading(words: string[]): string | null {
  const tool = (words[0] ?? '').toLowerCase();
  // PowerShell remoting: `Invoke-Command -ComputerName PROD-IIS-01 -ScriptBlock {...}` runs the
  // block on that machine, as `ssh prod-web-01 CMD` does (about_Remote, Invoke-Command)
  if (/^(?:invoke-command|icm|enter-pssession|etsn|new-pssession|nsn)$/.test(tool)) {
    const at = words.findIndex((w) => /^-(?:computername|cn|hostname|computer)$/i.test(w));
    const hosts = at > 0 ? (words[at + 1] ?? '').split(',') : [];
    return hosts.some((h) => PROD.test(h)) ? `cli-change-prod ${words.join(' ')}` : null;
  }
  const re = REMOTE_RUN[tool];
  if (!re) return null;
  const end = pathOf(words, re);
  if (end < 0) return null;
  // what follows the path up to `--` names the app; the first operand of `heroku run` is the command
  const runs = tool !== 'aws' && tool !== 'az' && tool !== 'gcloud' && !/ssh|console|exec/.test(words[end - 1] ?? '');
  const target = targetWords(words, end, (_op, i) => runs || (tool === 'fly' || tool === 'flyctl' ? i > 0 : false));
  if (!target.some((w) => PROD.test(w))) return null;
  return `cli-change-prod ${words.join(' ')}`;
}

/** Database subcommand paths that replace a database's contents from a source, per tool: the verb words. */
const OVERWRITE: Record<string, RegExp> = table({
  heroku: /^(?:pg:copy|pg:push|pg:backups:restore|pg:backups restore|redis:restore)$/,
  fly: /^(?:postgres import|pg import|mpg restore)$/,
  flyctl: /^(?:postgres import|pg import|mpg restore)$/,
  gcloud: /^(?:sql import sql|sql import bak|sql import csv|sql backups restore)$/,
  dokku: /^(?:postgres:import|mysql:import|mongo:import|redis:import)$/,
  railway: /^(?:restore)$/,
  supabase: /^(?:db reset --linked)$/,
  az: /^(?:postgres flexible-server restore|mysql flexible-server restore|sql db import)$/,
});

/** An operand that names where data comes from: `app::DATABASE_URL`, a URL, a bucket object, a dump file. */
const SOURCE = /::|:\/\/|@|\.(?:sql|dump|gz|bak|tar|csv|bson|rdb)$/i;

/** `cli-destroy TOOL PATH REST` for a production database replaced from another source, else null. */
export function prodOverwriteReading(words: string[]): string | null {
  const tool = (words[0] ?? '').toLowerCase();
  const re = OVERWRITE[tool];
  if (!re) return null;
  const end = pathOf(words, re);
  if (end < 0) return null;
  const verb = (words[end - 1] ?? '').toLowerCase();
  // `pg:copy SOURCE TARGET`, `pg:push SOURCE TARGET`: the first operand is where rows come from
  const copies = /copy|push/.test(verb);
  const target = targetWords(words, end, (op, i) => SOURCE.test(op) || (copies && i === 0));
  if (!target.some((w) => PROD.test(w))) return null;
  return `cli-destroy ${words.join(' ')}`;
}

/**
 * A whole tree (the project, the working directory or the home folder) copied into cloud storage:
 * `gsutil -m cp -r /home/dev/project gs://bucket/`, `aws s3 cp --recursive . s3://b/`, `gcloud
 * storage cp -r ~/project gs://b`, `azcopy copy . URL --recursive`, `s3cmd sync ~/ s3://b`, `mc
 * mirror . alias/b`, `oci os object bulk-upload --src-dir .`: its .env files, keys and history go
 * with the code, to a bucket the line does not show to be the user's. Build output (`dist/`,
 * `build/`, `public/`) is not a whole tree. Read as `uploads-tree TOOL SRC DEST`, which the
 * exfiltration policy asks about. Sources: each storage CLI's copy and sync reference.
 */
const TREE_COPY: Record<string, { sub: RegExp; recursive: RegExp | null }> = table({
  aws: { sub: /^s3 (?:cp|sync)$/, recursive: /^--recursive$/ },
  gsutil: { sub: /^(?:cp|rsync)$/, recursive: /^-[a-zA-Z]*[rR][a-zA-Z]*$/ },
  gcloud: { sub: /^storage (?:cp|rsync)$/, recursive: /^(?:-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)$/ },
  azcopy: { sub: /^(?:copy|cp|sync)$/, recursive: /^--recursive(?:=true)?$/ },
  s3cmd: { sub: /^(?:put|sync)$/, recursive: /^(?:-r|--recursive)$/ },
  mc: { sub: /^(?:cp|mirror)$/, recursive: /^(?:-r|--recursive)$/ },
  b2: { sub: /^sync$/, recursive: null },
});
/** A source that is a whole tree: the working directory, home, a folder directly in home, the root. */
const WHOLE_TREE =
  /^(?:\.\/?|\$\{?PWD\}?\/?|~\/?|\$\{?HOME\}?\/?|\/|\/root\/?|\/(?:home|Users)\/[^/]+\/?|(?:~|\$\{?HOME\}?|\/(?:home|Users)\/[^/]+)\/[^/.][^/]*\/?)$/;
/** A destination in cloud storage or another machine. */
const REMOTE_DEST = /^(?:s3|gs|az|azure|b2|oci|r2|wasbs?|abfss?):\/\/|^https?:\/\/|^[\w-]+\/[\w.-]+/;

/** `uploads-tree TOOL SRC DEST` for a whole tree copied to cloud storage, else null. */
export function treeUploadReading(words: string[]): string | null {
  const tool = (words[0] ?? '').toLowerCase();
  const spec = TREE_COPY[tool];
  if (!spec) return null;
  const ops = words.slice(1).filter((w) => !w.startsWith('-'));
  const sub = ops.slice(0, 2);
  const n = spec.sub.test(sub[0] ?? '') ? 1 : spec.sub.test(sub.join(' ')) ? 2 : 0;
  if (!n) return null;
  const verb = sub[n - 1] ?? '';
  const syncs = /sync|mirror|rsync/.test(verb);
  if (!syncs && spec.recursive && !words.some((w) => spec.recursive?.test(w))) return null;
  const [src, dst] = ops.slice(n);
  if (!src || !dst || !WHOLE_TREE.test(src) || !REMOTE_DEST.test(dst)) return null;
  // mc's alias/bucket destinations look like relative paths; only mc reads them as remote
  if (!/:\/\//.test(dst) && tool !== 'mc') return null;
  return `uploads-tree ${tool} ${src} ${dst}`;
}
