// Content fetched from the network reaching execution, by any route through one command line:
// piped into a shell or an interpreter, saved and then run (directly, through an interpreter, a
// package installer, `source`, LD_PRELOAD, `open`), saved or unpacked into a place that runs
// (a directory on PATH, node_modules/.bin, git hooks), cloned and then built or installed, or
// handed to a tool that applies or runs what it fetches (`kubectl apply -f URL`,
// `helm install NAME URL`, `nix-shell URL`). Each route is one reading, decided by who serves the
// code: a `dependency` sentence
//   runs-untrusted URL     code from a host that is no vendor's (or a raw address)   deny
//   runs-third-party URL   a vendor's installer, or a repository on a code host       ask
import { scriptedMailAttachments } from './personal-docs.js';
import { personalValue, personalValueSent, scriptedSendText } from './personal-values.js';
import { outboundSecret } from './outbound-secrets.js';
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import { echoText, simpleCommands, type SimpleCommand } from './walk.js';
import { dependency, isVendorUrl } from './supply.js';
import { hostClass, sourceFindings, sourceHost, thirdPartyCodeUrl } from './sources.js';
import { isKnownRegistry, supplyData } from './supply-data.js';
import { argvOption } from './operands.js';
import { buildsFromStdin, installedOperands } from './code-installers.js';
import { inlineRunFiles } from './inline-file-runs.js';
import { DEVICE_LOADERS, loadedFiles, loaderName } from './file-loaders.js';
import { isAppCodeDir } from './app-code-dirs.js';
import { isOrgSourceName } from './org-names.js';

/** Shells and interpreters that run what they read on standard input. */
const STDIN_RUNNERS =
  /^(?:sh|bash|zsh|dash|ash|ksh|mksh|fish|tcsh|csh|python[0-9.]*|pypy[0-9]*|node|nodejs|deno|bun|perl|ruby|php[0-9.]*|lua[0-9.]*|luajit|rscript|pwsh|powershell|osascript|tclsh|wish|jshell|groovy|iex|julia|nu|xonsh|elvish|guile|racket|bb|elixir|cmd(?:\.exe)?)$/i;
/** Programs that pass their input through (the stream still reaches whatever follows). */
const FILTERS =
  /^(?:tee|cat|base64|gunzip|gzip|zcat|xz|unxz|bzip2|bunzip2|zstd|xxd|tr|rev|sed|openssl|gpg|dd|head|tail)$/;
/** Programs that run a file given as their first operand. */
const FILE_RUNNERS =
  /^(?:sh|bash|zsh|dash|ash|ksh|fish|python[0-9.]*|node|deno|bun|perl|ruby|php|lua|rscript|pwsh|powershell|osascript|source|\.|java|cscript|wscript|mshta|msiexec|rundll32|regsvr32|start|open|installer|dpkg|rpm|apt|apt-get|dnf|yum|zypper|pip[0-9.]*|npm|gem|hdiutil|xdg-open|exec|chrome|appimagetool|make|cmake)$/i;
/** Directories whose files run as commands, or run by themselves (hooks, autostart). */
const RUN_PLACES =
  /(?:^|\/)(?:\.local\/bin|bin|sbin|node_modules\/\.bin|\.git\/hooks|\.husky|profile\.d|autostart|LaunchAgents|LaunchDaemons|Startup|init\.d|cron\.[a-z]+)(?:\/|$)|^\/usr\/local\/[^/]+$/;
/**
 * Folders whose files a program loads and runs by itself when it starts: Airflow's dags and
 * plugins folders (the scheduler imports every module there; Airflow docs, "Plugins"), IPython
 * profile start-up scripts, Spark's jars (on every job's classpath), Kafka Connect's plugin.path
 * folders (confluent-hub-components, connect-plugins), Jenkins' plugins and init.groovy.d, Grafana's plugins, Flink's lib, Trino's and
 * Presto's plugin folders, Terraform's local provider mirror, Helm's plugins, Oh My Zsh's custom
 * folder, Vim's and Neovim's plugin and pack/*​/start folders.
 */
const AUTOLOAD_PLACES =
  /(?:^|\/)(?:airflow[^/]*|\$\{?AIRFLOW_HOME\}?)\/(?:dags|plugins)\/|\/\.ipython\/profile_[^/]+\/startup\/|(?:^|\/)(?:spark[^/]*|\$\{?SPARK_HOME\}?)\/jars\/|\/confluent-hub-components\/|(?:^|\/)connect-plugins\/|(?:^|\/)(?:jenkins[^/]*|\$\{?JENKINS_HOME\}?)\/(?:plugins|init\.groovy\.d)\/|(?:^|\/)grafana\/plugins\/|(?:^|\/)(?:flink[^/]*|\$\{?FLINK_HOME\}?)\/lib\/|(?:^|\/)(?:trino|presto)[^/]*\/plugin\/|\/\.terraform\.d\/plugins\/|\/helm\/plugins\/|\/\.oh-my-zsh\/custom\/|\/\.tmux\/plugins\/|\/\.config\/fish\/(?:conf\.d|functions)\/|\/\.vim\/(?:plugin|pack\/[^/]+\/start)\/|\/nvim\/(?:(?:site\/)?(?:after\/)?plugin|site\/pack\/[^/]+\/start)\/|\/\.config\/nvim\/pack\/[^/]+\/start\//i;
/**
 * Files a project's own tools load and run by themselves, with no one naming them: Rails boots
 * every config/initializers/*.rb and rake loads every lib/tasks/*.rake (Rails guides, "The Rails
 * Initialization Process", "Custom Rake Tasks"); pytest imports every conftest.py it passes
 * (pytest docs, "conftest.py: local per-directory plugins"); Python runs the import lines of
 * every .pth file in site-packages and sitecustomize/usercustomize at each start (docs.python.org,
 * "site"); WordPress loads every file in wp-content/mu-plugins on every request (WordPress
 * developer docs, "Must Use Plugins"); Gradle runs every script in ~/.gradle/init.d before each
 * build (Gradle docs, "Initialization Scripts"); Ansible loads the modules and plugins in the
 * playbook's library/ and *_plugins/ folders (Ansible docs, "Adding modules and plugins locally").
 */
const PROJECT_AUTOLOAD =
  /(?:^|\/)config\/initializers\/[^/]+\.rb$|(?:^|\/)lib\/tasks\/[^/]+\.rake$|(?:^|\/)conftest\.py$|(?:site|dist)-packages\/[^/]+\.pth$|(?:^|\/)(?:site|user)customize\.py$|(?:^|\/)wp-content\/mu-plugins\/|(?:^|\/)\.gradle\/init\.d\/|(?:^|\/)(?:library|module_utils|(?:action|callback|connection|filter|inventory|lookup|strategy|test|vars)_plugins)\/[^/]+\.py$/;

/**
 * Server-side scripts inside a folder a web server serves: PHP, JSP, ASP.NET and CGI files there
 * run on the next request to their URL (a downloaded web shell dropped into public_html or
 * wp-includes). The webroot names are the defaults of Apache, nginx, IIS, cPanel/Plesk hosting,
 * Laravel/Symfony (public/), Drupal (web/) and WordPress's own folders.
 */
const WEB_SCRIPT =
  /(?:^|\/)(?:public_html|htdocs|httpdocs|www|wwwroot|html|public|web|webroot|cgi-bin|wp-content|wp-includes|wp-admin)\/(?:[^/]+\/)*[^/]+\.(?:php\d?|phtml|phar|inc|jspx?|aspx?|ashx|asmx|cgi)$/i;

/**
 * A place whose files run as commands, or are loaded by a program on its own. Into a folder a
 * program loads, a file from a package registry (a JDBC driver from Maven Central into Spark's
 * jars) or a vendor's own URL is how those tools are extended: only other servers count there.
 */
function runsThere(path: string, url?: string): boolean {
  const p = path.replace(/\\/g, '/');
  if (RUN_PLACES.test(p) || WEB_SCRIPT.test(p)) return true;
  if (!AUTOLOAD_PLACES.test(p) && !PROJECT_AUTOLOAD.test(p) && !isAppCodeDir(p)) return false;
  const host = url ? sourceHost(url) : undefined;
  // a code host is a registry for its owners' releases, not for a repository of an owner no
  // catalogue knows (github.com/ANYONE/x/releases/download/v1/lib.so into a plugins folder)
  return !url || !host || thirdPartyCodeUrl(url) || !(isKnownRegistry(host) || isVendorUrl(url));
}

/**
 * Files a Python one-liner unpickles: pickle/dill/cloudpickle.load(open(F)), joblib.load(F),
 * pandas.read_pickle(F), torch.load(F, weights_only=False), numpy.load(F, allow_pickle=True).
 */
function unpickledFiles(name: string, a: string[]): string[] {
  if (!/^python[0-9.]*$/.test(name)) return [];
  const code = a[a.indexOf('-c') + 1];
  if (!a.includes('-c') || !code) return [];
  const out: string[] = [];
  const q = `["']([^"']+)["']`;
  for (const re of [
    new RegExp(`\\b(?:pickle|dill|cloudpickle|cPickle)\\.load\\(\\s*open\\(\\s*${q}`, 'g'),
    new RegExp(`\\b(?:joblib\\.load|read_pickle)\\(\\s*${q}`, 'g'),
    new RegExp(`\\btorch\\.load\\(\\s*${q}[^)]*weights_only\\s*=\\s*False`, 'g'),
    new RegExp(`\\b(?:np|numpy)\\.load\\(\\s*${q}[^)]*allow_pickle\\s*=\\s*True`, 'g'),
  ])
    for (const m of code.matchAll(re)) if (m[1]) out.push(m[1]);
  return out;
}

/** Archive extractors. */ /** Archive extractors. */
const EXTRACTORS = /^(?:tar|bsdtar|unzip|7z|7za|unrar|cpio|gunzip|jar)$/;

/** How far the server of `url` is trusted to supply code that runs here. */
function runFinding(url: string, via: string): Effect {
  const host = sourceHost(url) ?? '';
  const vendor = isVendorUrl(/^[a-z]+:\/\//i.test(url) ? url : `https://${url}`);
  const cls = host ? hostClass(host) : 'unknown';
  const third = vendor || cls === 'known' || (cls === 'official' && !/githubusercontent|gist\./.test(host));
  return dependency([third ? 'runs-third-party' : 'runs-untrusted', url], `${via} (runs code from ${host || url})`);
}

/**
 * A download saved into a place that runs. Into a project's own autoloaded files (an initializer,
 * a rake task, a conftest.py) a file from a repository on a code host is how snippets are copied
 * from projects: a human confirms it; any other server is still untrusted.
 */
function placeFinding(url: string, path: string, via: string): Effect {
  const f = runFinding(url, via);
  const p = path.replace(/\\/g, '/');
  if (
    f.command?.startsWith('runs-untrusted ') &&
    PROJECT_AUTOLOAD.test(p) &&
    !RUN_PLACES.test(p) &&
    /^(?:raw\.githubusercontent\.com|gist\.githubusercontent\.com|github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)$/.test(
      sourceHost(url) ?? '',
    )
  )
    return dependency(['runs-third-party', url], f.via ?? via);
  return f;
}

interface Download {
  urls: string[];
  /** Files written; '-' when the body goes to standard output. */
  outputs: string[];
}

const URLISH = /^(?:https?|ftp):\/\/\S+$/i;

function urlBase(url: string): string {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  return path.split('/').filter(Boolean).pop() ?? 'index.html';
}

/** A bare host[/path] operand of a downloader (curl evil.example/x). */
function urlOperand(w: string): string | undefined {
  if (URLISH.test(w)) return w;
  if (w.startsWith('-') || w.startsWith('/') || w.startsWith('.') || w.includes('$')) return undefined;
  return sourceHost(w) ? `http://${w}` : undefined;
}

/** Downloaders: what they fetch and where the body goes. */
function download(c: SimpleCommand): Download | undefined {
  const a = c.argv;
  const name = basename(a[0] ?? '')
    .toLowerCase()
    .replace(/\.exe$/, '');
  const urls: string[] = [];
  const outputs: string[] = [];
  const val = (i: number) => a[i + 1] ?? '';
  if (
    name === 'curl' ||
    name === 'wget' ||
    name === 'aria2c' ||
    name === 'fetch' ||
    name === 'http' ||
    name === 'https'
  ) {
    let remoteName = name === 'wget' || name === 'aria2c';
    let dir = '';
    const takes =
      /^(?:-H|--header|-d|--data\S*|-X|--request|-u|--user|-A|--user-agent|-e|--referer|-x|--proxy|-b|--cookie|-c|--cookie-jar|-w|--write-out|-m|--max-time|--retry|--connect-timeout|-T|--upload-file|-F|--form|-K|--config|-r|--range|--resolve|--cacert|--cert|--key|-E|-U|-t|--tries|-T|--timeout|--header|--post-data|--user-agent|--load-cookies|--save-cookies)$/;
    for (let i = 1; i < a.length; i++) {
      const w = a[i] ?? '';
      const attached = /^-[a-zA-Z]*([oO])(.+)$/.exec(w);
      if (w === '-o' || w === '--output' || (name === 'wget' && (w === '-O' || w === '--output-document'))) {
        if (!(name === 'wget' && w === '-o')) outputs.push(val(i));
        i++;
        remoteName = false;
      } else if (name === 'wget' && attached?.[1] === 'O' && attached[2]) {
        outputs.push(attached[2]);
        remoteName = false;
      } else if (name !== 'wget' && attached?.[1] === 'o' && attached[2] && !w.startsWith('--')) {
        outputs.push(attached[2]);
        remoteName = false;
      } else if (/^-[a-zA-Z]*O[a-zA-Z]*$/.test(w) && name === 'curl') remoteName = true;
      else if (name === 'wget' && /^-[a-zA-Z]*O$/.test(w)) {
        outputs.push(val(i));
        i++;
        remoteName = false;
      } else if (name === 'curl' && /^-[a-zA-Z]*o$/.test(w)) {
        outputs.push(val(i));
        i++;
        remoteName = false;
      } else if (w === '--remote-name' || w === '--remote-name-all') remoteName = true;
      else if (w === '-P' || w === '--directory-prefix' || w === '--output-dir' || (name === 'aria2c' && w === '-d')) {
        dir = val(i);
        i++;
      } else if (w === '--url') {
        urls.push(val(i));
        i++;
      } else if (takes.test(w)) i++;
      else if (!w.startsWith('-')) {
        const u = urlOperand(w);
        if (u) urls.push(u);
      }
    }
    if (!urls.length) return undefined;
    for (const r of c.redirs) if (r.op.startsWith('>') && (r.fd === '1' || r.fd === 'all')) outputs.push(r.target);
    if (remoteName && !outputs.length) for (const u of urls) outputs.push(dir ? `${dir}/${urlBase(u)}` : urlBase(u));
    if (name === 'curl' && !outputs.length) outputs.push('-');
    if ((name === 'http' || name === 'https') && !outputs.length) outputs.push('-');
    return { urls, outputs: outputs.map((o) => (o === '-' ? '-' : o)) };
  }
  if (name === 'wget2') return download({ ...c, argv: ['wget', ...a.slice(1)] });
  const more = otherDownload(name, a) ?? transferDownload(name, c);
  if (more) return more;
  if (name === 'certutil' && a.some((w) => /^[-/]urlcache$/i.test(w))) {
    const ops = a.slice(1).filter((w) => !/^[-/]/.test(w));
    const u = ops.find((w) => URLISH.test(w));
    if (!u) return undefined;
    const rest = ops.slice(ops.indexOf(u) + 1);
    return { urls: [u], outputs: [rest[0] ?? urlBase(u)] };
  }
  if (name === 'bitsadmin' || /^start-bitstransfer$/i.test(name)) {
    const u = a.find((w) => URLISH.test(w));
    if (!u) return undefined;
    const after = a.slice(a.indexOf(u) + 1).filter((w) => !w.startsWith('-'));
    return { urls: [u], outputs: [after[0] ?? urlBase(u)] };
  }
  if (/^(?:invoke-webrequest|iwr|invoke-restmethod|irm)$/i.test(name)) {
    let out = '-';
    for (let i = 1; i < a.length; i++) {
      const w = a[i] ?? '';
      if (/^-(?:outfile|o)$/i.test(w)) out = val(i);
      else if (/^-uri$/i.test(w)) urls.push(val(i));
      else if (URLISH.test(w)) urls.push(w);
    }
    return urls.length ? { urls, outputs: [out] } : undefined;
  }
  return undefined;
}

/**
 * Downloaders beyond curl and wget: axel (-o FILE), lwp-download (URL [FILE]), GET/lwp-request
 * (to standard output), wget2 (wget's options), and copies from another machine (scp/rsync
 * HOST:PATH LOCAL, rsync://HOST/...), whose file is as much a download as one fetched over HTTP.
 */
function otherDownload(name: string, a: string[]): Download | undefined {
  const ops = a.slice(1).filter((w) => !w.startsWith('-'));
  if (INLINE_CODE_RUNNERS.test(name)) return codeDownload(a);
  if (name === 'axel') {
    const u = a.find((w) => URLISH.test(w));
    if (!u) return undefined;
    const o = a.findIndex((w) => w === '-o' || w === '--output');
    const attached = a.find((w) => w.startsWith('--output='))?.slice(9);
    return { urls: [u], outputs: [attached ?? (o > 0 ? (a[o + 1] ?? urlBase(u)) : urlBase(u))] };
  }
  if (name === 'lwp-download') {
    const u = ops.find((w) => URLISH.test(w));
    if (!u) return undefined;
    return { urls: [u], outputs: [ops[ops.indexOf(u) + 1] ?? urlBase(u)] };
  }
  // lftp -c 'get URL -o FILE' / lftp -e 'get URL; bye' (its own command language, one string)
  if (name === 'lftp') {
    const script = a.filter((_, i) => a[i - 1] === '-c' || a[i - 1] === '-e').join(';');
    const m = /\b(?:get|pget)\s+(?:-\w+\s+)*((?:https?|ftp):\/\/\S+?)(?:\s+-o\s+([^\s;]+))?(?=[\s;]|$)/.exec(script);
    return m?.[1] ? { urls: [m[1]], outputs: [m[2] ?? urlBase(m[1])] } : undefined;
  }
  if (name === 'lwp-request' || name === 'get') {
    const u = ops.find((w) => URLISH.test(w));
    return u ? { urls: [u], outputs: ['-'] } : undefined;
  }
  if (name === 'scp' || name === 'rsync' || name === 'sftp') {
    const plain = a.slice(1).filter((w) => !w.startsWith('-'));
    if (plain.length < 2) return undefined;
    const dest = plain[plain.length - 1] ?? '';
    const srcs = plain.slice(0, -1);
    if (/^[^/\s]*:/.test(dest) && !/^[A-Za-z]:[\\/]/.test(dest)) return undefined; // an upload
    const urls: string[] = [];
    for (const w of srcs) {
      const m = /^rsync:\/\/([^/]+)(\/.*)?$/.exec(w) ?? /^(?:[\w.-]+@)?([\w.-]+):(.*)$/.exec(w);
      if (m?.[1] && !/^(?:localhost|127\.0\.0\.1)$/.test(m[1]))
        urls.push(`http://${m[1]}/${(m[2] ?? '').replace(/^\//, '')}`);
    }
    if (!urls.length) return undefined;
    const base = (urls[0] ?? '').split('/').pop() ?? '';
    const out = dest.endsWith('/') || dest === '.' ? `${dest.replace(/\/?$/, '/')}${base}` : dest;
    return { urls, outputs: [out] };
  }
  return undefined;
}

/** `get REMOTE [LOCAL]` commands of a transfer program's own command language (ftp, tftp, smbclient, sftp batch, lftp). */
const GET_COMMAND =
  /(?:^|[;\n])\s*(?:get|recv|pget|mget)\s+(?:-\w+\s+)*("[^"]+"|\S+)(?:\s+(?:-o\s+)?("[^"]+"|[^\s;]+))?/g;

/**
 * Files pulled from another machine by the transfer programs that are not web clients: tftp (`tftp
 * HOST -c get F [LOCAL]`, busybox `tftp -g -r F -l LOCAL HOST`), ftp and sftp scripts on standard
 * input or given with -c/-e (`get F LOCAL`), BSD ftp's URL autofetch (`ftp -o LOCAL URL`),
 * smbclient `//HOST/SHARE -c 'get F LOCAL'`, lftp's `open HOST; get F -o LOCAL`, and a raw socket
 * read into a file (`nc HOST PORT > F`). Whoever answers on that host chose the file's content,
 * as with a download over HTTP (tftp(1), ftp(1), smbclient(1), lftp(1), nc(1)).
 */
function transferDownload(name: string, c: SimpleCommand): Download | undefined {
  const a = c.argv;
  const ops = a.slice(1).filter((w, i) => !w.startsWith('-') && !/^-[celrp]$/.test(a[i] ?? ''));
  const unq = (w: string) => w.replace(/^"|"$/g, '');
  const gets = (script: string, host: string): Download | undefined => {
    const urls: string[] = [];
    const outputs: string[] = [];
    for (const m of script.matchAll(GET_COMMAND)) {
      const remote = unq(m[1] ?? '');
      if (!remote) continue;
      urls.push(/^[a-z]+:\/\//i.test(remote) ? remote : `ftp://${host}/${remote.replace(/^\/+/, '')}`);
      outputs.push(unq(m[2] ?? '') || (remote.split(/[\\/]/).pop() ?? remote));
    }
    return urls.length ? { urls, outputs } : undefined;
  };
  const optValue = (...flags: string[]) => a.find((_, i) => flags.includes(a[i - 1] ?? '')) ?? '';
  if (name === 'tftp') {
    const host = ops.find((w) => sourceHost(w)) ?? ops[0] ?? '';
    if (a.includes('-g') && a.includes('-r')) {
      const remote = optValue('-r');
      return { urls: [`tftp://${host}/${remote}`], outputs: [optValue('-l') || remote] };
    }
    const script = a.includes('-c') ? a.slice(a.indexOf('-c') + 1).join(' ') : (c.stdin ?? '');
    const d = gets(script.replace(/^\s*(?=get\b)/, ''), host);
    return d ? { urls: d.urls.map((u) => u.replace(/^ftp:/, 'tftp:')), outputs: d.outputs } : undefined;
  }
  if (name === 'ftp' || name === 'sftp' || name === 'smbclient' || name === 'lftp') {
    const url = a.find((w) => /^(?:ftp|https?|sftp):\/\//i.test(w));
    if (name === 'ftp' && url) return { urls: [url], outputs: [optValue('-o') || urlBase(url)] };
    const script = [optValue('-c', '--command', '-e'), c.stdin ?? ''].join('\n');
    const open = /\bopen\s+(?:-\w+\s+\S+\s+)*((?:[a-z]+:\/\/)?[^\s;]+)/.exec(script)?.[1];
    const target = open ?? ops.find((w) => /^\/\/|@|^[\w.-]+\.[a-z]{2,}$|^\d+\.\d+\.\d+\.\d+$/i.test(w)) ?? '';
    const host = sourceHost(target.replace(/^\/\//, 'smb://').replace(/^[\w.-]+@/, '')) ?? '';
    return host ? gets(script, host) : undefined;
  }
  if (/^(?:nc|ncat|netcat|telnet)$/.test(name)) {
    const out = c.redirs.find((r) => r.op.startsWith('>') && (r.fd === '1' || r.fd === 'all'))?.target;
    const host = ops.find((w) => sourceHost(w));
    return out && host && !a.some((w) => /^-[a-z]*l/.test(w))
      ? { urls: [`tcp://${host}/`], outputs: [out] }
      : undefined;
  }
  return undefined;
}

/** Interpreters whose one-liners (-c, -e, -r) may save a URL's body to a file. */
const INLINE_CODE_RUNNERS =
  /^(?:python[0-9.]*|pypy[0-9]*|node|nodejs|ruby|perl|php[0-9.]*|rscript|r|julia|pwsh|powershell|blender|freecadcmd)$/;

/**
 * The two-argument download calls of the standard libraries (python urlretrieve, R download.file,
 * julia download, ruby/node download helpers, PowerShell's WebClient.DownloadFile): the file the
 * one-liner saves is a download like curl -o's, and running it afterwards runs fetched code.
 */
const SAVE_CALL =
  /\b(?:urlretrieve|wget\.download|download\.file|Downloads\.download|download|DownloadFile|download_file|copy|getstore|mirror)\s*\(\s*['"]((?:https?|ftp):\/\/[^'"\s]+)['"]\s*,\s*(?:destfile\s*=\s*|out\s*=\s*)?['"]([^'"]+)['"]/g;

/** A file written with a URL's body (`File.write(F, URI.open(U).read)`, `file_put_contents(F, file_get_contents(U))`). */
const WRITE_OF_FETCH =
  /\b(?:File\.write|IO\.write|File\.binwrite|file_put_contents|writeFileSync|write_bytes|write_text|Set-Content|Out-File)\s*\(?\s*['"]([^'"]+)['"]\s*,[^;\n]*?((?:https?|ftp):\/\/[^'"\s)]+)/g;

function codeDownload(a: string[]): Download | undefined {
  const urls: string[] = [];
  const outputs: string[] = [];
  for (const w of a.slice(1)) {
    for (const m of w.matchAll(SAVE_CALL))
      if (m[1] && m[2]) {
        urls.push(m[1]);
        outputs.push(m[2]);
      }
    for (const m of w.matchAll(WRITE_OF_FETCH))
      if (m[1] && m[2]) {
        urls.push(m[2]);
        outputs.push(m[1]);
      }
  }
  return urls.length ? { urls, outputs } : undefined;
}

/** A path as written, compared loosely (./x, .\x, "x" and x are the same file). */
function key(p: string): string {
  return p
    .replace(/\\/g, '/')
    .replace(/^\.\/+|^\.(?=[^./])/, '')
    .replace(/^~\//, '$HOME/')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/**
 * The download an extractor's archive operand names: the saved path itself, or a glob the shell
 * expands to it (`unzip tool-*.zip` after `wget .../tool-1.2_latest.zip`).
 */
function savedArchive(files: Map<string, string>, archive: string): string | undefined {
  const k = key(archive);
  const direct = files.get(k);
  if (direct !== undefined || !/[*?]/.test(k)) return direct;
  const glob = new RegExp(
    `^${k
      .split('')
      .map((ch) => (ch === '*' ? '[^/]*' : ch === '?' ? '[^/]' : ch.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  );
  for (const [saved, url] of files) if (glob.test(saved) || glob.test(saved.split('/').pop() ?? saved)) return url;
  return undefined;
}

/** tar/unzip: the archive read (or stdin) and the directory it unpacks into. */
function extraction(a: string[]): { archive?: string; dir: string } | undefined {
  const name = basename(a[0] ?? '');
  if (!EXTRACTORS.test(name)) return undefined;
  if (
    (name === 'tar' || name === 'bsdtar') &&
    !a.slice(1).some((w) => /^-?[a-zA-Z]*x/.test(w) || w === '--extract' || w === '--get')
  )
    return undefined;
  let dir = '.';
  let archive: string | undefined;
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (
      w === '-C' ||
      w === '--directory' ||
      (name === 'unzip' && w === '-d') ||
      (name.startsWith('7z') && w.startsWith('-o'))
    ) {
      dir = w.startsWith('-o') && w.length > 2 ? w.slice(2) : (a[++i] ?? dir);
    } else if (w.startsWith('--directory=')) dir = w.slice(12);
    else if (/^-?[a-zA-Z]*f$/.test(w) && (name === 'tar' || name === 'bsdtar')) archive = a[++i];
    else if (!w.startsWith('-') && archive === undefined && name !== 'tar') archive = w;
  }
  return archive === undefined ? { dir } : { archive, dir };
}

/** The file a command runs: itself, or the first operand of a shell, an interpreter or an installer. */
export function runsFiles(a: string[]): string[] {
  const name = basename(a[0] ?? '').toLowerCase();
  const out = [a[0] ?? ''];
  const opened = openedFile(name, a);
  if (opened) return [...out, opened];
  // a plugin, theme or package installer given a file (wp plugin install /tmp/x.zip)
  const installed = installedOperands(a);
  if (installed.length) return [...out, ...installed];
  // a q script (file-loaders.ts; device loaders are read in deviceLoads)
  const loaded = DEVICE_LOADERS.test(loaderName(a[0] ?? '')) ? [] : loadedFiles(a);
  if (loaded.length) return [...out, ...loaded];
  if (FILE_RUNNERS.test(name) || /^python/.test(name)) {
    for (let i = 1; i < a.length; i++) {
      const w = a[i] ?? '';
      if (/^-(?:file|f)$/i.test(w) && /pwsh|powershell/.test(name)) return [...out, a[i + 1] ?? ''];
      // open -a APP FILE, open -b BUNDLE FILE: the application is a value, the file is what opens
      if (name === 'open' && /^-[ab]$/.test(w)) {
        i++;
        continue;
      }
      if (w === '-c' || w === '-e' || w === '-m' || w === '-r') return out;
      if (/^\/(?:i|a|x|package)$/i.test(w)) out.push(a[++i] ?? '');
      else if (/^\/[a-z]+$/i.test(w)) continue;
      else if (!w.startsWith('-') && !/^(?:install|localinstall|reinstall|upgrade|i|add|run|attach)$/.test(w)) {
        out.push(w);
        // cmd's `start "TITLE" PROG`: the first quoted operand is the window's title, the program follows
        if (!/^(?:msiexec|rpm|dpkg|apt|apt-get|dnf|yum|zypper|pip|npm|gem|start$)/.test(name)) break;
      }
    }
  }
  return out;
}

/** PowerShell options that take a value (the file run is the first other word, or -File's value). */
const PS_VALUE =
  /^-(?:executionpolicy|ep|exec|windowstyle|w|version|v|inputformat|outputformat|of|configurationname|workingdirectory|wd|settingsfile|custompipename|encodedarguments)$/i;

/**
 * The file a program opens and runs that the simple operand rule misses: PowerShell's script
 * after its options (`-ExecutionPolicy Bypass -File x.ps1`), Start-Process/Invoke-Item/`&` of a
 * path, an editor extension installed from a .vsix, a kernel module loaded, a Deno program
 * compiled and an Office/Java archive handed to its runner.
 */
function openedFile(name: string, a: string[]): string | undefined {
  if (/^(?:pwsh|powershell)(?:\.exe)?$/.test(name)) {
    for (let i = 1; i < a.length; i++) {
      const w = a[i] ?? '';
      if (/^-(?:file|f)$/i.test(w)) return a[i + 1];
      if (/^-(?:c|command|e|encodedcommand|ec)$/i.test(w)) return undefined;
      if (PS_VALUE.test(w)) i++;
      else if (!w.startsWith('-')) return w;
    }
    return undefined;
  }
  if (/^(?:start-process|saps|invoke-item|ii|&)$/.test(name)) {
    for (let i = 1; i < a.length; i++) {
      const w = a[i] ?? '';
      if (/^-(?:filepath|path)$/i.test(w)) return a[i + 1];
      if (/^-\w+$/.test(w)) {
        if (/^-(?:argumentlist|workingdirectory|verb|windowstyle)$/i.test(w)) i++;
        continue;
      }
      return w;
    }
    return undefined;
  }
  if (/^(?:code|code-insiders|codium|cursor|windsurf)$/.test(name)) {
    const i = a.indexOf('--install-extension');
    return i > 0 ? a[i + 1] : undefined;
  }
  if (name === 'insmod' || name === 'kldload') return a.slice(1).find((w) => !w.startsWith('-'));
  return notebookRun(name, a);
}

/**
 * A notebook whose code cells run: `jupyter nbconvert --execute NB` and `jupyter execute NB`
 * (nbconvert and nbclient docs), `papermill IN OUT` (papermill runs the input notebook),
 * `jupytext --execute NB`, `ipython NB.ipynb|script.py`. Converting without --execute only reads.
 */
function notebookRun(name: string, a: string[]): string | undefined {
  const ops = a.slice(1).filter((w) => !w.startsWith('-'));
  if (name === 'jupyter' || /^jupyter-/.test(name)) {
    const sub = name === 'jupyter' ? ops[0] : name.slice(8);
    const files = name === 'jupyter' ? ops.slice(1) : ops;
    if (sub === 'execute' || ((sub === 'nbconvert' || sub === 'nbclient') && a.includes('--execute')))
      return files.find((w) => /\.(?:ipynb|py|md)$/i.test(w));
    return undefined;
  }
  if (name === 'papermill' || name === 'ipython' || name === 'ipython3') return ops[0];
  if (name === 'jupytext' && a.includes('--execute')) return ops.find((w) => /\.(?:ipynb|py|md)$/i.test(w));
  return undefined;
}

/** The `$(...)` and backtick substitutions in a word, innermost text of each. */
function substitutions(word: string): string[] {
  const out: string[] = [];
  for (let i = word.indexOf('$('); i >= 0; i = word.indexOf('$(', i + 2)) {
    let depth = 0;
    for (let j = i + 1; j < word.length; j++) {
      if (word[j] === '(') depth++;
      else if (word[j] === ')' && --depth === 0) {
        out.push(word.slice(i + 2, j));
        break;
      }
    }
  }
  for (const m of word.matchAll(/`([^`]+)`/g)) if (m[1]) out.push(m[1]);
  return out;
}

/**
 * A word whose value a command substitution prints after downloading to a file
 * (`java -cp "$(curl -o /tmp/a.jar URL && echo /tmp/a.jar)" Main`,
 * `LD_PRELOAD=$(curl -so /tmp/l.so URL && echo /tmp/l.so) ls`): the word is that file, and the
 * file holds what the URL served. Each download inside is recorded in `files`.
 */
function substitutedFile(word: string, files: Map<string, string>): string | undefined {
  if (!word.includes('$(') && !word.includes('`')) return undefined;
  for (const inner of substitutions(word)) {
    const cmds = simpleCommands(inner);
    let saved: string | undefined;
    for (const c of cmds) {
      const d = download(c);
      for (const o of d?.outputs ?? [])
        if (o !== '-') {
          files.set(key(o), d?.urls[0] ?? '');
          saved = o;
        }
    }
    if (!saved) continue;
    const printed = cmds.map((c) => echoText(c.argv)?.trim()).find((t) => t && files.has(key(t)));
    return printed ?? saved;
  }
  return undefined;
}

/** The program's words with each download-printing substitution read as the file it saved. */
function resolvedArgv(a: string[], files: Map<string, string>): string[] {
  return a.map((w) => {
    const f = substitutedFile(w, files);
    if (!f) return w;
    // `-javaagent:$(...)`, `--class-path=$(...)`: keep the option's own spelling around the file
    const opt = /^(-[\w-]+[:=])/.exec(w)?.[1];
    return opt && !f.startsWith(opt) ? `${opt}${f}` : f;
  });
}

/** Files a JVM loads as code from its options: the class path, agents and native agents. */
export function jvmLoadedFiles(name: string, a: string[]): string[] {
  if (!/^(?:java|javaw|kotlin|scala|groovy|jshell)$/.test(name)) return [];
  const out: string[] = [];
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (/^(?:-cp|-classpath|--class-path|-jar)$/.test(w)) out.push(...(a[i + 1] ?? '').split(/[:;]/));
    const attached = /^(?:-javaagent:|-agentpath:|--class-path=)([^=]+?)(?:=.*)?$/.exec(w)?.[1];
    if (attached) out.push(...attached.split(/[:;]/));
  }
  return out.filter(Boolean);
}

/** What downloaded code reaches execution in one command line (the walked simple commands). */
/** `ruby -e "$(curl URL)"`, `eval "$(wget -qO- URL)"`: a download's output given as code. */
const CODE_FROM_DOWNLOAD =
  /(?:\s-[a-zA-Z]*[ceEr]|--eval|--command|\beval|\bexec|\biex|invoke-expression|\bsource|\s\.|&\s*\{)\s*["']?(?:\$\(|`)\s*(?:curl|wget|fetch|http|iwr|invoke-webrequest|invoke-restmethod|irm)(?:\.exe)?\s([^)`]*)/gi;

/**
 * The part of CODE_FROM_DOWNLOAD that starts with a literal (`$(` or a backtick), looked for
 * first: the whole pattern tries its options at every space of the line, which on a long line
 * that has no download substitution is most of the time this reading takes.
 */
const DOWNLOAD_SUBSTITUTION = /(?:\$\(|`)\s*(?:curl|wget|fetch|http|iwr|invoke-webrequest|invoke-restmethod|irm)/i;

const NO_FILES: readonly string[] = [];

/** Words without which no route here exists (a cheap first look). */
const HINT =
  /curl|wget|aria2c|fetch|lftp|tftp|\bftp\b|smbclient|\bnc\b|ncat|netcat|telnet|\bscp\b|\brsync\b|\bsftp\b|https?\b|iwr|invoke-|irm\b|certutil|bitsadmin|bitstransfer|git\b|\bgh\b|kubectl|helm|nix|\boc\b|osascript|chezmoi|yadm|\bflake\b|:\/\/|\\\\/i;

export function downloadExecEffects(cmds: SimpleCommand[], out: Effect[], line = ''): void {
  if (line && !HINT.test(line)) return;
  if ((line.includes('$(') || line.includes('`')) && DOWNLOAD_SUBSTITUTION.test(line))
    for (const m of line.matchAll(CODE_FROM_DOWNLOAD)) {
      const u = (m[1] ?? '')
        .split(/\s+/)
        .map(urlOperand)
        .find((x) => x !== undefined);
      if (u) out.push(runFinding(u, `runs what ${u} serves as code`));
    }
  // A UNC path as written (a POSIX reading of the line would take its backslashes as escapes)
  if (line.includes('\\\\'))
    for (const m of line.matchAll(UNC_RUN)) {
      const u = uncUrl(m[2] ?? '');
      if (u) out.push(runFinding(u.replace(/^smb:/, 'http:'), `${m[1] ?? ''} runs ${u}`));
    }
  // a program started from another organisation's share or a WebDAV folder: `start
  // \\\\host@SSL\\DavWWWRoot\\x.exe`, `\\\\files.example.net\\s\\setup.exe`, Start-Process, Invoke-Item
  if (line.includes('\\\\'))
    for (const m of line.matchAll(UNC_START)) {
      const w = (m[2] ?? '').replace(/^["']|["']$/g, '');
      const u = uncUrl(w);
      if (u && RUNNABLE.test(urlBase(u)) && foreignShare(w))
        out.push(
          runFinding(u.replace(/^smb:/, 'http:'), `${m[1] || 'the shell'} starts ${w}, a program on another machine`),
        );
    }
  const files = new Map<string, string>();
  const dirs = new Map<string, string>();
  let here: string | undefined; // the working directory holds code from this URL
  for (let i = 0; i < cmds.length; i++) {
    const raw = cmds[i];
    if (!raw) continue;
    const c: SimpleCommand = {
      ...raw,
      argv: resolvedArgv(raw.argv, files),
      assigns: raw.assigns.map((as) => ({ ...as, value: substitutedFile(as.value, files) ?? as.value })),
    };
    const a = c.argv;
    const name = basename(a[0] ?? '').toLowerCase();
    // PowerShell's WebClient.DownloadFile('URL', 'PATH') reaches here as the word URL,PATH
    const pair = /^((?:https?|ftp):\/\/[^,\s]+),\s*(\S.*)$/i.exec(a[0] ?? '');
    if (pair?.[1] && pair[2] && i > 0 && /downloadfile/i.test(cmds[i - 1]?.argv.join(' ') ?? '')) {
      files.set(key(pair[2]), pair[1]);
      if (runsThere(pair[2], pair[1])) out.push(placeFinding(pair[1], pair[2], `saves ${pair[2]}, a place that runs`));
      continue;
    }
    const d = download(c);
    if (d) {
      const url = d.urls[0] ?? '';
      for (const o of d.outputs) {
        if (o === '-') {
          if (c.pipedInto) here = consumer(cmds, i, url, out, files, dirs) ?? here;
          continue;
        }
        files.set(key(o), url);
        if (runsThere(o, url)) out.push(placeFinding(url, o, `saves ${o}, a place that runs`));
      }
      // a one-liner that saves a URL's body and then runs or loads the file it saved
      ranInline(name, a, files, out);
      continue;
    }
    // git clone URL [DIR], git submodule add URL [DIR]
    const verb = a.includes('clone') ? 'clone' : a.includes('submodule') && a.includes('add') ? 'add' : undefined;
    const cloned = name === 'git' && verb ? cloneOperands(a.slice(a.indexOf(verb) + 1)) : ghClone(name, a);
    if (cloned) {
      const url = cloned.url;
      const dir = cloned.dir ?? urlBase(url).replace(/\.git$/, '');
      dirs.set(key(dir), url);
      // cloned straight into a folder a shell, editor or tool loads by itself (an Oh My Zsh or
      // tmux plugin, a Vim pack): the repository's code runs at the next start, read as
      // code installed from that repository (an owner the catalogues know is the documented one)
      const into = `${dir.replace(/\\/g, '/').replace(/\/+$/, '')}/`;
      if (AUTOLOAD_PLACES.test(into))
        sourceFindings(
          'git',
          url,
          `${name} ${verb ?? 'clone'} puts ${url} into ${dir}, a place that runs`,
          out,
          'code',
        );
      continue;
    }
    if (name === 'git' && verb) continue;
    // gh release download -R OWNER/REPO [-D DIR | -O FILE]: another repository's release files
    // land in the working directory (or DIR, or FILE)
    const fetched = otherRepoFetch(c);
    if (fetched) {
      if (fetched.file) files.set(key(fetched.file), fetched.url);
      else if (fetched.dir) dirs.set(key(fetched.dir), fetched.url);
      else here = fetched.url;
      continue;
    }
    if (name === 'cd' || name === 'pushd') {
      here = dirs.get(key(a[1] ?? '')) ?? here;
      continue;
    }
    const x = extraction(a);
    if (x) {
      const from = x.archive !== undefined ? savedArchive(files, x.archive) : undefined;
      if (from) {
        if (runsThere(x.dir, from)) out.push(runFinding(from, `unpacks a download into ${x.dir}, a place that runs`));
        if (x.dir === '.') here = from;
        else dirs.set(key(x.dir), from);
      }
      continue;
    }
    // a tool told to load plugins, modules or libraries from a tree cloned or unpacked earlier in
    // the line (`vol -p /tmp/vp`, `--plugin-dir DIR`, `PYTHONPATH=DIR tool`): the tree's code runs
    if (dirs.size && !FILE_TOOLS.test(name)) {
      const loaded = loadedTree(c, dirs);
      if (loaded) out.push(runFinding(loaded.url, `${name} loads code from ${loaded.dir}, cloned`));
    }
    // LD_PRELOAD=downloaded.so cmd
    for (const as of c.assigns)
      if (/^(?:LD_PRELOAD|LD_AUDIT|DYLD_INSERT_LIBRARIES)$/.test(as.name)) {
        const u = files.get(key(as.value));
        if (u) out.push(runFinding(u, `loads ${as.value} into ${name}`));
      }
    if (name === 'chmod' || name === 'ls' || name === 'file' || name === 'sha256sum' || name === 'cat') continue;
    // a file run is found only among what the line downloaded so far: nothing yet, nothing to look up
    const fetchedSoFar = files.size > 0 || dirs.size > 0 || here !== undefined;
    for (const f of fetchedSoFar ? [...runsFiles(a), ...jvmLoadedFiles(name, a)] : NO_FILES) {
      if (!f) continue;
      const k = key(f);
      const direct = files.get(k) ?? files.get(k.split('/').pop() ?? k);
      const underDir = [...dirs].find(([dk]) => k === dk || k.startsWith(`${dk}/`))?.[1];
      // in a downloaded tree, a path run (./install.sh) or a script given to a shell or interpreter
      const relative =
        here !== undefined &&
        !f.startsWith('/') &&
        !f.startsWith('$') &&
        (f.includes('/') || (f !== a[0] && STDIN_RUNNERS.test(name)));
      const url = direct ?? underDir ?? (relative ? here : undefined);
      if (url) {
        out.push(runFinding(url, `runs ${f}, downloaded`));
        break;
      }
    }
    // a build or test tool runs the project files it reads (setup.py, package.json scripts,
    // build.rs, conftest.py, a Makefile): one downloaded earlier in the line is code it runs
    // a pickle downloaded earlier in the line and unpickled: unpickling runs whatever code the
    // file's author put in it (Python docs, pickle: "never unpickle data from an untrusted
    // source"); counted for servers no vendor or registry owns (a vendor's model file is asked
    // elsewhere or is ordinary work)
    for (const f of files.size ? unpickledFiles(name, a) : NO_FILES) {
      const u = files.get(key(f)) ?? files.get(key(f.split('/').pop() ?? f));
      // a model file of a vendor's organisation on the Hugging Face hub is the vendor's release
      const hubOwner = /^https?:\/\/huggingface\.co\/([^/]+)\//i.exec(u ?? '')?.[1]?.toLowerCase();
      if (hubOwner && supplyData().modelOwners.includes(hubOwner)) continue;
      const r = u ? runFinding(u, `${name} unpickles ${f}, downloaded`) : undefined;
      if (r?.command?.startsWith('runs-untrusted ')) out.push(r);
    }
    ranInline(name, a, files, out);
    handedCode(name, a, files, out);
    deviceLoads(a, files, out);
    const implicit = implicitRun(name, a, files);
    if (implicit) out.push(runFinding(implicit.url, `${name} runs ${implicit.file}, downloaded`));
    // a list of what to install downloaded earlier in the line (`curl -o r.txt URL && pip install
    // -r r.txt`): whoever serves the list picks the packages, their indexes and their sources
    for (const f of files.size ? installLists(name, a) : NO_FILES) {
      const u = files.get(key(f)) ?? files.get(key(f.split('/').pop() ?? f));
      if (u) {
        out.push(runFinding(u, `${name} installs what ${f}, downloaded, lists`));
        break;
      }
    }
    // make / ./configure inside a cloned or unpacked tree run its build scripts
    if (here !== undefined && /^(?:make|gmake|cmake|configure)$/.test(name))
      out.push(runFinding(here, 'builds what it downloaded'));
    else if (here !== undefined && runsRepoCode(name))
      out.push(runFinding(here, `${name} runs the tasks of what it downloaded`));
    else if (name === 'make' && a.includes('-C')) {
      const u = dirs.get(key(a[a.indexOf('-C') + 1] ?? ''));
      if (u) out.push(runFinding(u, 'builds what it downloaded'));
    }
    // terraform init/plan/apply load every module the configuration names, and a module's
    // providers, external data sources and provisioners run code: a repository cloned or added
    // as a submodule earlier in the line is code they may run
    if (
      dirs.size &&
      /^(?:terraform|tofu|terragrunt)$/.test(name) &&
      a.some((w) => /^(?:init|plan|apply|run-all)$/.test(w))
    ) {
      const u = here ?? [...dirs.values()][0];
      if (u) out.push(runFinding(u, `${name} loads the modules it cloned`));
    }
    // tools that fetch and apply or run what a URL serves
    fetchAndRun(a, name, out);
    schemeImport(a, name, out);
    bootstrapFromRepo(a, name, out);
    remoteScript(a, name, out);
    if (name === 'osascript') appleScript(a, out);
  }
}

/**
 * A downloaded file installed on or flashed to an attached device (adb, esptool, avrdude ...,
 * file-loaders.ts): it runs there, not here: from a raw address it is denied, a phone's app or
 * image from a named host is asked, a board's firmware from a named host passes.
 */
function deviceLoads(a: string[], files: Map<string, string>, out: Effect[]): void {
  if (!files.size || !DEVICE_LOADERS.test(loaderName(a[0] ?? ''))) return;
  for (const f of loadedFiles(a)) {
    const k = key(f);
    const u = files.get(k) ?? files.get(k.split('/').pop() ?? k);
    if (!u) continue;
    const r = runFinding(u, `${loaderName(a[0] ?? '')} puts ${f}, downloaded, on a device`);
    const raw = /^\d{1,3}(?:\.\d{1,3}){3}$|^\[?[0-9a-f:]+\]?$/i.test(sourceHost(u) ?? '');
    // a board's firmware from a named host is the vendor's build as often as not (MicroPython's
    // download page); a phone's app or system image from one is asked
    if (raw) out.push(r);
    else if (/^(?:adb|fastboot)$/.test(loaderName(a[0] ?? '')))
      out.push(dependency(['runs-third-party', u], r.via ?? ''));
    return;
  }
}

/** An interpreter one-liner that runs or loads a file downloaded earlier in the line. */
function ranInline(name: string, a: string[], files: Map<string, string>, out: Effect[]): void {
  if (!files.size) return;
  for (const f of inlineRunFiles(name, a)) {
    const k = key(f);
    const u = files.get(k) ?? files.get(k.split('/').pop() ?? k);
    if (u) {
      out.push(runFinding(u, `${name} runs ${f}, downloaded`));
      return;
    }
  }
}

/** Task runners: every target is the repository's own code. */
const TASK_RUNNERS =
  /^(?:task|go-task|just|rake|invoke|inv|nox|tox|mage|earthly|tilt|vagrant|devcontainer|pre-commit|lefthook|husky|mise|direnv|scons|ant|meson|bazel|bazelisk|buck2|pants|lein|sbt|mill)$/;
/**
 * A task runner, whose every target is the repository's own code, as make's are. Installing a
 * fresh clone's dependencies (`npm ci`, `pip install -r`) is everyday work and left to the
 * install readings.
 */
function runsRepoCode(name: string): boolean {
  return TASK_RUNNERS.test(name);
}

/** Script and macro files by extension: code in the languages programs embed or host. */
const CODE_FILE =
  /\.(?:py|pyw|sh|bash|zsh|ksh|js|mjs|cjs|ts|rb|pl|pm|php|lua|tcl|ps1|psm1|vbs|vba|bas|jsx|jsxbin|groovy|gvy|kts|r|jl|scm|el|mel|nk|gizmo|scpt|applescript|fuse|lisp|py3|(?:doc|dot|xls|xlt|ppt|pot|sld)m|xlam|xla|xlsb|ppam|xll|wll|rhp|gha|ghpy|lsp|fas|vlx|dvb|mnl|arx|oxt|xpi|crx|vsix|sublime-package|rbz|mzp|mcr|hda|otl|hta|wsf)$/i;
/**
 * Programs that look at a file or move it without running it: readers, checksums, linters and
 * formatters, editors, copy and archive tools. Another program handed a script or macro file just
 * downloaded runs it (a host application's terminal or batch mode, `app -t script.py`, an embedded
 * interpreter's `-l py FILE`); these do not.
 */
const INSPECTORS =
  /^(?:ls|cat|bat|less|more|head|tail|file|stat|wc|grep|egrep|fgrep|rg|ag|diff|cmp|colordiff|sha\d*sum|md5sum|md5|shasum|b2sum|cksum|sum|openssl|gpg|gpg2|minisign|cosign|xxd|hexdump|od|strings|jq|yq|vim|vi|nvim|nano|emacs|code|subl|view|mate|open|sed|awk|sort|uniq|cut|tr|tee|cp|mv|rm|ln|chmod|chown|touch|install|mkdir|tar|zip|unzip|gzip|gunzip|xz|zstd|7z|git|scp|rsync|rclone|aws|gsutil|shellcheck|shfmt|pylint|flake8|ruff|black|isort|mypy|pyright|eslint|prettier|tsc|rubocop|perlcritic|luacheck|clamscan|yara|virustotal|vt|echo|printf|dos2unix|iconv|base64|wget|curl|test|\[|olevba|oledump|oleid|mraptor|exiftool|sigcheck|signtool|certutil|get-filehash|get-authenticodesignature|get-content|gc|type|copy-item|move-item|remove-item|expand-archive|binwalk|trid)$/i;

/** A script or macro file downloaded earlier in the line, handed to a program that is no inspector. */
function handedCode(name: string, a: string[], files: Map<string, string>, out: Effect[]): void {
  if (!files.size || INSPECTORS.test(name) || FILE_RUNNERS.test(name)) return;
  for (const w of a.slice(1)) {
    const f = w.replace(/^-{1,2}[\w-]+=/, '');
    if (!CODE_FILE.test(f)) continue;
    const k = key(f);
    const u = files.get(k) ?? files.get(k.split('/').pop() ?? k);
    if (u) {
      out.push(runFinding(u, `${name} is handed ${f}, code it downloaded`));
      return;
    }
  }
}

/** git clone/submodule add options that take the next word (`--depth 1`, `-b main`). */
const CLONE_VALUE =
  /^(?:--depth|-b|--branch|-o|--origin|--reference|--reference-if-able|--separate-git-dir|--filter|-c|--config|--template|-j|--jobs|--shallow-since|--shallow-exclude|-u|--upload-pack|--name)$/;

/**
 * The repository and folder of `git clone [OPTIONS] URL [DIR]`: the first operand a source host
 * names, and the operand after it. Option values are skipped (`--depth 1` is no repository).
 */
function cloneOperands(words: string[]): { url: string; dir?: string } | undefined {
  const ops: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    if (CLONE_VALUE.test(w)) i++;
    else if (!w.startsWith('-')) ops.push(w);
  }
  const at = ops.findIndex((w) => sourceHost(w) !== undefined);
  const url = ops[at];
  if (at < 0 || !url) return undefined;
  const dir = ops[at + 1];
  return dir === undefined ? { url } : { url, dir };
}

/** `gh repo clone OWNER/REPO [DIR] [-- GITFLAGS]`: a GitHub repository cloned like git clone's. */
function ghClone(name: string, a: string[]): { url: string; dir?: string } | undefined {
  if (name !== 'gh' || a[1] !== 'repo' || a[2] !== 'clone') return undefined;
  const end = a.indexOf('--');
  const ops = (end >= 0 ? a.slice(3, end) : a.slice(3)).filter((w) => !w.startsWith('-'));
  const repo = ops[0];
  if (!repo || !/^[\w.-]+\/[\w.-]+$|^https?:\/\//.test(repo)) return undefined;
  const url = repo.startsWith('http') ? repo : `https://github.com/${repo}`;
  return ops[1] === undefined ? { url } : { url, dir: ops[1] };
}

/**
 * Release files of another repository (`gh release download -R OWNER/REPO`) and a remote
 * repository's tree unpacked here (`git archive --remote=URL | tar x`): where they land and the
 * URL they stand for. A download from the project's own repository (no -R) is not one.
 */
function otherRepoFetch(c: SimpleCommand): { url: string; file?: string; dir?: string } | undefined {
  const a = c.argv;
  const name = basename(a[0] ?? '').toLowerCase();
  const opt = (...names: string[]) => argvOption(a.slice(1), names);
  if (name === 'gh' && a[1] === 'release' && a[2] === 'download') {
    const repo = opt('-R', '--repo');
    if (!repo) return undefined;
    const url = /^https?:\/\//.test(repo) ? repo : `https://github.com/${repo.replace(/^github\.com\//, '')}/releases`;
    return { url, file: opt('-O', '--output'), dir: opt('-D', '--dir') };
  }
  if (name === 'git' && a.includes('archive')) {
    const url = opt('--remote');
    if (!url || !c.pipedInto || basename(c.pipedInto[0] ?? '') !== 'tar') return undefined;
    const t = c.pipedInto;
    const ci = t.findIndex((w) => w === '-C' || w === '--directory');
    return { url, dir: ci >= 0 ? t[ci + 1] : undefined };
  }
  return undefined;
}

/**
 * Project files each build, install or test tool runs without naming them: install hooks and
 * build scripts (setup.py, package.json's scripts, build.rs, MSBuild and Gradle files), test
 * configuration that imports code (conftest.py), a Makefile's recipes, a trusted .envrc.
 */
const IMPLICIT_FILES: [RegExp, RegExp][] = [
  [/^(?:pip[0-9.]*|uv|pipx|poetry|pdm|pipenv|hatch|python[0-9.]*)$/, /^(?:setup\.py|setup\.cfg|pyproject\.toml)$/],
  [/^(?:npm|pnpm|yarn|bun|npx)$/, /^(?:package\.json|\.npmrc|\.pnpmfile\.cjs|\.yarnrc\.yml)$/],
  [/^(?:make|gmake)$/, /^(?:makefile|gnumakefile)$/],
  [/^cargo$/, /^(?:build\.rs|cargo\.toml|config\.toml)$/],
  [/^(?:pytest|py\.test|tox|nox)$/, /^(?:conftest\.py|pytest\.ini|tox\.ini|noxfile\.py|pyproject\.toml|setup\.cfg)$/],
  [
    /^(?:gradle|gradlew)$/,
    /^(?:build\.gradle(?:\.kts)?|settings\.gradle(?:\.kts)?|.+\.gradle|gradle-wrapper\.properties)$/,
  ],
  [/^(?:mvn|mvnw)$/, /^(?:pom\.xml|extensions\.xml|maven-wrapper\.properties)$/],
  // rake loads every lib/tasks/*.rake of a Rails app; mix compiles every .ex under lib/ before a
  // task runs; west/cmake/ninja read every .cmake and CMakeLists.txt of the tree; bitbake parses
  // every recipe, append and class of its layers; nextflow and snakemake run their workflow
  // files; terraform runs what its .tf files declare (provisioners, external data)
  [/^(?:rake|bundle|rails)$/, /^(?:rakefile|gemfile|.+\.rake)$/],
  [/^mix$/, /^(?:mix\.exs|.+\.exs?)$/],
  [/^(?:west|cmake|ninja|idf\.py)$/, /^(?:cmakelists\.txt|.+\.cmake)$/],
  [
    /^(?:bitbake|kas|kas-container)$/,
    /^(?:.+\.(?:bb|bbappend|bbclass|inc)|local\.conf|bblayers\.conf|site\.conf|auto\.conf)$/,
  ],
  [/^nextflow$/, /^(?:.+\.nf|nextflow\.config)$/],
  [/^snakemake$/, /^(?:snakefile|.+\.smk)$/],
  [/^(?:terraform|tofu|terragrunt)$/, /^.+\.tf$/],
  [/^composer$/, /^composer\.json$/],
  [/^dotnet$/, /\.(?:csproj|fsproj|vbproj|props|targets)$/],
  [/^direnv$/, /^\.envrc$/],
  // the project's list of what to install, read without being named: `conda env create` reads
  // environment.yml, pipenv its Pipfile, `brew bundle` its Brewfile, go its go.mod and go.work
  // (a replace line there swaps a module's source)
  [/^(?:conda|mamba|micromamba)$/, /^environment\.ya?ml$/],
  [/^pipenv$/, /^pipfile(?:\.lock)?$/],
  [/^brew$/, /^brewfile$/],
  [/^go$/, /^(?:go\.mod|go\.work)$/],
];

/**
 * Options through which an installer reads the list of packages (and the indexes, URLs and
 * repositories they come from) out of a file: pip's and uv's -r/--requirement and
 * -c/--constraint (pip docs, Requirements File Format: a line may be `--index-url`, a URL or a
 * VCS address), pip-sync's and `uv pip sync`'s operands, conda's --file and `conda env
 * create|update -f`, Bundler's --gemfile, ansible-galaxy's -r/--role-file, Homebrew Bundle's
 * --file, pipenv's -r. Each names the file whose author decides what gets installed.
 */
function installLists(name: string, a: string[]): string[] {
  const out: string[] = [];
  const valueOf = (re: RegExp) => {
    for (let i = 1; i < a.length; i++) {
      const w = a[i] ?? '';
      const eq = w.indexOf('=');
      if (w.startsWith('--') && eq > 0 && re.test(w.slice(0, eq))) out.push(w.slice(eq + 1));
      else if (re.test(w)) out.push(a[i + 1] ?? '');
      else if (/^-[rc]\S/.test(w) && re.test(w.slice(0, 2))) out.push(w.slice(2));
    }
  };
  if (
    /^(?:pip[0-9.]*|uv|pipenv|pipx)$/.test(name) ||
    (/^python/.test(name) && a[1] === '-m' && /^pip/.test(a[2] ?? ''))
  ) {
    valueOf(/^(?:-r|--requirements?|-c|--constraints?)$/);
    if (name === 'uv' && a[1] === 'pip' && a[2] === 'sync') out.push(...a.slice(3).filter((w) => !w.startsWith('-')));
  } else if (name === 'pip-sync') out.push(...a.slice(1).filter((w) => !w.startsWith('-')));
  else if (/^(?:conda|mamba|micromamba)$/.test(name)) {
    valueOf(/^--file$/);
    if (a.includes('env') || a[1] === 'create' || a[1] === 'update') valueOf(/^-f$/);
  } else if (name === 'bundle' || name === 'bundler') valueOf(/^--gemfile$/);
  else if (name === 'ansible-galaxy') valueOf(/^(?:-r|--role-file|--requirements-file)$/);
  else if (name === 'brew' && a[1] === 'bundle') valueOf(/^--file$/);
  return out.filter(Boolean);
}

/** A downloaded file of the line that this build, install or test tool runs by itself. */
function implicitRun(name: string, a: string[], files: Map<string, string>): { file: string; url: string } | undefined {
  if (!files.size) return undefined;
  const tool = name.replace(/^\.\//, '');
  // python runs setup.py only through pip (python -m pip) or when named, which runsFiles sees
  if (/^python/.test(tool) && a[1] !== '-m') return undefined;
  const pattern = IMPLICIT_FILES.find(([t]) => t.test(tool))?.[1];
  if (!pattern) return undefined;
  for (const [k, url] of files) {
    const base = k.split('/').pop() ?? k;
    if (pattern.test(base)) return { file: k, url };
  }
  return undefined;
}

/**
 * The program a download's standard output reaches, through filters (tee, base64 -d, gunzip ...).
 * Files the stream is saved to (`| tee f`, `| base64 -d > f`) and directories it is unpacked into
 * (`| tar x -C d`) are recorded as downloaded, so running them later in the line is seen; the
 * result is the URL when the stream is unpacked into the working directory.
 */
function consumer(
  cmds: SimpleCommand[],
  at: number,
  url: string,
  out: Effect[],
  files: Map<string, string>,
  dirs: Map<string, string>,
): string | undefined {
  let j = at;
  for (let guard = 0; guard < 8; guard++) {
    const cur = cmds[j];
    // `| pwsh -Command -`, `| powershell -NoProfile -`: PowerShell runs what comes on stdin (the
    // walker reads `-Command -` as a command named `-`, so the pipe's own words are read here)
    const p = cur?.pipedInto;
    if (
      p &&
      /^(?:pwsh|powershell)(?:\.exe)?$/i.test(basename(p[0] ?? '')) &&
      (p.includes('-') || !p.slice(1).some((w) => !w.startsWith('-')))
    ) {
      out.push(runFinding(url, `pipes ${url} into ${basename(p[0] ?? '')}`));
      return undefined;
    }
    const next = cmds[j + 1];
    if (!cur?.pipedInto || !next || next.argv !== cur.pipedInto) return undefined;
    for (const r of next.redirs)
      if (r.op.startsWith('>') && (r.fd === '1' || r.fd === 'all') && !/^\/dev\/(?:null|std)/.test(r.target))
        files.set(key(r.target), url);
    const a = next.argv;
    const name = basename(a[0] ?? '').replace(/\.exe$/i, '');
    if (name === 'xargs') {
      const inner = a.slice(1).find((w) => !w.startsWith('-') && STDIN_RUNNERS.test(basename(w)));
      if (inner) out.push(runFinding(url, `pipes ${url} into ${inner}`));
      return undefined;
    }
    if (STDIN_RUNNERS.test(name)) {
      // a script file operand means the stream is not the code (python3 scripts/parse.py)
      const ops = a.slice(1).filter((w) => !w.startsWith('-'));
      const deno = name === 'deno' && (ops[0] === 'run' || ops[0] === 'eval');
      const script = ops.find((w) => w !== '-' && w !== '/dev/stdin' && !(deno && (w === 'run' || w === 'eval')));
      // `| bash -c 'source /dev/stdin'`, `| sh -c 'eval "$(cat)"'`, `| python3 -c 'exec(sys.stdin.read())'`:
      // the inline code runs what arrives on standard input
      const inline = a.indexOf('-c') > 0 ? (a[a.indexOf('-c') + 1] ?? '') : '';
      const runsStdin =
        /(?:^|[;&|\s])(?:source|\.)\s+\/dev\/stdin\b|\beval\s+["']?\$\(\s*cat\s*\)|\bexec\(\s*sys\.stdin\.read\(\)|\b(?:sh|bash)\s+(?:-s\b|-\s*$|\/dev\/stdin)/.test(
          inline,
        );
      if (runsStdin || !script || a.includes('-s') || (/^(?:sh|bash|zsh|dash|ksh)$/.test(name) && ops[0] === '-s')) {
        out.push(runFinding(url, `pipes ${url} into ${name}`));
        return undefined;
      }
      if (name === 'source' || name === '.') out.push(runFinding(url, `sources ${url}`));
      return undefined;
    }
    if ((name === 'source' || name === '.') && /^\/dev\/stdin$|^-$/.test(a[1] ?? '')) {
      out.push(runFinding(url, `sources ${url}`));
      return undefined;
    }
    // `curl URL | docker compose -f - up`, `| make -f -`, `| kubectl apply -f -`: the stream is the
    // spec the tool runs (services, recipes, a manifest), so its server decides what runs
    const spec = stdinSpecRunner(a);
    if (spec) {
      out.push(runFinding(url, `pipes ${url} into ${spec}, which runs what it reads there`));
      return undefined;
    }
    // `curl URL | vcs import src`: the stream is the list of repositories checked out and built
    const builds = buildsFromStdin(a, url);
    if (builds) {
      out.push(runFinding(url, `pipes ${url} into ${builds}, which checks out and builds what it lists`));
      return undefined;
    }
    const x = extraction(a);
    if (x) {
      if (runsThere(x.dir, url)) out.push(runFinding(url, `unpacks ${url} into ${x.dir}, a place that runs`));
      if (x.archive !== undefined && x.archive !== '-') return undefined;
      if (x.dir === '.') return url;
      dirs.set(key(x.dir), url);
      return undefined;
    }
    if (!FILTERS.test(name)) return undefined;
    if (name === 'tee')
      for (const f of a.slice(1).filter((w) => !w.startsWith('-'))) {
        files.set(key(f), url);
        if (runsThere(f, url)) out.push(placeFinding(url, f, `saves ${url} as ${f}, a place that runs`));
      }
    j++;
  }
  return undefined;
}

const STDIN_NAME = /^(?:-|\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0)$/;

/**
 * A program told to take what it runs from standard input: a Makefile's recipes (`make -f -`), a
 * compose file's services (`docker compose -f - up`, docker-compose, podman-compose, `docker
 * stack deploy -c -`), a Dockerfile whose RUN steps run at build (`docker build -`, `-f -`), a
 * manifest applied (`kubectl apply -f -`), a playbook (`ansible-playbook /dev/stdin`), a job
 * (`nomad job run -`), GNU parallel with no command (each line read is a command: parallel(1)), R and WSL with
 * no script (they run what comes on stdin). Returns the words that read it.
 */
function stdinSpecRunner(a: readonly string[]): string | undefined {
  const name = basename(a[0] ?? '')
    .replace(/\.exe$/i, '')
    .toLowerCase();
  const ops = a.slice(1).filter((w) => !w.startsWith('-') || w === '-');
  const fromStdin = (names: string[]) => STDIN_NAME.test(argvOption(a, names) ?? '');
  const sub = ops[0] ?? '';
  if (/^(?:make|gmake|bmake)$/.test(name) && fromStdin(['-f', '--file', '--makefile'])) return `${name} -f -`;
  if (/^(?:docker-compose|podman-compose)$/.test(name) && fromStdin(['-f', '--file'])) return `${name} -f -`;
  if (/^(?:docker|podman|nerdctl|buildah)$/.test(name)) {
    if (sub === 'compose' && fromStdin(['-f', '--file'])) return `${name} compose -f -`;
    if (sub === 'stack' && fromStdin(['-c', '--compose-file'])) return `${name} stack deploy -c -`;
    const build = sub === 'build' || sub === 'bud' || (sub === 'buildx' && ops[1] === 'build');
    if (build && (ops.slice(1).some((w) => w === '-') || fromStdin(['-f', '--file']))) return `${name} build -`;
  }
  if (
    (name === 'kubectl' || name === 'oc') &&
    /^(?:apply|create|replace)$/.test(sub) &&
    fromStdin(['-f', '--filename'])
  )
    return `${name} ${sub} -f -`;
  if (name === 'ansible-playbook' && ops.some((w) => STDIN_NAME.test(w)))
    return `${name} ${ops.find((w) => STDIN_NAME.test(w)) ?? ''}`;
  if (name === 'nomad' && sub === 'job' && ops[1] === 'run' && ops[2] === '-') return 'nomad job run -';
  if ((name === 'parallel' || name === 'r' || name === 'wsl') && !ops.length) return name;
  return undefined;
}

/** Windows script hosts and loaders that run a file they are given, from wherever it is. */
const SCRIPT_HOSTS = /^(?:cscript|wscript|mshta|regsvr32|rundll32|msiexec|pcalua|forfiles|cmstp|installutil)$/i;
const UNC_RUN =
  /\b(cscript|wscript|mshta|regsvr32|rundll32|msiexec|pcalua|cmstp|installutil)(?:\.exe)?\b[^|&;\n]*?["']?(\\\\[^\s"'\\/]+[\\/][^\s"',]+)/gi;
/** A program started from a UNC path: by an opener (start, explorer, Start-Process ...) or as the command itself. */
const UNC_START =
  /(?:\b(start|explorer|start-process|saps|invoke-item|ii|call)(?:\.exe)?\b[^|&;\n]*?|(?:^|[|&;(]\s*|\/c\s+|&\s*))["']?(\\\\[^\s"'\\/]+[\\/][^\s"',]+)/gi;

/**
 * A share outside the organisation: a WebDAV folder (`host@SSL`, `host@8080`, DavWWWRoot), which
 * Windows fetches over HTTP from anywhere, or a host with a public domain name. A single-label
 * host (`\\\\fs01\\tools`) or an internal name is the organisation's own file server.
 */
function foreignShare(w: string): boolean {
  const host = /^\\\\([^\\/]+)/.exec(w)?.[1]?.toLowerCase() ?? '';
  if (/@(?:ssl|\d+)/i.test(host) || /[\\/]davwwwroot(?:[\\/]|$)/i.test(w)) return true;
  const name = host.replace(/@.*$/, '');
  return /\.[a-z]{2,}$/.test(name) && !isOrgSourceName(name);
}

/** Files that run when opened: programs, installers, scripts, disk images. */
const RUNNABLE =
  /\.(?:exe|msi|msix|appx|appimage|dmg|pkg|deb|rpm|sh|bash|run|bin|jar|bat|cmd|ps1|vbs|vbe|js|jse|wsf|hta|scr|pif|lnk|com|cpl|apk|command|app)$/i;

/** `\\host\share\x.vbs` (also `\\host@SSL\DavWWWRoot\x`): the URL it amounts to, unless the host is this machine. */
function uncUrl(w: string): string | undefined {
  const m = /^\\\\([^\\/]+)[\\/](.+)$/.exec(w.replace(/^["']|["']$/g, ''));
  const host = m?.[1]?.replace(/@.*$/, '').toLowerCase();
  if (!m || !host || /^(?:localhost|127\.0\.0\.1|\.|\?)$/.test(host)) return undefined;
  return `smb://${host}/${(m[2] ?? '').replace(/\\/g, '/')}`;
}

/**
 * Code run straight from another machine: a script host given a URL or a UNC path
 * (`cscript \\203.0.113.7\s\a.vbs`, `mshta https://...`, `regsvr32 /i:https://... scrobj.dll`,
 * `rundll32 \\host\s\x.dll,Entry`), and a program, installer or script URL handed to the
 * desktop to open (`xdg-open https://.../x.AppImage`, `start https://.../setup.exe`).
 */
function remoteScript(a: string[], name: string, out: Effect[]): void {
  const bare = name.replace(/\.exe$/i, '');
  if (SCRIPT_HOSTS.test(bare)) {
    for (const w of a.slice(1)) {
      const v = w.replace(/^\/i:|^-i:/i, '').replace(/^["']|["']$/g, '');
      const u = URLISH.test(v) ? v : (uncUrl(v.split(',')[0] ?? '') ?? /\bscript:(https?:\/\/[^"')\s]+)/i.exec(v)?.[1]);
      if (u) {
        out.push(runFinding(u.replace(/^smb:/, 'http:'), `${bare} runs ${u}`));
        return;
      }
    }
    return;
  }
  if (/^(?:xdg-open|open|start|explorer|gio|kde-open|gnome-open|start-process|invoke-item)$/i.test(bare)) {
    for (const w of a.slice(1)) {
      if (w.startsWith('-') || w === 'open') continue;
      const u = URLISH.test(w) ? w : uncUrl(w);
      if (u && RUNNABLE.test(urlBase(u)))
        out.push(runFinding(u.replace(/^smb:/, 'http:'), `${bare} opens ${u}, a program`));
    }
  }
}

/**
 * AppleScript that runs a shell line (`do shell script "..."`, Terminal's `do script "..."`) runs
 * it as any command; JXA code that loads a URL and evaluates it runs what the URL serves.
 */
function appleScript(a: string[], out: Effect[]): void {
  const code = a.filter((_, i) => a[i - 1] === '-e').join('\n');
  if (!code) return;
  // a mail composed and sent through Mail or Outlook sends the files it attaches (personal-docs.ts)
  out.push(...scriptedMailAttachments(code));
  for (const text of scriptedSendText(code)) {
    const kind = personalValue(text, code);
    const secret = kind ? undefined : outboundSecret(text);
    if (kind) out.push(personalValueSent(kind, 'a message', 'osascript'));
    else if (secret)
      out.push({
        tool: 'exec',
        command: `may-expose-secret sends a credential (${secret.slice(0, 12).replace(/[^\w-]/g, '_')}...)`,
        via: `osascript sends a message naming a credential (${secret.slice(0, 12)}...)`,
      });
  }
  for (const m of code.matchAll(/\bdo (?:shell )?script\s+"((?:[^"\\]|\\.)*)"/g))
    if (m[1]) out.push({ tool: 'exec', command: m[1].replace(/\\"/g, '"'), via: 'osascript runs a shell line' });
  if (/\beval\s*\(|evaluateScript|doShellScript/.test(code))
    for (const u of code.match(/https?:\/\/[^\s"'`)]+/g) ?? [])
      out.push(runFinding(u, 'osascript evaluates what a URL serves'));
}

/**
 * Tools that clone a repository and run what it holds: dotfile managers (`chezmoi init --apply
 * USER|URL` runs the repository's run_ scripts and applies its files, chezmoi.io "Quick start";
 * `yadm clone --bootstrap URL` runs its bootstrap program, yadm.io "Bootstrap"), and an
 * environment file fetched by URL and installed (`conda|mamba env create -f URL`: every package
 * and pip requirement it lists, conda docs "Creating an environment from an environment.yml").
 */
function bootstrapFromRepo(a: string[], name: string, out: Effect[]): void {
  const ops = a.slice(1).filter((w) => !w.startsWith('-'));
  if (name === 'chezmoi' && ops[0] === 'init' && a.some((w) => /^(?:--apply|-a)$/.test(w)) && ops[1]) {
    const r = ops[1];
    const url = /^[\w-]+$/.test(r)
      ? `https://github.com/${r}/dotfiles`
      : /^[\w.-]+\/[\w.-]+$/.test(r)
        ? `https://github.com/${r}`
        : r;
    out.push(runFinding(url, `chezmoi init --apply runs the scripts of ${url}`));
  } else if (name === 'yadm' && ops[0] === 'clone' && a.includes('--bootstrap') && ops[1])
    out.push(runFinding(ops[1], `yadm clone --bootstrap runs the bootstrap of ${ops[1]}`));
  else if (/^(?:conda|mamba|micromamba)$/.test(name) && ops[0] === 'env' && /^(?:create|update)$/.test(ops[1] ?? '')) {
    const f = argvOption(a, ['-f', '--file']);
    if (f && URLISH.test(f)) out.push(runFinding(f, `${name} env ${ops[1] ?? ''} installs what ${f} lists`));
  }
}

/** `kubectl apply -f URL`, `helm install NAME URL`, `nix-shell URL`, `nix run github:o/r`: fetched and applied or run. */
/** Tools that list, read, copy or archive files: their -p, -I or -l say nothing of loading code. */
const FILE_TOOLS =
  /^(?:ls|cat|grep|egrep|rg|ag|find|fd|du|tree|stat|file|head|tail|less|more|wc|cp|mv|rm|mkdir|rmdir|chmod|chown|diff|git|cd|pushd|tar|zip|unzip|rsync|scp|ln|touch|sed|awk|sort|xargs|echo|printf|realpath|readlink|basename|dirname|test|\[)$/;
/** Options whose value is a folder a tool loads plugins, modules or libraries from. */
const LOAD_OPTION =
  /^-{1,2}(?:p|plugins?|plugin[-_]?dirs?|plugin[-_]?path|plugins[-_]?dir|extensions?|extension[-_]?dir|addons?|addons[-_]?path|modules?|module[-_]?path|load|load[-_]?path|libs?|lib[-_]?dir|I|include|init|hooks?[-_]?dir)$/;
/** Variables naming where an interpreter looks for modules. */
const LOAD_VARS =
  /^(?:PYTHONPATH|NODE_PATH|PERL5LIB|PERLLIB|RUBYLIB|LUA_PATH|GEM_PATH|CLASSPATH|R_LIBS|JULIA_LOAD_PATH|ERL_LIBS)$/;

/** The cloned tree a command loads code from, by a load option or a module-path variable. */
function loadedTree(c: SimpleCommand, dirs: Map<string, string>): { dir: string; url: string } | undefined {
  const find = (v: string) => {
    for (const part of v.split(':')) {
      const k = key(part);
      const hit = [...dirs].find(([dk]) => k === dk || k.startsWith(`${dk}/`));
      if (hit) return { dir: part, url: hit[1] };
    }
    return undefined;
  };
  for (const as of c.assigns) if (LOAD_VARS.test(as.name)) return find(as.value);
  const a = c.argv;
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    const eq = /^(-{1,2}[\w-]+)=(.+)$/.exec(w);
    if (eq?.[1] && LOAD_OPTION.test(eq[1])) {
      const hit = find(eq[2] ?? '');
      if (hit) return hit;
    } else if (LOAD_OPTION.test(w)) {
      const hit = find(a[i + 1] ?? '');
      if (hit) return hit;
    }
  }
  return undefined;
}

/**
 * An app's own URL scheme opened with an import or install action and the address of what to
 * import (`shortcuts://import-shortcut?url=https://...`, `itms-services://?action=download-manifest&url=...`,
 * `APP://install?url=...`): the app fetches that file and adds it as code it runs (a Shortcut, an
 * enterprise app, an extension, a workflow), decided by who serves it like any download run.
 */
const SCHEME_IMPORT =
  /^(?!https?:|file:)[a-z][\w.+-]*:[^\s]*?(?:import|install|add|subscribe|download|load)[^\s]*?[?&](?:url|src|source|manifest|link|from)=((?:https?|ftp)(?::|%3A)[^&#\s]+)/i;
const OPENERS = /^(?:open|xdg-open|start|gio|explorer(?:\.exe)?|cmd|rundll32|osascript)$/;

function schemeImport(args: string[], name: string, out: Effect[]): void {
  if (!OPENERS.test(name) && name !== 'gio') return;
  for (const w of args.slice(1)) {
    const m = SCHEME_IMPORT.exec(w);
    if (!m?.[1]) continue;
    let url = m[1];
    try {
      url = decodeURIComponent(url);
    } catch {
      // a malformed escape: keep the text as written
    }
    out.push(runFinding(url, `${name} hands ${w.slice(0, w.indexOf(':'))}:// the code at ${url} to add`));
  }
}

function fetchAndRun(args: string[], name: string, out: Effect[]): void {
  // After `--` come the words of a command the tool starts elsewhere (a pod's command), not its sources.
  const end = args.indexOf('--');
  const a = end >= 0 ? args.slice(0, end) : args;
  const urlArgs = a.slice(1).filter((w) => URLISH.test(w) || /^(?:github|gitlab|sourcehut):[\w.-]+\/[\w.-]+/.test(w));
  if (!urlArgs.length) return;
  const sub = a.slice(1).find((w) => !w.startsWith('-')) ?? '';
  // ansible-pull -U URL: clones the repository and runs its playbook on this machine
  if (name === 'ansible-pull') {
    for (const u of urlArgs) out.push(runFinding(u, `ansible-pull runs the playbook ${u} serves`));
    return;
  }
  const runs =
    // direnv's stdlib `use flake REF` (in .envrc) enters the dev shell REF defines (direnv-stdlib(1))
    (name === 'use' && sub === 'flake') ||
    (name === 'kubectl' && /^(?:apply|create|replace)$/.test(sub)) ||
    (name === 'helm' && /^(?:install|upgrade|template)$/.test(sub)) ||
    /^(?:nix-shell|nix-build|nix-env)$/.test(name) ||
    (name === 'nix' && /^(?:run|shell|develop|build|profile)$/.test(sub)) ||
    (name === 'oc' && /^(?:apply|create)$/.test(sub)) ||
    // a build context at a URL: the Dockerfile and every file its steps run come from there
    (/^(?:docker|podman|buildah|nerdctl)$/.test(name) && /^(?:build|buildx|bud|image)$/.test(sub));
  if (!runs) return;
  for (const u of urlArgs) {
    const url = u.replace(
      /^(github|gitlab|sourcehut):/,
      (_, h: string) => `https://${h === 'sourcehut' ? 'git.sr.ht' : `${h}.com`}/`,
    );
    out.push(runFinding(url, `${name} ${sub} applies what ${u} serves`));
  }
}
