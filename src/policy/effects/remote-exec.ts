// Remote-execution tools run what they are given as commands on other machines, often on every
// host of an inventory at once: `ansible all -m shell -a "rm -rf /var/lib/docker"`, `salt '*'
// cmd.run 'rm -rf /opt/app'`, `pdsh -w web[01-20] 'rm -rf /srv'`. The command they carry is read
// as the command it is (an exec the policy decides as if run here), and their own file modules
// that delete (`-m file -a "path=/srv state=absent"`, `salt '*' file.remove /etc/nginx`) as the
// `rm -rf PATH` they amount to. Sources: each tool's usage page: ansible ad-hoc commands (-m/--module-name,
// -a/--args; command is the default module; shell, raw, script and the ansible.builtin./
// ansible.legacy. spellings), Salt execution modules cmd.* and file.remove/file.rmdir/
// file.absent, pdsh, clush (ClusterShell), pssh/parallel-ssh, dsh, mussh, knife ssh, Fabric's
// `fab -- CMD`, AWS SSM send-command (AWS-RunShellScript commands=...), az vm run-command invoke
// --scripts.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { parseArgs, optionValue } from './operands.js';
import { table } from '../../util/lookup-table.js';

export const REMOTE_EXEC_PROGRAMS: readonly string[] = [
  'ansible',
  'salt',
  'salt-ssh',
  'salt-call',
  'pdsh',
  'clush',
  'pssh',
  'parallel-ssh',
  'dsh',
  'mussh',
  'knife',
  'fab',
  'aws',
  'az',
  'gcloud',
];

/** Ansible modules that run their argument as a command line. */
const ANSIBLE_COMMAND = /^(?:ansible\.(?:builtin|legacy)\.)?(?:command|shell|raw|script|win_shell|win_command)$/;
/** Ansible modules that manage a file by `path=`/`dest=` and remove it with `state=absent`. */
const ANSIBLE_FILE = /^(?:ansible\.(?:builtin|legacy)\.)?(?:file|win_file)$/;

const ANSIBLE_ARGS = [
  '-m',
  '--module-name',
  '-a',
  '--args',
  '-i',
  '--inventory',
  '--inventory-file',
  '-u',
  '--user',
  '-f',
  '--forks',
  '-l',
  '--limit',
  '-e',
  '--extra-vars',
  '-B',
  '--background',
  '-P',
  '--poll',
  '-T',
  '--timeout',
  '--become-user',
  '--become-method',
  '-M',
  '--module-path',
  '--private-key',
  '--key-file',
  '-c',
  '--connection',
  '-t',
  '--tree',
  '--vault-id',
  '--vault-password-file',
];

/** key=value words of an ansible module argument (`path=/srv state=absent`). */
function keyValues(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/([A-Za-z_]+)=("[^"]*"|'[^']*'|\S+)/g))
    out.set((m[1] ?? '').toLowerCase(), (m[2] ?? '').replace(/^["']|["']$/g, ''));
  return out;
}

/**
 * Ansible modules that write a file on every host, as the write they amount to (docs.ansible.com,
 * ansible.builtin copy/template `dest`+`content`, lineinfile `path`+`line`, blockinfile
 * `path`+`block`, ansible.posix.authorized_key `user`+`key` appends to that user's
 * ~/.ssh/authorized_keys, ansible.builtin.cron `job` is a line of the user's crontab).
 */
function ansibleWrite(module: string, kv: Map<string, string>): { path: string; content?: string } | undefined {
  const m = module.replace(/^(?:ansible\.(?:builtin|legacy|posix)\.)/, '');
  if (kv.get('state') === 'absent') return undefined;
  if (m === 'authorized_key') {
    const user = kv.get('user');
    if (!user) return undefined;
    const home = user === 'root' ? '/root' : `/home/${user}`;
    return { path: kv.get('path') ?? `${home}/.ssh/authorized_keys`, content: kv.get('key') };
  }
  if (m === 'cron') {
    const job = kv.get('job');
    return job ? { path: `/var/spool/cron/crontabs/${kv.get('user') ?? 'root'}`, content: job } : undefined;
  }
  const path = kv.get('dest') ?? kv.get('path');
  if (!path) return undefined;
  if (m === 'copy' || m === 'template') return { path, content: kv.get('content') };
  if (m === 'lineinfile') return { path, content: kv.get('line') };
  if (m === 'blockinfile') return { path, content: kv.get('block') };
  return undefined;
}

function ansible(argv: string[], out: Effect[]): void {
  const p = parseArgs(argv, ANSIBLE_ARGS);
  const hosts = p.operands[0] ?? 'the inventory';
  const module = optionValue(p, '-m', '--module-name') ?? 'command';
  const args = optionValue(p, '-a', '--args');
  if (args === undefined) return;
  const via = `ansible runs on ${hosts}`;
  if (ANSIBLE_COMMAND.test(module)) {
    // `cmd=...`, `chdir=...` and `creates=...` are the command module's own settings, not words of the command
    const command = args.replace(/(?:^|\s)(?:chdir|creates|removes|executable|warn|stdin)=\S+/g, ' ').trim();
    if (command) out.push({ tool: 'exec', command, via: `${via}: ${command.slice(0, 80)}` });
    return;
  }
  const writes = ansibleWrite(module, keyValues(args));
  if (writes) {
    out.push({
      tool: 'write',
      path: writes.path,
      content: writes.content,
      via: `${via}: ${module} writes ${writes.path}`,
    });
    return;
  }
  if (ANSIBLE_FILE.test(module)) {
    const kv = keyValues(args);
    const path = kv.get('path') ?? kv.get('dest') ?? kv.get('name');
    // state=absent removes a directory with everything in it: the `rm -rf` it amounts to
    if (path && kv.get('state') === 'absent')
      out.push({ tool: 'exec', command: `rm -rf ${path}`, via: `${via}: deletes ${path}` });
  }
}

/** Salt execution functions that run a command line, and those that delete a path. */
const SALT_COMMAND = /^cmd\.(?:run|run_all|run_stdout|run_stderr|shell|exec_code|run_bg|powershell|script)$/;
const SALT_DELETE = /^file\.(?:remove|rmdir|absent|delete)$/;
// -L -G -E -N -C only say how the target word is read (a list, a grain, a regex ...): they take no value
const SALT_ARGS = [
  '-t',
  '--timeout',
  '-b',
  '--batch-size',
  '-c',
  '--config-dir',
  '--out',
  '--out-file',
  '-s',
  '--state-output',
];

function salt(name: string, argv: string[], out: Effect[]): void {
  const ops = parseArgs(argv, SALT_ARGS).operands;
  // salt TARGET FUNCTION ARGS...; salt-call runs on this minion: FUNCTION ARGS...
  const at = name === 'salt-call' ? 0 : 1;
  const fn = ops[at];
  if (!fn) return;
  const args = ops.slice(at + 1).filter((w) => !/^[a-z_]+=/.test(w));
  const via = `${name} ${fn} runs on ${name === 'salt-call' ? 'this minion' : (ops[0] ?? 'the minions')}`;
  if (SALT_COMMAND.test(fn) && args.length) {
    const command = args.join(' ');
    out.push({ tool: 'exec', command, via: `${via}: ${command.slice(0, 80)}` });
  } else if (SALT_DELETE.test(fn)) {
    for (const path of args) out.push({ tool: 'exec', command: `rm -rf ${path}`, via: `${via}: deletes ${path}` });
  }
}

/** Parallel shells: options that take a value, and where the command starts. */
const FANOUT_ARGS: Record<string, string[]> = table({
  pdsh: ['-w', '-x', '-g', '-X', '-l', '-R', '-f', '-t', '-u', '-N', '-M'],
  clush: ['-w', '-x', '-g', '-X', '-l', '-o', '-f', '-t', '-u', '-R', '--hostfile', '--nodes', '--group', '-E'],
  pssh: ['-h', '-H', '-l', '-p', '-o', '-e', '-t', '-O', '-x', '-X', '--hosts', '--host', '--user', '--par'],
  'parallel-ssh': ['-h', '-H', '-l', '-p', '-o', '-e', '-t', '-O', '-x', '-X', '--hosts', '--host', '--user', '--par'],
  dsh: ['-m', '-g', '-f', '-r', '-o', '-F', '-c'],
  mussh: ['-h', '-H', '-l', '-L', '-m', '-t', '-s', '-o', '-i', '-C', '-c'],
});

function fanout(name: string, argv: string[], out: Effect[]): void {
  const withArg = FANOUT_ARGS[name] ?? [];
  // mussh and dsh take the command as the value of -c
  if (name === 'mussh' || name === 'dsh') {
    const cmd = optionValue(parseArgs(argv, withArg), '-c');
    if (cmd) out.push({ tool: 'exec', command: cmd, via: `${name} runs on many hosts: ${cmd.slice(0, 80)}` });
    if (name === 'mussh') return;
  }
  const ops = parseArgs(argv, withArg).operands;
  if (!ops.length) return;
  const command = ops.join(' ');
  out.push({ tool: 'exec', command, via: `${name} runs on many hosts: ${command.slice(0, 80)}` });
}

/** `aws ssm send-command --parameters commands=[...]` / `'{"commands":["..."]}'`. */
function ssmCommands(argv: string[], out: Effect[]): void {
  if (argv[1] !== 'ssm' || argv[2] !== 'send-command') return;
  const params = optionValue(
    parseArgs(argv, ['--parameters', '--document-name', '--targets', '--instance-ids']),
    '--parameters',
  );
  if (!params) return;
  const list = /commands["']?\s*[:=]\s*\[?(.*?)\]?\s*}?\s*$/s.exec(params)?.[1];
  if (!list) return;
  for (const m of list.matchAll(/"((?:[^"\\]|\\.)*)"|([^,"\]]+)/g)) {
    const command = (m[1] ?? m[2] ?? '').replace(/\\"/g, '"').trim();
    if (command)
      out.push({ tool: 'exec', command, via: `aws ssm send-command runs on instances: ${command.slice(0, 80)}` });
  }
}

/** `az vm run-command invoke ... --scripts "CMD"` (also `az vmss run-command invoke`). */
function azRunCommand(argv: string[], out: Effect[]): void {
  if (!/^(?:vm|vmss)$/.test(argv[1] ?? '') || argv[2] !== 'run-command') return;
  const i = argv.indexOf('--scripts');
  if (i < 0) return;
  for (const command of argv.slice(i + 1)) {
    if (command.startsWith('--')) break;
    out.push({ tool: 'exec', command, via: `az ${argv[1]} run-command runs on the machine: ${command.slice(0, 80)}` });
  }
}

/** The value of `--NAME V` or `--NAME=V`. */
function flagValue(argv: string[], name: string): string | undefined {
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === name) return argv[i + 1];
    if (w.startsWith(`${name}=`)) return w.slice(name.length + 1);
  }
  return undefined;
}

/** Metadata keys whose value a VM runs as a script at boot or shutdown (Compute Engine startup scripts, cloud-init user-data). */
const BOOT_KEY =
  /^(?:startup-script|shutdown-script|windows-startup-script-(?:ps1|cmd|bat)|windows-shutdown-script-(?:ps1|cmd|bat)|user-data|sysprep-specialize-script-(?:ps1|cmd|bat))$/;
/** Keys that name a script by URL, fetched and run at boot. */
const BOOT_URL_KEY = /^(?:startup-script-url|shutdown-script-url|windows-startup-script-url)$/;

/**
 * Code a cloud VM runs at every boot, set on it now: `gcloud compute instances add-metadata VM
 * --metadata startup-script='...'` (also `instances create` and `project-info add-metadata`, which
 * reaches every VM of the project), a `startup-script-url=URL` fetched and run, `aws ec2
 * modify-instance-attribute --user-data Value=...`, and `az vm extension set` with a
 * commandToExecute setting (Compute Engine "About startup scripts"; EC2 user data; Azure Custom
 * Script Extension). The script is read as the command it is, as if run here.
 */
function bootScripts(name: string, argv: string[], out: Effect[]): void {
  const scripts: string[] = [];
  const via = argv.slice(0, 4).join(' ');
  if (name === 'gcloud' && argv.some((w) => w === 'add-metadata' || w === 'create')) {
    for (let i = 1; i < argv.length; i++) {
      const w = argv[i] ?? '';
      const value = w.startsWith('--metadata=') ? w.slice(11) : w === '--metadata' ? (argv[i + 1] ?? '') : undefined;
      if (value === undefined) continue;
      const eq = value.indexOf('=');
      const key = value.slice(0, eq);
      const v = value.slice(eq + 1);
      if (BOOT_KEY.test(key)) scripts.push(v);
      else if (BOOT_URL_KEY.test(key)) scripts.push(`curl -fsSL ${v.split(',')[0] ?? ''} | bash`);
    }
  }
  if (name === 'aws' && argv[1] === 'ec2' && argv[2] === 'modify-instance-attribute') {
    const v = flagValue(argv, '--user-data');
    if (v && !/^file(?:b)?:\/\//.test(v)) scripts.push(v.replace(/^Value=/, ''));
  }
  if (name === 'az' && argv[1] === 'vm' && argv[2] === 'extension' && argv[3] === 'set') {
    const settings = flagValue(argv, '--settings') ?? flagValue(argv, '--protected-settings') ?? '';
    const m = /"commandToExecute"\s*:\s*"((?:\\.|[^"\\])*)"/.exec(settings);
    if (m?.[1]) scripts.push(m[1].replace(/\\"/g, '"'));
  }
  for (const script of scripts) {
    // a quoted `\n` is how a one-line spelling separates the script's lines
    const command = script
      .replace(/\\n/g, '\n')
      .split('\n')
      .filter((l) => l.trim() && !l.trim().startsWith('#'))
      .join('\n');
    if (command)
      out.push({ tool: 'exec', command, via: `${via} sets code the machine runs at boot: ${command.slice(0, 80)}` });
  }
}

export function remoteExecEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const argv = c.argv;
    const name = basename(argv[0] ?? '').toLowerCase();
    if (name === 'ansible') ansible(argv, out);
    else if (name === 'salt' || name === 'salt-ssh' || name === 'salt-call') salt(name, argv, out);
    else if (name in FANOUT_ARGS) fanout(name, argv, out);
    else if (name === 'knife' && argv[1] === 'ssh') {
      // knife ssh QUERY COMMAND
      const ops = parseArgs(argv.slice(1), [
        '-x',
        '-P',
        '-i',
        '-a',
        '-C',
        '-p',
        '-G',
        '--ssh-user',
        '--attribute',
      ]).operands;
      if (ops[1])
        out.push({ tool: 'exec', command: ops.slice(1).join(' '), via: `knife ssh runs on ${ops[0] ?? 'nodes'}` });
    } else if (name === 'fab') {
      const dash = argv.indexOf('--');
      if (dash > 0 && dash + 1 < argv.length)
        out.push({ tool: 'exec', command: argv.slice(dash + 1).join(' '), via: 'fab runs on its hosts' });
    } else if (name === 'aws') ssmCommands(argv, out);
    else if (name === 'az') azRunCommand(argv, out);
    if (name === 'gcloud' || name === 'aws' || name === 'az') bootScripts(name, argv, out);
  }
}
