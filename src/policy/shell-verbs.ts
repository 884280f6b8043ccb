// What a command-line tool's subcommand does, for any CLI, including ones svc has never seen:
// `hcloud server delete web-1`, `stripe customers delete cus_1`, `heroku pg:reset`, `gh secret
// delete X` all destroy something their tool manages, while `helm diff upgrade`, `terraform plan
// -destroy` and `kubectl get` only look. Tools are written in a handful of shapes (`tool VERB`,
// `tool NOUN VERB`, `tool GROUP NOUN VERB`, `tool noun:verb`, `tool verb-noun`), so the verb is
// found among the first positional words whatever the tool is.
//
// The readings are spelled as sentences the standard policy matches (docs/shell-readings.md):
//   cli-destroy TOOL PATH VERB REST      a named thing is destroyed
//   cli-destroy-all TOOL PATH VERB REST  every thing a listing, a glob or --all returns is
//   cli-readonly TOOL PATH VERB REST     a look, a diff, a plan or a dry run: changes nothing
// Which tools act only on the local project (`npm uninstall`, `docker rm`) is data, kept in the
// destructive-data catalogue, not here.

import { secretMetadataReading } from './kube-output.js';
import { cmdletVerbReadings } from './shell-cmdlet-verbs.js';
import type { VerbKind, VerbReading } from './shell-verb-types.js';
import { containersRemovedAll } from './shell-containers.js';
import { remoteAccessReading } from './shell-remote.js';
import { contentsReadings, sourceLossReadings, treeLossReadings } from './shell-targets.js';
import { httpCall, httpDestroyReadings } from './shell-http-destroy.js';
import { apiActionReadings, cliSubscriptionReading, loopedSend } from './saas-actions.js';
import { listedEndReading, listedSendReading, loopedHttpAction } from './bulk-actions.js';
import { socketOnlyAnalyser } from './effects/container-run.js';
import { orgRegistryReading } from './effects/sources.js';
import { emptySource } from './shell-destroy.js';
import { isLoopbackHost } from './effects/url-host.js';
import { lossMarkReadings } from './shell-loss-marks.js';
import { datasetDeleteReadings } from './shell-dataset-deletes.js';
import { shipReadings } from './ship.js';
import { VERB_GATES, gateText } from './verb-gates.js';
import { shipVerbReading } from './shell-ship-verbs.js';
import { cloudCmdletChanges, detachReading, liveOperation, pathDepth } from './shell-live-ops.js';
import { rolloutReading } from './shell-rollouts.js';
import { imageCopyReading } from './shell-image-copies.js';
import { trafficMoveReading } from './shell-traffic-moves.js';
import { machineTakedownReadings } from './shell-machine-takedowns.js';
import { rebuildsMachine } from './machine-rebuilds.js';
import { consoleCommand, consoleHaltReading, deviceShellReading } from './device-shells.js';
import { fieldWriteReading } from './field-devices.js';
import { scriptToolWords } from './script-tools.js';
import { prodOverwriteReading, prodRunReading, treeUploadReading } from './shell-platform.js';
import { forgeApiCall } from './effects/forge-api.js';
import {
  composeConfigReading,
  envValuesReading,
  mintReading,
  privateKeyExportReading,
  revealReading,
  secretGetReading,
} from './shell-cli-secrets.js';
import {
  asksAbout,
  helpAfterVerb,
  buildOutputPath,
  devEnvShortcut,
  localSetupRemove,
  localCacheRemove,
  ownOutputClean,
  rehearsalOffReading,
  rehearses,
  RUNNERS,
  scratchScope,
  runsTests,
  settlesRead,
} from './shell-verb-scope.js';

/** Verbs that destroy, remove or switch off what the tool manages (a word or a word's first part). */
const DESTROY = new Set([
  'delete',
  'del',
  'destroy',
  'terminate',
  'purge',
  'drop',
  'dropdb',
  'remove',
  'rm',
  'rmi',
  'rb',
  'wipe',
  'flush',
  'flushall',
  'flushdb',
  'truncate',
  'reset',
  'prune',
  'revoke',
  'disable',
  'deregister',
  'unregister',
  'uninstall',
  'erase',
  'clean',
  'nuke',
  'teardown',
  'yank',
  'unpublish',
  'deprecate',
  'decommission',
  // a node emptied of its workloads (kubectl drain, nomad node drain): an outage when it is the last
  'drain',
  'evict',
  // a virtual machine's definition removed (virsh undefine, with --remove-all-storage its disks),
  // a trash emptied for good (hdfs dfs -expunge)
  'undefine',
  'expunge',
  // a site, a mailbox or a store emptied of everything in it (WP-CLI `wp site empty`)
  'empty',
  // a tree of nodes deleted with everything under it (ZooKeeper's zkCli `deleteall`, before 3.5 `rmr`)
  'deleteall',
  'rmr',
  // a deployment torn down and its machine or application given back (OpenStack Ironic `baremetal
  // node undeploy` powers the node off and cleans its disks; WildFly/GlassFish `undeploy APP`)
  'undeploy',
  // a whole tree of keys removed (Asterisk's `database deltree FAMILY`, the astdb of registrations
  // and call-forward settings; DOS deltree)
  'deltree',
]);

/**
 * Verbs that end, void or shut out what the tool manages, routine for one named item (`stripe
 * subscriptions cancel sub_1`, `gh issue close 12`, `okta users deactivate u1`) but a mass loss
 * when they are handed every item a listing returns (`... list | xargs -n1 TOOL subscriptions
 * cancel`, `for u in $(TOOL users list); do TOOL users deactivate $u; done`): subscriptions
 * cancelled, payments refunded, accounts locked out, jobs killed, tickets closed for everyone.
 * Read only over a listing or a glob, as `cli-destroy-all`. `stop`, `restart` and `kill`
 * (`docker ps -q | xargs docker kill`) are not here: a start undoes them.
 */
const BULK_ONLY = new Set([
  'cancel',
  'close',
  'deactivate',
  'suspend',
  'archive',
  'refund',
  'void',
  'expire',
  'lock',
  'block',
  'ban',
  'offboard',
  'unsubscribe',
  'reject',
  'decline',
  'retire',
  'unpublish',
  'unlist',
  'delist',
  'forfeit',
  'abandon',
]);

/** The bulk-only verb a subcommand word names (`cancel`, `subscriptions:cancel`, `cancel-job`, `job.cancel`), or null. */
function bulkVerbOf(word: string): string | null {
  const w = word.toLowerCase();
  if (BULK_ONLY.has(w)) return w;
  const parts = w.split(/[:.]/);
  const last = parts[parts.length - 1] ?? '';
  if (parts.length > 1 && BULK_ONLY.has(last)) return last;
  const dashed = w.split('-');
  if (dashed.length > 1 && BULK_ONLY.has(dashed[0] ?? '')) return dashed[0] ?? null;
  return null;
}

/**
 * Job schedulers' cancel programs, named as a one-letter prefix and the verb (Slurm `scancel`,
 * PBS/Torque and Grid Engine `qdel`, LSF `bkill`) or HTCondor's `condor_rm`: fed a listing
 * (`squeue -h -o %i | xargs scancel`) they cancel every job it holds, other users' and
 * production runs included.
 */
const SCHEDULER_CANCEL = /^(?:[a-z](?:cancel|del|kill)|condor_rm)$/;

/** Words that qualify a destroy verb after them (`batch-delete-image`, `bulk-delete-objects`). */
const MODIFIER = new Set([
  'admin',
  'batch',
  'bulk',
  'force',
  'mass',
  'hard',
  'permanently',
  'permanent',
  'recursive',
  'multi',
]);

/**
 * A destroy verb glued to what it destroys: `unregistervm`, `deletevm`, `dropdatabase`, `destroypool`,
 * and the hosting panels' API functions (cPanel WHM `removeacct`, `killdns`, `delete_database`).
 */
const GLUED_DESTROY =
  /^(delete|destroy|remove|unregister|drop|purge|wipe|erase|terminate|kill|reset)(?:config|cfg|vds?|vms?|disks?|volumes?|snapshots?|pools?|buckets?|dbs?|databases?|tables?|instances?|clusters?|medium|hdd|repos?|repository|domains?|servers?|projects?|keyspaces?|indices|index|datasets?|accts?|accounts?|users?|sites?|websites?|vhosts?|zones?|dns|mailbox(?:es)?|subscriptions?|stores?|backups?|ledgers?|wallets?)$/;

/** What holds stored data: a database, its tables, a store's buckets and indexes, a site or a mailbox. */
const DATA_NOUN =
  /^(?:databases?|dbs?|tables?|schemas?|keyspaces?|collections?|indexes|indices|index|buckets?|datasets?|mailbox(?:es)?|sites?|accounts?|domains?|volumes?|disks?|snapshots?|backups?|clusters?|instances?)$/i;

/** A destroy verb given as an option after the noun it acts on (`plesk bin database --remove NAME`). */
const OPTION_VERB = /^--?(remove|delete|drop|destroy|purge|wipe|truncate|erase)$/i;

/**
 * A destroy verb and the whole store it empties spelled as one long option, anywhere on the line,
 * the way key-value, queue and time-series clients spell their admin actions (`--flush-db 0`,
 * `--flushall`, `gc --expire-all`, `--drop-database`, `--purge-all`, `--wipe-data`): whatever the
 * tool, everything of that kind goes. A cache's purge (`--purge-cache`) names no store.
 */
const STORE_OPTION_VERB =
  /^--(?:(flushall|flushdb)|(flush|drop|purge|wipe|truncate|erase|expire|nuke|delete|destroy)-(?:all|everything|db|dbs|databases?|data|keys|stores?|tables|buckets?|indices|indexes|collections?|namespaces?|keyspaces?|objects|segments|partitions))(?:=.*)?$/i;

/**
 * A destroy verb given as the tool's first word in option form, the way appliance and Windows
 * admin tools spell their subcommands: Synology DSM's `synoshare --del NAME`, `synouser --del`,
 * `synogroup --del` (the verb is the option), Windows `pnputil /delete-driver X /uninstall`,
 * `/remove-device`. Only those two spellings: a leading `--delete`/`--purge` is as often a local
 * edit (`dpkg --purge`, `mysqlimport --delete` of a test table, `bfg --delete-files`, which the
 * history readings decide). Tools whose leading option edits only a local file are not read
 * (LOCAL_OPTION_TOOLS).
 */
const LEAD_OPTION_VERB = /^(?:--(del)|\/(del|delete|remove|purge|destroy|wipe|erase)(?:-[a-z]+)?)$/i;
const LOCAL_OPTION_TOOLS = new Set([
  'tar',
  'bsdtar',
  'zip',
  'rsync',
  'find',
  'git',
  'gpg',
  'gpg2',
  'xattr',
  'update-alternatives',
  'alternatives',
  'trash',
  'trash-put',
  'mc',
  'attrib',
  'reg',
  'schtasks',
  'crontab',
  'iptables',
  'ip6tables',
  'ebtables',
  'nft',
  'ipset',
  'at',
  'atrm',
  'unzip',
  '7z',
  'jar',
  'ar',
]);

/**
 * A program whose own name is a destroy verb and the data it destroys (HestiaCP's
 * `v-delete-database`, `drop-db`, `purge_mailbox.sh`): the verb, or null. The noun comes right
 * after the verb, or after one qualifier (`v-delete-mysql-database`).
 */
function programVerb(tool: string): string | null {
  // a PowerShell Verb-Noun cmdlet (Remove-Mailbox) is read by the cmdlet readings, with its pipeline
  if (/^(?:remove|clear|unregister|uninstall|disable|reset)-[a-z]+$/.test(tool)) return null;
  const parts = tool.replace(/\.(?:sh|bash|exe|ps1|cmd|bat|py|pl|rb)$/, '').split(/[-_]/);
  for (let i = 0; i < parts.length - 1; i++)
    if (DESTROY.has(parts[i] ?? '') && parts.slice(i + 1, i + 3).some((p) => DATA_NOUN.test(p)))
      return parts[i] ?? null;
  return null;
}

/**
 * Whether the subcommand words up to a BULK_ONLY verb name a whole cloud or SaaS account, its
 * organization or tenant (`close-account`, `organizations close-account`, `account subscription
 * cancel`, `tenants:deactivate`). A customer's subscription (`stripe subscriptions cancel`) is
 * not one: a subscription counts only under an account word.
 */
function closesAccount(path: readonly string[]): boolean {
  const parts = path.flatMap((w) => w.toLowerCase().split(/[-:_.]/));
  return parts.some((p) => /^(?:accounts?|organi[sz]ations?|tenants?)$/.test(p));
}

/** A destroy verb spelled as a noun at the end of a subcommand (`schedule-key-deletion`). */
const DESTROY_NOUN = new Set(['deletion', 'removal', 'destruction', 'termination', 'purge', 'wipe']);

/** Verbs that simulate a change without making it: what follows them is not done. */
// `can-i` asks whether a verb would be allowed (kubectl auth can-i delete pods): nothing is done
const SIMULATE = new Set(['diff', 'plan', 'preview', 'template', 'what-if', 'whatif', 'dry-run', 'dryrun', 'can-i']);

/** Verbs that only read. They do not stop the search (`aws logs delete-log-group` deletes). */
const READ = new Set([
  'get',
  'list',
  'ls',
  'describe',
  'show',
  'view',
  'status',
  'logs',
  'log',
  'inspect',
  'info',
  'history',
  'top',
  'explain',
  'search',
  'version',
  'help',
  'validate',
  'lint',
  'whoami',
  'check',
  'graph',
]);

/**
 * Verbs that make a change: a look or a rehearsal named after one of them is not one
 * (`terraform apply plan` applies a plan file called `plan`).
 */
const MUTATE = new Set(
  'apply up deploy install upgrade create update set patch replace scale push publish release run exec import sync restore rollback migrate put add edit start stop restart'.split(
    ' ',
  ),
);

/** Options that widen a destroy to everything of its kind. */
const ALL_FLAG = /^(?:--all|-A|--all-namespaces|--everything|--all-projects)$/;

/**
 * Programs whose first words are not subcommands: text and file utilities, shells and
 * interpreters (their operand is a script), task runners (their targets are project-defined
 * names), wrappers read elsewhere, and tools whose destructive forms have readings of their own
 * (rm, find, git).
 */
const NOT_SUBCOMMAND_CLI = new Set([
  ...'echo printf print grep egrep fgrep rg ag ack sed awk gawk cat tac less more head tail wc sort uniq cut tr jq yq'.split(
    ' ',
  ),
  ...'man info which whereis type file stat touch mkdir rmdir cp mv ln rm unlink shred chmod chown chgrp find locate'.split(
    ' ',
  ),
  ...'tar zip unzip gzip gunzip xz bzip2 7z diff patch cmp test [ [[ true false export set unset cd pushd popd alias'.split(
    ' ',
  ),
  ...'eval exec source . time timeout nohup nice env xargs watch sudo doas su command builtin read mapfile let declare'.split(
    ' ',
  ),
  ...'local readonly typeset return exit shift trap wait kill pkill killall sleep date basename dirname realpath tee'.split(
    ' ',
  ),
  ...'sh bash zsh dash ksh fish pwsh powershell python python2 python3 node deno bun ruby perl php lua luajit'.split(
    ' ',
  ),
  // CMake's command mode (`cmake -E remove_directory build`) is read as the rm it runs
  'cmake',
  ...'Rscript java go tsx ts-node osascript make gmake just task rake gradle gradlew mvn ant ninja invoke nox tox'.split(
    ' ',
  ),
  ...'npm-run-all turbo nx lerna git vim nvim vi nano emacs code open xdg-open curl wget http https xh ssh scp'.split(
    ' ',
  ),
  ...'history fc hash help column fold fmt nl od xxd hexdump base64 strings sha256sum md5sum shasum iconv comm join'.split(
    ' ',
  ),
  // SQL statements read out of a database client (`DROP TABLE logs`): their heads are keywords,
  // not tools, and a table named logs or status is not a read-only subcommand
  ...'drop truncate delete alter update insert create replace merge grant'.split(' '),
]);

export type { VerbKind, VerbReading } from './shell-verb-types.js';

/** The verb a subcommand word names: `delete`, `delete-bucket`, `apps:destroy`, `db:drop`. */
function verbOf(word: string): { verb: string; set: 'destroy' | 'simulate' | 'read' } | null {
  const w = word.toLowerCase();
  const whole = (v: string) =>
    DESTROY.has(v)
      ? ('destroy' as const)
      : SIMULATE.has(v)
        ? ('simulate' as const)
        : READ.has(v)
          ? ('read' as const)
          : null;
  const s = whole(w);
  if (s) return { verb: w, set: s };
  // noun:verb (heroku, netlify, rails-style task names) reads the last part; verb-noun the first.
  const colon = w.lastIndexOf(':');
  if (colon > 0) {
    const last = w.slice(colon + 1);
    const t = whole(last) ?? whole(last.split('-')[0] ?? '');
    if (t) return { verb: last, set: t };
  }
  // noun.verb (govc vm.destroy, datastore.rm; salt-style module.function names; TrueNAS
  // middleware methods pool.dataset.delete)
  const dot = /^[a-z_]+(?:\.[a-z_]+){0,2}\.([a-z]+)$/.exec(w);
  if (dot) {
    const t = whole(dot[1] ?? '');
    if (t) return { verb: dot[1] ?? '', set: t };
  }
  // verb and noun written as one word (VBoxManage unregistervm, vmrun deleteVM, dropdatabase)
  const glued = GLUED_DESTROY.exec(w);
  if (glued) return { verb: glued[1] ?? w, set: 'destroy' };
  // verb_noun with underscores read as its dashed spelling: cPanel's `delete_database` and
  // `delete_mysql_database` (a part names stored data) and any plain removal (`uapi Mysql
  // delete_user`); a project's `reset_db` task rebuilds its own development database
  if (
    w.includes('_') &&
    !w.includes('-') &&
    ((w.split('_').some((p) => DATA_NOUN.test(p)) && !w.startsWith('reset_')) ||
      /^(?:delete|remove|destroy|drop|purge|wipe|erase|terminate)_[a-z0-9_]*[a-z0-9]$/.test(w))
  )
    return verbOf(w.replace(/_/g, '-'));
  const dash = w.indexOf('-');
  if (dash > 0) {
    const head = w.slice(0, dash);
    const t = whole(head);
    if (t) return { verb: head, set: t };
    // noun-verb (XenServer's xe vm-destroy, vdi-destroy, sr-forget): the verb ends the word
    const tail = w.slice(w.lastIndexOf('-') + 1);
    // a verb routine for one item told to take every item (`expire-all`, `archive-all`,
    // `void-all`): a mass loss, as the same verb over a listing is
    if (BULK_ONLY.has(head) && /^(?:all|everything)$/.test(tail) && w.split('-').length === 2)
      return { verb: head, set: 'destroy' };
    if (DESTROY.has(tail) && !SIMULATE.has(head) && !READ.has(head) && !MUTATE.has(head))
      return { verb: tail, set: 'destroy' };
    // `batch-delete-image`, `bulk-delete`, `force-delete-x`: a modifier before the verb.
    const parts = w.split('-');
    if (MODIFIER.has(head) && DESTROY.has(parts[1] ?? '')) return { verb: parts[1] ?? head, set: 'destroy' };
    // `schedule-key-deletion`, `request-account-removal`: the verb as a noun ends the word.
    const last = parts[parts.length - 1] ?? '';
    if (DESTROY_NOUN.has(last)) return { verb: last, set: 'destroy' };
  }
  return null;
}

/** A word that cannot be a subcommand: a path, a URL, an assignment, a number, a quoted text. */
function notASubcommand(w: string): boolean {
  return (!/^[A-Za-z][A-Za-z0-9:_-]*$/.test(w) && !/^[a-z_]+(?:\.[a-z_]+){1,3}$/.test(w)) || w.length > 40;
}

/** Tools whose dotted words are the project's own task names (`mix ecto.reset`, `poe db.reset`), not `noun.verb` subcommands. */
const PROJECT_TASKS = new Set(['mix', 'poe']);

/**
 * Tools whose subcommands are spelled as options after a group word (the Hadoop FileSystem shell:
 * `hdfs dfs -rm -r P`, `hadoop fs -rmr P`, `hdfs dfs -expunge`): the option is the verb.
 */
function dashSubcommand(words: string[], start: number): string[] {
  const tool = words[start] ?? '';
  // Windows-born tools spell their commands as one PascalCase option right after the program
  // (`deadlinecommand -DeleteJob ID`, `-GetJobIds`, `tool -RemoveSlave NAME`): read as the
  // dashed subcommand it is (`delete-job`), when that is a verb the readings know
  const first = words[start + 1] ?? '';
  if (/^-[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+$/.test(first)) {
    const sub = first
      .slice(1)
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase();
    if (verbOf(sub)) {
      const out = words.slice();
      out[start + 1] = sub;
      return out;
    }
  }
  if ((tool !== 'hdfs' && tool !== 'hadoop') || !/^(?:dfs|fs)$/.test(words[start + 1] ?? '')) return words;
  const sub = words[start + 2] ?? '';
  if (!/^-[a-zA-Z]+$/.test(sub)) return words;
  const out = words.slice();
  // -rmr is the deprecated recursive rm
  out[start + 2] = sub === '-rmr' ? 'rm' : sub.slice(1);
  if (sub === '-rmr') out.splice(start + 3, 0, '-r');
  return out;
}

/**
 * Dell RACADM glues a subcommand to the device it acts on with a colon (`racadm storage
 * resetconfig:RAID.Integrated.1-1`, `storage deletevd:Disk.Virtual.0:RAID.Integrated.1-1`; Dell
 * iDRAC RACADM CLI guide): read as the subcommand followed by the device.
 */
function fqddSubcommand(words: string[], start: number): string[] {
  const out = words.slice();
  for (let i = start + 1; i < out.length; i++) {
    const m = /^([a-z][a-z]+):([A-Za-z][\w-]*\.[\w.:-]+)$/.exec(out[i] ?? '');
    if (m) out.splice(i, 1, m[1] ?? '', m[2] ?? '');
  }
  return out;
}

/** A name that says it is test or development state (`_test`, `-dev`, `tmp-`, `scratch`). */
const SCRATCH_NAME = /^(?:[\w.-]*[_.-])?(?:test|tests|testing|dev|devel|local|ci|scratch|tmp|temp)(?:[_.-]\d*)?$/i;
/** A domain under a public top-level domain spelled like a scratch word (`acme.dev`, `shop.ci`): a live name, not dev state. */
const LIVE_DOMAIN = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:dev|ci)$/i;

/**
 * Nouns whose `release` gives the thing back to the provider (`fly ips release`, `aws ec2
 * release-address`, `release-hosts`, Twilio numbers): an address or number released is gone for
 * good and whoever holds the next lease of it receives the traffic. `gh release`, `helm release`
 * and a `release` verb on anything else publish, and stay with the ship readings.
 */
const RELEASED =
  /^(?:ips?|ipv[46]|ip-?address(?:es)?|address(?:es)?|eips?|elastic-ips?|floating-ips?|reserved-ips?|primary-ips?|public-ips?|static-ips?|numbers?|phone-numbers?|incoming-phone-numbers|hosts?|dedicated-hosts?|ipam-pool-allocation|machines?|nodes?)$/i;

/**
 * A status option set to a state that stops the thing working: `aws iot update-certificate
 * --new-status REVOKED`, `aws iam update-access-key --status Inactive`, `az ad sp update --set
 * accountEnabled=false` (each CLI's reference). An update that only changes a state is a revoke.
 */
const STATUS_OPTION = /^--(?:new-status|status|state|new-state)$/i;
const STOPPED_STATE = /^(?:revoked?|inactive|disabled?|deactivated?|suspended?|cancell?ed|blocked|locked|retired)$/i;
const DISABLED_SET = /^(?:account)?enabled=false$/i;

/** The state a status option or `--set enabled=false` sets to stop the thing, or null. */
function stoppedState(words: string[], from: number): string | null {
  for (let i = from; i < words.length; i++) {
    const w = words[i] ?? '';
    const eq = w.indexOf('=');
    const key = eq > 0 && w.startsWith('-') ? w.slice(0, eq) : w;
    const value = eq > 0 && w.startsWith('-') ? w.slice(eq + 1) : (words[i + 1] ?? '');
    if (STATUS_OPTION.test(key) && STOPPED_STATE.test(value.replace(/^['"]|['"]$/g, ''))) return value;
    if (key === '--set' && DISABLED_SET.test(value)) return value;
  }
  return null;
}

/**
 * A status option set to closed or terminated (`twilio api:core:accounts:update --status closed`,
 * Twilio's Accounts resource: a closed account's numbers and recordings are released for good). Only
 * read for a whole account: an issue or a ticket set to closed is routine.
 */
function closedState(words: string[], from: number): boolean {
  for (let i = from; i < words.length; i++) {
    const w = words[i] ?? '';
    const eq = w.indexOf('=');
    const key = eq > 0 ? w.slice(0, eq) : w;
    const value = (eq > 0 ? w.slice(eq + 1) : (words[i + 1] ?? '')).replace(/^['"]|['"]$/g, '');
    if (STATUS_OPTION.test(key) && /^(?:closed|terminated)$/i.test(value)) return true;
  }
  return false;
}

/**
 * A parameter that turns a release or an update into an erase, given as `KEY=true` (MAAS `machine
 * release ID erase=true secure_erase=true`, maas.io API: the disks are wiped before the machine goes
 * back to the pool) or as a switch (`--erase`, `--wipe-disks`, `--secure-erase`): the key names a
 * destroy verb and the value does not turn it off.
 */
function erasingParameter(words: string[], from: number): string | null {
  for (let i = from; i < words.length; i++) {
    const w = (words[i] ?? '').toLowerCase();
    const kv = /^-{0,2}([a-z][a-z_-]*)=(.*)$/.exec(w);
    const key = kv ? kv[1] : /^--([a-z][a-z_-]*)$/.exec(w)?.[1];
    if (!key) continue;
    if (kv && !/^(?:true|1|yes|on)$/.test((kv[2] ?? '').replace(/^['"]|['"]$/g, ''))) continue;
    const verb = key.split(/[_-]/).find((p) => /^(?:erase|wipe|zap|shred|purge)$/.test(p));
    if (verb) return verb;
  }
  return null;
}

/** How many positional words a subcommand path may have before its verb (`gcloud iam service-accounts keys delete`). */
const MAX_PATH = 4;

/**
 * The verb readings of one simple command (program name first, already a base name), or an empty
 * list. `computed(word)` says whether an operand is known only at run time (a loop variable over
 * a listing, a `read` variable); `*`, `{}`, `$(...)` and globs always are.
 */
export function verbReadings(words: string[], computed: (w: string) => boolean = () => false): VerbReading[] {
  let start = 0;
  for (;;) {
    if (devEnvShortcut(words, start)) start++;
    else if (start < words.length && RUNNERS.has(words[start] ?? '')) {
      start++;
      while ((words[start] ?? '').startsWith('-')) start++;
    } else break;
  }
  const tool = (words[start] ?? '').toLowerCase();
  // PowerShell's Verb-Noun cmdlets: the approved verb and the parameters say it (shell-cmdlet-verbs.ts)
  const cmdlet = cmdletVerbReadings(tool, words.slice(start + 1), computed);
  if (cmdlet) return cmdlet;
  if (!tool || NOT_SUBCOMMAND_CLI.has(tool) || !/^[a-z][a-z0-9._-]*$/.test(tool)) return [];
  words = fqddSubcommand(dashSubcommand(words, start), start);
  const path: string[] = [];
  let headLength = 0;
  let mutated = false;
  let verbAt = -1;
  let kind: VerbKind | null = null;
  let verb = '';
  const own = programVerb(tool);
  if (own) {
    kind = 'destroy';
    verb = own;
    verbAt = start;
  }
  const lead = words[start + 1] ?? '';
  const leadVerb = !own && !LOCAL_OPTION_TOOLS.has(tool) && LEAD_OPTION_VERB.test(lead) && words.length > start + 2;
  if (leadVerb) {
    kind = 'destroy';
    const m = LEAD_OPTION_VERB.exec(lead);
    verb = (m?.[1] ?? m?.[2] ?? 'delete').toLowerCase();
    verbAt = start + 1;
  }
  // a verb that is routine for one item and a mass loss over a listing (BULK_ONLY)
  let bulk = SCHEDULER_CANCEL.test(tool) ? { verb: 'cancel', at: start, length: 0 } : null;
  for (let i = start + 1; !own && !leadVerb && i < words.length && path.length < MAX_PATH; i++) {
    const w = words[i] ?? '';
    if (w.startsWith('-') && kind === null && DATA_NOUN.test(path[path.length - 1] ?? '') && OPTION_VERB.test(w)) {
      kind = 'destroy';
      verb = (OPTION_VERB.exec(w)?.[1] ?? 'delete').toLowerCase();
      verbAt = i;
      headLength = path.length;
      break;
    }
    const storeVerb = kind === null && !LOCAL_OPTION_TOOLS.has(tool) ? STORE_OPTION_VERB.exec(w) : null;
    if (storeVerb) {
      kind = 'destroy';
      verb = (storeVerb[1] ?? storeVerb[2] ?? 'delete').toLowerCase();
      verbAt = i;
      headLength = path.length;
      break;
    }
    if (w.startsWith('-')) {
      // A global option before the subcommand may take the next word as its value
      // (`kubectl -n prod delete`), unless that word is itself a verb.
      const next = words[i + 1];
      if (!w.includes('=') && next !== undefined && !next.startsWith('-') && !verbOf(next)) i++;
      continue;
    }
    // a site alias before the subcommand (`wp @shop-prod plugin delete`, `drush @live sql-drop`)
    // picks where the command runs, as a global option does
    if (path.length === 0 && /^@[\w.-]+$/.test(w)) continue;
    if (notASubcommand(w) || (w.includes('.') && PROJECT_TASKS.has(tool))) break;
    // `yarn test delete`, `pytest -k purge`: the words name tests, not the tool's subcommands.
    if (path.length === 0 && runsTests(tool, w)) return [];
    // What follows `run`/`exec` is a command run inside (docker run IMAGE rm -rf x), not the
    // tool's verb; gcloud's `run` is the Cloud Run product.
    if (w === 'exec' || (w === 'run' && tool !== 'gcloud')) break;
    // `kubectl auth can-i delete pods`, `kubectl help delete`: the verbs after it are asked about.
    if (asksAbout(words, i, path.length === 0)) {
      path.push(w);
      kind = 'readonly';
      verb = w.toLowerCase();
      verbAt = i;
      headLength = path.length;
      break;
    }
    // `fly ips release`, `aws ec2 release-address`: an address or number handed back
    const released = /^release(?:-(.+))?$/i.exec(w);
    const v =
      released && (released[1] ? RELEASED.test(released[1]) : RELEASED.test(path[path.length - 1] ?? ''))
        ? { verb: 'release', set: 'destroy' as const }
        : // `hcloud server rebuild`, `az vm reimage`: a machine's disks given a fresh image
          rebuildsMachine([tool, ...path], w)
          ? { verb: w.toLowerCase(), set: 'destroy' as const }
          : verbOf(w);
    path.push(w);
    if (!v) {
      const b = bulk ? null : bulkVerbOf(w);
      if (b) bulk = { verb: b, at: i, length: path.length };
      if (MUTATE.has(w.toLowerCase())) mutated = true;
      continue;
    }
    if (v.set === 'destroy') {
      kind = 'destroy';
    } else if (mutated) continue;
    else if (v.set === 'read' && kind !== null) continue;
    else kind = 'readonly';
    verbAt = i;
    verb = v.verb;
    headLength = path.length;
    if (v.set !== 'read' || settlesRead(v.verb)) break;
  }
  // A search whose pipeline ends in Splunk's `delete` command (`splunk search 'index=x | delete'`,
  // Search Reference: delete) makes every event it returns unsearchable for good: no look, but
  // the delete of everything the search selects
  if (kind === 'readonly' && verb === 'search' && words.slice(verbAt + 1).some((w) => /\|\s*delete(?:\s|$)/.test(w))) {
    const text = `cli-destroy-all ${[tool, ...path.slice(0, headLength), ...words.slice(verbAt + 1)].join(' ')}`;
    return [
      { kind: 'destroy', text: text.replace('cli-destroy-all', 'cli-destroy'), from: `| delete (${tool})` },
      { kind: 'destroy-all', text, from: `| delete (${tool})` },
    ];
  }
  // HTTP clients of a tool (`gh api -X DELETE`, `glab api --method DELETE`) destroy what they address.
  const method = httpMethod(words, start);
  if (method === 'DELETE' && kind !== 'destroy') {
    kind = 'destroy';
    verb = 'DELETE';
    verbAt = start;
    headLength = 0;
  }
  // an update whose only change is a stopped state (REVOKED, Inactive, enabled=false) revokes
  // (a noun:verb word names its verb last: Twilio's `api:core:accounts:update`)
  const changer = path.findIndex((w) => {
    const parts = w.toLowerCase().split(/[-:]/);
    return MUTATE.has(parts[0] ?? '') || (w.includes(':') && MUTATE.has(parts[parts.length - 1] ?? ''));
  });
  const state = changer >= 0 ? stoppedState(words, start + 1) : null;
  if (kind === null && changer >= 0 && (state || (closedState(words, start + 1) && closesAccount(path)))) {
    kind = 'destroy';
    verb = state ? 'revoke' : 'close';
    verbAt = words.indexOf(path[changer] ?? '', start + 1);
    headLength = changer + 1;
  }
  // a release or a change told to erase what it gives back (`maas admin machine release ID erase=true`)
  const erase = kind === null && path.length > 0 ? erasingParameter(words, start + 1) : null;
  if (erase) {
    kind = 'destroy';
    verb = erase;
    verbAt = words.indexOf(path[path.length - 1] ?? '', start + 1);
    headLength = path.length;
  }
  // only over a listing: `--all` with these verbs is a reset of one's own setup (`wp plugin
  // deactivate --all` to find a broken plugin), not everyone's items
  // (an option's own value, `scancel -u $(whoami)`, picks whose items, not a listing of them)
  const after = words.slice(bulk ? bulk.at + 1 : words.length);
  const listed = after.some(
    (w, i) => isComputed(w, computed) && !(i > 0 && /^--?[A-Za-z][\w-]*$/.test(after[i - 1] ?? '')) && !/^-/.test(w),
  );
  // closing or cancelling a whole account, subscription or organization (`aws organizations
  // close-account`, `az account subscription cancel`), or unlinking its billing (`gcloud billing
  // projects unlink`): every resource it holds goes with it, so even one named item is a destroy
  // (`az account lock create` protects, and is not one)
  if (
    kind === null &&
    bulk &&
    /^(?:close|cancel|deactivate|suspend|offboard)$/.test(bulk.verb) &&
    closesAccount(path.slice(0, bulk.length))
  ) {
    kind = 'destroy';
    verb = bulk.verb;
    verbAt = bulk.at;
    headLength = bulk.length;
  }
  const unlink = path.findIndex((w) => /^unlink$/i.test(w));
  if (kind === null && unlink > 0 && path.slice(0, unlink).some((w) => /^billing$/i.test(w))) {
    kind = 'destroy';
    verb = 'unlink';
    verbAt = words.indexOf(path[unlink] ?? '', start + 1);
    headLength = unlink + 1;
  }
  if (kind === null && bulk && listed) {
    kind = 'destroy';
    verb = bulk.verb;
    verbAt = bulk.at;
    headLength = bulk.length;
  }
  if (kind === null || verbAt < 0) return [];
  const rest = words.slice(verbAt + 1);
  // `wp site empty --yes` on the local site is a dev reset; one pointed at a deployed site's path,
  // URL or host (`--path=/var/www/shop`, `--ssh=prod`) empties that site
  // (a store named as the thing emptied, `--bucket invoices`, or a server named before the verb,
  // `--url https://tallow.example.com`, says the same)
  if (
    verb === 'empty' &&
    !rest.some((w) =>
      /^--(?:path|url|ssh|http|host|server|site|remote|env|environment|bucket|container|store|index|queue|db|database|table|collection|namespace)\b/.test(
        w,
      ),
    ) &&
    remoteHosts(words.slice(start + 1, verbAt)).length === 0
  )
    return [];
  // What is named for tests or development (`docker volume rm app_pgdata_test`, `dropdb
  // myapp_dev`) is scratch state the project recreates.
  const named = rest.filter((w) => !w.startsWith('-'));
  if (
    kind === 'destroy' &&
    named.length &&
    named.every((w) => SCRATCH_NAME.test(w) && !LIVE_DOMAIN.test(w) && !isComputed(w, computed))
  )
    return [];
  // `TOOL tables truncate events --db dev`, `TOOL data wipe --env test`: the option that chooses
  // the environment names a development or test copy, and nothing on the line names production
  if (kind === 'destroy' && envScratch(words.slice(start + 1), computed)) return [];
  // `TOOL repo prune --keep 30`, `TOOL snapshots purge --keep-daily 7 --older-than 90d`: a
  // retention policy that keeps something is a backup or store's routine maintenance (restic,
  // borg and kopia spell it so, backup-retention.ts); one that keeps nothing (`--keep 0`,
  // `--older-than 0d`) or `--all` still empties it
  if (kind === 'destroy' && /^(?:prune|purge|clean|expunge)$/.test(verb) && keepsSome(rest)) return [];
  // `kvctl --endpoint localhost:7400 flushall`, `TOOL --server 127.0.0.1:8086 drop-retention x`:
  // every server the line names is this machine, and nothing names production: a developer's own
  // store, as the SQL readings take a local database
  if (kind === 'destroy' && loopbackOnly(words.slice(start + 1))) {
    const from = `${verb} (${tool})`;
    return [{ kind: 'scratch', text: `dev-data ${[tool, ...path.slice(0, headLength), ...rest].join(' ')}`, from }];
  }
  if (kind === 'destroy' && (rehearses(words, start + 1) || helpAfterVerb(rest))) kind = 'readonly';
  // `dbt clean`, `hugo mod clean --all`: the project's own build output or the tool's caches, made again.
  if (
    kind === 'destroy' &&
    (ownOutputClean(tool, path, headLength - 1, rest) ||
      localSetupRemove(tool, path.slice(0, headLength), rest) ||
      localCacheRemove(tool, path.slice(0, headLength), rest))
  ) {
    const text = ['own-output', tool, ...path.slice(0, headLength), ...rest].join(' ');
    return [{ kind: 'own-output', text, from: `${verb} (${tool})` }];
  }
  if (kind === 'destroy' && rest.some((w) => ALL_FLAG.test(w) || isComputed(w, computed))) kind = 'destroy-all';
  const head = [tool, ...path.slice(0, headLength)].join(' ');
  const tail = rest.length ? ' ' + rest.join(' ') : '';
  const from = `${verb} (${tool})`;
  if (
    (kind === 'destroy' || kind === 'destroy-all') &&
    scratchScope(tool, path.slice(0, headLength), rest, words.slice(start + 1), kind === 'destroy-all')
  )
    return [{ kind: 'scratch', text: `dev-data ${head}${tail}`, from }];
  // Everything destroyed is also a destroy: one exemption (`cli-destroy docker rm**`) covers both.
  if (kind === 'destroy-all')
    return [
      { kind: 'destroy', text: `cli-destroy ${head}${tail}`, from },
      { kind, text: `cli-destroy-all ${head}${tail}`, from },
    ];
  return [{ kind, text: `cli-${kind} ${head}${tail}`, from }];
}

/** Retention options: how many or how recent the items kept are (`--keep-last 7`, `--older-than 90d`). */
const RETENTION_OPTION =
  /^--(?:keep(?:-[a-z-]+)?|retain(?:-[a-z-]+)?|retention(?:-[a-z-]+)?|older-than|min-age|max-age|ttl)$/i;
/** A count or age that keeps nothing: 0, 0d, 0h, 00. */
const KEEPS_NOTHING = /^(?:0+|(?:0+[a-z]+)+)$/i;

/**
 * Whether the words set a retention that keeps something: at least one retention option, each
 * with a value other than zero, and no option widening it to everything.
 */
function keepsSome(rest: readonly string[]): boolean {
  let seen = false;
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i] ?? '';
    if (ALL_FLAG.test(w) || /^--?(?:all|everything)(?:-[a-z-]+)?$/i.test(w)) return false;
    const eq = w.indexOf('=');
    const name = eq > 0 ? w.slice(0, eq) : w;
    if (!RETENTION_OPTION.test(name)) continue;
    const v = eq > 0 ? w.slice(eq + 1) : (rest[++i] ?? '');
    if (!v || KEEPS_NOTHING.test(v) || v.startsWith('-')) return false;
    seen = true;
  }
  return seen;
}

/** Options that name the server a client talks to (`--host`, `--endpoint`, `--broker`, `-H`, `--url`). */
const SERVER_OPTION =
  /^(?:-h|-H|--(?:host(?:name)?|server|endpoints?|url|uri|addr(?:ess)?|broker(?:s|-list)?|bootstrap-servers?|dsn|conn(?:ection)?(?:-string)?|api(?:-url)?|base-url))$/i;

/** The host a server word names: `https://u@h:1/x` -> h, `h:7400` -> h, `[::1]:80` -> [::1]. */
function serverHost(v: string): string {
  const noScheme = v.replace(/^[a-z][\w+.-]*:\/\//i, '').replace(/^[^@/]*@/, '');
  const m = /^(\[[^\]]*\]|[^/:,?]+)/.exec(noScheme);
  return (m?.[1] ?? '').toLowerCase();
}

/** The hosts the line's server options name that are not this machine. */
function remoteHosts(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    const eq = w.indexOf('=');
    const name = eq > 0 ? w.slice(0, eq) : w;
    if (!SERVER_OPTION.test(name)) {
      if (/^[a-z][\w+.-]*:\/\/[^\s/]/i.test(w) && !/^file:/i.test(w) && !isLoopbackHost(serverHost(w)))
        out.push(serverHost(w));
      continue;
    }
    const v = eq > 0 ? w.slice(eq + 1) : (words[++i] ?? '');
    for (const part of v.split(',')) if (!isLoopbackHost(serverHost(part))) out.push(serverHost(part));
  }
  return out;
}

/**
 * Whether the line names at least one server and every server it names is this machine, with no
 * word naming production.
 */
function loopbackOnly(words: readonly string[]): boolean {
  let named = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    const eq = w.indexOf('=');
    if (SERVER_OPTION.test(eq > 0 ? w.slice(0, eq) : w)) named = true;
    // a URL with a host (not `file:///tmp/keys.json`, a local file handed to a remote call)
    else if (/^[a-z][\w+.-]*:\/\/[^\s/]/i.test(w) && !/^file:/i.test(w)) named = true;
  }
  return named && remoteHosts(words).length === 0 && !words.some((w) => NAMES_PROD_PART.test(w));
}

/** Options that choose the environment or database a command acts on. */
const ENV_CHOICE = /^--?(?:env|environment|e|db|database|target|stage|profile|context|tier)$/i;
/** A production name anywhere on the line (a host, a URL, another option's value). */
const NAMES_PROD_PART = /(?:^|[^a-z0-9])(?:prod|production|prd|live|mainnet)(?:[^a-z0-9]|$|\d)/i;

/** Whether the environment option's value names only a development or test copy (see its use). */
function envScratch(words: readonly string[], computed: (w: string) => boolean): boolean {
  let scratch = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    if (NAMES_PROD_PART.test(w) || isComputed(w, computed) || /:\/\/|@/.test(w)) return false;
    const eq = w.indexOf('=');
    const opt = eq > 0 ? w.slice(0, eq) : w;
    if (!w.startsWith('-') || !ENV_CHOICE.test(opt)) continue;
    const v = eq > 0 ? w.slice(eq + 1) : (words[i + 1] ?? '');
    if (!SCRATCH_NAME.test(v) || LIVE_DOMAIN.test(v)) return false;
    scratch = true;
  }
  return scratch;
}

/** `-X DELETE`, `-XDELETE`, `--method DELETE`, `--request=DELETE`: the HTTP method asked for. */
function httpMethod(words: string[], start: number): string | null {
  for (let i = start + 1; i < words.length; i++) {
    const w = words[i] ?? '';
    const m = /^(?:-X|--method|--request)(?:=|(?=[A-Z]))?(.*)$/.exec(w);
    if (!m) continue;
    const v = (m[1] || words[i + 1] || '').toUpperCase();
    if (v) return v;
  }
  return null;
}

/** An operand that stands for whatever a listing, a glob or stdin yields at run time. */
function isComputed(w: string, computed: (w: string) => boolean): boolean {
  if (w.startsWith('-')) {
    const eq = w.indexOf('=');
    return eq > 0 && isComputed(w.slice(eq + 1), computed);
  }
  // a URL's `?` starts its query (`azcopy remove 'https://acct.blob.core.windows.net/c/f.zip?$SAS'`), not a glob
  const glob = /^[a-z][a-z0-9+.-]*:\/\//i.test(w) ? /[*]/ : /[*?]/;
  return w === '*' || w.includes('{}') || w.includes('$(') || w.includes('`') || glob.test(w) || computed(w);
}

/** Names a `read` command assigns (`while read -r a b`): each holds a line of its input. */
export function readNames(words: string[]): string[] {
  if (words[0] !== 'read' && words[0] !== 'mapfile' && words[0] !== 'readarray') return [];
  const out: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w.startsWith('-')) {
      if (/^-[adinNptu]$/.test(w)) i++;
      continue;
    }
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(w)) out.push(w);
  }
  return out;
}

/** Marks an xargs replace string (`-I %`) among the computed names: each item replaces it. */
export const XARGS_ITEM = '\u0000';

/** Whether a word is a reference to one of the names (`$b`, `${b}`, `"$b"`, `s3://$b`) or holds an xargs replace string. */
export function refersTo(w: string, names: ReadonlySet<string>): boolean {
  if (!names.size) return false;
  for (const n of names) if (n.startsWith(XARGS_ITEM) && n.length > 1 && w.includes(n.slice(1))) return true;
  if (!w.includes('$')) return false;
  for (const m of w.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)) if (m[1] && names.has(m[1])) return true;
  return false;
}

/**
 * Git's own shapes of "destroy everything a listing returns": every stash dropped is
 * `git stash clear`; every remote branch deleted is `cli-destroy-all git push --delete`.
 * Named targets are git's ordinary work and give nothing here.
 */
/**
 * Text that turns each listed ref into a delete refspec (`:NAME`, which git-push(1) reads as
 * "delete NAME on the remote"): a sed substitution whose replacement starts with a colon
 * (`sed 's/^/:refs\/tags\//'`, `sed "s#origin/#:#"`), awk printing a colon before each name, or
 * printf/xargs -I spelling `:%s` / `:{}`.
 */
export function makesDeleteRefspecs(text: string): boolean {
  return (
    /\bs([^\w\s\\])(?:\\.|(?!\1).)*\1\+?:/.test(text) ||
    /\bprint[f]?\s*\(?\s*"\+?:"/.test(text) ||
    /\bprintf\s+['"]?\+?:%s/.test(text)
  );
}

export function gitComputedReadings(words: string[], computed: (w: string) => boolean): string[] {
  if (words[0] !== 'git') return [];
  let i = 1;
  while (i < words.length && (words[i] ?? '').startsWith('-')) i += /^-[Cc]$/.test(words[i] ?? '') ? 2 : 1;
  const sub = words[i];
  const ops = words.slice(i + 1);
  const any = ops.some((w) => !w.startsWith('-') && isComputed(w, computed));
  if (!any) {
    // `git push origin :main` deletes main on the remote, as `git push --delete origin main` does.
    const empty = sub === 'push' ? ops.filter((w) => /^\+?:[^:]+$/.test(w)) : [];
    if (!empty.length) return [];
    const named = ops.filter((w) => !w.startsWith('-') && !empty.includes(w));
    return [
      `git push --delete ${[...named, ...empty.map((w) => w.replace(/^\+?:(?:refs\/(?:heads|tags)\/)?/, ''))].join(' ')}`,
    ];
  }
  if (sub === 'stash' && (ops[0] === 'drop' || ops[0] === 'clear')) return ['git stash clear'];
  // `git branch -D $(git branch | grep -v main)`: every local branch the listing returns, as
  // `git branch | xargs git branch -D` reads (unmerged work on them goes with the branch)
  if (sub === 'branch' && ops.some((w) => /^-[a-zA-Z]*D/.test(w) || w === '--force' || /^-[a-zA-Z]*f/.test(w)))
    if (ops.some((w) => /^-[a-zA-Z]*[dD]/.test(w) || w === '--delete')) return ['git branch -D *'];
  if (sub === 'tag' && ops.some((w) => /^-[a-zA-Z]*d/.test(w) || w === '--delete')) return ['git tag -d *'];
  // `git push origin $(git tag | sed 's/^/:refs\/tags\//')`: every listed ref, each as a delete refspec
  const refspecs = ops.some((w) => (w.includes('$(') || w.includes('`')) && makesDeleteRefspecs(w));
  if (
    sub === 'push' &&
    (ops.includes('--delete') || ops.includes('-d') || ops.some((w) => w.startsWith(':')) || refspecs)
  )
    return [`cli-destroy-all git push --delete ${ops.filter((w) => !w.startsWith('-')).join(' ')}`];
  return [];
}

/**
 * `git clean -x` with force removes what the ignore rules protect as well as untracked files:
 * `.env`, local databases, keys and anything else kept out of version control, which git cannot
 * bring back. Read as `git clean --ignored --force [PATHS]`; null otherwise. `-X` (only ignored
 * files: build output) and an explicit `-e PATTERN` (the user chose what to keep) are not.
 */
export function gitCleanReading(words: string[]): string | null {
  if (words[0] !== 'git') return null;
  const at = words.indexOf('clean');
  if (at < 1) return null;
  let force = false;
  let ignored = false;
  const paths: string[] = [];
  const rest = words.slice(at + 1);
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i] ?? '';
    if (w === '--force') force = true;
    else if (w === '--dry-run' || w === '--interactive' || w === '-e' || w.startsWith('--exclude')) return null;
    else if (/^-[A-Za-z]+$/.test(w)) {
      if (w.includes('n') || w.includes('i') || w.includes('e')) return null;
      if (w.includes('f')) force = true;
      if (w.includes('x')) ignored = true;
    } else if (w === '--') continue;
    else if (!w.startsWith('-')) paths.push(w);
  }
  // `git clean -xfd build/`: limited to build output or caches, which the next build makes again
  if (paths.length && paths.every(buildOutputPath)) return null;
  return force && ignored ? `git clean --ignored --force${paths.length ? ' ' + paths.join(' ') : ''}` : null;
}

/** Branch names whose loss or rewrite other people notice. */
const SHARED_BRANCH =
  /^(?:main|master|trunk|develop|development|dev|prod|production|staging|stable|live|release(?:[/-].*)?|gh-pages)$/;

/**
 * Git and hosted-repository changes that remove history or its safeguards:
 *   `git branch -D main`               -> `cli-destroy git branch delete main` (shared names only)
 *   `gh api -X PUT .../protection -F required_pull_request_reviews=null`
 *                                       -> `gh api -X DELETE .../protection` (protection switched off)
 */
export function safeguardReadings(words: string[]): string[] {
  const p = words[0] ?? '';
  if (p === 'git') {
    const at = words.indexOf('branch');
    if (at < 1) return [];
    const rest = words.slice(at + 1);
    const del = rest.some((w) => /^-[a-zA-Z]*[dD]/.test(w) || w === '--delete');
    if (!del) return [];
    return rest
      .filter((w) => !w.startsWith('-') && SHARED_BRANCH.test(w.replace(/^(?:origin\/|refs\/heads\/)/, '')))
      .map((b) => `cli-destroy git branch delete ${b}`);
  }
  if ((p === 'gh' || p === 'glab') && words[1] === 'api') {
    const path = words
      .slice(2)
      .find((w) => /(?:protection|protected_branches|rulesets?|push_rules)(?:\/|$|\?)/.test(w));
    if (!path) return [];
    const method = httpMethod(words, 0) ?? (words.some((w) => /^-[fF]$|^--(?:raw-)?field$/.test(w)) ? 'POST' : 'GET');
    if (method === 'GET' || method === 'DELETE') return [];
    // A field set to false or null, or an empty required reviews count, switches a safeguard off.
    const off = words.some((w) => /=(?:false|null|0)$/i.test(w) || /"\s*:\s*(?:false|null)/.test(w));
    return off ? [`${p} api -X DELETE ${path.replace(/^\/+/, '')}`] : [];
  }
  // `aws s3 sync EMPTY s3://b --delete`, `gsutil rsync -d EMPTY gs://b`, `rclone sync EMPTY r:b`:
  // a mirror of nothing deletes everything at the destination.
  const syncs =
    (p === 'aws' && words[1] === 's3' && words[2] === 'sync' && words.includes('--delete')) ||
    (p === 'gsutil' && words.includes('rsync') && words.some((w) => /^-[a-zA-Z]*d[a-zA-Z]*$/.test(w))) ||
    (p === 'gcloud' && words.includes('rsync') && words.includes('--delete-unmatched-destination-objects')) ||
    (p === 'rclone' && words[1] === 'sync') ||
    (p === 'azcopy' && words[1] === 'sync' && words.some((w) => /^--delete-destination(?:=true)?$/.test(w)));
  if (syncs) {
    const ops = words.slice(1).filter((w) => !w.startsWith('-') && !/^(?:s3|sync|rsync|storage)$/.test(w));
    const [src, dst] = ops.slice(-2);
    if (src && dst && emptySource(src)) return [`cli-destroy-all ${p} sync --delete ${dst}`];
  }
  // `aws rds modify-db-instance --no-deletion-protection`, `aws ec2 modify-instance-attribute
  // --no-disable-api-termination`, `gcloud sql instances patch --no-deletion-protection`, `az ...
  // --deletion-protection false`: the guard against a delete is taken off, the first step of one.
  const guardOff = !CLOUD_CLI.has(p)
    ? -1
    : words.findIndex(
        (w, i) =>
          /^--no-(?:deletion-protection|disable-api-termination|termination-protection)$/.test(w) ||
          /^--(?:deletion-protection|enable-deletion-protection|termination-protection)(?:=(?:false|disabled?))$/i.test(
            w,
          ) ||
          (/^--(?:deletion-protection|enable-deletion-protection)$/.test(w) &&
            /^(?:false|disabled?)$/i.test(words[i + 1] ?? '')),
      );
  if (guardOff > 0) return [`cli-destroy ${words.slice(0, Math.min(guardOff, 4)).join(' ')} ${words[guardOff] ?? ''}`];
  // `docker compose down -v` is left alone: it removes only the project's own volumes, the
  // usual reset of a development stack.
  return [];
}

/** Cloud CLIs whose resources carry a deletion-protection switch. */
const CLOUD_CLI = new Set(['aws', 'gcloud', 'az', 'doctl', 'oci', 'aliyun', 'ibmcloud', 'scw', 'hcloud', 'linode-cli']);

/** Git's global options that take the next word as their value (`git -C DIR push`). */
const GIT_VALUE_OPTS = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env']);

/** `git push` options that take the next word as their value (git-push(1)). */
const PUSH_VALUE_OPTS = new Set(['-o', '--push-option', '--repo', '--receive-pack', '--exec']);

/**
 * `git push` in its canonical spelling, whatever the spelling written: global options dropped
 * (`git -C DIR push`), short options split (`-uf` is `-u -f`), `+ref` a force, refspecs read as
 * the branch they update (`HEAD:refs/heads/main` updates main). Gives `git push --force REMOTE
 * BRANCH` (or `--force-with-lease`) per branch a force push rewrites, and `cli-destroy-all git
 * push --prune REMOTE` when every remote branch missing locally is deleted. Null when the push
 * neither forces nor prunes.
 */
export function gitPushReadings(words: string[]): string[] {
  if (words[0] !== 'git') return [];
  let i = 1;
  while (i < words.length && (words[i] ?? '').startsWith('-')) i += GIT_VALUE_OPTS.has(words[i] ?? '') ? 2 : 1;
  // `git send-pack` is the plumbing under push (git-send-pack(1)): its --force and --all are push's
  if (words[i] !== 'push' && words[i] !== 'send-pack') return [];
  let force = false;
  let lease = false;
  let prune = false;
  // --all/--branches/--mirror push every branch: a force rewrites each shared one too
  let every = false;
  const ops: string[] = [];
  const rest = words.slice(i + 1);
  for (let k = 0; k < rest.length; k++) {
    const w = rest[k] ?? '';
    if (w === '--force' || w === '--force-if-includes') force = true;
    else if (w.startsWith('--force-with-lease')) lease = true;
    else if (w === '--prune') prune = true;
    else if (w === '--all' || w === '--branches' || w === '--mirror') every = true;
    else if (PUSH_VALUE_OPTS.has(w)) k++;
    else if (/^-[a-zA-Z]+$/.test(w)) {
      if (w.includes('f')) force = true;
    } else if (w.startsWith('--repo=')) ops.unshift(w.slice(7));
    else if (!w.startsWith('-')) ops.push(w);
  }
  const remote = ops[0] ?? 'origin';
  const specs = ops.slice(1);
  const out: string[] = [];
  const branches: string[] = [];
  for (const spec of specs) {
    if (spec.startsWith('+')) force = true;
    const dst = (spec.includes(':') ? spec.slice(spec.lastIndexOf(':') + 1) : spec).replace(/^\+/, '');
    // HEAD (or @) without a destination is the branch checked out, unknown here: as if none were named
    if (dst && dst !== 'HEAD' && dst !== '@') branches.push(dst.replace(/^refs\/(?:heads|tags)\//, ''));
  }
  const mode = force ? '--force' : lease ? '--force-with-lease' : '';
  if (mode) {
    if (every) out.push(`git push ${mode} ${remote} all-branches`);
    else if (!branches.length) out.push(`git push ${mode} ${remote}`, `git push ${mode} ${remote} current-branch`);
    for (const b of branches) out.push(`git push ${mode} ${remote} ${b}`);
  }
  if (prune) out.push(`cli-destroy-all git push --prune ${remote}`);
  return out;
}

/**
 * Data deleted later by a rule set now: an object lifecycle that expires a whole bucket within
 * days (`aws s3api put-bucket-lifecycle-configuration ... "Expiration":{"Days":1}`), logs kept
 * for a day (`aws logs put-retention-policy --retention-in-days 1`). Read as the delete of
 * everything it amounts to: `cli-destroy-all TOOL SUBCOMMAND ...`.
 */
export function expiryReading(words: string[]): string | null {
  const tool = words[0] ?? '';
  if (NOT_SUBCOMMAND_CLI.has(tool)) return null;
  const sub = words.slice(1, 1 + MAX_PATH).find((w) => /lifecycle|retention/i.test(w) && !w.startsWith('-'));
  if (sub && /^(?:get|describe|list|delete)-/.test(sub)) return null;
  // `aws rds modify-db-instance --backup-retention-period 0`: automated backups deleted now.
  const keep = words.findIndex((w) => /^--(?:backup-)?retention-period(?:=0)?$/.test(w));
  if (keep > 0 && (words[keep] ?? '').endsWith('=0') !== (words[keep + 1] === '0') && !sub)
    return `cli-destroy-all ${words.join(' ')}`;
  if (!sub) return null;
  let days: number | null = null;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    const flag = /^--?(?:retention-in-days|retention-days|retention|days)(?:=(\d+))?$/i.exec(w);
    if (flag) days = Number(flag[1] ?? words[i + 1] ?? 'NaN');
    for (const m of w.matchAll(
      /"?(?:Days|NoncurrentDays|age|daysAfterCreationGreaterThan|daysAfterModificationGreaterThan)"?\s*[:=]\s*(\d+)/g,
    ))
      days = Math.min(days ?? Infinity, Number(m[1]));
  }
  if (days === null || !Number.isFinite(days) || days > 7) return null;
  return `cli-destroy-all ${words.join(' ')}`;
}

/** Verbs that put a change live: with a production target they are a deploy, whatever the tool. */
const LIVE = new Set(
  'update deploy release publish submit promote apply patch scale rollout restart push upload put trigger invoke set'.split(
    ' ',
  ),
);
/** Names of programs and scripts that are themselves a release step. */
const SHIP_NAMED = new Set(['deploy', 'release', 'publish', 'promote', 'ship', 'rollout', 'golive']);
const STRICT_PROD = /^(?:--?(?:prod|production|live)|(?:--?[\w-]+=)?(?:prod|production|prd|live))$/i;
/** A word that names production (`prod`, `production`, `prod-api`, `env=production`, `live`). */
const PROD = /(?:^|[^a-z0-9])(?:prod|production|prd|live)(?:[^a-z0-9]|$)/i;

/** Options naming the audience a build is released to (a store's track, an updater's channel or ring). */
const CHANNEL_OPTION = /^--?(?:channel|track|ring|audience|release[-_]?channel|update[-_]?channel|dist[-_]?tag|tag)$/i;
/** The channel every user gets: stable, latest, public, general availability, everyone. */
const EVERYONE_CHANNEL =
  /^(?:stable|latest|public|ga|general|general[-_]availability|release|everyone|all|broad|default)$/i;

/**
 * A release channel that reaches every user (`acmectl release upload --channel stable`, `--track
 * public`, `--ring broad`): the production of an updater or a store, whatever it is called there.
 */
function releaseChannel(words: readonly string[]): boolean {
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    const eq = w.indexOf('=');
    const name = eq > 0 ? w.slice(0, eq) : w;
    if (!CHANNEL_OPTION.test(name)) continue;
    const v = (eq > 0 ? w.slice(eq + 1) : (words[i + 1] ?? '')).replace(/^["']|["']$/g, '');
    if (EVERYONE_CHANNEL.test(v)) return true;
  }
  return false;
}

/**
 * A tool's change aimed at production (`aws lambda update-function-code --function-name
 * prod-api`, `gh workflow run deploy.yml -f env=production`): `cli-change-prod TOOL WORDS`.
 */
export function prodChangeReading(words: string[]): string | null {
  const tool = (words[0] ?? '').toLowerCase();
  if (!tool || NOT_SUBCOMMAND_CLI.has(tool) || RUNNERS.has(tool) || !/^[a-z][a-z0-9._-]*$/.test(tool)) return null;
  if (rehearses(words)) return null;
  // a cloud module's cmdlet names its verb itself (`Switch-AzWebAppSlot ... -DestinationSlotName
  // production`, `Update-ECSService -Cluster prod`): its parameters name the target (shell-live-ops.ts)
  if (cloudCmdletChanges(words[0] ?? '')) {
    if (words.some((w) => /^-whatif(?::\$?true)?$/i.test(w))) return null;
    return words.slice(1).some((w) => PROD.test(w)) ? `cli-change-prod ${words.join(' ')}` : null;
  }
  // a program or script named for the step (`./deploy --env=live`, `bin/release --live`,
  // `upload-to-store.js --track production`): its name is the verb
  const own = tool.split(/[-_:.]/)[0] ?? '';
  const named =
    (SHIP_NAMED.has(own) || (own === 'upload' && /store|release|build|app|artifact|package/.test(tool))) &&
    !/^(?:release-notes|deploy-preview)/.test(tool);
  // named so, the target must be said as a value or a switch of its own (`--env=live`, `--prod`,
  // `production`), not a word inside another option (`--live-reload`)
  if (named && words.slice(1).some((w) => STRICT_PROD.test(w))) return `cli-change-prod ${words.join(' ')}`;
  let live = false;
  let positional = 0;
  let prev = '';
  const depth = pathDepth(tool, MAX_PATH);
  for (let i = 1; i < words.length && positional < depth; i++) {
    const w = words[i] ?? '';
    if (w.startsWith('-')) continue;
    // a server URL given to an option (`jenkins-cli -s https://ci.acme.io build ...`)
    if (/^-[a-zA-Z]$/.test(words[i - 1] ?? '') && /^https?:\/\//.test(w)) continue;
    if (notASubcommand(w) || (w.includes('.') && PROJECT_TASKS.has(tool))) break;
    positional++;
    const lw = w.toLowerCase();
    const v = verbOf(lw);
    if (v && v.set !== 'destroy') return null;
    const head = lw.split(/[-:]/)[0] ?? '';
    // `gh workflow run`, `glab ci run`: running a pipeline is triggering it.
    if (
      LIVE.has(lw) ||
      LIVE.has(head) ||
      (lw === 'run' && /^(?:workflow|ci|pipeline|pipelines)$/.test(words[i - 1] ?? '')) ||
      // `create-deployment`, `start-pipeline-execution`, `activate`, `swap`, `feature enable`
      liveOperation(lw, prev)
    ) {
      // a look named after the step (`sf project deploy validate`, `deploy preview`, `deploy
      // report`: Salesforce CLI's check-only deploy and its status) changes nothing
      const next =
        words
          .slice(i + 1)
          .find((x) => !x.startsWith('-'))
          ?.toLowerCase() ?? '';
      const after = verbOf(next) ?? (next === 'report' ? { set: 'read' } : null);
      if (after && after.set !== 'destroy') return null;
      live = true;
      break;
    }
    prev = lw;
    if ((lw === 'run' && tool !== 'gcloud') || lw === 'exec') return null;
  }
  if (!live || !(words.slice(1).some((w) => PROD.test(w)) || releaseChannel(words))) return null;
  return `cli-change-prod ${words.join(' ')}`;
}

export interface VerbCandidate {
  text: string;
  /** Shown by explain (readings that only look are not). */
  note: { from: string; text: string } | null;
}

/**
 * Every verb reading of one simple command. `computedVars` holds the names bound at run time by
 * a loop over a listing or by `read`; a `read` command adds its names to it. `printed` is false when
 * the command's output is captured by `$(...)` or written to a file.
 */
export function verbCandidates(words: string[], computedVars: Set<string>, printed = true): VerbCandidate[] {
  for (const n of readNames(words)) computedVars.add(n);
  // the words once, lower-cased, for the readings' gates (verb-gates.ts)
  const text = gateText(words);
  const computed = (w: string) => refersTo(w, computedVars);
  const out: VerbCandidate[] = [];
  // loopedSend finds a recipient only among the names a loop or `read` bound (refersTo)
  const looped = computedVars.size > 0 ? loopedSend(words, computed) : undefined;
  if (looped) out.push({ text: looped, note: { from: 'a message sent to each address of a list', text: looped } });
  // any program's send verb, or an HTTP action that ends what an id names, over a list (bulk-actions.ts)
  const listed = (w: string) => isComputed(w, computed);
  // the two CLI readings of a list need a word isComputed takes as one (verb-gates.ts, `listed`)
  const mayList = computedVars.size > 0 || VERB_GATES.listed.test(text);
  const sendEach = looped || !mayList ? undefined : listedSendReading(words, listed);
  if (sendEach) out.push({ text: sendEach, note: { from: 'a message sent to each item of a list', text: sendEach } });
  const endEach = loopedHttpAction(words, listed) ?? (mayList ? listedEndReading(words, listed) : undefined);
  if (endEach) out.push({ text: endEach, note: { from: 'an action on each id of a list', text: endEach } });
  const verbs = verbReadings(words, computed);
  // what the verb reader found no verb in: a cmdlet's noun, a purging option, a protection switched off
  // (the tool's own name when an interpreter comes first: `php bin/magento module:uninstall --remove-data`)
  const lossLine = NOT_SUBCOMMAND_CLI.has((words[0] ?? '').toLowerCase()) ? scriptToolWords(words) : words;
  // its gate is tested with dashes and underscores dropped, as it reads option names (verb-gates.ts)
  if (
    !verbs.length &&
    !NOT_SUBCOMMAND_CLI.has((lossLine[0] ?? '').toLowerCase()) &&
    VERB_GATES.lossMark.test(text.replace(/[-_]/g, ''))
  )
    for (const r of lossMarkReadings(lossLine, computed))
      out.push({ text: r.text, note: { from: r.from, text: r.text } });
  if (!NOT_SUBCOMMAND_CLI.has((words[0] ?? '').toLowerCase()))
    for (const t of datasetDeleteReadings(words))
      out.push({ text: t, note: { from: 'a command string that deletes a dataset', text: t } });
  for (const r of verbs)
    out.push({
      text: r.text,
      note:
        r.kind === 'readonly'
          ? null
          : {
              from:
                r.kind === 'scratch'
                  ? `a scratch scope: ${r.from}`
                  : r.kind === 'own-output'
                    ? `the project's own build output or local setup: ${r.from}`
                    : `the verb ${r.from}`,
              text: r.text,
            },
    });
  // the tool's own name when an interpreter or a folder comes first (script-tools.ts)
  const toolLine = scriptToolWords(words);
  const ship = VERB_GATES.shipVerb.test(text) ? shipVerbReading(toolLine) : null;
  if (ship) out.push({ text: ship.text, note: { from: `the verb ${ship.from}`, text: ship.text } });
  // software pushed onto other machines by a tool whose verb is not a ship verb (shell-rollouts.ts)
  const rollout = ship || !VERB_GATES.rollout.test(text) ? null : rolloutReading(words);
  if (rollout) out.push({ text: rollout.text, note: { from: rollout.from, text: rollout.text } });
  // an image copied into a registry tag, a DNS record changed, all traffic moved: any tool
  // (shell-image-copies.ts, shell-traffic-moves.ts)
  for (const r of ship
    ? []
    : [imageCopyReading(toolLine), VERB_GATES.trafficMove.test(text) ? trafficMoveReading(toolLine) : null])
    if (r) out.push({ text: r.text, note: { from: r.from, text: r.text } });
  for (const t of gitComputedReadings(words, computed))
    out.push({ text: t, note: { from: 'git over a computed list', text: t } });
  const containers = containersRemovedAll(words, computed);
  if (containers)
    out.push({
      text: containers,
      note: {
        from: containers.startsWith('images') ? 'every image force-removed' : 'every container force-removed',
        text: containers,
      },
    });
  for (const r of machineTakedownReadings(words, computed))
    out.push({ text: r.text, note: { from: r.from, text: r.text } });
  // a volume, gateway or address pulled off what uses it (shell-live-ops.ts)
  const detached = detachReading(words);
  if (detached) out.push({ text: detached.text, note: { from: detached.from, text: detached.text } });
  const device = deviceShellReading(words);
  if (device) out.push({ text: device.text, note: { from: device.from, text: device.text } });
  // a BACnet, Modbus, KNX, SNMP, OPC UA or MQTT write to live equipment (field-devices.ts)
  const field = fieldWriteReading(toolLine);
  if (field) out.push({ text: field.text, note: { from: field.from, text: field.text } });
  // a telephony console's one command (device-shells.ts): a halt, or the tool's own subcommand
  const halt = consoleHaltReading(words);
  if (halt) out.push({ text: halt.text, note: { from: halt.from, text: halt.text } });
  const consoleLine = halt ? null : consoleCommand(words);
  if (consoleLine)
    for (const r of verbReadings(consoleLine, computed))
      if (r.kind === 'destroy' || r.kind === 'destroy-all')
        out.push({ text: r.text, note: { from: `the console command's verb ${r.from}`, text: r.text } });
  for (const r of shipReadings(words))
    out.push({ text: r.text, note: !r.text.startsWith('ship ') ? null : { from: `ships: ${r.from}`, text: r.text } });
  const prod = VERB_GATES.prodChange.test(text) ? prodChangeReading(toolLine) : null;
  if (prod) out.push({ text: prod, note: { from: 'a change aimed at production', text: prod } });
  const env = VERB_GATES.envValues.test(text) ? envValuesReading(words) : null;
  if (env)
    out.push({ text: env, note: { from: "a platform's stored environment printed with its values", text: env } });
  const reveal = VERB_GATES.reveal.test(text) ? revealReading(words) : null;
  if (reveal) out.push({ text: reveal, note: { from: 'an option that prints what the tool masks', text: reveal } });
  // a value captured by `$(...)` or written to a file is used, not put in the conversation
  const got = printed && VERB_GATES.secretGet.test(text) ? secretGetReading(words) : null;
  if (got) out.push({ text: got, note: { from: "a getter asked for a secret's value", text: got } });
  const compose = composeConfigReading(words);
  if (compose)
    out.push({ text: compose, note: { from: 'a production compose file rendered with its secrets', text: compose } });
  const keyExport = VERB_GATES.keyExport.test(text) ? privateKeyExportReading(words) : null;
  if (keyExport)
    out.push({ text: keyExport, note: { from: 'a certificate exported with its private key', text: keyExport } });
  const mint = VERB_GATES.mint.test(text) ? mintReading(words) : null;
  if (mint) out.push({ text: mint, note: { from: 'a subcommand that issues a new credential', text: mint } });
  const tree = treeUploadReading(words);
  if (tree) out.push({ text: tree, note: { from: 'a whole tree copied to cloud storage', text: tree } });
  const run = prodRunReading(words);
  if (run) out.push({ text: run, note: { from: 'a command run on production machines', text: run } });
  const overwrite = prodOverwriteReading(words);
  if (overwrite)
    out.push({
      text: overwrite,
      note: { from: 'a production database replaced from another source', text: overwrite },
    });
  const remote = remoteAccessReading(words);
  if (remote)
    out.push({ text: remote, note: { from: `${words[0] ?? ''} opens this machine to others`, text: remote } });
  for (const c of contentsReadings(words))
    out.push({ text: c, note: { from: 'everything inside a directory', text: c } });
  const expiry = VERB_GATES.expiry.test(text) ? expiryReading(words) : null;
  if (expiry) out.push({ text: expiry, note: { from: 'data expired within days', text: expiry } });
  for (const t of gitPushReadings(words)) out.push({ text: t, note: { from: 'git push, read canonically', text: t } });
  const shown = secretMetadataReading(words);
  if (shown) out.push({ text: shown, note: { from: 'prints only names and metadata of secrets', text: shown } });
  for (const t of safeguardReadings(words))
    out.push({ text: t, note: { from: 'a safeguard or shared history removed', text: t } });
  for (const t of treeLossReadings(words))
    out.push({ text: t, note: { from: 'a whole tree lost or locked', text: t } });
  for (const t of sourceLossReadings(words))
    out.push({ text: t, note: { from: 'source code deleted or emptied', text: t } });
  for (const h of httpDestroyReadings(words)) out.push({ text: h, note: { from: 'an HTTP DELETE', text: h } });
  const standing = VERB_GATES.subscription.test(text) ? cliSubscriptionReading(words) : undefined;
  if (standing)
    out.push({ text: standing, note: { from: 'standing delivery of events to another host', text: standing } });
  // gh api / glab api send the same request curl would (forge-api.ts reads their words), so what
  // the request does on the forge is read as it is for curl
  const request = httpCall(words) ?? forgeRequest(words);
  if (request)
    for (const t of apiActionReadings(request))
      out.push({ text: t, note: { from: 'what the request does on the service it reaches', text: t } });
  const org = orgRegistryReading(words);
  if (org) out.push({ text: org, note: { from: "the organisation's own package registry", text: org } });
  if ((words[0] === 'docker' || words[0] === 'podman') && socketOnlyAnalyser(words)) {
    const t = `socket-analyser ${words.join(' ')}`;
    out.push({ text: t, note: { from: 'the runtime socket given only to a known image analyser', text: t } });
  }
  const off = rehearsalOffReading(words, (t) => NOT_SUBCOMMAND_CLI.has(t));
  if (off) out.push({ text: off, note: { from: 'a rehearsal option that does not rehearse', text: off } });
  const clean = gitCleanReading(words);
  if (clean) out.push({ text: clean, note: { from: 'git clean -x removes ignored files', text: clean } });
  return out;
}

/** Whether a `for` loop's word list is computed at run time (a substitution, a variable, a glob). */
export function computedList(list: string[]): boolean {
  return list.some((w) => w.includes('$') || w.includes('`') || /[*?[]/.test(w));
}

/** `gh api ROUTE` / `glab api ROUTE` as the HTTP request it sends to the forge's API root. */
function forgeRequest(words: string[]): { method: string; url: string; body: string } | null {
  if ((words[0] !== 'gh' && words[0] !== 'glab') || words[1] !== 'api') return null;
  const call = forgeApiCall(words);
  if (!call) return null;
  const root = words[0] === 'gh' ? 'https://api.github.com' : 'https://gitlab.com/api/v4';
  return { method: call.method, url: `${root}/${call.route}`, body: call.fields.join('\n') };
}
