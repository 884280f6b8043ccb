// Settings a routine tool reads the next time it runs, judged by what they make it do then:
//   setting-stores-credentials TOOL PATH   credentials written in plain text to a file in the
//                                          working tree (`credential.helper store --file=.creds`)
//   setting-push-elsewhere TOOL REMOTE URL a remote's push address set apart from where it fetches
//                                          (`remote.origin.pushurl`, `git remote set-url --push`)
//   setting-push-mirror TOOL REMOTE        every push mirrors, deleting remote refs missing here
//   setting-reroutes TOOL KEY HOST         requests (and the credentials they carry) sent to another
//                                          host: proxies, gcloud endpoint
//                                          overrides, AWS endpoint_url, Bazel remote caches and
//                                          event services, Bazel's downloader configuration
//   setting-identity TOOL VALUE            later calls act as another identity (gcloud's
//                                          impersonate_service_account)
//   setting-program TOOL KEY PROG          a program the tool runs on every call and hands its
//                                          credentials or its tests to (AWS credential_process,
//                                          kubeconfig exec plugins, Bazel credential helpers and
//                                          --run_under), when it is not a known vendor's
//   setting-tls-off TOOL KEY               certificate checks switched off (gcloud
//                                          auth/disable_ssl_validation, kubeconfig
//                                          insecure-skip-tls-verify, curl's and wget's rc files)
//   setting-unsafe git KEY                 a transport git blocks allowed (`protocol.file.allow always`)
// They come from the config command (`git config`, `git remote set-url`, `gcloud config set`,
// `aws configure set`, `kubectl config set-*`, `npm|pnpm|yarn config set K=V`) or from writing the
// file the command writes (.gitconfig, .git/config, gcloud's configurations, ~/.aws/config,
// .bazelrc). Registries of package managers are read in content.ts and sources.ts; programs in a
// hidden or temporary place are the `startup-program` reading of code-loaders.ts.
// (git's `url.X.insteadOf`, http.sslVerify and http.proxy are read as sources by sources.ts.)
// Sources: git-config(1) (credential.helper, remote.<name>.pushurl/mirror, protocol.<name>.allow,
// http.sslVerify, http.proxy), git-credential-store(1); `gcloud topic configurations` and
// `gcloud config set` (auth/impersonate_service_account, api_endpoint_overrides, proxy,
// auth/disable_ssl_validation); AWS CLI "Configuration and credential file settings"
// (credential_process, endpoint_url); kubectl config set-credentials --exec-command and
// set-cluster --insecure-skip-tls-verify; Bazel command-line reference (--credential_helper,
// --run_under, --remote_cache, --remote_executor, --bes_backend, --downloader_config, --registry).
import { posix } from 'node:path';
import type { Effect } from './types.js';
import { isInternalName } from './fetch-readings.js';
import { sourceFindings, sourceHost } from './sources.js';
import { tuckedAway } from './code-loaders.js';
import { basename } from '../shell-wrappers.js';

/** Hosts a value names that stay on this machine or inside the organisation's network. */
function localOrInternal(host: string): boolean {
  const h = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return (
    /^(?:localhost|127\.\d+\.\d+\.\d+|::1|0\.0\.0\.0|host\.docker\.internal)$/.test(h) ||
    /^(?:10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)/.test(h) ||
    isInternalName(h) ||
    // a name inside the organisation's network (`cache.internal.acme.io`, `git.corp.example.com`)
    /(?:^|\.)(?:internal|corp|intranet|intra|lan|private)\./i.test(h) ||
    !h.includes('.')
  );
}

/** Remote build services of Bazel's documented vendors (remote caches, executors, event services). */
const BUILD_SERVICE_HOSTS =
  /(?:^|\.)(?:buildbuddy\.io|engflow\.com|googleapis\.com|nativelink\.com|aspect\.build|bitrise\.io|gradle\.com|depot\.dev|flare\.build|buildbarn\.io|cache\.nixos\.org)$/;

/** Programs vendors document as credential processes and kubeconfig exec plugins. */
const KNOWN_CREDENTIAL_PROGRAMS =
  /^(?:aws-vault|aws-sso-util|aws-sso|granted|assume|assumego|saml2aws|gimme-aws-creds|aws-okta|leapp|op|aws|gke-gcloud-auth-plugin|gcloud|kubelogin|aws-iam-authenticator|az|doctl|oci|kubectl-oidc_login|kubectl|pinniped|teleport|tsh|vault|docker-credential-[\w-]+|tweag-credential-helper|credential-helper)$/;

/** Programs people put before a test binary (`--run_under='gdb --args'`, valgrind, perf). */
const TEST_WRAPPERS =
  /^(?:gdb|lldb|valgrind|strace|ltrace|perf|rr|heaptrack|time|env|xvfb-run|taskset|nice|timeout|catchsegv|memcheck|callgrind|massif|sudo)$/;

/** The program a value names (first word, quotes and `pattern=` prefixes taken off). */
function programOf(value: string): string {
  const v = value.trim().replace(/^["']|["']$/g, '');
  const first = v.split(/\s+/)[0] ?? '';
  return first.replace(/^[\w*.-]+=(?=[/~%$])/, '');
}

const TRUE = /^(?:true|yes|on|1)$/i;
const FALSE = /^(?:false|no|off|0)$/i;

function cmd(command: string, via: string): Effect {
  return { tool: 'exec', command: command.replace(/[\s'"`]+/g, (s) => (/\s/.test(s) ? ' ' : '')), via };
}

/** `section.sub.key = value` pairs of an INI text in git's or gcloud's form (dotted keys too). */
function iniPairs(text: string, sep = '.'): [string, string][] {
  const out: [string, string][] = [];
  let section = '';
  for (const raw of text.split('\n').slice(0, 4000)) {
    const line = raw.trim();
    if (!line || /^[#;]/.test(line)) continue;
    const head = /^\[\s*([\w.-]+)(?:\s+"([^"]*)")?\s*\]$/.exec(line);
    if (head) {
      section = head[2] !== undefined ? `${head[1]}${sep}${head[2]}` : (head[1] ?? '');
      continue;
    }
    const kv = /^([\w.\-/"*:]+?)\s*=\s*(.*)$/.exec(line);
    if (!kv) continue;
    const key = kv[1] ?? '';
    const value = (kv[2] ?? '').replace(/^"(.*)"$/, '$1');
    out.push([key.includes(sep) || !section ? key : `${section}${sep}${key}`, value]);
  }
  return out;
}

/** Where git-credential-store(1) keeps credentials by default: under home, not in a project. */
const HOME_CREDENTIAL_FILE =
  /^(?:~|\$HOME|\$\{HOME\}|\/(?:home|Users)\/[^/]+|\/root)\/(?:\.git-credentials|\.config\/git\/credentials)$|^\$XDG_CONFIG_HOME\/git\/credentials$/;

/** What one git setting makes git do later. */
function gitSetting(key: string, value: string, via: string, out: Effect[]): void {
  const k = key.toLowerCase();
  const v = value.trim().replace(/^["']|["']$/g, '');
  if (/^credential\.(?:.*\.)?helper$/.test(k)) {
    const store = /^store\b(.*)$/.exec(v);
    const file = store ? /--file(?:=|\s+)(\S+)/.exec(store[1] ?? '')?.[1] : undefined;
    if (file && !HOME_CREDENTIAL_FILE.test(file))
      out.push(
        cmd(
          `setting-stores-credentials git ${file}`,
          `${via} makes git save every password and token it is given, in plain text, to ${file}`,
        ),
      );
    return;
  }
  // push.default mirror (git-config(1), push.default): every plain `git push` then mirrors too
  if (k === 'push.default' && /^mirror$/i.test(v.trim())) {
    out.push(
      cmd(
        'setting-push-mirror git push.default',
        `${via} makes every plain push a mirror: remote branches and tags missing here are deleted`,
      ),
    );
    return;
  }
  const remote = /^remote\.(.+)\.(pushurl|mirror)$/.exec(k);
  if (remote) {
    const name = remote[1] ?? 'origin';
    if (remote[2] === 'mirror' && TRUE.test(v))
      out.push(
        cmd(
          `setting-push-mirror git ${name}`,
          `${via} makes every push to ${name} a mirror: remote branches and tags missing here are deleted`,
        ),
      );
    else if (remote[2] === 'pushurl' && sourceHost(v))
      out.push(cmd(`setting-push-elsewhere git ${name} ${v}`, `${via} makes every push to ${name} go to ${v}`));
    return;
  }
  // protocol.file.allow / protocol.ext.allow `always`: submodules may then clone local files or run
  // commands (the ext:: transport), which git blocks by default since CVE-2022-39253
  if (/^protocol\.(?:file|ext|allow)(?:\.allow)?$/.test(k) && /^always$/i.test(v)) {
    out.push(
      cmd(
        `setting-unsafe git ${k}`,
        `${via} lets clones and submodules use the ${k.split('.')[1]} transport git blocks`,
      ),
    );
    return;
  }
}

/** What one gcloud property (`section/name`) makes every later gcloud call do. */
function gcloudSetting(key: string, value: string, via: string, out: Effect[]): void {
  const k = (key.includes('/') ? key : `core/${key}`).toLowerCase();
  const v = value.trim().replace(/^["']|["']$/g, '');
  if (!v) return;
  if (k === 'auth/impersonate_service_account')
    out.push(cmd(`setting-identity gcloud ${v}`, `${via} makes every later gcloud call act as ${v}`));
  else if (k === 'auth/disable_ssl_validation' && TRUE.test(v))
    out.push(
      cmd('setting-tls-off gcloud auth/disable_ssl_validation', `${via} switches off gcloud's certificate checks`),
    );
  else if (/^api_endpoint_overrides\/|^auth\/(?:token_host|auth_host)$/.test(k)) {
    const host = sourceHost(v);
    if (host && !/(?:^|\.)(?:googleapis\.com|google\.com)$/.test(host) && !localOrInternal(host))
      out.push(
        cmd(`setting-reroutes gcloud ${k} ${host}`, `${via} sends gcloud's requests and access tokens to ${host}`),
      );
  } else if (k === 'proxy/address' && !localOrInternal(v))
    out.push(cmd(`setting-reroutes gcloud proxy ${v}`, `${via} sends gcloud's traffic through ${v}`));
}

/** What one AWS config key (`[profile.]key` or `profile.service.key`) makes later AWS calls do. */
function awsSetting(key: string, value: string, via: string, out: Effect[]): void {
  const k = key.toLowerCase().split('.').pop() ?? '';
  const v = value.trim().replace(/^["']|["']$/g, '');
  if (k === 'credential_process') {
    const prog = programOf(v);
    if (tuckedAway(prog))
      out.push({
        tool: 'startup',
        command: `startup-program ${prog} aws-config`,
        via: `${via} makes every AWS call run ${prog}, from a hidden or temporary place`,
      });
    else if (!KNOWN_CREDENTIAL_PROGRAMS.test(basename(prog)))
      out.push(
        cmd(`setting-program aws credential_process ${prog}`, `${via} makes every AWS call run ${prog} for its keys`),
      );
  } else if (k === 'endpoint_url') {
    const host = sourceHost(v);
    if (host && !/(?:^|\.)amazonaws\.com(?:\.cn)?$/.test(host) && !localOrInternal(host))
      out.push(cmd(`setting-reroutes aws endpoint_url ${host}`, `${via} sends AWS requests to ${host}`));
  }
}

/** Bazel rc flags: remote services, registries, programs Bazel runs and hands credentials or tests to. */
function bazelSettings(text: string, via: string, out: Effect[]): void {
  for (const m of text.matchAll(/--([\w]+)(?:=|\s+)(?:'([^']*)'|"([^"]*)"|(\S+))/g)) {
    const flag = (m[1] ?? '').replace(/^experimental_/, '');
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    if (flag === 'registry') sourceFindings('bazel', value, `${via} makes Bazel resolve modules from ${value}`, out);
    else if (/^(?:remote_cache|remote_executor|bes_backend|remote_downloader|remote_asset_url)$/.test(flag)) {
      const host = sourceHost(value);
      if (host && !localOrInternal(host) && !BUILD_SERVICE_HOSTS.test(host))
        out.push(
          cmd(
            `setting-reroutes bazel ${flag} ${host}`,
            `${via} makes every build send its inputs, outputs and action environment to ${host}`,
          ),
        );
    } else if (flag === 'downloader_config' || flag === 'downloader_config_file') {
      out.push(
        cmd(
          `setting-reroutes bazel downloader_config ${value}`,
          `${via} lets ${value} rewrite every URL Bazel downloads`,
        ),
      );
    } else if (flag === 'credential_helper' || flag === 'run_under') {
      const prog = programOf(value);
      // hidden or temporary places are the startup-program reading (code-loaders.ts)
      if (!prog || tuckedAway(prog)) continue;
      const base = basename(prog.replace(/^%workspace%/, '.'));
      if (flag === 'run_under' && TEST_WRAPPERS.test(base)) continue;
      if (flag === 'credential_helper' && KNOWN_CREDENTIAL_PROGRAMS.test(base)) continue;
      out.push(
        cmd(
          `setting-program bazel ${flag} ${prog}`,
          flag === 'run_under'
            ? `${via} makes every bazel test and run start inside ${prog}`
            : `${via} makes Bazel run ${prog} for the credentials of its downloads`,
        ),
      );
    }
  }
}

/** ~/.curlrc and ~/.wgetrc: options every curl or wget call takes (curl(1) "-K, --config", wget(1) "Wgetrc Commands"). */
function fetcherRc(text: string, tool: 'curl' | 'wget', via: string, out: Effect[]): void {
  for (const raw of text.split('\n').slice(0, 400)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^-{0,2}([\w-]+)\s*(?:[=:]\s*|\s+)?["']?([^"'\s]*)["']?/.exec(line);
    const key = (m?.[1] ?? '').toLowerCase().replace(/-/g, '_');
    const value = m?.[2] ?? '';
    if (
      (tool === 'curl' && (key === 'insecure' || key === 'k')) ||
      (tool === 'wget' && key === 'check_certificate' && FALSE.test(value))
    )
      out.push(cmd(`setting-tls-off ${tool} ${key}`, `${via} switches off certificate checks for every ${tool} call`));
    else if (/^(?:proxy|x|https_proxy|http_proxy|preproxy|socks5|socks5_hostname)$/.test(key) && value) {
      const host = sourceHost(value.includes('://') ? value : `http://${value}`);
      if (host && !localOrInternal(host))
        out.push(cmd(`setting-reroutes ${tool} proxy ${host}`, `${via} sends every ${tool} request through ${host}`));
    }
  }
}

/** Hosts of the state services Terraform and Pulumi document as their own. */
const STATE_SERVICE =
  /(?:^|\.)(?:app\.terraform\.io|terraform\.io|pulumi\.com|spacelift\.io|env0\.com|scalr\.io|gitlab\.com|amazonaws\.com|googleapis\.com|windows\.net)$/;

/**
 * Where Terraform or Pulumi keeps its state, which holds every secret of the stack: an HTTP
 * backend address, a `cloud`/`remote` hostname, a Pulumi backend URL on a host that is not the
 * service's own nor the organisation's (`setting-reroutes terraform|pulumi backend HOST`).
 */
function stateBackend(tool: string, value: string, via: string, out: Effect[]): void {
  const v = value.trim().replace(/^["']|["']$/g, '');
  const host = /^https?:\/\//i.test(v) ? sourceHost(v) : /^[\w.-]+\.[a-z]{2,}$/i.test(v) ? v.toLowerCase() : undefined;
  if (host && !STATE_SERVICE.test(host) && !localOrInternal(host))
    out.push(
      cmd(
        `setting-reroutes ${tool} backend ${host}`,
        `${via} keeps the ${tool} state, with the stack's secrets, on ${host}`,
      ),
    );
}

function stateFiles(p: string, text: string, name: string, out: Effect[]): void {
  if (/\.tf$|\.tf\.json$|\.hcl$/.test(p)) {
    for (const m of text.matchAll(/\b(?:backend\s+"(?:http|remote)"|cloud)\s*\{([^}]*)\}/g))
      for (const a of (m[1] ?? '').matchAll(/\b(?:address|hostname|lock_address|unlock_address)\s*=\s*"([^"]+)"/g))
        stateBackend('terraform', a[1] ?? '', name, out);
  } else if (/(?:^|\/)Pulumi\.ya?ml$/.test(p)) {
    const m = /^backend\s*:\s*\n\s+url\s*:\s*(\S+)/m.exec(text);
    if (m?.[1]) stateBackend('pulumi', m[1], name, out);
  }
}

const BAZELRC = /(?:^|\/)(?:\.bazelrc|[\w.-]+\.bazelrc|bazel\.rc|bazelrc)$/;
const GITCONFIG = /(?:^|\/)(?:\.gitconfig|\.git\/config|gitconfig|\.config\/git\/config)$/;
const GCLOUD = /(?:^|\/)gcloud\/(?:configurations\/config_[\w-]+|properties)$/;
const AWS_CONFIG = /(?:^|\/)\.aws\/config$/;

/** The settings a written file holds, for the tool that reads it. */
export function settingsFileEffects(path: string, content: string): Effect[] {
  const p = path.replace(/\\/g, '/');
  const name = posix.basename(p);
  const via = `${name} (written)`;
  const out: Effect[] = [];
  stateFiles(p, content, name, out);
  if (BAZELRC.test(p)) bazelSettings(content, `${name}`, out);
  else if (GITCONFIG.test(p)) for (const [k, v] of iniPairs(content)) gitSetting(k, v, name, out);
  else if (GCLOUD.test(p)) for (const [k, v] of iniPairs(content, '/')) gcloudSetting(k, v, via, out);
  else if (AWS_CONFIG.test(p)) for (const [k, v] of iniPairs(content)) awsSetting(k, v, name, out);
  else if (/(?:^|\/)(?:\.curlrc|_curlrc|curlrc)$/.test(p)) fetcherRc(content, 'curl', name, out);
  else if (/(?:^|\/)(?:\.wgetrc|wgetrc)$/.test(p)) fetcherRc(content, 'wget', name, out);
  return out;
}

/** The settings a write or edit adds: what the new text sets that the text it replaces did not. */
export function settingsEditEffects(path: string, before: string, after: string): Effect[] {
  const now = settingsFileEffects(path, after);
  if (!before || !now.length) return now;
  const had = new Set(settingsFileEffects(path, before).map((e) => e.command));
  return now.filter((e) => !had.has(e.command));
}

/** Values of `--opt=V` / `--opt V` in argv. */
function option(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === name) return argv[i + 1];
    if (w.startsWith(`${name}=`)) return w.slice(name.length + 1);
  }
  return undefined;
}

/** npm's keys whose value makes npm or node run a program or load code (content.ts reads the file form). */
const NPM_CODE_KEYS = /^(?:script-shell|shell|onload-script|git|init-module|yarnpath|plugins|registry|strict-ssl)$/;

/** The settings a config command makes (`git config K V`, `gcloud config set K V` ...). */
export function settingsCommandEffects(argv: readonly string[], out: Effect[]): void {
  const name = basename(argv[0] ?? '');
  const words = argv.slice(1);
  const ops = words.filter((w) => !w.startsWith('-'));
  if (name === 'git') {
    let i = 0;
    while (i < words.length && (words[i] ?? '').startsWith('-'))
      i += /^(?:-C|-c|--git-dir|--work-tree)$/.test(words[i] ?? '') ? 2 : 1;
    const sub = words[i];
    const rest = words.slice(i + 1);
    if (sub === 'config') {
      if (
        rest.some((w) =>
          /^--(?:get|get-all|get-regexp|list|unset|unset-all|remove-section|rename-section)$|^-l$/.test(w),
        )
      )
        return;
      const pos = rest.filter((w, j) => !w.startsWith('-') && !/^(?:-f|--file|--type|--blob)$/.test(rest[j - 1] ?? ''));
      if (pos.length >= 2) gitSetting(pos[0] ?? '', pos.slice(1).join(' '), 'git config', out);
    } else if (sub === 'remote' && rest[0] === 'set-url' && rest.includes('--push')) {
      const pos = rest.slice(1).filter((w) => !w.startsWith('-'));
      if (pos.length >= 2) gitSetting(`remote.${pos[0]}.pushurl`, pos[1] ?? '', 'git remote set-url --push', out);
    }
    return;
  }
  if (name === 'pulumi' && ops[0] === 'login' && ops[1]) stateBackend('pulumi', ops[1], 'pulumi login', out);
  if ((name === 'terraform' || name === 'tofu' || name === 'terragrunt') && ops[0] === 'init')
    for (const w of words) {
      const m = /^-backend-config=["']?(?:address|hostname)=(.+)$/.exec(w);
      if (m?.[1]) stateBackend('terraform', m[1], `${name} init -backend-config`, out);
    }
  if (name === 'export' || name === 'setx')
    for (const w of words) {
      const m = /^(PULUMI_BACKEND_URL|TF_HTTP_ADDRESS)=(.+)$/.exec(w);
      if (m?.[2]) stateBackend(m[1] === 'TF_HTTP_ADDRESS' ? 'terraform' : 'pulumi', m[2], `export ${m[1]}`, out);
    }
  // providers and components fetched from a server of the user's choosing, then run by every
  // later `pulumi up` / gcloud call (Pulumi "pulumi plugin install --server", gcloud
  // "components repositories add")
  if (name === 'pulumi' && ops[0] === 'plugin' && ops[1] === 'install') {
    const server = option(words, '--server');
    if (server) sourceFindings('pulumi', server, `pulumi plugin install takes the plugin from ${server}`, out, 'code');
    return;
  }
  if (name === 'gcloud' && ops[0] === 'components' && ops[1] === 'repositories' && ops[2] === 'add') {
    for (const u of ops.slice(3)) sourceFindings('gcloud', u, `gcloud components repositories add ${u}`, out, 'code');
    return;
  }
  if (name === 'gcloud' && ops[0] === 'config' && ops[1] === 'set' && ops.length >= 4)
    gcloudSetting(ops[2] ?? '', ops[3] ?? '', 'gcloud config set', out);
  else if (name === 'aws' && ops[0] === 'configure' && ops[1] === 'set' && ops.length >= 4)
    awsSetting(ops[2] ?? '', ops[3] ?? '', 'aws configure set', out);
  else if (name === 'az' && ops[0] === 'cloud' && (ops[1] === 'register' || ops[1] === 'update')) {
    // `az cloud register --endpoint-*`: where every later az call sends its tokens
    for (const w of words.filter((x) => /^--(?:endpoint|suffix)-/.test(x.split('=')[0] ?? ''))) {
      const v = w.includes('=') ? w.slice(w.indexOf('=') + 1) : (words[words.indexOf(w) + 1] ?? '');
      const host = sourceHost(v);
      if (
        host &&
        !/(?:^|\.)(?:azure\.com|azure\.net|windows\.net|microsoft\.com|microsoftonline\.com|azure\.cn|chinacloudapi\.cn|usgovcloudapi\.net|azure\.us|microsoftonline\.us)$/.test(
          host,
        ) &&
        !localOrInternal(host)
      )
        out.push(
          cmd(`setting-reroutes az cloud ${host}`, `az cloud ${ops[1]} sends az's requests and tokens to ${host}`),
        );
    }
  } else if ((name === 'kubectl' || name === 'oc') && ops[0] === 'config') {
    const exec = option(words, '--exec-command');
    if (ops[1] === 'set-credentials' && exec) {
      if (tuckedAway(exec))
        out.push({
          tool: 'startup',
          command: `startup-program ${exec} kubeconfig`,
          via: `kubectl config set-credentials makes every kubectl call run ${exec}, from a hidden or temporary place`,
        });
      else if (!KNOWN_CREDENTIAL_PROGRAMS.test(basename(exec)))
        out.push(
          cmd(
            `setting-program kubectl exec-command ${exec}`,
            `kubectl config set-credentials makes every kubectl call run ${exec} for its credentials`,
          ),
        );
    }
    if (
      ops[1] === 'set-cluster' &&
      TRUE.test(
        option(words, '--insecure-skip-tls-verify') ?? (words.includes('--insecure-skip-tls-verify') ? 'true' : ''),
      )
    )
      out.push(
        cmd(
          'setting-tls-off kubectl insecure-skip-tls-verify',
          'kubectl config set-cluster switches off certificate checks',
        ),
      );
  } else if (/^(?:npm|pnpm|yarn)$/.test(name) && ops[0] === 'config' && ops[1] === 'set') {
    // `npm config set K=V` is `npm config set K V`: read in one spelling by the package-sources rules
    const at = words.indexOf('set');
    const key = words[at + 1] ?? '';
    const eq = key.indexOf('=');
    const [k, v] = eq > 0 ? [key.slice(0, eq), key.slice(eq + 1)] : [key, words[at + 2] ?? ''];
    const loads = k === 'node-options' && /(?:^|\s)(?:--require|-r|--import|--loader|--experimental-loader)\b/.test(v);
    if (v && (loads || (eq > 0 && NPM_CODE_KEYS.test(k))))
      out.push({ tool: 'exec', command: `npm config set ${k} ${v}`, via: `${name} config set ${k}` });
  }
}
