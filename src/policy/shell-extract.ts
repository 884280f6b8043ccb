// Code hidden inside strings: many programs run a string later or elsewhere (`rsync -e CMD`,
// `ssh host CMD`, `git -c core.pager=CMD`, `awk 'BEGIN{system("CMD")}'`, `docker run IMG CMD`).
// One table says, per program, where that string is and in which dialect it is written; the
// analyzer reads whatever comes out as a command of its own. Adding a program is one line.
import { dropGlobalOptions } from './shell-global-options.js';
import type { Token } from './shell-parse.js';
import { basename } from './shell-wrappers.js';
import { imageTool, toolRunnerCommand, toolCommand } from './shell-tool-runners.js';
import { at } from '../util/invariant.js';
import { table } from '../util/lookup-table.js';

/** How the text of an option or operand turns into shell commands. */
type Dialect =
  | 'sh'
  | 'vim'
  | 'gdb'
  | 'sqlite'
  | 'awk'
  | 'sed'
  | 'emacs'
  | 'osascript'
  | 'tar-action'
  | 'make'
  | 'less'
  | 'ssh-option'
  | 'program';

interface Spec {
  /** Options whose value is code (`--opt V`, `--opt=V`, single-letter `-oV`). */
  code?: Record<string, Dialect>;
  /** Options that take a separate argument (skipped when counting operands). */
  withArg?: string[];
  /** Operands before the command: the words after them are the argv of a command. */
  argvAfter?: number;
  /** The argv is joined into one string that a remote shell reads (ssh). */
  joined?: boolean;
  /** The argv comes after a `--` word (kubectl exec POD -- CMD). */
  afterDashes?: boolean;
  /** Options after which the remaining words are the argv (`nix develop -c CMD ARGS`, `repo forall -c CMD`). */
  argvOptions?: string[];
  /** Operands in this dialect: 'first' (awk/sed program) or 'rest' (sqlite3 DB SQL...). */
  operands?: { dialect: Dialect; which: 'first' | 'rest' | 'all' };
  /** Options that replace the program operand (awk -f FILE, sed -e X). */
  programOptions?: string[];
  /** The argv ends at one of these words; what follows are input items ({} placeholders). */
  itemsAfter?: string[];
  /** Words starting with '+' are commands in the operand dialect (vim +'!cmd', less +'!cmd'). */
  plusCommands?: Dialect;
}

const DOCKER_RUN_ARGS = [
  '-a',
  '--attach',
  '-c',
  '--cpu-shares',
  '--cidfile',
  '--cpus',
  '--device',
  '--dns',
  '-e',
  '--env',
  '--env-file',
  '--entrypoint',
  '--expose',
  '--gpus',
  '-h',
  '--hostname',
  '--ipc',
  '-l',
  '--label',
  '--link',
  '--log-driver',
  '--log-opt',
  '-m',
  '--memory',
  '--mount',
  '--name',
  '--network',
  '--net',
  '-p',
  '--publish',
  '--pid',
  '--platform',
  '--pull',
  '--restart',
  '--runtime',
  '--security-opt',
  '--shm-size',
  '--stop-signal',
  '--tmpfs',
  '-u',
  '--user',
  '--ulimit',
  '-v',
  '--volume',
  '--volumes-from',
  '-w',
  '--workdir',
  '--add-host',
  '--cap-add',
  '--cap-drop',
  '--group-add',
  '--health-cmd',
  '--userns',
  '--uts',
  '--cgroupns',
  '--memory-swap',
  '--stop-timeout',
];
const DOCKER_EXEC_ARGS = ['-e', '--env', '--env-file', '-u', '--user', '-w', '--workdir', '--detach-keys'];
const SSH_ARGS = [
  '-B',
  '-b',
  '-c',
  '-D',
  '-E',
  '-e',
  '-F',
  '-I',
  '-i',
  '-J',
  '-L',
  '-l',
  '-m',
  '-O',
  '-p',
  '-Q',
  '-R',
  '-S',
  '-W',
  '-w',
];
const SYSTEMD_RUN_ARGS = [
  '-p',
  '--property',
  '-u',
  '--unit',
  '-E',
  '--setenv',
  '--uid',
  '--gid',
  '--nice',
  '--working-directory',
  '-M',
  '--machine',
  '-H',
  '--host',
  '--description',
  '--slice',
  '--on-active',
  '--on-boot',
  '--on-startup',
  '--on-unit-active',
  '--on-unit-inactive',
  '--on-calendar',
  '--timer-property',
  '--path-property',
  '--socket-property',
  '--service-type',
  '--expand-environment',
];
const SU: Spec = {
  afterDashes: true,
  code: { '-c': 'sh', '--command': 'sh', '--session-command': 'sh' },
  withArg: ['-g', '--group', '-G', '--supp-group', '-s', '--shell', '-w', '--whitelist-environment', '-u', '--user'],
};

/** Slurm options that take a separate value (sbatch, srun and salloc share them). */
const SLURM_ARGS = [
  '-A',
  '--account',
  '-p',
  '--partition',
  '-q',
  '--qos',
  '-t',
  '--time',
  '-N',
  '--nodes',
  '-n',
  '--ntasks',
  '-c',
  '--cpus-per-task',
  '-J',
  '--job-name',
  '-o',
  '--output',
  '-e',
  '--error',
  '-D',
  '--chdir',
  '--mem',
  '--mem-per-cpu',
  '-G',
  '--gpus',
  '--gres',
  '-w',
  '--nodelist',
  '-x',
  '--exclude',
  '-C',
  '--constraint',
  '-d',
  '--dependency',
  '--export',
  '-a',
  '--array',
  '--mail-type',
  '--mail-user',
  '--reservation',
  '-b',
  '--begin',
];

/** Where each program keeps the command it will run. Keys are a program or "program subcommand". */
const TABLE: Record<string, Spec> = table({
  rsync: { code: { '-e': 'sh', '--rsh': 'sh', '--rsync-path': 'sh' } },
  tar: {
    code: {
      '--checkpoint-action': 'tar-action',
      '--to-command': 'sh',
      '--use-compress-program': 'sh',
      '-I': 'sh',
      '--info-script': 'sh',
      '-F': 'sh',
      '--new-volume-script': 'sh',
    },
  },
  ssh: { code: { '-o': 'ssh-option' }, withArg: SSH_ARGS, argvAfter: 1, joined: true },
  scp: { code: { '-o': 'ssh-option', '-S': 'program' } },
  sftp: { code: { '-o': 'ssh-option', '-S': 'program' } },
  script: {
    code: { '-c': 'sh', '--command': 'sh' },
    withArg: [
      '-t',
      '--timing',
      '-I',
      '--log-in',
      '-O',
      '--log-out',
      '-B',
      '--log-io',
      '-T',
      '--log-timing',
      '-m',
      '--logging-format',
      '-E',
      '--echo',
    ],
  },
  flock: {
    code: { '-c': 'sh', '--command': 'sh' },
    withArg: ['-w', '--timeout', '-E', '--conflict-exit-code'],
    argvAfter: 1,
  },
  'systemd-run': { withArg: SYSTEMD_RUN_ARGS, argvAfter: 0 },
  parallel: {
    withArg: [
      '-j',
      '--jobs',
      '-S',
      '--sshlogin',
      '--joblog',
      '--delay',
      '--timeout',
      '-N',
      '--max-args',
      '-I',
      '--colsep',
      '-d',
      '--delimiter',
      '-a',
      '--arg-file',
    ],
    argvAfter: 0,
    itemsAfter: [':::', '::::', ':::+'],
  },
  // Batch schedulers run their command on a cluster node: Slurm (`sbatch --wrap=CMD`, `srun CMD`,
  // `salloc CMD`), PBS/Torque (`qsub -- CMD`), LSF (`bsub CMD`).
  sbatch: { code: { '--wrap': 'sh' }, withArg: SLURM_ARGS },
  srun: { withArg: SLURM_ARGS, argvAfter: 0 },
  salloc: { withArg: SLURM_ARGS, argvAfter: 0 },
  qsub: { afterDashes: true },
  bsub: { withArg: ['-q', '-n', '-J', '-o', '-e', '-W', '-R', '-P', '-G', '-M', '-m', '-cwd', '-gpu'], argvAfter: 0 },
  'docker run': { withArg: DOCKER_RUN_ARGS, argvAfter: 1 },
  'docker create': { withArg: DOCKER_RUN_ARGS, argvAfter: 1 },
  'docker container run': { withArg: DOCKER_RUN_ARGS, argvAfter: 1 },
  'docker exec': { withArg: DOCKER_EXEC_ARGS, argvAfter: 1 },
  'docker container exec': { withArg: DOCKER_EXEC_ARGS, argvAfter: 1 },
  'docker compose run': {
    withArg: [...DOCKER_EXEC_ARGS, '--name', '-p', '--publish', '-v', '--volume', '--entrypoint', '-l', '--label'],
    argvAfter: 1,
  },
  'docker compose exec': { withArg: [...DOCKER_EXEC_ARGS, '--index'], argvAfter: 1 },
  'docker-compose run': {
    withArg: [...DOCKER_EXEC_ARGS, '--name', '-p', '--publish', '-v', '--volume', '--entrypoint', '-l', '--label'],
    argvAfter: 1,
  },
  'docker-compose exec': { withArg: [...DOCKER_EXEC_ARGS, '--index'], argvAfter: 1 },
  'podman run': { withArg: DOCKER_RUN_ARGS, argvAfter: 1 },
  'podman exec': { withArg: DOCKER_EXEC_ARGS, argvAfter: 1 },
  'nerdctl run': { withArg: DOCKER_RUN_ARGS, argvAfter: 1 },
  'kubectl exec': { afterDashes: true },
  'kubectl run': { afterDashes: true },
  'kubectl debug': { afterDashes: true },
  // `kubectl create cronjob|job|deployment NAME --image=I -- CMD` runs CMD in the cluster (on a schedule for a cronjob).
  'kubectl create': { afterDashes: true },
  'oc create': { afterDashes: true },
  'oc exec': { afterDashes: true },
  'nerdctl exec': { withArg: DOCKER_EXEC_ARGS, argvAfter: 1 },
  // Development environments, VMs and system containers that run one command inside (each tool's
  // own reference): DDEV `ddev exec CMD` (run by bash -c), Lando `lando ssh -c CMD` and `lando exec
  // SERVICE -- CMD`, Docksal `fin exec CMD`, Multipass `multipass exec VM -- CMD`, Distrobox
  // `distrobox enter NAME -- CMD`, Toolbx `toolbox run CMD`, LXD/Incus `lxc exec C -- CMD`, Lima
  // `limactl shell VM CMD`, Colima `colima ssh -- CMD`, Proxmox `pct exec ID -- CMD` and `qm guest
  // exec ID -- CMD`. What the command does there (mount the host's disk, give root) is read as if typed.
  'ddev exec': { withArg: ['-s', '--service', '-d', '--dir', '-u', '--user'], argvAfter: 0, joined: true },
  'lando ssh': { code: { '-c': 'sh', '--command': 'sh' } },
  'lando exec': { afterDashes: true },
  'fin exec': { argvAfter: 0, joined: true },
  'multipass exec': { afterDashes: true },
  'distrobox enter': { afterDashes: true },
  'distrobox-enter': { afterDashes: true },
  'toolbox run': { withArg: ['-c', '--container', '-d', '--distro', '-r', '--release'], argvAfter: 0 },
  'lxc exec': { afterDashes: true },
  'incus exec': { afterDashes: true },
  'limactl shell': { withArg: ['--workdir', '--shell'], argvAfter: 1 },
  'colima ssh': { afterDashes: true },
  'pct exec': { afterDashes: true },
  'qm guest exec': { afterDashes: true },
  // `oc rsh [-n NS] [-c C] POD [COMMAND...]` runs COMMAND in the pod with no `--` needed (oc rsh --help)
  'oc rsh': {
    withArg: [
      '-n',
      '--namespace',
      '-c',
      '--container',
      '--shell',
      '-f',
      '--filename',
      '--request-timeout',
      '--context',
      '--kubeconfig',
      '--server',
      '--token',
      '--as',
    ],
    argvAfter: 1,
  },
  sqlite3: {
    code: { '-cmd': 'sqlite' },
    withArg: ['-init', '-separator', '-newline', '-nullvalue', '-vfs'],
    operands: { dialect: 'sqlite', which: 'rest' },
  },
  gdb: { code: { '-ex': 'gdb', '--eval-command': 'gdb', '-iex': 'gdb', '--init-eval-command': 'gdb' } },
  vim: { code: { '-c': 'vim', '--cmd': 'vim' }, plusCommands: 'vim' },
  vi: { code: { '-c': 'vim', '--cmd': 'vim' }, plusCommands: 'vim' },
  nvim: { code: { '-c': 'vim', '--cmd': 'vim' }, plusCommands: 'vim' },
  gvim: { code: { '-c': 'vim', '--cmd': 'vim' }, plusCommands: 'vim' },
  view: { code: { '-c': 'vim', '--cmd': 'vim' }, plusCommands: 'vim' },
  ex: { code: { '-c': 'vim', '--cmd': 'vim' }, plusCommands: 'vim' },
  less: { plusCommands: 'less' },
  man: { code: { '-P': 'sh', '--pager': 'sh', '-H': 'sh', '--html': 'sh' } },
  osascript: { code: { '-e': 'osascript' } },
  make: {
    code: { '--eval': 'make', '-E': 'make' },
    withArg: ['-C', '--directory', '-f', '--file', '-j', '--jobs', '-I', '-o', '-W'],
  },
  gmake: { code: { '--eval': 'make', '-E': 'make' } },
  emacs: { code: { '--eval': 'emacs', '-eval': 'emacs', '--execute': 'emacs' } },
  // `trap 'CMD' EXIT`: the shell runs CMD later, when the signal or the script's end comes
  trap: { operands: { dialect: 'sh', which: 'first' } },
  awk: {
    code: { '--source': 'awk', '-e': 'awk' },
    withArg: ['-F', '-v', '-f', '--file', '--assign', '--field-separator'],
    operands: { dialect: 'awk', which: 'first' },
    programOptions: ['-f', '--file', '-e', '--source'],
  },
  gawk: {
    code: { '--source': 'awk', '-e': 'awk' },
    withArg: ['-F', '-v', '-f', '--file', '--assign', '--field-separator'],
    operands: { dialect: 'awk', which: 'first' },
    programOptions: ['-f', '--file', '-e', '--source'],
  },
  mawk: { withArg: ['-F', '-v', '-f'], operands: { dialect: 'awk', which: 'first' }, programOptions: ['-f'] },
  nawk: { withArg: ['-F', '-v', '-f'], operands: { dialect: 'awk', which: 'first' }, programOptions: ['-f'] },
  sed: {
    code: { '-e': 'sed', '--expression': 'sed' },
    withArg: ['-f', '--file', '-l', '--line-length'],
    operands: { dialect: 'sed', which: 'first' },
    programOptions: ['-e', '--expression', '-f', '--file'],
  },
  gsed: {
    code: { '-e': 'sed', '--expression': 'sed' },
    withArg: ['-f', '--file'],
    operands: { dialect: 'sed', which: 'first' },
    programOptions: ['-e', '--expression', '-f', '--file'],
  },
  su: SU,
  runuser: SU,
  sg: { argvAfter: 1, joined: true },
  unshare: {
    withArg: ['-S', '--setuid', '-G', '--setgid', '-R', '--root', '-w', '--wd', '--map-user', '--map-group'],
    argvAfter: 0,
  },
  nsenter: {
    withArg: ['-t', '--target', '-S', '--setuid', '-G', '--setgid', '-r', '--root', '-w', '--wd'],
    argvAfter: 0,
  },
  taskset: { withArg: [], argvAfter: 1 },
  chrt: { withArg: ['-T', '--sched-runtime', '-P', '--sched-period', '-D', '--sched-deadline'], argvAfter: 1 },
  numactl: {
    withArg: [
      '-N',
      '--cpunodebind',
      '-m',
      '--membind',
      '-C',
      '--physcpubind',
      '-i',
      '--interleave',
      '-p',
      '--preferred',
    ],
    argvAfter: 0,
  },
  prlimit: { argvAfter: 0 },
  strace: { withArg: ['-e', '-o', '-p', '-s', '-u', '-E', '-a', '-b', '-I', '-O', '-P', '-S', '-X'], argvAfter: 0 },
  ltrace: { withArg: ['-e', '-o', '-p', '-s', '-u', '-a', '-n', '-l'], argvAfter: 0 },
  valgrind: { argvAfter: 0 },
  fakeroot: { withArg: ['-l', '--lib', '--faked', '-s', '-i'], argvAfter: 0 },
  firejail: { argvAfter: 0 },
  bwrap: { argvAfter: 0 },
  proot: { withArg: ['-r', '-b', '-w', '-q'], argvAfter: 0 },
  unbuffer: { argvAfter: 0 },
  caffeinate: { withArg: ['-t', '-w'], argvAfter: 0 },
  cgexec: { withArg: ['-g'], argvAfter: 0 },
  chpst: { withArg: ['-u', '-U', '-e', '-/', '-n', '-l', '-L', '-m', '-d', '-o', '-p', '-f', '-c'], argvAfter: 0 },
  'ip netns': { argvAfter: 2 },
  gtimeout: { withArg: ['-s', '-k', '--signal', '--kill-after'], argvAfter: 1 },
  entr: { argvAfter: 0 },
  expect: { code: { '-c': 'sh' } },
  'tmux new-session': { withArg: ['-s', '-n', '-c', '-t', '-x', '-y', '-F', '-e'], argvAfter: 0 },
  'tmux new-window': { withArg: ['-n', '-c', '-t', '-F', '-e'], argvAfter: 0 },
  'tmux send-keys': { withArg: ['-t', '-N'], argvAfter: 0, joined: true },
  'screen -dm': { argvAfter: 0 },
  nohup: { argvAfter: 0 },
  'ld.so': { withArg: ['--library-path', '--preload', '--audit', '--argv0', '--inhibit-rpath'], argvAfter: 0 },
  xterm: { code: { '-e': 'sh' } },
  'gnome-terminal': { code: { '-e': 'sh', '--command': 'sh' }, afterDashes: true },
  konsole: { code: { '-e': 'sh' } },
  'su-exec': { argvAfter: 1 },
  gosu: { argvAfter: 1 },
  setpriv: { withArg: ['--reuid', '--regid', '--groups', '--inh-caps', '--bounding-set'], argvAfter: 0 },
  pkexec: { withArg: ['--user'], argvAfter: 0 },
  'perf record': { withArg: ['-e', '-o', '-p', '-F', '-c'], argvAfter: 0 },
  time: { argvAfter: 0 },
  'vagrant ssh': { code: { '-c': 'sh', '--command': 'sh' } },
  // gcloud compute ssh VM -- CMD passes the words after -- to ssh, which runs them remotely
  'gcloud compute ssh': { code: { '--command': 'sh' }, afterDashes: true },
  // Project and environment runners run their operands as a command inside the project's
  // environment (each tool's own reference: `poetry run`, `uv run`, `pdm run`, `pipenv run`,
  // `hatch run`, `rye run`, `pixi run`, `conda run`, `bundle exec`, `mise exec`, `asdf exec`,
  // `devbox run`, `tox exec`, `nix develop -c`, `nix-shell --run`), and workspace tools run one
  // command in every package or checkout (`pnpm -r exec`, `lerna exec`, `nx exec`, `yarn
  // workspaces foreach`, `repo forall -c`); watchers run theirs on every change (`nodemon --exec`,
  // `watchexec`, `chokidar -c`, `cargo watch -s`). The command is decided as if typed.
  'poetry run': { argvAfter: 0 },
  'uv run': {
    withArg: [
      '--with',
      '--with-editable',
      '--with-requirements',
      '--python',
      '-p',
      '--extra',
      '--group',
      '--package',
      '--env-file',
      '--directory',
      '--project',
      '--index',
      '--default-index',
    ],
    argvAfter: 0,
  },
  uvx: { withArg: ['--from', '--with', '--python', '-p', '--index', '--default-index'], argvAfter: 0 },
  'pdm run': { withArg: ['-p', '--project', '-v'], argvAfter: 0 },
  'pipenv run': { argvAfter: 0 },
  'hatch run': { argvAfter: 0 },
  'rye run': { argvAfter: 0 },
  'pixi run': { withArg: ['-e', '--environment', '--manifest-path'], argvAfter: 0 },
  'conda run': { withArg: ['-n', '--name', '-p', '--prefix', '--cwd'], argvAfter: 0 },
  'mamba run': { withArg: ['-n', '--name', '-p', '--prefix', '--cwd'], argvAfter: 0 },
  'micromamba run': { withArg: ['-n', '--name', '-p', '--prefix', '--cwd'], argvAfter: 0 },
  'bundle exec': { argvAfter: 0 },
  'mise exec': { afterDashes: true },
  'mise x': { afterDashes: true },
  'asdf exec': { argvAfter: 0 },
  'devbox run': { withArg: ['-c', '--config', '-e', '--env', '--env-file'], argvAfter: 0 },
  'tox exec': { afterDashes: true },
  'nix develop': { argvOptions: ['-c', '--command'] },
  'nix shell': { argvOptions: ['-c', '--command'] },
  'nix-shell': { code: { '--run': 'sh', '--command': 'sh' } },
  'pnpm exec': { argvAfter: 0 },
  'npm exec': { code: { '-c': 'sh', '--call': 'sh' }, withArg: ['-p', '--package', '-w', '--workspace'], argvAfter: 0 },
  'yarn exec': { argvAfter: 0 },
  'yarn workspaces foreach': {
    withArg: ['--include', '--exclude', '--from', '-j', '--jobs', '--since'],
    argvAfter: 0,
  },
  'lerna exec': { withArg: ['--scope', '--ignore', '--concurrency', '--since'], argvAfter: 0 },
  'nx exec': { afterDashes: true },
  'repo forall': { argvOptions: ['-c'], joined: true },
  nodemon: { code: { '--exec': 'sh', '-x': 'sh' } },
  'cargo watch': { code: { '-s': 'sh', '--shell': 'sh' } },
  chokidar: { code: { '-c': 'sh', '--command': 'sh' } },
  watchexec: {
    withArg: [
      '-w',
      '--watch',
      '-e',
      '--exts',
      '-f',
      '--filter',
      '-i',
      '--ignore',
      '--ignore-file',
      '-s',
      '--signal',
      '--stop-signal',
      '--stop-timeout',
      '-d',
      '--debounce',
      '--delay-run',
      '--poll',
      '--shell',
      '-E',
      '--env',
      '--workdir',
      '--project-origin',
      '--on-busy-update',
      '--emit-events-to',
      '--filter-file',
      '--fs-events',
    ],
    argvAfter: 0,
  },

  'fly ssh console': { code: { '-C': 'sh', '--command': 'sh' } },
  'flyctl ssh console': { code: { '-C': 'sh', '--command': 'sh' } },
});

/** Environment variables whose value a program runs as a command (or sources as a file). */
export const ENV_CODE: Record<string, Dialect | 'source'> = table({
  GIT_SSH_COMMAND: 'sh',
  GIT_SSH: 'program',
  GIT_EXTERNAL_DIFF: 'sh',
  GIT_PAGER: 'sh',
  PAGER: 'sh',
  MANPAGER: 'sh',
  GIT_EDITOR: 'sh',
  EDITOR: 'sh',
  VISUAL: 'sh',
  GIT_SEQUENCE_EDITOR: 'sh',
  GIT_ASKPASS: 'program',
  SSH_ASKPASS: 'program',
  SUDO_ASKPASS: 'program',
  PROMPT_COMMAND: 'sh',
  BASH_ENV: 'source',
  ENV: 'source',
  LESSOPEN: 'less',
  LESSCLOSE: 'less',
  GIT_PROXY_COMMAND: 'sh',
  RSYNC_RSH: 'sh',
  CVS_RSH: 'sh',
  BROWSER: 'sh',
  FCEDIT: 'sh',
  SYSTEMD_PAGER: 'sh',
  GIT_CONFIG_VALUE_0: 'sh',
  GIT_CONFIG_VALUE_1: 'sh',
  GIT_CONFIG_VALUE_2: 'sh',
  ZDOTDIR: 'source',
  PERL5DB: 'program',
});

/** Git configuration keys whose value is a command (patterns: `*` is one dotted part). */
const GIT_CODE_KEYS: [RegExp, Dialect | 'alias' | 'helper'][] = [
  [/^alias\..+$/, 'alias'],
  [/^core\.(pager|editor|sshcommand|fsmonitor|askpass|gitproxy)$/, 'sh'],
  [/^sequence\.editor$/, 'sh'],
  [/^diff\.external$/, 'sh'],
  [/^credential(\..+)?\.helper$/, 'helper'],
  [/^gpg(\.[^.]+)?\.program$/, 'program'],
  [/^pager\..+$/, 'sh'],
  [
    /^(diff|difftool|mergetool|merge|filter|man|browser)\..+\.(textconv|command|cmd|driver|clean|smudge|process|path)$/,
    'sh',
  ],
  [/^remote\..+\.(uploadpack|receivepack|proxy)$/, 'sh'],
  [/^uploadpack\.packobjectshook$/, 'sh'],
  [/^(web\.browser|sendemail\.smtpserver|instaweb\.httpd)$/, 'sh'],
  [/^ssh\.variant$/, 'program'],
  [/^core\.hookspath$/, 'program'],
];
const BOOLS = new Set(['true', 'false', 'yes', 'no', 'on', 'off', '1', '0', '']);
const BUILTIN_HELPERS =
  /^(store|cache|osxkeychain|manager|manager-core|wincred|libsecret|gnome-keyring|netrc|oauth)(\s|$)/;

/** One piece of code found in a string. */
export interface Extracted {
  /** Where it was found, for explain: `git -c core.pager`, `rsync -e`, `awk system()`. */
  from: string;
  /** A shell command string. */
  text: string;
}

function dialectCommands(dialect: Dialect, code: string): string[] {
  const out: string[] = [];
  const quoted = (re: RegExp) => {
    for (const m of code.matchAll(re)) out.push((m[1] ?? m[2] ?? '').replace(/\\"/g, '"'));
  };
  switch (dialect) {
    case 'sh':
    case 'program':
      if (code.trim()) out.push(code);
      break;
    case 'vim': {
      // `|` separates Ex commands, except after `:!`, `:r !`, `:w !` and `:terminal`, which
      // take the rest of the line, bars included (`:!curl URL | sh` pipes into a shell)
      const parts = code.split('|');
      for (let i = 0; i < parts.length; i++) {
        const p = (parts[i] ?? '')
          .trim()
          .replace(/^:+/, '')
          .replace(/^(silent!?|exe(cute)?)\s+/, '');
        const rest = [p, ...parts.slice(i + 1)].join('|');
        const bang = /^(?:r(?:ead)?\s*!|w(?:rite)?\s*!|!|term(?:inal)?\s)/.exec(rest);
        if (!bang) continue;
        out.push(rest.slice(bang[0].length).trim());
        break;
      }
      quoted(/system\(\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')/g);
      break;
    }
    case 'gdb': {
      const p = code.trim();
      if (p.startsWith('!')) out.push(p.slice(1));
      else if (/^(shell|pipe)\s/.test(p)) out.push(p.replace(/^\S+\s+/, ''));
      quoted(/system\(\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')/g);
      break;
    }
    case 'sqlite':
      for (const m of code.matchAll(/(?:^|\n|;)\s*\.(?:shell|system)\s+([^\n]*)/g)) out.push(at(m, 1));
      for (const m of code.matchAll(/(?:^|\n|;)\s*\.(?:once|output)\s+['"]?\|\s*([^\n'"]*)/g)) out.push(at(m, 1));
      break;
    case 'awk':
      quoted(/system\s*\(\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')/g);
      quoted(/"((?:[^"\\]|\\.)*)"\s*\|\s*getline/g);
      quoted(/(?:print|printf)[^;}|]*\|\s*"((?:[^"\\]|\\.)*)"/g);
      break;
    case 'sed':
      // The `e COMMAND` command (GNU), and s///e whose replacement is run.
      for (const m of code.matchAll(/(?:^|[;\n{}]|^\s*\d+|\/)\s*e\s+([^;\n}]+)/g)) out.push(at(m, 1));
      for (const m of code.matchAll(/(?:^|[;\n{])\s*s(.)((?:(?!\1).)*)\1((?:(?!\1).)*)\1[gpiImM0-9]*e/g))
        out.push(at(m, 3));
      break;
    case 'emacs':
      quoted(/\((?:shell-command|async-shell-command|shell-command-to-string)\s+"((?:[^"\\]|\\.)*)"/g);
      // the file primitives do what their shell namesakes do (GNU Emacs Lisp manual, "Deleting
      // Files"): (delete-directory D t) is rm -rf D, (delete-file F) is rm -f F
      for (const m of code.matchAll(/\(delete-directory\s+"((?:[^"\\]|\\.)*)"\s*(t|nil)?/g))
        out.push(`rm ${m[2] === 't' ? '-rf' : '-d'} '${at(m, 1).replace(/'/g, '')}'`);
      for (const m of code.matchAll(/\(delete-file\s+"((?:[^"\\]|\\.)*)"/g))
        out.push(`rm -f '${at(m, 1).replace(/'/g, '')}'`);
      for (const m of code.matchAll(
        /\((?:call-process|start-process|process-lines)\s+((?:"(?:[^"\\]|\\.)*"\s*|nil\s*|t\s*)+)/g,
      )) {
        const args = [...at(m, 1).matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((x) => at(x, 1));
        const prog = m[0].includes('start-process') ? args.slice(2) : args;
        if (prog.length) out.push(prog.join(' '));
      }
      break;
    case 'osascript':
      quoted(/do\s+shell\s+script\s+"((?:[^"\\]|\\.)*)"/gi);
      break;
    case 'tar-action':
      for (const m of code.matchAll(/(?:^|,)exec=(.*)$/g)) out.push(at(m, 1));
      break;
    case 'make':
      for (const line of code.split('\n')) {
        if (line.startsWith('\t')) out.push(line.slice(1));
        else {
          const semi = /^[^=:#]*::?[^=;]*;(.*)$/.exec(line);
          if (semi) out.push(at(semi, 1));
        }
      }
      quoted(/\$\(shell\s+([^)]*)\)/g);
      // In a makefile `$$` is a literal `$`, and `$(HOME)` an environment variable.
      for (let k = 0; k < out.length; k++)
        out[k] = at(out, k)
          .replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, '$$$1')
          .replace(/\$\$/g, '$');
      break;
    case 'less': {
      const p = code.trim();
      if (p.startsWith('!')) out.push(p.slice(1));
      else if (p.startsWith('||')) out.push(p.slice(2).replace(/%s/g, 'FILE'));
      else if (p.startsWith('|')) out.push(p.slice(1).replace(/%s/g, 'FILE'));
      break;
    }
    case 'ssh-option': {
      const m = /^(ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand|Match\s+exec)\s*[= ]\s*(.*)$/i.exec(
        code.trim(),
      );
      if (m && at(m, 2).trim() && at(m, 2).trim().toLowerCase() !== 'none') out.push(at(m, 2));
      break;
    }
  }
  return out.filter((s) => s.trim() !== '');
}

/** The recipe lines of a makefile's text, as shell commands. */
export function makefileCode(text: string): string[] {
  return dialectCommands('make', text);
}

/** First words of the table's keys, so most commands are passed over with one lookup. */
const HEADS = new Set(Object.keys(TABLE).map((k) => at(k.split(' '), 0)));

function specFor(words: string[]): { key: string; spec: Spec; head: number } | undefined {
  const first = basename(words[0] ?? '');
  let name = first;
  if (!HEADS.has(name) && !name.startsWith('ld')) return undefined;
  if (
    first.startsWith('ld') &&
    (/^ld-linux.*\.so/.test(first) || /^ld(64)?\.so(\.\d+)?$/.test(first) || /^ld-musl-.*\.so/.test(first))
  )
    name = 'ld.so';
  if (name === 'docker' && words[1] === 'compose') {
    const k = `docker compose ${words[2]}`;
    const spec = TABLE[k];
    if (spec) return { key: k, spec, head: 3 };
  }
  if (name === 'docker' && words[1] === 'container') {
    const k = `docker container ${words[2]}`;
    const spec = TABLE[k];
    if (spec) return { key: k, spec, head: 3 };
  }
  if (words[1] !== undefined) {
    const two = `${name} ${words[1]}`;
    const byTwo = TABLE[two];
    if (byTwo) return { key: two, spec: byTwo, head: 2 };
    const three = words[2] !== undefined ? `${two} ${words[2]}` : '';
    const byThree = three ? TABLE[three] : undefined;
    if (byThree) return { key: three, spec: byThree, head: 3 };
  }
  const spec = TABLE[name];
  return spec ? { key: name, spec, head: 1 } : undefined;
}

/** Code in `git -c KEY=VALUE ...` and `git config [opts] KEY VALUE`. */
function gitCode(words: string[], out: Extracted[], extraReadings: string[]): void {
  const pairs: [string, string, string][] = [];
  let i = 1;
  for (; i < words.length; i++) {
    const w = at(words, i);
    if (w === '-c' && words[i + 1] !== undefined) {
      const kv = at(words, ++i);
      const eq = kv.indexOf('=');
      if (eq > 0) pairs.push([kv.slice(0, eq), kv.slice(eq + 1), 'git -c']);
    } else if (w.startsWith('-c') && w.length > 2 && w.includes('=')) {
      const kv = w.slice(2);
      pairs.push([kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1), 'git -c']);
    } else if (w === '-C' || w === '--git-dir' || w === '--work-tree' || w === '--namespace' || w === '--config-env')
      i++;
    else if (!w.startsWith('-')) break;
  }
  if (words[i] === 'config') {
    const rest = words.slice(i + 1);
    const ops: string[] = [];
    for (let k = 0; k < rest.length; k++) {
      const w = at(rest, k);
      if (w === '-f' || w === '--file' || w === '--blob' || w === '--type' || w === '--default' || w === '--comment')
        k++;
      else if (!w.startsWith('-')) ops.push(w);
    }
    // `git config set KEY VALUE` (newer syntax) and `git config KEY VALUE`.
    const o = ops[0] === 'set' ? ops.slice(1) : ops;
    if (o.length >= 2 && /\./.test(at(o, 0))) pairs.push([at(o, 0), o.slice(1).join(' '), 'git config']);
  }
  // `git -c alias.p='push --force' p origin main` runs `git push --force origin main`.
  const sub = words[i];
  gitRunners(words, i, out);
  if (sub !== undefined && sub !== 'config') {
    const alias = pairs.find(([k]) => k.toLowerCase() === `alias.${sub.toLowerCase()}`);
    if (alias && !alias[1].startsWith('!'))
      out.push({ from: `git -c ${alias[0]}`, text: ['git', alias[1], ...words.slice(i + 1).map(shellWord)].join(' ') });
  }
  for (const [rawKey, value, how] of pairs) {
    const key = rawKey.toLowerCase();
    const hit = GIT_CODE_KEYS.find(([re]) => re.test(key));
    if (!hit) continue;
    const kind = hit[1];
    if (key === 'core.hookspath') {
      // Hooks from outside the repository run on the next commit: a reading policies can match.
      extraReadings.push(`git config core.hooksPath ${value}`);
      continue;
    }
    let text: string | null = null;
    // A git alias runs later as `git VALUE` (`alias.up = push --force origin main`).
    if (kind === 'alias') text = value.startsWith('!') ? value.slice(1) : `git ${value}`;
    else if (kind === 'helper')
      text = value.startsWith('!')
        ? value.slice(1)
        : BUILTIN_HELPERS.test(value)
          ? null
          : value.startsWith('/') || value.startsWith('~')
            ? value
            : `git-credential-${value}`;
    else if (key.startsWith('pager.') || key === 'core.fsmonitor') text = BOOLS.has(value.toLowerCase()) ? null : value;
    else text = value;
    if (text && text.trim()) out.push({ from: `${how} ${rawKey}`, text });
  }
}

/**
 * Commands git itself runs (git-submodule(1) `foreach [--recursive] CMD`, run by a shell in each
 * submodule; git-rebase(1) `-x/--exec CMD` after each commit; git-bisect(1) `run CMD ARGS`).
 */
function gitRunners(words: string[], i: number, out: Extracted[]): void {
  const sub = words[i];
  if (sub === 'submodule') {
    let k = i + 1;
    while ((words[k] ?? '').startsWith('-')) k++;
    if (words[k] !== 'foreach') return;
    k++;
    while (/^(?:--recursive|-q|--quiet)$/.test(words[k] ?? '')) k++;
    if (words[k] === '--') k++;
    if (k < words.length) out.push({ from: 'git submodule foreach', text: words.slice(k).join(' ') });
  } else if (sub === 'rebase') {
    for (let k = i + 1; k < words.length; k++) {
      const w = at(words, k);
      if ((w === '-x' || w === '--exec') && words[k + 1] !== undefined)
        out.push({ from: `git rebase ${w}`, text: at(words, ++k) });
      else if (w.startsWith('--exec=')) out.push({ from: 'git rebase --exec', text: w.slice(7) });
      else if (/^-x./.test(w)) out.push({ from: 'git rebase -x', text: w.slice(2) });
    }
  } else if (sub === 'bisect' && words[i + 1] === 'run' && words.length > i + 2)
    out.push({ from: 'git bisect run', text: quoteArgv(words.slice(i + 2)) });
}

/** vcsh(1)'s own commands; any other first word names a repository whose git it runs. */
const VCSH_COMMANDS = new Set([
  'clone',
  'init',
  'list',
  'list-tracked',
  'list-untracked',
  'delete',
  'enter',
  'help',
  'pull',
  'push',
  'rename',
  'status',
  'upgrade',
  'version',
  'which',
  'write-gitignore',
  'commit',
]);

/**
 * Front-ends that hand their words to git, read as the git command they run: yadm(1) passes
 * every git command through to the dotfiles repository (`yadm push --force`), hub(1) wraps git,
 * vcsh(1) runs git on a named repository (`vcsh zsh push -f`), `vcsh run REPO CMD` any command
 * and `vcsh foreach ARGS` git in every repository.
 */
function gitFrontEnd(words: string[]): Extracted | null {
  const name = basename(at(words, 0));
  if ((name === 'yadm' || name === 'hub') && words.length > 1)
    return { from: `${name} runs git`, text: quoteArgv(['git', ...words.slice(1)]) };
  if (name !== 'vcsh' || words.length < 3) return null;
  const first = at(words, 1);
  if (first === 'run' && words.length > 3) return { from: 'vcsh run', text: quoteArgv(words.slice(3)) };
  if (first === 'foreach') return { from: 'vcsh foreach', text: quoteArgv(['git', ...words.slice(2)]) };
  if (VCSH_COMMANDS.has(first) || first.startsWith('-')) return null;
  return { from: `vcsh ${first} runs git`, text: quoteArgv(['git', ...words.slice(2)]) };
}

/** Specs of container runtimes' run and exec verbs, whose own options end at the image or container. */
const CONTAINER_KEY = /^(?:docker|docker-compose|podman|nerdctl)\b/;

/** Options of docker(1), podman(1) and nerdctl that come before the verb and take a value (`docker -H unix:///var/run/docker.sock exec`). */
const RUNTIME_GLOBAL_VALUE =
  /^(?:-H|--host|-c|--context|--config|-l|--log-level|--tlscacert|--tlscert|--tlskey|--url|--connection|--identity|--root|--runroot|--storage-driver|--cgroup-manager|-n|--namespace|-a|--address)$/;

/** Drops a container runtime's global options, in place, so `docker -H h exec C CMD` reads as `docker exec C CMD`. */
function dropRuntimeGlobals(words: string[]): void {
  let i = 1;
  while (i < words.length && at(words, i).startsWith('-')) i += RUNTIME_GLOBAL_VALUE.test(at(words, i)) ? 2 : 1;
  if (i > 1 && i < words.length) words.splice(1, i - 1);
}

/** Every command string a simple command's words hold (see the table). */
export function extractCode(tokens: Token[], extraReadings: string[] = []): Extracted[] {
  const words: string[] = [];
  for (const t of tokens) if (!t.redir) words.push(t.text);
  const out: Extracted[] = [];
  if (!words.length) return out;
  if (basename(at(words, 0)) === 'git') {
    gitCode(words, out, extraReadings);
    return out;
  }
  const viaGit = gitFrontEnd(words);
  if (viaGit) {
    out.push(viaGit);
    return out;
  }
  if (/^(?:docker|podman|nerdctl)$/.test(basename(at(words, 0)))) dropRuntimeGlobals(words);
  // kubectl -n prod exec, helm --kube-context x, docker compose -p prod exec (shell-global-options.ts)
  dropGlobalOptions(words);
  // an infrastructure CLI run through a build system, task runner or package script
  // (`bazel run //infra/terraform:prod -- destroy`, shell-tool-runners.ts)
  const viaRunner = toolRunnerCommand(words);
  if (viaRunner) out.push(viaRunner);
  const found = specFor(words);
  if (!found) return out;
  const { key, spec, head } = found;
  // the image or compose service is the tool (`docker run hashicorp/terraform destroy`)
  // (an --entrypoint given runs something else)
  if (
    /^(?:docker|podman|nerdctl)(?: container| compose)? run$|^docker-compose run$/.test(key) &&
    !words.some((w) => /^--entrypoint(?:=|$)/.test(w))
  ) {
    const withArg = new Set(spec.withArg ?? []);
    for (let i = head; i < words.length; i++) {
      const w = at(words, i);
      if (w.startsWith('-')) {
        if (withArg.has(w) && !w.includes('=')) i++;
        continue;
      }
      const cli = imageTool(w);
      const c = cli ? toolCommand(cli, words.slice(i + 1), `${key} ${w}`) : null;
      if (c) out.push(c);
      break;
    }
  }
  if (/^(?:docker|podman|nerdctl)\b.*\b(?:run|create)$/.test(key)) {
    const mounts = bindMounts(words);
    if (mounts.length) {
      const inner = extractFrom(words, key, spec, head);
      // What the container does to a mounted path it does to the host's directory; the
      // container's own path (`rm -rf /out/*` with `-v ./out:/out`) is not the host's /out, so
      // the code is read with the host paths in place of the mounted ones, and as it is where
      // no mount is named
      for (const x of inner) {
        const mapped = mapMounts(x.text, mounts);
        out.push(mapped !== x.text ? { from: `${key} -v (host paths)`, text: mapped } : x);
      }
      return out;
    }
  }
  out.push(...extractFrom(words, key, spec, head));
  return out;
}

/** HOST:CONTAINER pairs of -v/--volume and --mount type=bind,source=,target=. */
function bindMounts(words: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 1; i < words.length; i++) {
    const w = at(words, i);
    let v: string | undefined;
    if (w === '-v' || w === '--volume') v = words[++i];
    else if (w.startsWith('--volume=')) v = w.slice(9);
    else if (w.startsWith('-v') && w.length > 2) v = w.slice(2);
    if (v) {
      const parts = v.split(':');
      if (parts.length >= 2 && at(parts, 1).startsWith('/') && parts[0]) out.push([parts[0], at(parts, 1)]);
      continue;
    }
    const m = w === '--mount' ? words[++i] : w.startsWith('--mount=') ? w.slice(8) : undefined;
    if (m) {
      const src = /(?:^|,)(?:source|src)=([^,]+)/.exec(m)?.[1];
      const dst = /(?:^|,)(?:target|destination|dst)=([^,]+)/.exec(m)?.[1];
      if (src && dst) out.push([src, dst]);
    }
  }
  return out;
}

/** Container paths in a command replaced by the host paths mounted there (longest mount first). */
function mapMounts(text: string, mounts: [string, string][]): string {
  let out = text;
  for (const [host, cont] of [...mounts].sort((a, b) => b[1].length - a[1].length)) {
    const c = cont.replace(/\/+$/, '') || '/';
    if (c === '/') continue;
    const re = new RegExp(`(^|[\\s'"=])${c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=/|$|[\\s'";)&|])`, 'g');
    out = out.replace(re, (_m, pre: string) => pre + host.replace(/\/+$/, ''));
  }
  return out;
}

function extractFrom(words: string[], key: string, spec: Spec, head: number): Extracted[] {
  const out: Extracted[] = [];
  const code = spec.code ?? {};
  const withArg = new Set(spec.withArg ?? []);
  const programOpts = new Set(spec.programOptions ?? []);
  let programGiven = false;
  const operands: string[] = [];
  let argvAt = -1;
  let i = head;
  let options = true;
  // A container runtime stops reading its own options at the image or container (docker run
  // [OPTIONS] IMAGE [COMMAND] [ARG...]): `docker run img -i in.mov` hands `-i in.mov` to the
  // image, not to docker, and `--entrypoint sh` is what those words are given to.
  const container = CONTAINER_KEY.test(key) && (spec.argvAfter ?? 0) > 0;
  let entrypoint: string | undefined;
  for (; i < words.length; i++) {
    const w = at(words, i);
    if (container && operands.length >= (spec.argvAfter ?? 0)) {
      argvAt = i;
      break;
    }
    if (container && (w === '--entrypoint' || w.startsWith('--entrypoint='))) {
      entrypoint = w === '--entrypoint' ? words[i + 1] : w.slice('--entrypoint='.length);
    }
    if (options && w === '--') {
      options = false;
      if (spec.afterDashes) {
        argvAt = i + 1;
        break;
      }
      continue;
    }
    if (options && w.startsWith('-') && w.length > 1) {
      const eq = w.indexOf('=');
      const name = w.startsWith('--') && eq > 0 ? w.slice(0, eq) : w;
      if (spec.argvOptions?.includes(w)) {
        argvAt = i + 1;
        break;
      }
      if (programOpts.has(name)) programGiven = true;
      const d = code[name];
      if (d) {
        const v = w.startsWith('--') && eq > 0 ? w.slice(eq + 1) : words[++i];
        if (v !== undefined) for (const c of dialectCommands(d, v)) out.push({ from: `${key} ${name}`, text: c });
        continue;
      }
      // A cluster of flags ending in a code option (`script -qc CMD`).
      const last = /^-[A-Za-z]{2,}$/.test(w) ? code['-' + w[w.length - 1]] : undefined;
      if (last && !code[w]) {
        const v = words[++i];
        if (v !== undefined)
          for (const c of dialectCommands(last, v)) out.push({ from: `${key} -${w[w.length - 1]}`, text: c });
        continue;
      }
      const short = w.length > 2 && w[1] !== '-' ? code[w.slice(0, 2)] : undefined;
      if (short && !withArg.has(w)) {
        for (const c of dialectCommands(short, w.slice(2))) out.push({ from: `${key} ${w.slice(0, 2)}`, text: c });
        continue;
      }
      if (withArg.has(name) && !(w.startsWith('--') && eq > 0)) i++;
      continue;
    }
    if (options && spec.plusCommands && w.startsWith('+') && w.length > 1) {
      for (const c of dialectCommands(spec.plusCommands, w.slice(1))) out.push({ from: `${key} +`, text: c });
      continue;
    }
    if (spec.argvAfter !== undefined && operands.length >= spec.argvAfter) {
      argvAt = i;
      break;
    }
    operands.push(w);
  }
  if (spec.operands) {
    const { dialect, which } = spec.operands;
    const list =
      which === 'first' ? (programGiven ? [] : operands.slice(0, 1)) : which === 'rest' ? operands.slice(1) : operands;
    for (const op of list)
      for (const c of dialectCommands(dialect, op))
        out.push({ from: `${key} ${dialect === 'awk' ? 'system()' : 'program'}`, text: c });
  }
  if (argvAt >= 0 && argvAt < words.length) {
    let argv = words.slice(argvAt);
    // words that start with an option are arguments of the image's entrypoint (an ffmpeg or a
    // CLI image), no command of their own, unless the line names the entrypoint they go to
    if (container && at(argv, 0).startsWith('-')) {
      // official images whose entrypoint script runs the program its name gives when the first
      // argument is an option (docker-library bash, node and php: `docker run node -e CODE`)
      const image = /\b(?:run|create)$/.test(key) ? (operands[0] ?? '') : '';
      const program = /^(?:(?:docker\.io\/)?(?:library\/)?)(bash|node|php)(?::[\w.-]+)?(?:@sha256:\w+)?$/.exec(
        image,
      )?.[1];
      const runs = entrypoint ?? program;
      if (!runs) return out;
      argv = [...runs.split(/\s+/).filter(Boolean), ...argv];
    }
    let items: string[] = [];
    const itemsAfter = spec.itemsAfter;
    if (itemsAfter) {
      const stop = argv.findIndex((w) => itemsAfter.includes(w));
      if (stop >= 0) {
        items = argv.slice(stop + 1).filter((w) => !itemsAfter.includes(w));
        argv = argv.slice(0, stop);
      }
    }
    // with no command before the items, each item is itself a command line (`parallel ::: 'CMD'`)
    if (!argv.length) {
      for (const it of items.slice(0, 16)) out.push({ from: key, text: it });
      return out;
    }
    if (spec.joined) {
      // sudo on the remote end raises privileges there, not the agent's own: read what it runs.
      let text = argv.join(' ');
      if (key === 'ssh') text = text.replace(/^\s*sudo(?:\s+(?:-[ugCDhprtTU]\s+\S+|-\S+))*\s+/, '');
      out.push({ from: key, text });
      // the remote command starts in the remote user's home, not in this project: a relative
      // delete there (`ssh backup@box 'rm -rf borg'`) takes ~/borg, read as such by cd-deletes.ts
      if (key === 'ssh' && REMOTE_DELETE.test(text) && !/^\s*cd\s/.test(text))
        out.push({ from: `${key} (in the remote home)`, text: `cd ~ && ${text}` });
    } else if (items.length) {
      for (const it of items.slice(0, 16))
        out.push({
          from: key,
          text: quoteArgv(
            argv.map((a) => (a.includes('{}') ? a.split('{}').join(it) : a)),
            !argv.some((a) => a.includes('{}')) ? it : undefined,
          ),
        });
    } else out.push({ from: key, text: quoteArgv(argv) });
  }
  return out;
}

/** A remote command that deletes: its relative operands are relative to the remote home. */
const REMOTE_DELETE = /(?:^|[\s;&|(])(?:rm|rmdir|find|shred|rsync)\s/;

/** One word quoted so that it reads back as itself. */
function shellWord(a: string): string {
  return /^[A-Za-z0-9_@%+=:,./~*-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`;
}

/** An argv as a command string that reads back as the same words. */
function quoteArgv(argv: string[], append?: string): string {
  return (append === undefined ? argv : [...argv, append]).map(shellWord).join(' ');
}

/** Code in an environment assignment (`GIT_SSH_COMMAND=...`, `PROMPT_COMMAND=...`, `BASH_ENV=...`). */
export function envCode(name: string, value: string): Extracted | null {
  const d = ENV_CODE[name];
  if (!d || !value.trim()) return null;
  if (d === 'source') return { from: `${name}=`, text: `source ${quoteArgv([value])}` };
  const cmds = dialectCommands(d, value);
  return cmds.length ? { from: `${name}=`, text: at(cmds, 0) } : null;
}
