// Per-language knowledge for interpreter one-liners, as data: how code is given on the command
// line, how modules are aliased, and which calls run a process, write, read, delete, reach the
// network, decode a literal or evaluate code. Sources: each language's standard library
// reference (Python os/subprocess/pty/shutil/pathlib/socket/urllib/http.client, Node
// child_process/fs/net/http/vm, Ruby Kernel/IO/File/FileUtils/Open3/Net::HTTP/open-uri, Perl
// perlfunc/File::Path/LWP/IO::Socket, PHP program-execution and filesystem functions, Lua os/io,
// R base system/system2/download.file, Deno and Bun runtime APIs, PowerShell cmdlets, AppleScript
// `do shell script`) plus the popular third-party clients requests/httpx/axios/node-fetch.
import { at } from '../../../util/invariant.js';
import { MORE_LANGUAGES } from './languages-more.js';
import { credentialVariableRewrites } from '../../credential-variables.js';
import { HOSTED_PYTHON_NAMES } from '../../hosted-python.js';

export type { CallKind, CallRule, Alias, Language } from './language-types.js';
import { decodeUtf16 } from './powershell.js';
import type { Language } from './language-types.js';

const b64 = (s: string) => {
  const t = s.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/=_-]+$/.test(t)) return undefined;
  return Buffer.from(t, 'base64').toString('utf8');
};
const hex = (s: string) => (/^([0-9a-fA-F]{2})+$/.test(s) ? Buffer.from(s, 'hex').toString('utf8') : undefined);
const rot13 = (s: string) =>
  s.replace(/[a-z]/gi, (c) =>
    String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c <= 'Z' ? 65 : 97)),
  );
const LIT = `((?:[rbuRBU]{0,2})(?:'(?:[^'\\\\]|\\\\.)*'|"(?:[^"\\\\]|\\\\.)*"))`;

const SHELL_PROGRAM = /(?:^|[/\s'"])(?:ba|z|da|k|c|tc|fi)?sh(?:\.exe)?(?:['"\s]|$)|cmd\.exe|powershell|pwsh/;

export const PYTHON: Language = {
  name: 'python',
  // IPython runs the same Python (`ipython -c CODE`), with its own magics read below
  // and the same Python behind other names (hosted-python.ts: the Windows launcher `py -3 -c`, the
  // windowless interpreter, Jython, GraalPy, and the ones applications embed such as Houdini's hython)
  programs: new RegExp(
    String.raw`^(?:python[0-9.]*|pypy[0-9.]*|python[0-9.]*-dbg|ipython[0-9.]*|${HOSTED_PYTHON_NAMES})(?:\.exe)?$`,
    'i',
  ),
  inline: ['-c'],
  moduleFlag: '-m',
  dotConcat: false,
  rewrites: [
    // IPython's `%load URL` and `%run URL` fetch a file's code and run it; `%pip`/`%conda` run the
    // package manager (IPython docs, built-in magics; the notebook cells' reading, notebook-code.ts)
    [
      /^[ \t]*%(?:load|loadpy|run)[ \t]+(?:-\S+[ \t]+)*((?:https?|ftp):\/\/[^\s'"]+)/gm,
      "os.system('curl -fsSL $1 | python3')",
    ],
    [/^[ \t]*%(pip|conda|mamba|uv)[ \t]+([^\n'"]+)/gm, "os.system('$1 $2')"],
    // the running interpreter named by its own path: [sys.executable, '-m', 'pip', ...] runs python
    [/\bsys\.executable\b/g, "'python3'"],
    // truncation to nothing is a write of nothing (`: > F`): os.truncate(F, 0)
    [/\bos\.truncate\(\s*([^(),]+?)\s*,\s*0\s*\)/g, "pathlib.Path($1).write_text('')"],
    // pip driven in-process (pip.main([...]), pip._internal's main): the pip command its list spells
    [/\bpip(?:\._internal(?:\.cli\.main)?)?\.main\(\s*\[/g, "subprocess.run(['pip', "],
    [/__import__\(\s*['"]([\w.]+)['"]\s*\)/g, '$1'],
    // Airflow's BashOperator(bash_command=...) and @task.bash return value run in a shell on the
    // worker (airflow.apache.org, BashOperator): a DAG file is a scheduled command line
    [/\bbash_command\s*=\s*((['"])(?:(?!\2)[^\\]|\\.)*\2)/g, 'os.system($1)'],
    [/os\.path\.expanduser\(\s*(['"][^'"]*['"])\s*\)/g, '$1'],
    // netrc.netrc() with no file reads the user's ~/.netrc (Python docs, netrc module)
    [/\bnetrc\.netrc\(\s*\)/g, 'netrc.netrc("~/.netrc")'],
    [
      /(?:os\.environ\[\s*['"]HOME['"]\s*\]|os\.getenv\(\s*['"]HOME['"]\s*\)|os\.environ\.get\(\s*['"]HOME['"]\s*\)|pathlib\.Path\.home\(\)|Path\.home\(\))/g,
      '"~"',
    ],
    // os.environ['KUBECONFIG'] and the other variables that hold a credential file's path: that file
    ...credentialVariableRewrites(
      (v) => `os\\.environ\\[\\s*['"]${v}['"]\\s*\\]|os\\.(?:getenv|environ\\.get)\\(\\s*['"]${v}['"]\\s*\\)`,
    ),
    // os.path.join('~', 'a', 'b'): the first two literals fold, then the rest one by one
    [/os\.path\.join\(\s*['"]([^'"]*)['"]\s*,\s*['"]([^'"]*)['"]\s*,/g, 'os.path.join("$1/$2",'],
    [/os\.path\.join\(\s*['"]([^'"]*)['"]\s*,\s*['"]([^'"]*)['"]\s*\)/g, '"$1/$2"'],
    [/glob\.glob\(\s*(['"][^'"]*['"])\s*\)/g, '$1'],
    [/importlib\.import_module\(\s*['"]([\w.]+)['"]\s*\)/g, '$1'],
    [/sys\.modules\[\s*['"]([\w.]+)['"]\s*\]/g, '$1'],
    [/getattr\(\s*([\w.]+)\s*,\s*['"](\w+)['"]\s*\)/g, '$1.$2'],
    [/\bPath\(/g, 'pathlib.Path('],
    [/\bpathlib\.pathlib\./g, 'pathlib.'],
    // Path.home() / '.ssh' / 'id_rsa' and .joinpath('.ssh', 'id_rsa'): the path they build
    [/\.joinpath\(\s*(['"][^'"]*['"])\s*,\s*/g, ' / $1.joinpath('],
    [/\.joinpath\(\s*(['"][^'"]*['"])\s*\)/g, ' / $1'],
    [/(?:pathlib\.Path\(\s*)?(['"])([^'"]*)\1\s*\)?\s*\/\s*(['"])([^'"]*)\3/g, 'pathlib.Path("$2/$4")'],
    // brackets only grouping the path (not a call's own: `rmtree(Path("~/x"))` keeps them)
    [/(?<![\w.)\]])\((pathlib\.Path\(\s*"[^"]*"\s*\))\)/g, '$1'],
    // another process's files under /proc named by a pid computed at run time ('/proc/%s/mem' % pid,
    // f'/proc/{pid}/environ', '/proc/{}/maps'.format(pid)): any process's
    [
      /(['"])\/proc\/%[sd]\/([\w/]+)\1\s*%\s*[\w.]+(?:\([^()]*(?:\([^()]*\)[^()]*)*\)|\[[^\]]*\]|\.\w+)*/g,
      '"/proc/*/$2"',
    ],
    [/\bf(['"])\/proc\/\{[^}]*\}\/([\w/]+)\1/g, '"/proc/*/$2"'],
    [/(['"])\/proc\/\{\w*\}\/([\w/]+)\1\.format\([^()]*\)/g, '"/proc/*/$2"'],
  ],
  aliases: [
    { re: /\bimport\s+([\w.]+)\s+as\s+(\w+)/g, pairs: (m) => [[at(m, 2), at(m, 1)]] },
    // import os, subprocess as s: every module of the list may carry its own alias
    {
      re: /\bimport\s+((?:[\w.]+(?:\s+as\s+\w+)?\s*,\s*)+[\w.]+(?:\s+as\s+\w+)?)/g,
      pairs: (m) =>
        at(m, 1)
          .split(',')
          .map((x) => /^\s*([\w.]+)\s+as\s+(\w+)\s*$/.exec(x))
          .filter((x): x is RegExpExecArray => x !== null)
          .map((x) => [at(x, 2), at(x, 1)]),
    },
    {
      re: /\bfrom\s+([\w.]+)\s+import\s+([\w\s,]+?)(?=;|\n|$)/g,
      pairs: (m) =>
        at(m, 2)
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
          .map((x) => {
            // split always yields at least one part
            const [name = '', as] = x.split(/\s+as\s+/);
            return [(as ?? name).trim(), `${m[1]}.${name.trim()}`];
          }),
    },
  ],
  decoders: [
    {
      re: new RegExp(
        `base64\\.(?:b64decode|standard_b64decode|urlsafe_b64decode|decodebytes)\\(\\s*${LIT}\\s*\\)(?:\\.decode\\([^)]*\\))?`,
        'g',
      ),
      decode: b64,
    },
    { re: new RegExp(`bytes\\.fromhex\\(\\s*${LIT}\\s*\\)(?:\\.decode\\([^)]*\\))?`, 'g'), decode: hex },
    { re: new RegExp(`codecs\\.decode\\(\\s*${LIT}\\s*,\\s*['"]rot_?13['"]\\s*\\)`, 'g'), decode: rot13 },
    { re: new RegExp(`${LIT}\\[::-1\\]`, 'g'), decode: (s) => [...s].reverse().join('') },
  ],
  calls: [
    { fn: 'os\\.(?:system|popen)', kind: 'exec' },
    {
      fn: 'os\\.(?:execl|execlp|execv|execvp|execve|execvpe|execle|execlpe|spawnl|spawnlp|spawnv|spawnvp|posix_spawn|posix_spawnp)',
      kind: 'exec',
      argv: 1,
    },
    { fn: 'subprocess\\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)', kind: 'exec' },
    { fn: 'pty\\.spawn', kind: 'exec' },
    { fn: 'commands\\.getoutput', kind: 'exec' },
    { fn: 'open|io\\.open|codecs\\.open', kind: 'open', path: 0, mode: 1 },
    { fn: 'pathlib\\.Path\\(([^()]*)\\)\\.(?:write_text|write_bytes)', kind: 'write', path: -1, content: 0 },
    { fn: 'pathlib\\.Path\\(([^()]*)\\)\\.(?:read_text|read_bytes)', kind: 'read', path: -1 },
    { fn: 'pathlib\\.Path\\(([^()]*)\\)\\.open', kind: 'open', path: -1, mode: 0 },
    // readers that take the file's name: configparser's `cfg.read(PATH)` (the way an INI store such
    // as ~/.aws/credentials is parsed), python-dotenv's dotenv_values/load_dotenv, the netrc module
    // (netrc.netrc() with no name reads ~/.netrc), fileinput and linecache
    { fn: '[A-Za-z_][\\w.]*(?:\\([^()]*\\))?\\.read', kind: 'read', path: 0 },
    { fn: 'dotenv_values|load_dotenv|dotenv\\.dotenv_values|dotenv\\.load_dotenv', kind: 'read', path: 0 },
    { fn: 'netrc\\.netrc', kind: 'read', path: 0 },
    { fn: 'fileinput\\.input|linecache\\.getlines|linecache\\.getline', kind: 'read', path: 0 },
    { fn: 'pathlib\\.Path\\(([^()]*)\\)\\.(?:unlink|rmdir)', kind: 'remove', path: -1 },
    { fn: 'shutil\\.(?:copy|copy2|copyfile|move|copytree)', kind: 'write', path: 1 },
    { fn: 'shutil\\.(?:copy|copy2|copyfile|move|copytree)', kind: 'read', path: 0 },
    { fn: 'shutil\\.rmtree', kind: 'rmtree', path: 0 },
    // a move takes the source away from where it was: read as the `mv SRC DST` it is
    { fn: 'shutil\\.move|os\\.(?:rename|renames|replace)', kind: 'move', path: 0, content: 1 },
    { fn: 'pathlib\\.Path\\(([^()]*)\\)\\.(?:rename|replace)', kind: 'move', path: -1, content: 0 },
    { fn: 'os\\.(?:remove|unlink|rmdir|removedirs)', kind: 'remove', path: 0 },
    { fn: 'os\\.(?:rename|replace)', kind: 'write', path: 1 },
    { fn: 'os\\.(?:rename|replace)', kind: 'remove', path: 0 },
    { fn: 'os\\.(?:chmod|chown)', kind: 'write', path: 0 },
    {
      fn: 'requests\\.(?:get|post|put|patch|delete|head|request)|httpx\\.(?:get|post|put|stream)|urllib\\.request\\.(?:urlopen|urlretrieve|Request)|urllib2\\.urlopen|urlopen|urlretrieve',
      kind: 'fetch',
      path: 0,
    },
    { fn: 'exec|eval|compile|builtins\\.exec|builtins\\.eval', kind: 'eval', path: 0 },
    { fn: 'pickle\\.loads|marshal\\.loads|cPickle\\.loads|dill\\.loads', kind: 'loads', path: 0 },
  ],
  connects: [
    /\.connect(?:_ex)?\(\s*\(\s*['"](?<host>[^'"]+)['"]\s*,\s*(?<port>\d+)\s*\)/g,
    /create_connection\(\s*\(\s*['"](?<host>[^'"]+)['"]\s*,\s*(?<port>\d+)\s*\)/g,
    // asyncio's streams take host and port as two arguments (docs.python.org, asyncio-stream:
    // open_connection(host, port)), as do telnetlib.Telnet and the ssl-less socket helpers
    /(?:open_connection|Telnet)\(\s*(?:host\s*=\s*)?['"](?<host>[^'"]+)['"]\s*,\s*(?:port\s*=\s*)?(?<port>\d+)/g,
    /HTTPS?Connection\(\s*['"](?<host>[^'"]+)['"](?:\s*,\s*(?<port>\d+))?/g,
  ],
  streamsToProcess: /dup2|pty\.spawn|stdin\s*=\s*\w+|\.fileno\(\)/,
};

export const NODE: Language = {
  name: 'node',
  programs: /^(?:node|nodejs|bun|deno|ts-node|tsx)$/,
  inline: ['-e', '-p', '--eval', '--print', 'eval'],
  dotConcat: false,
  rewrites: [
    // the running runtime named by its own path: spawn(process.execPath, [...]) runs node
    [/\bprocess\.(?:execPath|argv0|argv\[0\])/g, "'node'"],
    [
      /(?:process\.mainModule\.|module\.|global\.process\.mainModule\.|globalThis\.process\.mainModule\.)?require\(\s*['"`](?:node:)?([\w/]+)['"`]\s*\)/g,
      '$1',
    ],
    [/(?:await\s+)?import\(\s*['"`](?:node:)?([\w/]+)['"`]\s*\)/g, '$1'],
    // process.env.KUBECONFIG and the other variables that hold a credential file's path: that file
    ...credentialVariableRewrites((v) => `process\\.env(?:\\.${v}\\b|\\[\\s*['"\`]${v}['"\`]\\s*\\])`),
    [/\bfs\/promises\b/g, 'fs'],
    // truncation to nothing is a write of nothing (`: > F`): fs.truncateSync(F[, 0])
    [/\bfs\.(?:truncateSync|truncate)\(\s*([^(),]+?)\s*(?:,\s*0\s*)?(?=[,)])/g, "fs.writeFileSync($1, ''"],
    // fs-extra is fs with more calls (removeSync, emptyDirSync, moveSync); rimraf, del and
    // shelljs's rm('-rf') are the tree removers build scripts install (npm packages fs-extra,
    // rimraf, del, shelljs): each is the recursive delete fs.rmSync is
    [/\brequire\(\s*['"](?:fs-extra|graceful-fs|fs-extra\/esm)['"]\s*\)/g, 'fs'],
    [/\bimport\s+(?:\*\s+as\s+)?(\w+)\s+from\s+['"]fs-extra(?:\/esm)?['"]/g, 'const $1 = fs'],
    [/\brequire\(\s*['"](rimraf|del|shelljs|trash)['"]\s*\)/g, '$1'],
    [/\b(?:rimraf|del)\s*\.\s*(?:sync|rimrafSync|deleteSync|native|manual)\s*\(/g, 'rimraf('],
    [/\b(?:shell|shelljs|sh)\s*\.\s*rm\(\s*['"]-[rRf]{1,3}['"]\s*,\s*/g, 'fs.rmSync('],
    // dotenv's loader (github.com/motdotla/dotenv) puts a file's values into process.env, where
    // what the code prints decides; `.config(...).parsed` takes the values whole, a read of the
    // file its options name (`.env` without a path), as `dotenv_values` is in Python
    [/\bdotenv\.config\(\s*\{[^{}]*?\bpath\s*:\s*(['"`][^'"`]+['"`])[^{}]*\}\s*\)(?=\.parsed)/g, 'dotenv.config($1)'],
    [/\bdotenv\.config\(\s*\)(?=\.parsed)/g, "dotenv.config('.env')"],
    // the home folder however a runtime spells it; inside a template literal (a Bun shell
    // `rm -rf ${process.env.HOME}`) the substitution becomes the path itself
    [
      /\$\{\s*(?:os\.homedir\(\)|(?:process|Bun)\.env\.HOME|process\.env\[['"]HOME['"]\]|Deno\.env\.get\(\s*['"]HOME['"]\s*\))\s*\}/g,
      '~',
    ],
    [
      /(?:os\.homedir\(\)|(?:process|Bun)\.env\.HOME|process\.env\[['"]HOME['"]\]|Deno\.env\.get\(\s*['"]HOME['"]\s*\)|Deno\.homeDir\(\))/g,
      '"~"',
    ],
    [/path\.(?:join|resolve)\(\s*['"]([^'"]*)['"]\s*,\s*['"]([^'"]*)['"]\s*\)/g, '"$1/$2"'],
    [/\bfs\.promises\./g, 'fs.'],
    [/\[\s*['"`](\w+)['"`]\s*\]/g, '.$1'],
  ],
  aliases: [
    {
      re: /\b(?:const|let|var)\s+(\w+)\s*=\s*(child_process|fs|net|http|https|vm|os)\b(?!\.)/g,
      pairs: (m) => [[at(m, 1), at(m, 2)]],
    },
    {
      re: /\bimport\s+(?:\*\s+as\s+)?(\w+)\s+from\s+['"](?:node:)?(child_process|fs|net|http|https|vm)['"]/g,
      pairs: (m) => [[at(m, 1), at(m, 2)]],
    },
    {
      re: /\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*(child_process|fs|net|http|https|vm)\b/g,
      pairs: (m) =>
        at(m, 1)
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
          .map((x) => {
            const [name = '', as] = x.split(':').map((y) => y.trim());
            return [as ?? name, `${m[2]}.${name}`];
          }),
    },
    {
      re: /\bimport\s*\{([^}]*)\}\s*from\s*['"](?:node:)?(child_process|fs|net|http|https|vm)['"]/g,
      pairs: (m) =>
        at(m, 1)
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
          .map((x) => {
            const [name = '', as] = x.split(/\s+as\s+/).map((y) => y.trim());
            return [as ?? name, `${m[2]}.${name}`];
          }),
    },
  ],
  decoders: [
    {
      re: new RegExp(`Buffer\\.from\\(\\s*${LIT}\\s*,\\s*['"]base64['"]\\s*\\)(?:\\.toString\\([^)]*\\))?`, 'g'),
      decode: b64,
    },
    {
      re: new RegExp(`Buffer\\.from\\(\\s*${LIT}\\s*,\\s*['"]hex['"]\\s*\\)(?:\\.toString\\([^)]*\\))?`, 'g'),
      decode: hex,
    },
    { re: new RegExp(`atob\\(\\s*${LIT}\\s*\\)`, 'g'), decode: b64 },
  ],
  calls: [
    { fn: 'child_process\\.(?:exec|execSync)', kind: 'exec' },
    { fn: 'child_process\\.(?:spawn|spawnSync|execFile|execFileSync|fork)', kind: 'exec', argv: 1 },
    { fn: 'Bun\\.spawn|Bun\\.spawnSync', kind: 'exec' },
    { fn: 'new\\s+Deno\\.Command|Deno\\.Command', kind: 'exec', argv: -2 },
    { fn: 'Deno\\.run', kind: 'exec', argv: -3 },
    {
      fn: 'fs\\.(?:writeFileSync|appendFileSync|writeFile|appendFile|createWriteStream|outputFileSync)|Bun\\.write|Deno\\.writeTextFile|Deno\\.writeTextFileSync|Deno\\.writeFile',
      kind: 'write',
      path: 0,
      content: 1,
    },
    {
      fn: 'fs\\.(?:readFileSync|readFile|createReadStream)|Deno\\.readTextFile|Deno\\.readTextFileSync|Deno\\.readFile|Bun\\.file',
      kind: 'read',
      path: 0,
    },
    { fn: 'dotenv\\.config', kind: 'read', path: 0 },
    { fn: 'fs\\.(?:copyFileSync|copyFile|cpSync|cp|renameSync|rename)', kind: 'write', path: 1 },
    { fn: 'fs\\.(?:copyFileSync|copyFile|cpSync|cp)', kind: 'read', path: 0 },
    { fn: 'fs\\.(?:rmSync|rm|rmdirSync|rmdir)|Deno\\.remove|Deno\\.removeSync', kind: 'rmtree', path: 0 },
    {
      fn: 'fs\\.(?:removeSync|remove|emptyDirSync|emptyDir)|rimraf|rimrafSync|deleteSync|deleteAsync',
      kind: 'rmtree',
      path: 0,
    },
    { fn: 'fs\\.(?:renameSync|rename|moveSync|move)', kind: 'move', path: 0, content: 1 },
    { fn: 'fs\\.(?:unlinkSync|unlink)', kind: 'remove', path: 0 },
    { fn: 'fs\\.(?:chmodSync|chmod|chownSync|chown)', kind: 'write', path: 0 },
    {
      fn: 'fetch|axios(?:\\.(?:get|post|put|request))?|https?\\.(?:get|request)|got(?:\\.(?:get|post))?|needle\\.get|superagent\\.get',
      kind: 'fetch',
      path: 0,
    },
    {
      fn: 'eval|Function|new\\s+Function|vm\\.runInThisContext|vm\\.runInNewContext|vm\\.Script|new\\s+vm\\.Script|setTimeout|setInterval',
      kind: 'eval',
      path: 0,
    },
  ],
  connects: [
    /(?:net|tls)\.(?:connect|createConnection)\(\s*(?<port>\d+)\s*,\s*['"`](?<host>[^'"`]+)['"`]/g,
    /\.connect\(\s*(?<port>\d+)\s*,\s*['"`](?<host>[^'"`]+)['"`]/g,
    /(?:net|tls)\.(?:connect|createConnection)\(\s*\{[^}]*host\s*:\s*['"`](?<host>[^'"`]+)['"`][^}]*port\s*:\s*(?<port>\d+)/g,
    /(?:net|tls)\.(?:connect|createConnection)\(\s*\{[^}]*port\s*:\s*(?<port>\d+)[^}]*host\s*:\s*['"`](?<host>[^'"`]+)['"`]/g,
    // http(s).request({ host: 'x', ... }): the host is an option, not a URL
    /\b(?:https?|http2)\.(?:request|get)\(\s*\{[^{}]*?\bhost(?:name)?\s*:\s*['"`](?<host>[^'"`]+)['"`]/g,
    // Deno.connect({ hostname, port }) and Bun.connect({ hostname, port })
    /\b(?:Deno|Bun)\.connect(?:Tls)?\(\s*\{[^}]*hostname\s*:\s*['"`](?<host>[^'"`]+)['"`][^}]*port\s*:\s*(?<port>\d+)/g,
  ],
  streamsToProcess: /\.pipe\(|\.pipeTo\(|stdio\s*:\s*\[\s*\w+|\.stdout\.pipe|\.stdin/,
};

export const RUBY: Language = {
  name: 'ruby',
  programs: /^(?:ruby|jruby|irb)[0-9.]*$/,
  inline: ['-e'],
  dotConcat: false,
  rewrites: [
    // the running interpreter named by its own path: system(RbConfig.ruby, ...) runs ruby
    [/\b(?:RbConfig\.ruby|Gem\.ruby)\b/g, "'ruby'"],
    [/%x\{([^}]*)\}|%x\(([^)]*)\)|%x\[([^\]]*)\]/g, 'system("$1$2$3")'],
    [/`([^`]*)`/g, 'system("$1")'],
    [/\b(?:Kernel|Object|self)\.(?:send|public_send|__send__)\(\s*:(\w+)\s*,\s*/g, '$1('],
    [/\b(?:Kernel|Object)\./g, ''],
    [/ENV\[\s*['"]HOME['"]\s*\]|Dir\.home/g, '"~"'],
    // truncation to nothing is a write of nothing (`: > F`): File.truncate(F, 0)
    [/\bFile\.truncate\(\s*([^(),]+?)\s*,\s*0\s*\)/g, 'File.write($1, "")'],
    [/File\.expand_path\(\s*(['"][^'"]*['"])\s*\)/g, '$1'],
    [/File\.join\(\s*['"]([^'"]*)['"]\s*,\s*['"]([^'"]*)['"]\s*,/g, 'File.join("$1/$2",'],
    [/File\.join\(\s*['"]([^'"]*)['"]\s*,\s*['"]([^'"]*)['"]\s*\)/g, '"$1/$2"'],
  ],
  aliases: [],
  decoders: [
    { re: new RegExp(`Base64\\.(?:decode64|strict_decode64|urlsafe_decode64)\\(\\s*${LIT}\\s*\\)`, 'g'), decode: b64 },
    { re: new RegExp(`${LIT}\\.unpack1?\\(\\s*['"]m0?['"]\\s*\\)(?:\\.first|\\[0\\])?`, 'g'), decode: b64 },
    { re: new RegExp(`\\[${LIT}\\]\\.pack\\(\\s*['"]H\\*['"]\\s*\\)`, 'g'), decode: hex },
  ],
  calls: [
    {
      fn: 'system|exec|spawn|sh|IO\\.popen|Open3\\.(?:capture2|capture2e|capture3|popen2|popen2e|popen3|pipeline)|Process\\.spawn|PTY\\.spawn',
      kind: 'exec',
      bare: true,
    },
    { fn: 'File\\.write|IO\\.write|File\\.binwrite', kind: 'write', path: 0, content: 1 },
    { fn: 'File\\.open|File\\.new|IO\\.open|open', kind: 'open', path: 0, mode: 1 },
    {
      fn: 'File\\.read|IO\\.read|File\\.readlines|IO\\.readlines|File\\.binread|File\\.foreach|IO\\.foreach',
      kind: 'read',
      path: 0,
      bare: true,
    },
    {
      fn: 'FileUtils\\.(?:rm_rf|rm_r|remove_dir|remove_entry|remove_entry_secure|rmtree)',
      kind: 'rmtree',
      path: 0,
      bare: true,
    },
    { fn: 'File\\.(?:delete|unlink)|FileUtils\\.(?:rm|rm_f|remove)', kind: 'remove', path: 0, bare: true },
    { fn: 'FileUtils\\.(?:cp|copy|mv|move|install|ln|ln_s|ln_sf)', kind: 'write', path: 1 },
    { fn: 'FileUtils\\.(?:mv|move)|File\\.rename', kind: 'move', path: 0, content: 1 },
    { fn: 'FileUtils\\.(?:cp|copy|install)', kind: 'read', path: 0 },
    {
      fn: 'Net::HTTP\\.(?:get|get_response|post|post_form|start|new)|URI\\.open|URI|URI\\.parse|open-uri|HTTParty\\.get|Faraday\\.get|RestClient\\.get',
      kind: 'fetch',
      path: 0,
    },
    { fn: 'eval|instance_eval|class_eval|module_eval|binding\\.eval', kind: 'eval', path: 0, bare: true },
    { fn: 'Marshal\\.load|YAML\\.unsafe_load|YAML\\.load', kind: 'loads', path: 0 },
  ],
  connects: [
    /TCPSocket\.(?:new|open)\(\s*['"](?<host>[^'"]+)['"]\s*,\s*['"]?(?<port>\d+)/g,
    /Socket\.tcp\(\s*['"](?<host>[^'"]+)['"]\s*,\s*['"]?(?<port>\d+)/g,
  ],
  streamsToProcess: /\.to_i|reopen|:in\s*=>|:out\s*=>|in:\s*\w|out:\s*\w|IO\.popen|exec\s*[("']?\s*sh/,
};

export const PERL: Language = {
  name: 'perl',
  programs: /^perl[0-9.]*$/,
  inline: ['-e', '-E'],
  dotConcat: true,
  rewrites: [
    [/\bqx\s*\{([^}]*)\}|\bqx\s*\(([^)]*)\)|\bqx\s*\/([^/]*)\//g, 'system("$1$2$3")'],
    [/`([^`]*)`/g, 'system("$1")'],
    [/\bq\s*\{([^}]*)\}|\bq\s*\(([^)]*)\)/g, '"$1$2"'],
    [/("[^"\n]*?)\$ENV\{\s*['"]?HOME['"]?\s*\}/g, '$1~'],
    [/\$ENV\{\s*['"]?HOME['"]?\s*\}/g, '"~"'],
    [/\bglob\(\s*(['"][^'"]*['"])\s*\)/g, '$1'],
    [/\bqq\s*\{([^}]*)\}|\bqq\s*\(([^)]*)\)/g, '"$1$2"'],
    [/\bopen\s*\(?\s*(?:my\s+)?\$?\w+\s*,\s*(['"])\|-\1\s*,\s*/g, 'system('],
    [/\bopen\s*\(?\s*(?:my\s+)?\$?\w+\s*,\s*(['"])-\|\1\s*,\s*/g, 'system('],
    [/\bopen\s*\(?\s*(?:my\s+)?\$?\w+\s*,\s*(['"])\|\s*([^'"]+)\1/g, 'system("$2"'],
    [/\bopen\s*\(?\s*(?:my\s+)?\$?\w+\s*,\s*(['"])([^'"|]+)\|\1/g, 'system("$2"'],
    [/\bopen\s*\(?\s*(?:my\s+)?\$?\w+\s*,\s*(['"])(>>?|\+<|\+>)\1\s*,\s*/g, 'perlwrite('],
    [/\bopen\s*\(?\s*(?:my\s+)?\$?\w+\s*,\s*(['"])(<)\1\s*,\s*/g, 'perlread('],
    [/\bopen\s*\(?\s*(?:my\s+)?\$?\w+\s*,\s*(['"])\s*(>>?)\s*([^'"]+)\1/g, 'perlwrite("$3"'],
    [/\bopen\s*\(?\s*(?:my\s+)?\$?\w+\s*,\s*(['"])\s*<?\s*([^'"|>]+)\1/g, 'perlread("$2"'],
  ],
  aliases: [],
  decoders: [
    { re: new RegExp(`(?:MIME::Base64::)?decode_base64\\(\\s*${LIT}\\s*\\)`, 'g'), decode: b64 },
    { re: new RegExp(`pack\\(\\s*['"]H\\*['"]\\s*,\\s*${LIT}\\s*\\)`, 'g'), decode: hex },
  ],
  calls: [
    { fn: 'system|exec', kind: 'exec', bare: true },
    { fn: 'perlwrite', kind: 'write', path: 0 },
    { fn: 'perlread', kind: 'read', path: 0 },
    { fn: 'File::Path::rmtree|File::Path::remove_tree|rmtree|remove_tree', kind: 'rmtree', path: 0, bare: true },
    { fn: 'unlink', kind: 'remove', path: 0, bare: true },
    { fn: 'File::Copy::copy|File::Copy::move|copy|move', kind: 'write', path: 1 },
    { fn: 'File::Copy::move|move|rename', kind: 'move', path: 0, content: 1, bare: true },
    {
      fn: 'get|getstore|getprint|LWP::Simple::get|HTTP::Tiny->new->get|HTTP::Tiny->new->request|LWP::UserAgent->new->get|\\$ua->get',
      kind: 'fetch',
      path: 0,
    },
    { fn: 'eval', kind: 'eval', path: 0, bare: true },
  ],
  connects: [
    /PeerAddr\s*=>\s*['"](?<host>[^'":]+):(?<port>\d+)['"]/g,
    /PeerAddr\s*=>\s*['"](?<host>[^'"]+)['"]\s*,\s*PeerPort\s*=>\s*['"]?(?<port>\d+)/g,
    /inet_aton\(\s*['"](?<host>[^'"]+)['"]\s*\)\s*\)?\s*,?[^;]*?(?<port>\d{2,5})?/g,
    /sockaddr_in\(\s*(?<port>\d+)\s*,\s*inet_aton\(\s*['"](?<host>[^'"]+)['"]/g,
    // new IO::Socket::INET(PeerAddr, "h:p") and IO::Socket::INET->new("h:p")
    /PeerAddr\s*,\s*['"](?<host>[^'":]+):(?<port>\d+)['"]/g,
    /IO::Socket::INET(?:->new)?\s*\(\s*['"](?<host>[^'":]+):(?<port>\d+)['"]/g,
  ],
  streamsToProcess: /open\s*\(\s*STDIN|open\s*\(\s*STDOUT|>&|dup|fdopen|exec\s*\(?\s*['"]\/bin\/(?:ba)?sh/,
  // standard streams re-opened on the socket and every line read run (system$_ while<>)
  streamIsSession: /fdopen[\s\S]*\bsystem\b|\bsystem\s*\$_\s*while\s*<>/,
};

export const PHP: Language = {
  name: 'php',
  programs: /^php[0-9.]*(?:-cli)?$/,
  inline: ['-r'],
  dotConcat: true,
  rewrites: [
    // the running interpreter named by its own path: exec(PHP_BINARY . ' x.php') runs php
    [/\bPHP_BINARY\b/g, "'php'"],
    [/`([^`]*)`/g, 'shell_exec("$1")'],
    [/getenv\(\s*['"]HOME['"]\s*\)|\$_SERVER\[\s*['"]HOME['"]\s*\]/g, '"~"'],
    // a function named as a string callback runs on each item: array_map('unlink', glob(P))
    [
      /array_(?:map|walk)\(\s*['"](unlink|rmdir)['"]\s*,\s*glob\(\s*((?:"[^"]*"|'[^']*')(?:\s*\.\s*(?:"[^"]*"|'[^']*'))*)\s*\)\s*\)/g,
      '$1($2)',
    ],
  ],
  aliases: [],
  decoders: [
    { re: new RegExp(`base64_decode\\(\\s*${LIT}\\s*\\)`, 'g'), decode: b64 },
    { re: new RegExp(`hex2bin\\(\\s*${LIT}\\s*\\)`, 'g'), decode: hex },
    { re: new RegExp(`str_rot13\\(\\s*${LIT}\\s*\\)`, 'g'), decode: rot13 },
    { re: new RegExp(`strrev\\(\\s*${LIT}\\s*\\)`, 'g'), decode: (s) => [...s].reverse().join('') },
  ],
  calls: [
    { fn: 'system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec', kind: 'exec' },
    { fn: 'file_put_contents', kind: 'write', path: 0, content: 1 },
    { fn: 'fopen', kind: 'open', path: 0, mode: 1 },
    { fn: 'file_get_contents|readfile|file|highlight_file|show_source', kind: 'read', path: 0 },
    { fn: 'unlink|rmdir', kind: 'remove', path: 0 },
    { fn: 'copy|rename', kind: 'write', path: 1 },
    { fn: 'rename', kind: 'move', path: 0, content: 1 },
    // WordPress's HTTP API and download helper, Laravel's HTTP client (developer.wordpress.org, laravel.com/docs/http-client)
    {
      fn: 'curl_init|get_headers|wp_remote_get|wp_safe_remote_get|wp_remote_post|wp_remote_request|download_url|Http::get|Http::post',
      kind: 'fetch',
      path: 0,
    },
    { fn: 'eval|assert|create_function', kind: 'eval', path: 0 },
    // include/require of a URL (allow_url_include) runs the PHP code served there
    { fn: 'include|include_once|require|require_once', kind: 'runs', path: 0, bare: true },
    { fn: 'unserialize', kind: 'loads', path: 0 },
  ],
  connects: [
    /fsockopen\(\s*['"](?:tcp:\/\/)?(?<host>[^'"]+)['"]\s*,\s*(?<port>\d+)/g,
    /stream_socket_client\(\s*['"]tcp:\/\/(?<host>[^'":]+):(?<port>\d+)/g,
  ],
  streamsToProcess: /proc_open|array\(\s*0\s*=>\s*\$\w+|\[\s*0\s*=>\s*\$\w+|exec\(\s*['"]\/bin\/(?:ba)?sh\s+-i\s*<&/,
};

export const LUA: Language = {
  name: 'lua',
  programs: /^(?:lua[0-9.]*|luajit)$/,
  inline: ['-e'],
  dotConcat: false,
  rewrites: [
    // the home folder (Lua reference manual, os.getenv)
    [/os\.getenv\(\s*["'](?:HOME|USERPROFILE)["']\s*\)/g, '"~"'],
    [/("[^"]*"|'[^']*')\s*\.\.\s*("[^"]*"|'[^']*')/g, '$1 + $2'],
  ],
  aliases: [],
  decoders: [],
  calls: [
    { fn: 'os\\.execute|io\\.popen', kind: 'exec', bare: true },
    { fn: 'io\\.open', kind: 'open', path: 0, mode: 1 },
    { fn: 'io\\.lines|dofile|loadfile', kind: 'read', path: 0 },
    { fn: 'os\\.remove', kind: 'remove', path: 0 },
    { fn: 'os\\.rename', kind: 'write', path: 1 },
    { fn: 'load|loadstring', kind: 'eval', path: 0 },
    { fn: 'http\\.request|socket\\.http\\.request', kind: 'fetch', path: 0 },
  ],
  connects: [/[.:]connect\(\s*['"](?<host>[^'"]+)['"]\s*,\s*['"]?(?<port>\d+)/g],
  streamsToProcess: /io\.popen\(\s*\w+\s*:receive|\bwhile\s+true\b.*popen/s,
};

export const R: Language = {
  name: 'r',
  programs: /^(?:Rscript|R)$/,
  inline: ['-e'],
  dotConcat: false,
  rewrites: [[/paste0\(\s*("[^"]*"|'[^']*')\s*,\s*("[^"]*"|'[^']*')\s*\)/g, '$1 + $2']],
  aliases: [],
  decoders: [],
  calls: [
    { fn: 'system|shell', kind: 'exec' },
    { fn: 'system2', kind: 'exec', argv: 1 },
    { fn: 'pipe', kind: 'exec' },
    { fn: 'writeLines|cat|write', kind: 'write', path: 1 },
    { fn: 'readLines|readRDS|read\\.csv|readline|scan', kind: 'read', path: 0 },
    { fn: 'unlink', kind: 'rmtree', path: 0 },
    { fn: 'file\\.remove', kind: 'remove', path: 0 },
    {
      fn: 'download\\.file|url|httr::(?:GET|POST|PUT|PATCH)|GET|POST|PUT|curl::curl_fetch_memory|curl::curl_upload|httr2::request',
      kind: 'fetch',
      path: 0,
    },
    // a file attached to a request body is read to be sent
    { fn: '(?:httr::)?upload_file|(?:curl::)?form_file', kind: 'read', path: 0 },
    // installs from a code host or URL (remotes/devtools/pak): the repository's owner decides whose
    // code it is; install.packages(repos = URL) takes packages from that repository
    {
      fn: '(?:remotes::|devtools::)?install_(?:github|gitlab|bitbucket|git|url)|pak::pkg_install|pak::pak|install\\.packages',
      kind: 'repo',
    },
    // source() and devtools' source_url()/source_gist() run the R code at a path or URL
    { fn: 'source|sys\\.source|(?:devtools::)?source_url|(?:devtools::)?source_gist', kind: 'runs', path: 0 },
    { fn: 'eval\\(parse|eval', kind: 'eval', path: 0 },
  ],
  connects: [/socketConnection\(\s*(?:host\s*=\s*)?['"](?<host>[^'"]+)['"]\s*,\s*(?:port\s*=\s*)?(?<port>\d+)/g],
  streamsToProcess: /socketConnection[\s\S]*(?:system|pipe\()/,
};

export const POWERSHELL: Language = {
  name: 'powershell',
  programs: /^(?:powershell|pwsh)(?:\.exe)?$/i,
  inline: ['-c', '-command', '/c', '/command'],
  dotConcat: false,
  rewrites: [
    // a name built from pieces (`'ie'+'x'`) and called with `&` or `.` is the name itself
    [/'([^'\n]*)'\s*\+\s*'([^'\n]*)'/g, "'$1$2'"],
    [/'([^'\n]*)'\s*\+\s*'([^'\n]*)'/g, "'$1$2'"],
    [/(^|[;|{(]\s*)[&.]\s*\(?\s*['"]([A-Za-z][\w-]*)['"]\s*\)?/g, '$1$2'],
    [/\biex\b/gi, 'Invoke-Expression'],
    // where PSReadLine keeps the command history (Get-PSReadLineOption's HistorySavePath)
    [
      /\(\s*Get-PSReadLineOption\s*\)\.HistorySavePath/gi,
      '"~/AppData/Roaming/Microsoft/Windows/PowerShell/PSReadLine/ConsoleHost_history.txt"',
    ],
    // the home joined to a literal (`$env:USERPROFILE + '\\source'`) is one path under home
    [/(?:\$env:USERPROFILE|\$HOME|\$env:HOME)\s*\+\s*'[\\/]?([^'\n]*)'/gi, "'~/$1'"],
    [/\$env:APPDATA\b/gi, '~/AppData/Roaming'],
    [/\$env:USERPROFILE\b|\$HOME\b|\$env:HOME\b/gi, '~'],
    // Clear-Content empties each file it names, keeping the name (learn.microsoft.com, Clear-Content)
    [
      /\b(?:Clear-Content|clc)\s+(?:-(?:Path|LiteralPath)\s+)?(['"]?)([^\s'";|]+)\1/gi,
      "[IO.File]::WriteAllText('$2', '')",
    ],
    // a listing piped into Remove-Item removes what it lists
    [
      // (not when -Filter or -Include names which entries: those alone are listed)
      /\b(?:Get-ChildItem|gci|ls|dir)\s+(?:-(?:Path|LiteralPath)\s+)?([^\s|;-][^\s|;]*)(?:(?!-(?:Filter|Include)\b)[^|;])*\|\s*(?:Remove-Item|rm|del|ri)\b/gi,
      'Remove-Item -Recurse $1/*',
    ],
  ],
  bareWords: true,
  aliases: [],
  decoders: [
    {
      re: new RegExp(
        `\\[(?:System\\.)?Text\\.Encoding\\]::(?:UTF8|ASCII|Unicode)\\.GetString\\(\\s*\\[(?:System\\.)?Convert\\]::FromBase64String\\(\\s*${LIT}\\s*\\)\\s*\\)`,
        'gi',
      ),
      decode: decodeUtf16,
    },
  ],
  calls: [
    { fn: 'Start-Process|saps|Invoke-Item|cmd\\s*/c', kind: 'exec', bare: true },
    // C# compiled into the session (Add-Type) and a script block built from a string both run it
    {
      fn: 'Add-Type\\s+-TypeDefinition|Add-Type|\\[(?:System\\.Management\\.Automation\\.)?ScriptBlock\\]::Create',
      kind: 'eval',
      path: 0,
      bare: true,
    },
    { fn: 'Set-Content|Add-Content|Out-File', kind: 'write', path: 0, bare: true },
    { fn: 'Get-Content|gc|type', kind: 'read', path: 0, bare: true },
    // .NET's own file readers, reached from any PowerShell line (learn.microsoft.com, System.IO.File):
    // the bytes of a certificate or key file read whole, often straight into base64
    {
      fn: '\\[(?:System\\.)?IO\\.File\\]::(?:ReadAll(?:Bytes|Text|Lines)|ReadLines|OpenRead|OpenText|Open)',
      kind: 'read',
      path: 0,
    },
    { fn: 'Remove-Item|rm|del|ri', kind: 'rmtree', path: 0, bare: true },
    // .NET's own deletes and writers (learn.microsoft.com, System.IO.Directory.Delete(path,
    // recursive), File.Delete, File.WriteAllText/WriteAllBytes/WriteAllLines): the same effects
    // as the cmdlets, reached without naming one
    { fn: '\\[(?:System\\.)?IO\\.Directory\\]::Delete', kind: 'rmtree', path: 0 },
    { fn: '\\[(?:System\\.)?IO\\.File\\]::Delete', kind: 'remove', path: 0 },
    {
      fn: '\\[(?:System\\.)?IO\\.File\\]::(?:WriteAllText|WriteAllBytes|WriteAllLines)',
      kind: 'write',
      path: 0,
      content: 1,
    },
    {
      fn: 'Invoke-WebRequest|iwr|Invoke-RestMethod|irm|\\.DownloadString|\\.DownloadFile|\\.DownloadData|Start-BitsTransfer',
      kind: 'fetch',
      path: 0,
      bare: true,
    },
    { fn: 'Invoke-Expression|Invoke-Command', kind: 'eval', path: 0, bare: true },
    // a module or script dot-sourced from a share or URL runs that machine's code
    { fn: 'Import-Module|ipmo', kind: 'runs', path: 0, bare: true },
    // loading a .NET assembly from bytes runs it
    { fn: '\\[(?:System\\.)?Reflection\\.Assembly\\]::(?:Load|LoadFrom|UnsafeLoadFrom)', kind: 'eval', path: 0 },
  ],
  connects: [/Net\.Sockets\.TCPClient\(\s*['"](?<host>[^'"]+)['"]\s*,\s*(?<port>\d+)/gi],
  streamsToProcess: /GetStream\(\)|Invoke-Expression|iex/i,
  // a TCPClient's stream read and written by the script is the session itself (Test-NetConnection
  // is how a port is checked)
  streamIsSession: /\.GetStream\(\)/i,
};

export const OSASCRIPT: Language = {
  name: 'applescript',
  programs: /^osascript$/,
  inline: ['-e'],
  dotConcat: false,
  rewrites: [
    [/\bdo\s+shell\s+script\s+/gi, 'doshellscript '],
    // Finder and System Events delete what they are given (to the Trash, which `empty trash` then
    // empties): `delete POSIX file "P"`, `delete (POSIX file "P" as alias)`, `delete folder "P"`,
    // `move POSIX file "P" to trash`, JXA `Application("Finder").delete(Path("P"))`; a trash tool's
    // delete is a delete (docs/effects.md)
    [
      /\bmove\s+\(?\s*(?:POSIX\s+file|file|folder|disk\s+item|alias)\s+("[^"]*")(?:\s+as\s+alias)?\s*\)?\s+to\s+(?:the\s+)?trash\b/gi,
      'finderdelete($1)',
    ],
    [
      /\bdelete\s+\(?\s*(?:every\s+item\s+of\s+)?(?:(?:folder|file)\s+(?=POSIX\s+file))?(?:POSIX\s+file|file|folder|disk\s+item|alias)\s+("[^"]*")(?:\s+as\s+alias)?\s*\)?/gi,
      'finderdelete($1)',
    ],
    [/\.delete\(\s*Path\(\s*("[^"]*"|'[^']*')\s*\)\s*\)/g, ' finderdelete($1)'],
  ],
  aliases: [],
  decoders: [],
  calls: [
    { fn: 'doshellscript', kind: 'exec', bare: true },
    { fn: 'finderdelete', kind: 'rmtree', path: 0, bare: true },
  ],
  connects: [],
  streamsToProcess: /$^/,
};

/** Go: only as a script written in the line and run with `go run file.go` (no inline code flag). */
export const GO: Language = {
  name: 'go',
  programs: /^go$/,
  inline: [],
  dotConcat: false,
  rewrites: [
    // the home directory however Go asks for it; `h, _ := os.UserHomeDir()` binds it to h
    [/os\.Getenv\(\s*"HOME"\s*\)|os\.UserHomeDir\(\)/g, '"~"'],
    [/\b(\w+)\s*,\s*_\s*:?=\s*"~"/g, '$1 = "~"'],
    [/\b(\w+)\s*:=/g, '$1 ='],
    [/filepath\.Join\(\s*"([^"]*)"\s*,\s*"([^"]*)"\s*\)/g, '"$1/$2"'],
  ],
  aliases: [],
  decoders: [],
  calls: [
    { fn: 'exec\\.Command|exec\\.CommandContext|syscall\\.Exec', kind: 'exec', argv: -4 },
    { fn: 'os\\.WriteFile|ioutil\\.WriteFile', kind: 'write', path: 0, content: 1 },
    { fn: 'os\\.ReadFile|ioutil\\.ReadFile|os\\.Open', kind: 'read', path: 0 },
    { fn: 'os\\.RemoveAll', kind: 'rmtree', path: 0 },
    { fn: 'os\\.Rename', kind: 'move', path: 0, content: 1 },
    { fn: 'os\\.Remove', kind: 'remove', path: 0 },
    { fn: 'http\\.Get|http\\.Post|http\\.NewRequest', kind: 'fetch', path: 0 },
  ],
  connects: [/net\.Dial(?:Timeout)?\(\s*"(?:tcp|udp)[46]?"\s*,\s*"(?<host>[^":]+):(?<port>\d+)"/g],
  streamsToProcess: /\.Stdin\s*=|\.Stdout\s*=|\.Stderr\s*=/,
};

export const LANGUAGES: Language[] = [
  PYTHON,
  NODE,
  RUBY,
  PERL,
  PHP,
  LUA,
  R,
  POWERSHELL,
  OSASCRIPT,
  GO,
  ...MORE_LANGUAGES,
];

const byProgram = new Map<string, Language | null>();

/**
 * The language whose interpreter a program name is (the first of LANGUAGES whose `programs`
 * matches), kept per name: every simple command of every line asks, most of them for ls, git,
 * cat ..., and ten patterns per question showed in profiles.
 */
export function languageOfProgram(name: string): Language | undefined {
  let hit = byProgram.get(name);
  if (hit === undefined) {
    hit = LANGUAGES.find((l) => l.programs.test(name)) ?? null;
    if (byProgram.size >= 4096) byProgram.clear();
    byProgram.set(name, hit);
  }
  return hit ?? undefined;
}

export { SHELL_PROGRAM };
