// Gaining privileges, read from what a command does rather than how it is spelled. Each finding
// is a `privilege` call whose command is a short sentence the standard policy decides:
//   root-shell VIA          an interactive root shell: sudo -s/-i in any flag spelling, su, run0,
//                           runuser, pkexec, or a program run as root that starts one (env bash,
//                           python -c pty.spawn, vim -c '!sh', git -p help, awk system())
//   edits-authority PATH    sudoedit/visudo/vipw/vigr of sudoers, doas, accounts
//   setuid PATH / setgid    chmod/install/rsync modes with the set-user/group-id bit, any notation
//   capability CAPS PATH    file capabilities that amount to root (cap_setuid, cap_sys_admin, all)
//   admin-group GROUP USER  a user added to a group that is root in disguise (sudo, wheel, docker, lxd, disk)
//   uid0 USER               an account with user id 0
//   opens-system PATH       a system or PATH directory made writable, or given to a user
//   account-change VIA      accounts created or promoted over D-Bus (accountsservice)
//   privacy-grant VIA       macOS privacy database (TCC) rows written, quarantine switched off
// The launchers are read from the raw words (the walk peels sudo before other readings see the
// command); the commands run as root are read again as commands of their own.
import { sanitize, splitSegments, extractSubstitutions } from '../shell-parse.js';
import { assignmentName, basename, shellCommandString } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import { table } from '../../util/lookup-table.js';
import { treeGrantFindings } from './tree-grants.js';

function finding(words: string[], via: string): Effect {
  return {
    tool: 'privilege',
    command: words.map((w) => w.replace(/[^A-Za-z0-9@/._:+=,#-]/g, '_').slice(0, 200) || '_').join(' '),
    via,
  };
}

const SHELL_NAMES = /^(?:sh|bash|zsh|dash|ash|ksh|mksh|fish|tcsh|csh|busybox)$/;
/** Programs that only pass control on to the program after their own options. */
const PASS_THROUGH: Record<string, RegExp> = table({
  env: /^-[iu0]$|^--(?:ignore-environment|unset=.*|null)$|^-u.+$|^[A-Za-z_][A-Za-z0-9_]*=/,
  nice: /^-n$|^-\d+$|^--adjustment=/,
  nohup: /^$/,
  stdbuf: /^-[ioe]\S*$|^--(?:input|output|error)=/,
  timeout: /^-[sk]$|^--(?:signal|kill-after)=|^\d+[smhd]?$/,
  ionice: /^-[cnpt]\S*$/,
  taskset: /^-[a-z]+$|^(?:0x)?[0-9a-f,-]+$/i,
  chrt: /^-[a-z]+$|^\d+$/,
  setsid: /^-[a-z]+$/,
  time: /^-[a-z]+$/,
  command: /^-p$/,
  exec: /^-[cl]$/,
  flock: /^-[a-z]+$|^[^-]/,
  strace: /^-[a-zA-Z]+$|^\/dev\/null$/,
  ltrace: /^-[a-zA-Z]+$|^\/dev\/null$/,
  unbuffer: /^-[a-z]+$/,
  xargs: /^-[a-zA-Z0-9]+$|^\/dev\/null$/,
  busybox: /^$/,
  caffeinate: /^-[a-z]+$/,
});
/** Options of PASS_THROUGH programs that take a separate value. */
const PASS_VALUE = /^(?:-n|-s|-k|-c|-p|-o|-a|-u|-E|-I|-d|--signal|--kill-after)$/;

/** The program run beneath pass-through wrappers (sudo env nice bash -> bash). */
function unwrapPass(argv: string[]): string[] {
  let a = argv;
  for (let guard = 0; guard < 8 && a.length; guard++) {
    const name = basename(a[0] ?? '');
    const re = PASS_THROUGH[name];
    if (!re) break;
    let i = 1;
    // flock's lock file and timeout's duration come before the command
    if (name === 'flock' || name === 'timeout' || name === 'taskset' || name === 'chrt') {
      while (i < a.length && (a[i] ?? '').startsWith('-')) i += PASS_VALUE.test(a[i] ?? '') ? 2 : 1;
      i++;
    } else
      while (i < a.length) {
        const w = a[i] ?? '';
        if (w === '--') {
          i++;
          break;
        }
        if (!(w.startsWith('-') || (name === 'env' && assignmentName(w)))) break;
        i += PASS_VALUE.test(w) && name !== 'env' ? 2 : 1;
      }
    a = a.slice(i);
  }
  return a;
}

/** Code that starts a shell or runs a command (pty.spawn, os.system, exec, system(), child_process). */
const SPAWNS =
  /pty\.spawn|os\.system|os\.exec|os\.popen|subprocess|execv?p?e?\s*\(|\bexec\b|system\s*\(|\bspawn|child_process|os\.execute|passthru|shell_exec|`[^`]+`|popen/;
const INTERP = /^(?:python[0-9.]*|perl|ruby|lua[0-9.]*|node|php[0-9.]*|irb|jrunscript|tclsh|wish)$/;
const EDITORS = /^(?:vi|vim|nvim|ex|view|rvim|rview|vimdiff|nano|emacs|ed)$/;

/** What running argv as root amounts to: a root shell, or nothing this module reads. */
function rootShell(argv: string[]): string | undefined {
  const a = unwrapPass(argv);
  if (!a.length) return undefined;
  const name = basename(a[0] ?? '');
  const rest = a.slice(1);
  if (SHELL_NAMES.test(name)) {
    if (name === 'busybox') return rootShell(rest);
    const c = rest.findIndex((w) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(w));
    if (c < 0) return rest.some((w) => !w.startsWith('-')) ? undefined : `${name} as root`;
    return undefined; // sh -c CMD: CMD is read as a command of its own
  }
  if (name === 'script' && !rest.some((w) => w === '-c' || w.startsWith('--command'))) return 'script as root';
  if (name === 'su' || name === 'sudo' || name === 'doas' || name === 'runuser' || name === 'login')
    return `${name} as root`;
  if (INTERP.test(name)) {
    const i = rest.findIndex((w) => /^-[a-zA-Z]*[ceErx]$/.test(w) || w === '--eval');
    const code = i >= 0 ? (rest[i + 1] ?? '') : '';
    if (code && (SPAWNS.test(code) || /\/bin\/(?:ba|z|da)?sh/.test(code)))
      return `${name} code that starts a shell as root`;
    return undefined;
  }
  if (EDITORS.test(name) && rest.some((w, i) => /^[-+]c$/.test(rest[i - 1] ?? '') && /!|:sh|shell/.test(w)))
    return `${name} shell escape as root`;
  if (EDITORS.test(name) && rest.some((w) => /^\+(?::?!|:?sh)/.test(w))) return `${name} shell escape as root`;
  if (name === 'git' && rest.some((w) => w === '-p' || w === '--paginate' || w === 'help')) return 'git pager as root';
  if (/^(?:awk|gawk|mawk|nawk)$/.test(name) && rest.some((w) => /system\s*\(|\|\s*getline|"\/bin\/(?:ba)?sh"/.test(w)))
    return `${name} system() as root`;
  if (
    name === 'find' &&
    rest.some((w, i) => /^-(?:exec|execdir|ok)$/.test(rest[i - 1] ?? '') && SHELL_NAMES.test(basename(w)))
  )
    return 'find -exec shell as root';
  if (name === 'gdb' && rest.some((w) => /^!|^shell|^python/.test(w))) return 'gdb shell as root';
  if (/^(?:tmux|screen|expect|capsh|setpriv|openvt)$/.test(name)) return `${name} as root`;
  if (name === 'socat' && rest.some((w) => /^(?:exec|system):/i.test(w))) return 'socat exec as root';
  if (name === 'zip' && rest.some((w) => w === '-TT' || w.startsWith('--unzip-command'))) return 'zip -TT as root';
  if (name === 'tar' && rest.some((w) => /checkpoint-action=exec/.test(w))) return 'tar checkpoint exec as root';
  if (/^(?:less|more|man|journalctl|systemctl)$/.test(name) && rest.some((w) => /^!|^-c!/.test(w)))
    return `${name} as root`;
  return undefined;
}

/** Files that decide who may become root, or who exists. */
const AUTHORITY =
  /^\/etc\/(?:sudoers(?:\.d\/.*)?|doas\.conf|passwd|shadow|group|gshadow|sudo\.conf|polkit-1\/.*|pam\.d\/.*|security\/.*)$|^\/usr\/local\/etc\/doas\.conf$/;

interface Launched {
  /** The launcher asks for a login or interactive shell itself (-s, -i, run0 alone, su). */
  shell: boolean;
  /** Files opened for editing (sudoedit, sudo -e). */
  edits: string[];
  /** The command run with the privileges, when one is given. */
  inner: string[];
  /** A command string run by su -c / runuser -c. */
  innerString?: string;
}

/** sudo/doas/pkexec/run0/su/runuser/sudoedit with their options read. */
function launched(words: string[]): Launched | undefined {
  const name = basename(words[0] ?? '');
  const rest = words.slice(1);
  const r: Launched = { shell: false, edits: [], inner: [] };
  if (name === 'sudo' || name === 'doas' || name === 'run0' || name === 'pkexec' || name === 'sudoedit') {
    const valueShort = name === 'sudo' ? 'ugCDhprtTUc' : name === 'doas' ? 'uC' : 'uDgM';
    let i = 0;
    let listOnly = false;
    for (; i < rest.length; i++) {
      const w = rest[i] ?? '';
      if (w === '--') {
        i++;
        break;
      }
      if (!w.startsWith('-')) break;
      if (w.startsWith('--')) {
        const n = w.slice(2).split('=')[0] ?? '';
        if (n === 'shell' || n === 'login') r.shell = true;
        else if (n === 'edit') r.edits.push('');
        else if (n === 'list' || n === 'validate' || n === 'version' || n === 'help' || n === 'reset-timestamp')
          listOnly = true;
        else if (
          !w.includes('=') &&
          /^(?:user|group|chdir|prompt|role|type|close-from|host|other-user|command-timeout|preserve-env|setenv|property|machine|description|slice|nice|background-color)$/.test(
            n,
          ) &&
          n !== 'preserve-env'
        )
          i++;
        continue;
      }
      // combined short flags: -Es, -iu root, -u#0, -sE
      for (let k = 1; k < w.length; k++) {
        const ch = w[k] ?? '';
        if (valueShort.includes(ch)) {
          if (k === w.length - 1) i++;
          break;
        }
        if (ch === 's' && name !== 'pkexec') r.shell = true;
        else if (ch === 'i' && name === 'sudo') r.shell = true;
        else if (ch === 'e' && name === 'sudo') r.edits.push('');
        else if (/[lvkKV]/.test(ch) && name === 'sudo') listOnly = true;
      }
    }
    if (listOnly && !r.shell) return undefined;
    const inner = rest.slice(i);
    if (name === 'sudoedit' || r.edits.length) r.edits = inner.filter((w) => !w.startsWith('-'));
    else r.inner = inner;
    if (!inner.length && (name === 'run0' || name === 'pkexec')) r.shell = true;
    return r;
  }
  if (name === 'su' || name === 'runuser') {
    if (rest.some((w) => /^(?:-h|--help|-V|--version)$/.test(w))) return undefined;
    for (let i = 0; i < rest.length; i++) {
      const w = rest[i] ?? '';
      if (w === '-c' || w === '--command' || w === '--session-command') {
        r.innerString = rest[i + 1] ?? '';
        return r;
      }
      if (w.startsWith('--command=')) {
        r.innerString = w.slice(10);
        return r;
      }
      if (w === '--') {
        r.inner = rest.slice(i + 1);
        return r;
      }
      if (w === '-u' || w === '-g' || w === '-G' || w === '-s' || w === '--shell' || w === '-w') i++;
    }
    r.shell = true;
    return r;
  }
  if (name === 'machinectl' && rest[0] === 'shell') {
    r.shell = true;
    return r;
  }
  return undefined;
}

// ------------------------------------------------------------------ modes

/** The set-id bits a chmod mode string grants: 'u' (setuid), 'g' (setgid), both, or none. */
export function setIdBits(mode: string): { uid: boolean; gid: boolean; otherWrite: boolean } {
  const r = { uid: false, gid: false, otherWrite: false };
  if (/^[0-7]{3,5}$/.test(mode)) {
    const n = parseInt(mode, 8);
    r.uid = (n & 0o4000) !== 0;
    r.gid = (n & 0o2000) !== 0;
    r.otherWrite = (n & 0o002) !== 0;
    return r;
  }
  for (const clause of mode.split(',')) {
    const m = /^([ugoa]*)([-+=])([rwxXstugo]*)$/.exec(clause);
    if (!m) continue;
    const who = m[1] || 'a';
    if (m[2] === '-') continue;
    const perms = m[3] ?? '';
    if (perms.includes('s')) {
      if (/[ua]/.test(who)) r.uid = true;
      if (/[ga]/.test(who)) r.gid = true;
    }
    if (perms.includes('w') && /[oa]/.test(who)) r.otherWrite = true;
  }
  return r;
}

/** System directories, and the directories on PATH ahead of the user's own. */
const SYSTEM_PATH =
  /^(?:\/etc|\/usr|\/bin|\/sbin|\/lib(?:32|64|x32)?|\/boot|\/root|\/opt|\/var\/spool\/cron|\/usr\/local|\/System|\/Library|\/Applications)(?:\/|$)/;

function modeFindings(name: string, a: string[], out: Effect[]): void {
  let mode: string | undefined;
  const targets: string[] = [];
  if (name === 'chmod') {
    for (let i = 1; i < a.length; i++) {
      const w = a[i] ?? '';
      if (w.startsWith('--mode=')) mode = w.slice(7);
      else if (w === '--reference') i++;
      else if (/^-[a-zA-Z]*[rwxXst]/.test(w) && mode === undefined && /^-[rwxXst]+$/.test(w)) mode = w;
      else if (w.startsWith('-')) continue;
      else if (mode === undefined) mode = w;
      else targets.push(w);
    }
  } else if (name === 'install' || name === 'mkdir') {
    for (let i = 1; i < a.length; i++) {
      const w = a[i] ?? '';
      if (w === '-m' || w === '--mode') mode = a[++i];
      else if (w.startsWith('--mode=')) mode = w.slice(7);
      else if (/^-m\d+$/.test(w)) mode = w.slice(2);
      else if (/^-[ogtSb]$|^--(?:owner|group|target-directory|suffix)$/.test(w)) i++;
      else if (!w.startsWith('-')) targets.push(w);
    }
    if (name === 'install' && targets.length > 1) targets.splice(0, targets.length - 1);
  } else if (name === 'rsync') {
    for (const w of a) if (w.startsWith('--chmod=')) mode = w.slice(8).replace(/\b[DF]/g, '');
    targets.push(
      ...a
        .slice(1)
        .filter((w) => !w.startsWith('-'))
        .slice(-1),
    );
  }
  if (mode === undefined) return;
  const bits = setIdBits(mode.replace(/^-/, '-'));
  const t = targets.join(' ') || '_';
  if (bits.uid) out.push(finding(['setuid', t], `${name} ${mode} sets the set-user-id bit on ${t}`));
  else if (bits.gid) out.push(finding(['setgid', t], `${name} ${mode} sets the set-group-id bit on ${t}`));
  if (bits.otherWrite)
    for (const p of targets)
      if (SYSTEM_PATH.test(p))
        out.push(finding(['opens-system', p], `${name} ${mode} makes ${p} writable by everyone`));
}

// ------------------------------------------------------------------ accounts and groups

const ADMIN_GROUPS =
  /^(?:root|sudo|wheel|admin|administrators|adm|docker|lxd|lxc|disk|shadow|kvm|libvirt|libvirtd|sudoers|staff|systemd-journal|podman)$/i;

/**
 * Windows groups whose members administer the machine or the domain, or reach it as a remote
 * shell, by name or well-known SID (Microsoft Learn, "Well-known SIDs" and "Active Directory
 * security groups"): Administrators S-1-5-32-544, Power Users -547, Account Operators -548,
 * Server Operators -549, Print Operators -550, Backup Operators -551 (read every file), Remote
 * Desktop Users -555, Network Configuration Operators -556, Hyper-V Administrators -578, Remote
 * Management Users -580 (WinRM), and the domain's Domain/Enterprise/Schema Admins, DnsAdmins and
 * Group Policy Creator Owners.
 */
const WINDOWS_ADMIN_GROUPS =
  /^(?:administrators|administrateurs|administratoren|power users|account operators|server operators|print operators|backup operators|remote desktop users|network configuration operators|hyper-v administrators|remote management users|domain admins|enterprise admins|schema admins|dnsadmins|group policy creator owners|S-1-5-32-(?:544|547|548|549|550|551|555|556|578|580)|S-1-5-21-[\d-]+-(?:512|518|519|520))$/i;

/**
 * `net localgroup GROUP USER /add`, `net group GROUP USER /add /domain`, `Add-LocalGroupMember
 * -Group|-Name|-SID G -Member U`, `Add-ADGroupMember -Identity G -Members U` (positional forms too).
 */
function windowsGroupFindings(name: string, a: string[], out: Effect[]): void {
  const lower = name.toLowerCase();
  const add = (group: string, user: string) => {
    const g = group.replace(/^["']|["']$/g, '').trim();
    if (WINDOWS_ADMIN_GROUPS.test(g) || ADMIN_GROUPS.test(g))
      out.push(finding(['admin-group', g, user || '_'], `${name} adds ${user || 'a user'} to ${g}`));
  };
  if (lower === 'net' || lower === 'net1') {
    const verb = (a[1] ?? '').toLowerCase();
    if ((verb === 'localgroup' || verb === 'group') && a.some((w) => /^\/add$/i.test(w))) {
      const ops = a.slice(2).filter((w) => !w.startsWith('/'));
      add(ops[0] ?? '', ops[1] ?? '');
    }
    return;
  }
  if (lower !== 'add-localgroupmember' && lower !== 'add-adgroupmember') return;
  let group = '';
  let user = '';
  const positional: string[] = [];
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (/^-(?:group|name|sid|identity)$/i.test(w)) group = a[++i] ?? '';
    else if (/^-(?:members?)$/i.test(w)) user = a[++i] ?? '';
    else if (!w.startsWith('-')) positional.push(w);
  }
  add(group || positional[0] || '', user || positional[group ? 0 : 1] || '');
}

/**
 * Group membership given by configuration tools and appliance CLIs instead of usermod: an Ansible
 * ad-hoc `-m user|ansible.builtin.user -a 'name=U groups=sudo'` (ansible.builtin.user docs),
 * Salt's `user.chgroups U G` / `user.addgroup U G` / `group.adduser G U` (salt.modules.useradd,
 * salt.modules.groupadd), Proxmox VE's `pveum user add|modify U --groups G` (pveum(1)), and
 * directory servers' CLIs (FreeIPA's ipa, Samba AD's samba-tool).
 */
function managedGroupFindings(name: string, a: string[], out: Effect[]): void {
  const add = (groups: string, user: string, via: string) => {
    for (const g of groups.split(/[,\s]+/))
      if (ADMIN_GROUPS.test(g) || /^(?:admins?|administrators?|pveadmin)$/i.test(g))
        out.push(finding(['admin-group', g, user || '_'], `${via} adds ${user || 'a user'} to ${g}`));
  };
  if (name === 'ansible') {
    const m = a.indexOf('-m') >= 0 ? a[a.indexOf('-m') + 1] : a.find((w) => w.startsWith('--module-name='))?.slice(14);
    const args = a[a.indexOf('-a') + 1] ?? '';
    if (a.indexOf('-a') < 0 || !/^(?:ansible\.builtin\.)?user$/.test(m ?? '')) return;
    const groups = /(?:^|\s)groups=['"]?([^'"\s]+)/.exec(args)?.[1];
    const user = /(?:^|\s)name=['"]?([^'"\s]+)/.exec(args)?.[1] ?? '';
    if (groups) add(groups, user, 'ansible user module');
    return;
  }
  if (name === 'salt' || name === 'salt-call') {
    const i = a.findIndex((w) => /^(?:user\.(?:chgroups|addgroup)|group\.(?:adduser|members))$/.test(w));
    if (i < 0) return;
    const fn = a[i] ?? '';
    const [x, y] = [a[i + 1] ?? '', a[i + 2] ?? ''];
    if (fn.startsWith('user.')) add(y, x, `salt ${fn}`);
    else add(x, y, `salt ${fn}`);
    return;
  }
  if (name === 'ipa' || name === 'samba-tool') {
    // FreeIPA: `ipa group-add-member admins --users=U`, `ipa role-add-member ROLE --users=U`
    // (ipa help group/role), `ipa sudorule-add-user RULE --users=U` (a sudo rule is sudo itself:
    // ipa help sudorule); Samba AD: `samba-tool group addmembers "Domain Admins" U`
    // samba-tool's verbs come one word later (`group addmembers GROUP USERS`)
    const k = name === 'samba-tool' && a[1] === 'group' ? 2 : 1;
    const verb = a[k] ?? '';
    const target = a[k + 1] ?? '';
    const users =
      a.find((w) => /^--(?:users|groups|members)=/.test(w))?.replace(/^[^=]*=/, '') ??
      a[a.findIndex((w) => /^--(?:users|groups|members)$/.test(w)) + 1] ??
      a[k + 2] ??
      '';
    if (verb === 'sudorule-add-user' || verb === 'sudorule-add-runasuser')
      out.push(
        finding(
          ['admin-group', `sudorule:${target}`, users || '_'],
          `ipa ${verb} gives ${users || 'a user'} the sudo rule ${target}`,
        ),
      );
    else if (verb === 'role-add-member' && /admin/i.test(target))
      out.push(
        finding(['admin-group', target, users || '_'], `ipa role-add-member adds ${users || 'a user'} to ${target}`),
      );
    else if (verb === 'group-add-member' || verb === 'addmembers') {
      const g = target.replace(/^["']|["']$/g, '');
      if (ADMIN_GROUPS.test(g) || WINDOWS_ADMIN_GROUPS.test(g) || /^(?:admins|trust admins|editors)$/i.test(g))
        out.push(finding(['admin-group', g, users || '_'], `${name} ${verb} adds ${users || 'a user'} to ${g}`));
    }
    return;
  }
  if (name === 'pveum') {
    const verb = a.slice(1, 3).join(' ');
    if (!/^(?:user (?:add|modify)|usermod|useradd)/.test(verb)) return;
    const groups = a[a.indexOf('--groups') + 1] ?? a.find((w) => w.startsWith('--groups='))?.slice(9) ?? '';
    if (a.includes('--groups') || groups) add(groups, a[3] ?? a[2] ?? '', `pveum ${verb}`);
  }
}

/**
 * Windows system folders opened to every user (`icacls C:\Windows\System32\utilman.exe /grant
 * Everyone:F`, icacls reference): any user then replaces a program that runs as SYSTEM. And the
 * built-in Administrator's password set from a command line (`Set-LocalUser -Name Administrator
 * -Password`, `net user Administrator NEWPASS`).
 */
const WINDOWS_SYSTEM_PATH =
  /^["']?(?:[A-Za-z]:)?[\\/](?:windows|program files(?: \(x86\))?|programdata[\\/]microsoft)(?:[\\/]|["']?$)/i;
const EVERYONE_PRINCIPAL =
  /^["']?(?:everyone|users|authenticated users|builtin[\\/]users|\*S-1-1-0|\*S-1-5-11|\*S-1-5-32-545)["']?:\(?(?:\(OI\)|\(CI\)|\(IO\)|\(NP\)|\(I\))*\(?(?:F|M|W|RW|WD|AD)\)?/i;

function windowsAclFindings(name: string, a: string[], out: Effect[]): void {
  if (name === 'icacls') {
    const path = a[1] ?? '';
    const g = a.findIndex((w) => /^\/grant(?::r)?$/i.test(w));
    if (g > 0 && WINDOWS_SYSTEM_PATH.test(path) && a.slice(g + 1).some((w) => EVERYONE_PRINCIPAL.test(w)))
      out.push(finding(['opens-system', path], `icacls gives every user write access to ${path}`));
    return;
  }
  const lower = name.toLowerCase();
  if (lower === 'set-localuser' && a.some((w) => /^-password$/i.test(w))) {
    const who = a[a.findIndex((w) => /^-name$/i.test(w)) + 1] ?? '';
    if (/^["']?administrator["']?$/i.test(who))
      out.push(finding(['account-change', 'Administrator'], 'Set-LocalUser sets the Administrator password'));
  }
  if ((lower === 'net' || lower === 'net1') && /^user$/i.test(a[1] ?? '') && /^administrator$/i.test(a[2] ?? '')) {
    const pass = a[3] ?? '';
    if (pass && !pass.startsWith('/'))
      out.push(finding(['account-change', 'Administrator'], 'net user sets the Administrator password'));
  }
}

function groupFindings(name: string, a: string[], out: Effect[]): void {
  const rest = a.slice(1);
  const add = (groups: string, user: string) => {
    for (const g of groups.split(','))
      if (ADMIN_GROUPS.test(g.trim()))
        out.push(finding(['admin-group', g.trim(), user || '_'], `${name} adds ${user || 'a user'} to ${g}`));
  };
  const ops = rest.filter((w) => !w.startsWith('-'));
  if (name === 'usermod' || name === 'useradd' || name === 'adduser' || name === 'addgroup') {
    let groups = '';
    let uid = '';
    let nonUnique = false;
    for (let i = 0; i < rest.length; i++) {
      const w = rest[i] ?? '';
      const g = /^-[a-zA-Z]*G(.*)$/.exec(w);
      if (g && !w.startsWith('--')) groups = g[1] || (rest[++i] ?? '');
      else if (w === '--groups' || w === '--ingroup' || w === '--group') groups = rest[++i] ?? '';
      else if (w.startsWith('--groups=')) groups = w.slice(9);
      else if (/^-[a-zA-Z]*u$/.test(w) || w === '--uid') uid = rest[++i] ?? '';
      else if (/^-[a-zA-Z]*u\d+$/.test(w)) uid = w.replace(/^-[a-zA-Z]*u/, '');
      else if (w.startsWith('--uid=')) uid = w.slice(6);
      if ((/^-[a-zA-Z]*o/.test(w) && !w.startsWith('--')) || w === '--non-unique') nonUnique = true;
      if (/^-[a-zA-Z]*[gGucdshelpfkK]$/.test(w) && !/G$|u$/.test(w)) i++;
    }
    const user = ops[ops.length - 1] ?? '';
    if (groups) add(groups, user);
    if (uid === '0')
      out.push(
        finding(
          ['uid0', user || '_'],
          `${name} gives ${user || 'an account'} user id 0${nonUnique ? ' (shared with root)' : ''}`,
        ),
      );
    // adduser USER GROUP / addgroup USER GROUP (Debian, BusyBox)
    if ((name === 'adduser' || name === 'addgroup') && ops.length === 2) add(ops[1] ?? '', ops[0] ?? '');
    return;
  }
  if (name === 'gpasswd') {
    for (let i = 0; i < rest.length; i++) {
      const w = rest[i] ?? '';
      if (w === '-a' || w === '--add') add(rest[i + 2] ?? '', rest[i + 1] ?? '');
      if (w === '-M' || w === '--members') add(rest[i + 2] ?? '', rest[i + 1] ?? '');
    }
    return;
  }
  if (name === 'groupmems') {
    const g = rest[rest.indexOf('-g') + 1] ?? rest.find((w) => w.startsWith('--group='))?.slice(8) ?? '';
    const u = rest[rest.indexOf('-a') + 1] ?? '';
    if (rest.includes('-a') || rest.some((w) => w.startsWith('--add'))) add(g, u);
    return;
  }
  if (name === 'dseditgroup' && rest.includes('-a')) add(ops[ops.length - 1] ?? '', rest[rest.indexOf('-a') + 1] ?? '');
  if (name === 'dscl' && rest.some((w) => /^-(?:append|create|merge)$/.test(w))) {
    const g = /\/groups\/([^/\s]+)/i.exec(rest.join(' '))?.[1];
    if (g && /GroupMembership/i.test(rest.join(' '))) add(g, ops[ops.length - 1] ?? '');
    if (/\/users\//i.test(rest.join(' ')) && /\bUniqueID\s+0\b|\bPrimaryGroupID\s+0\b/.test(rest.join(' ')))
      out.push(finding(['uid0', ops[ops.length - 1] ?? '_'], 'dscl gives an account id 0'));
  }
}

/** chown/chgrp of a system or PATH directory to someone other than root. */
function ownerFindings(name: string, a: string[], out: Effect[]): void {
  const ops = a.slice(1).filter((w) => !w.startsWith('-'));
  const owner = ops[0] ?? '';
  if (!owner || /^(?:root|0)(?::(?:root|0|wheel|admin))?$/.test(owner) || owner.startsWith('--reference')) return;
  for (const p of ops.slice(1))
    if (SYSTEM_PATH.test(p) && !/^\/opt\/[^/]+\/(?!bin)|^\/usr\/local\/(?:src|share|lib\/node_modules)/.test(p))
      out.push(finding(['opens-system', p], `${name} gives ${p} to ${owner}`));
}

function capFindings(a: string[], out: Effect[]): void {
  const ops = a.slice(1).filter((w) => !w.startsWith('-'));
  if (a.includes('-r') || ops.length < 2) return;
  const caps = (ops[0] ?? '').toLowerCase();
  const dangerous =
    /cap_(?:setuid|setgid|sys_admin|sys_module|sys_ptrace|dac_override|dac_read_search|chown|fowner|sys_rawio|setfcap|setpcap|bpf|sys_boot|mknod)|^all|^=|^[+=]?e?i?p?$|\ball[+=]/.test(
      caps,
    );
  if (dangerous)
    out.push(finding(['capability', caps, ops.slice(1).join(' ')], `setcap ${caps} gives ${ops[1]} root powers`));
}

/** macOS and D-Bus routes to the same grants. */
function platformFindings(name: string, a: string[], out: Effect[]): void {
  const text = a.join(' ');
  if (
    /^(?:dbus-send|gdbus|busctl|qdbus)$/.test(name) &&
    /org\.freedesktop\.Accounts/.test(text) &&
    /CreateUser|SetAccountType|SetPassword|DeleteUser/.test(text)
  )
    out.push(finding(['account-change', name], `${name} creates or promotes an account through accountsservice`));
  if (name === 'sqlite3' && /TCC\.db/i.test(text) && /\b(?:insert|update|replace|delete)\b/i.test(text))
    out.push(finding(['privacy-grant', 'TCC.db'], 'sqlite3 writes the macOS privacy database (TCC)'));
  if (name === 'defaults' && /\bwrite\b/.test(text) && /LSQuarantine\s+-bool\s+(?:no|false|0)\b/i.test(text))
    out.push(finding(['privacy-grant', 'LSQuarantine'], 'defaults switches off quarantine for every download'));
  const guard = accessGuardOff(name, a);
  if (guard)
    out.push({
      tool: 'exec',
      command: `protection-off access-guard:${guard.replace(/[^\w.-]/g, '_')}`,
      via: `${name} switches off ${guard}, which keeps others from using this machine or account`,
    });
  if (name === 'security' && a[1] === 'authorizationdb' && a[2] === 'write')
    out.push(
      finding(
        ['edits-authority', 'authorizationdb', a[3] ?? '_'],
        'security authorizationdb write changes who may act as an administrator',
      ),
    );
}

/** Settings whose value "off" lets anyone at the machine in: the screen lock's password, the firewall. */
const GUARD_KEY =
  /^(?:askForPassword|RequirePassword|requirePasswordToUnlock|lock-enabled|lockEnabled|ubuntu-lock-on-suspend|lock-on-suspend|EnableFirewall|globalstate|firewallEnabled|LoginwindowLaunchesRelaunchApps)$/;
/** Settings whose value "on" (or any value) does the same: a guest login, a user signed in at boot. */
const OPENER_KEY = /^(?:GuestEnabled|autoLoginUser|AutomaticLogin|AutomaticLoginEnable|autologin-user)$/;
const OFF_VALUE = /^(?:0|false|no|off|disabled?|FALSE|NO)$/i;
const ON_VALUE = /^(?:1|true|yes|on|enabled?)$/i;

/**
 * A settings command that switches off what keeps others from using the machine or the signed-in
 * account: the screen saver's password (`defaults write com.apple.screensaver askForPassword -int 0`,
 * a delay of hours), GNOME's lock (`gsettings set org.gnome.desktop.screensaver lock-enabled
 * false`, `dconf write`), the application firewall, a guest account or automatic login turned on.
 * Sources: Apple's defaults domains com.apple.screensaver, com.apple.loginwindow and com.apple.alf;
 * GNOME's org.gnome.desktop.screensaver schema; GDM's AutomaticLogin; sysadminctl(8).
 */
function accessGuardOff(name: string, a: string[]): string | undefined {
  let key: string | undefined;
  let value: string | undefined;
  const ops = a.slice(1).filter((w) => !/^-(?:int|integer|bool|boolean|string|float|currentHost)$/.test(w));
  if (name === 'defaults' && ops[0] === 'write') [key, value] = [ops[2], ops[3]];
  else if (name === 'gsettings' && ops[0] === 'set') [key, value] = [ops[2], ops[3]];
  else if (name === 'dconf' && ops[0] === 'write') [key, value] = [ops[1]?.split('/').pop(), ops[2]];
  else if (/^kwriteconfig\d?$/.test(name)) {
    const k = a.indexOf('--key');
    [key, value] = [a[k + 1], a.at(-1)];
  } else if (name === 'sysadminctl') {
    if (/^on$/i.test(a[a.indexOf('-guestAccount') + 1] ?? '') && a.includes('-guestAccount')) return 'guest account';
    if (a.includes('-autologin') && /^set$/i.test(a[a.indexOf('-autologin') + 1] ?? '')) return 'automatic login';
    return undefined;
  } else if (name === 'socketfilterfw') {
    return a.some((w, i) => w === '--setglobalstate' && /^off$/i.test(a[i + 1] ?? '')) ? 'the firewall' : undefined;
  }
  if (!key || value === undefined) return undefined;
  const v = value.replace(/^['"]|['"]$/g, '');
  if (GUARD_KEY.test(key) && OFF_VALUE.test(v)) return key;
  if (/^askForPasswordDelay$/.test(key) && Number(v) > 3600) return key;
  if (OPENER_KEY.test(key) && (ON_VALUE.test(v) || /^autoLoginUser|autologin-user|AutomaticLogin$/.test(key)))
    return key;
  return undefined;
}

// ------------------------------------------------------------------ the walk

function segmentFindings(words: string[], out: Effect[], depth: number, asRoot = false): void {
  let w = words;
  while (w.length && assignmentName(w[0] ?? '')) w = w.slice(1);
  if (!w.length) return;
  if (asRoot) {
    const why = rootShell(w);
    if (why) out.push(finding(['root-shell', ...why.split(' ')], `runs ${why}`));
  }
  let name = basename(w[0] ?? '').replace(/\.exe$/i, '');
  const l = launched(w);
  if (l) {
    if (l.shell) out.push(finding(['root-shell', name], `${name} starts a root shell`));
    for (const e of l.edits)
      if (!e || AUTHORITY.test(e))
        out.push(finding(['edits-authority', e || '_'], `${name} edits ${e || 'files'} as root`));
    if (l.innerString !== undefined) lineFindings(l.innerString, out, depth + 1, true);
    if (l.inner.length) {
      const why = rootShell(l.inner);
      if (why) out.push(finding(['root-shell', name, ...why.split(' ')], `${name} runs ${why}`));
      segmentFindings(unwrapPass(l.inner), out, depth + 1);
    }
    return;
  }
  w = unwrapPass(w);
  name = basename(w[0] ?? '').replace(/\.exe$/i, '');
  if (!w.length) return;
  if (/^(?:visudo|vipw|vigr)$/.test(name) && !w.includes('-c') && !w.includes('--check'))
    out.push(
      finding(['edits-authority', name], `${name} edits ${name === 'visudo' ? 'sudoers' : 'the account database'}`),
    );
  if (name === 'chmod' || name === 'install' || name === 'mkdir' || name === 'rsync') modeFindings(name, w, out);
  if (name === 'chown' || name === 'chgrp') ownerFindings(name, w, out);
  if (name === 'setcap') capFindings(w, out);
  if (/^(?:usermod|useradd|adduser|addgroup|gpasswd|groupmems|dseditgroup|dscl)$/.test(name))
    groupFindings(name, w, out);
  if (/^(?:net1?|add-localgroupmember|add-adgroupmember)$/i.test(name)) windowsGroupFindings(name, w, out);
  if (/^(?:icacls|set-localuser|net1?)$/i.test(name)) windowsAclFindings(name, w, out);
  if (
    /^(?:chmod|setfacl|icacls|setx|\[environment\]::setenvironmentvariable.*)$/i.test(name) ||
    /setenvironmentvariable/i.test(w.join(' '))
  )
    treeGrantFindings(name, w, out);
  if (/^(?:ansible|salt|salt-call|pveum|ipa|samba-tool)$/.test(name)) managedGroupFindings(name, w, out);
  platformFindings(name, w, out);
  // sh -c CMD: CMD read as a line of its own
  const str = shellCommandString(w.map((text) => ({ text, quoted: true, redir: false })));
  if (str) lineFindings(str, out, depth + 1, asRoot);
}

/** The privilege findings of a command line. */
export function lineFindings(line: string, out: Effect[], depth = 0, asRoot = false): void {
  if (depth > 4 || !line) return;
  const text = sanitize(line);
  // literal assignments used later as words (c=visudo; $c)
  const vars = new Map<string, string>();
  for (const seg of splitSegments(text)) {
    const words = seg.tokens.filter((t) => !t.redir).map((t) => t.text);
    if (words.length && words.every((w) => assignmentName(w))) {
      for (const w of words) vars.set(assignmentName(w) ?? '', w.slice(w.indexOf('=') + 1));
      continue;
    }
    const resolved = vars.size
      ? words.flatMap((w) => {
          const v = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(w);
          const val = v?.[1] !== undefined ? vars.get(v[1]) : undefined;
          return val !== undefined ? val.split(/\s+/).filter(Boolean) : [w];
        })
      : words;
    // eval WORDS: the words are a command line of their own
    if (basename(resolved[0] ?? '') === 'eval') {
      lineFindings(resolved.slice(1).join(' '), out, depth + 1, asRoot);
      continue;
    }
    segmentFindings(resolved, out, depth, asRoot);
  }
  for (const sub of extractSubstitutions(text)) lineFindings(sub, out, depth + 1, asRoot);
}

/** Programs and words this module reads (a cheap first look). */
const HINT =
  /\b(?:net(?:1|\.exe)?\s+(?:(?:local)?group|user)|add-localgroupmember|add-adgroupmember|icacls|setfacl|setx|setenvironmentvariable|set-localuser|ansible|salt|salt-call|pveum|ipa|samba-tool|sudo|doas|run0|pkexec|su|runuser|sudoedit|machinectl|visudo|vipw|vigr|chmod|install|mkdir|rsync|chown|chgrp|setcap|usermod|useradd|adduser|addgroup|gpasswd|groupmems|dseditgroup|dscl|dbus-send|gdbus|busctl|qdbus|sqlite3|defaults|security|gsettings|dconf|kwriteconfig\d?|sysadminctl|socketfilterfw)\b/i;

/**
 * A passwordless sudo rule given anywhere but a sudoers path: through an appliance's API
 * (TrueNAS `midclt call user.update ID '{"sudo_commands_nopasswd": ["ALL"]}'`, the same field in a
 * REST body), a configuration tool's argument or a remote shell. The rule text is the grant,
 * whichever program carries it; reading or searching for it (grep, cat, man) is not.
 */
const NOPASSWD_RULE = /\bsudo_commands_nopasswd\b|\bsudo_nopasswd\b|\bNOPASSWD\s*:\s*ALL\b/i;
const LOOKS_ONLY =
  /^\s*(?:sudo\s+)?(?:grep|egrep|fgrep|rg|ag|ack|cat|less|more|head|tail|man|find|ls|stat|wc|diff|git\s+(?:grep|log|diff|show)|visudo\s+-c)\b/;

function nopasswdRule(line: string, out: Effect[]): void {
  if (!/nopasswd/i.test(line)) return;
  const m = NOPASSWD_RULE.exec(line);
  if (!m || LOOKS_ONLY.test(line)) return;
  // printed for the user to act on (`echo "add: dev ALL=(ALL) NOPASSWD: ALL"`), not sent anywhere
  if (/^\s*(?:echo|printf)\b/.test(line) && !/[|>]/.test(line)) return;
  out.push(finding(['edits-authority', 'nopasswd-rule'], `gives a passwordless sudo rule (${m[0]})`));
}

/**
 * A Bourne shell started in privileged mode (`sh -p`, `bash -p`, `/bin/sh -p` run by `find -exec`,
 * an interpreter's `execl("/bin/sh", "sh", "-p")`): the one thing -p does is keep an effective user
 * id that differs from the real one, so it only matters when a set-user-id program starts the
 * shell, and then the shell is root's (bash(1) "-p"; GTFOBins' SUID recipes). Whatever program
 * launches it, it is read as a root shell.
 */
const PRIVILEGED_MODE_SHELL =
  /(?:^|[\s/;|&(`'"])(?:ba|da|k|mk|a)?sh["']?(?:\s*,\s*["']|\s+)-[a-oq-zA-Z]*p[a-zA-Z]*(?=["'\s;)|&]|$)/;

function privilegedModeShell(line: string, out: Effect[]): void {
  if (
    !/sh\b/.test(line) ||
    (LOOKS_ONLY.test(line) && !/\s-(?:exec|execdir|ok|okdir)\s/.test(line)) ||
    /^\s*(?:echo|printf)\b/.test(line)
  )
    return;
  const m = PRIVILEGED_MODE_SHELL.exec(line);
  if (m)
    out.push(
      finding(
        ['root-shell', 'privileged-mode'],
        `starts a shell in privileged mode (${m[0].trim()}), which keeps a set-user-id root`,
      ),
    );
}

export function privilegeEffects(line: string, out: Effect[]): void {
  nopasswdRule(line, out);
  privilegedModeShell(line, out);
  interpreterUid(line, out);
  uacBypass(line, out);
  passwordFeed(line, out);
  sqlPrivilege(line, out);
  if (!HINT.test(line) && !HINT.test(line.replace(/["'\\]/g, ''))) return;
  lineFindings(line, out);
}

/**
 * Interpreter code that takes user id 0 (`os.setuid(0)`, `POSIX::setuid(0)`,
 * `Process::Sys.setuid(0)`, `Process.uid = 0`, `process.setuid(0)`, `posix_setuid(0)`,
 * `syscall.Setuid(0)`) only succeeds where a capability or set-id bit was planted for it; with a
 * shell or a command after it, it is a root shell.
 */
const SET_UID0 =
  /\b(?:set(?:e|re|res)?uid|Setuid|posix_setuid|posix_seteuid)\s*\(\s*0\b|\bProcess\.(?:uid|euid)\s*=\s*0\b|\$[<>]\s*=\s*0\b/;
const SPAWNS_AFTER =
  /\/bin\/(?:ba|z|da)?sh|\b(?:ba|z|da)?sh\s+-[ip]|\b(?:system|exec[lv]?p?e?|spawn|popen|execSync|spawnSync|pty\.spawn|passthru|shell_exec)\s*[(\s'"`]|`[^`]+`/;

function interpreterUid(line: string, out: Effect[]): void {
  if (!/uid/i.test(line)) return;
  const m = SET_UID0.exec(line);
  if (!m) return;
  const after = line.slice(m.index);
  if (SPAWNS_AFTER.test(after))
    out.push(finding(['root-shell', 'setuid-0'], 'code takes user id 0 and runs a command'));
  else out.push(finding(['uid0', 'setuid-0'], 'code takes user id 0'));
}

/**
 * Windows UAC bypasses: an auto-elevating program (fodhelper, computerdefaults, eventvwr, sdclt,
 * wsreset, slui) looks up its handler under HKCU\Software\Classes, which any user may write, and
 * runs it elevated (sdclt's `/kickoffelev` reads exefile\shell\runas\command's IsolatedCommand); the SilentCleanup task runs %windir% from HKCU\Environment elevated
 * (MITRE ATT&CK T1548.002; the UACME project lists the keys).
 */
const UAC_KEY =
  /classes[\\/]+(?:ms-settings|mscfile|exefile|folder|launcher\.systemsettings|appx[0-9a-z]+)[\\/]+shell[\\/]+[\w-]+[\\/]+command|hkcu[:\\/]+environment\b[^\n]*\bwindir\b/i;

function uacBypass(line: string, out: Effect[]): void {
  if (!/classes|windir/i.test(line)) return;
  if (
    !/\b(?:reg(?:\.exe)?\s+add|new-item|set-item|new-itemproperty|set-itemproperty|\.SetValue|CreateSubKey|REG_SZ)/i.test(
      line,
    )
  )
    return;
  const m = UAC_KEY.exec(line);
  if (m)
    out.push(finding(['uac-bypass', m[0]], `writes ${m[0]}, which an auto-elevating program runs as administrator`));
}

/**
 * A password fed to `sudo -S` (`--stdin`) from the line itself: piped from echo/printf/cat, a
 * here-string or a redirected file. The agent holds the user's password and takes root with it.
 */
const SUDO_STDIN =
  /\bsudo\s+(?:-[a-zA-Z]*\s+|--[\w-]+(?:=\S+)?\s+|-[ugpCDhrt]\s+\S+\s+)*?(?:-[a-zA-RT-Z]*S[a-zA-Z]*|--stdin)\b/;

function passwordFeed(line: string, out: Effect[]): void {
  if (!/sudo/.test(line) || !/-[a-zA-Z]*S|--stdin/.test(line)) return;
  const m = SUDO_STDIN.exec(line);
  if (!m) return;
  const before = line.slice(0, m.index);
  const after = line.slice(m.index + m[0].length);
  const piped = /\b(?:echo|printf|cat|yes|base64|openssl|gpg|pass|op|security|secret-tool)\b[^|;&]*\|\s*$/.test(before);
  const fed = /^[^|;&]*(?:<<<|<\s*[^\s<(])/.test(after);
  if (piped || fed) out.push(finding(['password-feed', 'sudo'], 'feeds a password to sudo -S'));
}

/**
 * SQL that makes an account a database superuser or hands out every privilege: PostgreSQL
 * `CREATE/ALTER ROLE ... SUPERUSER`, the roles that run programs or read files on the server
 * (`pg_execute_server_program`, `pg_read_server_files`, `pg_write_server_files`) and the cloud
 * providers' admin roles, MySQL `GRANT ALL ON *.*` and `WITH GRANT OPTION`, SQL Server `sysadmin`.
 * A standing superuser account is a way back in (PostgreSQL CREATE ROLE, MySQL GRANT and SQL
 * Server ALTER SERVER ROLE reference pages; SQL Server's server permissions CONTROL SERVER, IMPERSONATE
 * ANY LOGIN and ALTER ANY LOGIN, and the securityadmin and serveradmin roles, from its Server
 * permissions and Server-level roles pages: each reaches sysadmin). Also the administrator roles and authorities of other
 * databases granted to an account: Oracle DBA, SYSDBA, SYSOPER and ANY PRIVILEGE (Oracle
 * Database Security Guide, administrative privileges), Db2 DBADM, SECADM, SYSADM, ACCESSCTRL and
 * DATAACCESS (Db2 authorities overview), Snowflake ACCOUNTADMIN, SECURITYADMIN, SYSADMIN and
 * ORGADMIN (Snowflake system-defined roles), MongoDB root and the *AnyDatabase roles.
 */
const SQL_SUPERUSER =
  /\b(?:create|alter)\s+(?:role|user)\b[^;]*?(?<!no)\bsuperuser\b|\bgrant\s+(?:pg_execute_server_program|pg_read_server_files|pg_write_server_files|rds_superuser|cloudsqlsuperuser|azure_pg_admin|rds_iam_admin)\b|\bgrant\s+all(?:\s+privileges)?\s+on\s+\*\.\*|\bwith\s+grant\s+option\b|\balter\s+server\s+role\s+\[?(?:sysadmin|securityadmin|serveradmin)\]?\s+add\s+member\b|\bsp_addsrvrolemember\b[^;]*\b(?:sysadmin|securityadmin)\b|\bgrant\s+(?:control\s+server|impersonate\s+any\s+login|alter\s+any\s+(?:login|server\s+role))\b|\bgrant\s+(?:role\s+)?(?:dba|sysdba|sysoper|sysasm|sysbackup|dbadm|secadm|sysadm|sysctrl|sysmaint|accessctrl|dataaccess|accountadmin|securityadmin|orgadmin|useradmin|sysadmin|db_owner|root|superuser|any\s+privilege|exempt\s+access\s+policy)\b[^;]*?\bto\b|\bgrantRolesToUser\s*\([^)]*["'](?:root|userAdminAnyDatabase|dbOwner|clusterAdmin|dbAdminAnyDatabase|readWriteAnyDatabase)["']/i;

export function sqlPrivilege(sql: string, out: Effect[]): void {
  if (!/superuser|grant|sysadmin|pg_/i.test(sql)) return;
  const m = SQL_SUPERUSER.exec(sql);
  if (m)
    out.push(finding(['db-superuser', m[0].slice(0, 80)], `SQL \`${m[0].slice(0, 80)}\` makes a database superuser`));
}
