// `svc init`: the one command a new user runs. Finds the agent hosts on this machine, picks a
// profile, writes a starter policy that layers on it, installs the hooks (through the same code
// as `svc setup`) and says what to do next.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parse, UsageError, type Command } from './args.js';
import { defaultDataDir } from '../util/datadir.js';
import { PACKAGE_ROOT } from '../util/version.js';
import { HOSTS, isHost, type HostName } from '../integrations/hooks/hosts.js';
import { PROFILES } from '../policy/config-path.js';
import { detectHosts } from './init/detect.js';
import { starterName, starterPolicy } from './init/starter.js';

const options = {
  yes: { type: 'boolean', short: 'y' },
  hosts: { type: 'string' },
  profile: { type: 'string' },
  project: { type: 'string' },
  'dry-run': { type: 'boolean' },
  force: { type: 'boolean' },
  'data-dir': { type: 'string' },
} as const;

const help = `usage: svc init [--hosts a,b] [--profile P] [--project DIR] [--yes] [--dry-run] [--force]

Sets svc up for the agents on this machine:
  1. finds the installed agent hosts (${HOSTS.join(', ')}): their command on PATH or their
     configuration directory
  2. picks a profile (${PROFILES.join(', ')}; default standard)
  3. writes a starter policy to <data-dir>/policies/NAME.yaml that layers on the profile (only
     adds rules; an existing file is kept)
  4. installs the svc hook into each chosen host's settings, as 'svc setup HOST' does (backup
     first, only svc's own entries touched)
  5. prints what to do next
It asks before changing anything when stdin is a terminal; scripts pass --yes.

options:
  --hosts a,b       the hosts to install (default: every host found)
  --profile P       the base profile (default standard)
  --project DIR     name the starter policy after this project (default project.yaml)
  --yes, -y         do it without asking
  --dry-run         print the plan and write nothing
  --force           let 'svc setup' replace a malformed settings file (a backup is kept)
  --data-dir DIR    the data directory (default $SERVICE_HOME, else ~/.svc)`;

/**
 * Questions on the terminal. Lines are queued as they arrive, so answers typed (or pasted)
 * ahead of a question are not lost; end of input answers every remaining question with null.
 */
function prompter(): { ask(q: string): Promise<string | null>; close(): void } {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const lines: string[] = [];
  const waiting: Array<(l: string | null) => void> = [];
  let ended = false;
  rl.on('line', (l) => {
    const waiter = waiting.shift();
    if (waiter) waiter(l);
    else lines.push(l);
  });
  rl.on('close', () => {
    ended = true;
    for (let waiter = waiting.shift(); waiter; waiter = waiting.shift()) waiter(null);
  });
  return {
    ask(q) {
      process.stdout.write(q);
      const line = lines.shift();
      if (line !== undefined) return Promise.resolve(line);
      if (ended) return Promise.resolve(null);
      return new Promise((res) => waiting.push(res));
    },
    close: () => rl.close(),
  };
}

function parseHosts(text: string): HostName[] {
  const out: HostName[] = [];
  for (const raw of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!isHost(raw)) throw new UsageError(`unknown host "${raw}" in --hosts (expected ${HOSTS.join(', ')})`);
    if (!out.includes(raw)) out.push(raw);
  }
  if (!out.length) throw new UsageError('--hosts needs at least one host');
  return out;
}

export default {
  help,
  options,
  async run(argv) {
    const { values, positionals } = parse(argv, options);
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const profile = (values.profile as string | undefined) ?? 'standard';
    if (!(PROFILES as readonly string[]).includes(profile))
      throw new UsageError(`unknown profile "${profile}" (expected ${PROFILES.join(', ')})`);
    const project = values.project ? resolve(values.project as string) : undefined;
    if (project && !existsSync(project)) throw new UsageError(`--project ${project} does not exist`);
    const dryRun = values['dry-run'] === true;
    const interactive = process.stdin.isTTY === true && values.yes !== true && !dryRun;
    const env = process.env;
    const dataDir = values['data-dir'] ? resolve(values['data-dir'] as string) : defaultDataDir(env);
    const out = (s = '') => process.stdout.write(s + '\n');

    const detected = detectHosts(env);
    out('Agents on this machine:');
    for (const d of detected)
      out(`  ${d.present ? 'found  ' : 'missing'}  ${d.label.padEnd(20)} ${d.evidence.join(', ')}`.trimEnd());
    let hosts = values.hosts
      ? parseHosts(values.hosts as string)
      : detected.filter((d) => d.present).map((d) => d.host);

    const rl = interactive ? prompter() : undefined;
    try {
      let chosenProfile = profile;
      if (rl) {
        const p = ((await rl.ask(`Profile (${PROFILES.join(', ')}) [${profile}]: `)) ?? '').trim();
        if (p) {
          if (!(PROFILES as readonly string[]).includes(p))
            throw new UsageError(`unknown profile "${p}" (expected ${PROFILES.join(', ')})`);
          chosenProfile = p;
        }
        if (!values.hosts) {
          const h = (
            (await rl.ask(`Install the hook for [${hosts.join(',') || 'none'}] (or type a list): `)) ?? ''
          ).trim();
          if (h) hosts = parseHosts(h);
        }
      }
      const policyFile = join(dataDir, 'policies', starterName(project));
      const keepPolicy = existsSync(policyFile);
      out('');
      out(`Plan${dryRun ? ' (dry run: nothing is written)' : ''}:`);
      out(`  profile   ${chosenProfile}`);
      out(
        `  policy    ${policyFile}${keepPolicy ? ' (exists; kept as it is)' : ' (new starter policy layered on the profile)'}`,
      );
      if (!hosts.length) out('  hooks     none (no agent found; name them with --hosts)');

      const { runSetup, SetupError } = await import('../integrations/setup/setup-run.js');
      const setupOpts = {
        remove: false,
        force: values.force === true,
        env,
        node: process.execPath,
        svcJs: join(PACKAGE_ROOT, 'bin', 'svc.js'),
      };
      // The dry run of each host's edit is the plan; it also catches a malformed file before anything is written.
      const problems: string[] = [];
      for (const host of hosts) {
        try {
          const r = runSetup(host, { ...setupOpts, dryRun: true });
          out(`  hook      ${host}:`);
          for (const l of r.lines) if (!/^dry run/.test(l)) out(`              ${l}`);
        } catch (err) {
          if (!(err instanceof SetupError)) throw err;
          problems.push(`${host}: ${err.message}`);
          out(`  hook      ${host}: cannot install: ${err.message}`);
        }
      }
      if (dryRun) return problems.length ? 1 : 0;
      if (rl) {
        // End of input is not a yes.
        const a = (await rl.ask('Go ahead? [Y/n] '))?.trim().toLowerCase() ?? 'no';
        if (a && a !== 'y' && a !== 'yes') {
          out('Nothing was changed.');
          return 1;
        }
      } else if (values.yes !== true) {
        process.stderr.write(
          'svc init: stdin is not a terminal; run again with --yes to apply this plan (or --dry-run to only see it)\n',
        );
        return 1;
      }

      out('');
      if (!keepPolicy) {
        mkdirSync(join(dataDir, 'policies'), { recursive: true, mode: 0o700 });
        writeFileSync(
          policyFile,
          starterPolicy({
            profile: chosenProfile,
            project,
            file: policyFile,
            date: new Date().toISOString().slice(0, 10),
          }),
          { mode: 0o600, flag: 'wx' },
        );
        out(`wrote ${policyFile}`);
      }
      for (const host of hosts) {
        try {
          const r = runSetup(host, { ...setupOpts, dryRun: false });
          for (const l of r.lines) out(l);
        } catch (err) {
          if (!(err instanceof SetupError)) throw err;
          if (!problems.some((p) => p.startsWith(`${host}:`))) problems.push(`${host}: ${err.message}`);
        }
      }
      // Whether `svc serve` with no --config layers the files on a profile depends on the
      // version; say so when this one would load the policy directory alone.
      const { resolveConfig, shippedPolicy } = await import('../policy/config-path.js');
      const bare = resolveConfig(undefined, dataDir).paths;
      const layered = bare.some((p) => p.startsWith(dirname(shippedPolicy(chosenProfile))));
      out('');
      if (!layered)
        out(
          `Note: 'svc serve' without --config would load ${join(dataDir, 'policies')} alone; start it with --config ${chosenProfile} so the profile stays the base.`,
        );
      out('Next:');
      out(
        `  1. start the server:     svc serve --config ${chosenProfile}${values['data-dir'] ? ` --data-dir ${dataDir}` : ''}`,
      );
      out('  2. check everything:     svc doctor');
      out('  3. restart the agents so they load the hook; asks wait in: svc pending (approve: svc approve ID)');
      out(`  4. grow the policy:      edit ${policyFile}, then svc test --file ${policyFile}`);
      out('  Notifications for asks (desktop, Slack, Discord, ntfy): see docs/notifications.md.');
      if (problems.length) {
        process.stderr.write(problems.map((p) => `svc init: ${p}\n`).join(''));
        return 1;
      }
      return 0;
    } finally {
      rl?.close();
    }
  },
} satisfies Command;
