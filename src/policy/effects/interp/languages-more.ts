// More interpreters, as data in the shape of languages.ts: the ones reverse-shell cheat sheets
// and intrusion reports use when python, perl and nc are missing or watched. Sources: each
// language's reference for running a process, opening a TCP connection and reading a file (Tcl
// exec/open "|cmd"/socket; Java Runtime.exec/ProcessBuilder/java.net.Socket as used from
// groovy -e, jrunscript -e, jshell, kotlin and scala scripts; Crystal Process.run/TCPSocket;
// Julia run/`cmd`/Sockets.connect; Elixir System.cmd/:os.cmd/:gen_tcp.connect/Port.open; Erlang
// os:cmd/gen_tcp:connect via erl -eval; Dart Process.start/Socket.connect in a script file).
import type { Language } from './language-types.js';

/** Tcl (`tclsh`, `wish`, `expect -c`): commands are words, so calls are bare. */
export const TCL: Language = {
  name: 'tcl',
  programs: /^(?:tclsh[0-9.]*|wish[0-9.]*|expect)$/,
  inline: ['-c'],
  dotConcat: false,
  rewrites: [
    // open "|/bin/sh" r+ : a pipe to a process
    [/\bopen\s+"\|([^"]+)"/g, 'exec "$1"'],
    [/\bopen\s+\|(\S+)/g, 'exec "$1"'],
    [/\$(?:::)?env\(HOME\)/g, '~'],
    // a bare path word after `file delete` is the path (`file delete -force ~`, `-- /srv/x`)
    [/\bfile\s+delete\s+-force\s+(?:--\s+)?([^\s"'{};\[\]]+)/g, 'file delete -force "$1"'],
  ],
  aliases: [],
  decoders: [],
  calls: [
    { fn: 'exec', kind: 'exec', bare: true },
    { fn: 'open', kind: 'read', path: 0, bare: true },
    { fn: 'file\\s+delete\\s+-force', kind: 'rmtree', path: 0, bare: true },
    { fn: 'http::geturl', kind: 'fetch', path: 0, bare: true },
    { fn: 'eval|uplevel', kind: 'eval', path: 0, bare: true },
  ],
  connects: [/\bsocket\s+(?:-async\s+)?(?<host>[A-Za-z0-9][\w.:-]*)\s+(?<port>\d{1,5})\b/g],
  // the socket read and written by the script, and what it reads run: the session itself
  streamsToProcess: /<@\s*\$|>@\s*\$|\bfcopy\b|\bchan\s+copy\b|\bfileevent\b/,
  streamIsSession: /\bgets\s+\$\w+[\s\S]*\b(?:exec|eval)\b|\bfileevent\b[\s\S]*\b(?:exec|eval)\b/,
};

/** The JVM's scripting front ends: groovy -e, jrunscript -e, kotlin/scala scripts, jshell on stdin. */
export const JVM: Language = {
  name: 'jvm',
  programs: /^(?:groovy|groovysh|jrunscript|jshell|kotlin|kotlinc|kotlinc-jvm|scala|scala-cli|jjs)$/,
  inline: ['-e', '--execute'],
  dotConcat: false,
  rewrites: [
    // groovy "cmd".execute() and ["sh","-c","x"].execute()
    [/("[^"]*"|'[^']*'|\[[^\]]*\])\.execute\(\s*\)/g, 'Runtime.getRuntime().exec($1)'],
    // typed declarations bound to a literal read like `var x = "..."`
    [/\b(?:final\s+)?(?:String|def|val|var|int|Integer|long)\s+(\w+)\s*=\s*/g, 'var $1 = '],
    [/System\.getProperty\(\s*"user\.home"\s*\)|System\.getenv\(\s*"HOME"\s*\)/g, '"~"'],
    // a File or Path object's own tree removers: groovy's deleteDir(), kotlin's deleteRecursively(),
    // commons-io FileUtils.deleteDirectory/cleanDirectory/forceDelete (read as a delete of the path)
    [/\b(?:new\s+)?File\(\s*("[^"]*")\s*\)\s*\.\s*(?:deleteDir|deleteRecursively)\s*\(\s*\)/g, 'deleteTree($1)'],
    [
      /\bFileUtils\.(?:deleteDirectory|cleanDirectory|forceDelete|deleteQuietly)\(\s*(?:new\s+)?File\(\s*("[^"]*")\s*\)\s*\)/g,
      'deleteTree($1)',
    ],
    [/java\.lang\./g, ''],
    // java.nio: Path.of("a") / Paths.get("a", "b") name the path the Files call reads
    [/java\.nio\.file\./g, ''],
    [/\b(?:Path\.of|Paths\.get)\(\s*("[^"]*")\s*\)/g, '$1'],
    [/\b(?:Path\.of|Paths\.get)\(\s*"([^"]*)"\s*,\s*"([^"]*)"\s*\)/g, '"$1/$2"'],
    [/\b(?:Path\.of|Paths\.get)\(\s*"([^"]*)"\s*,\s*"([^"]*)"\s*,\s*"([^"]*)"\s*\)/g, '"$1/$2/$3"'],
  ],
  aliases: [],
  decoders: [],
  calls: [
    { fn: 'Runtime\\.getRuntime\\(\\)\\.exec', kind: 'exec' },
    { fn: 'new\\s+ProcessBuilder|ProcessBuilder', kind: 'exec' },
    { fn: 'new\\s+File\\(([^()]*)\\)\\.(?:text|getText|readLines|bytes)', kind: 'read', path: -1 },
    { fn: 'Files\\.(?:readString|readAllBytes|readAllLines)', kind: 'read', path: 0 },
    { fn: 'deleteTree', kind: 'rmtree', path: 0 },
    { fn: 'new\\s+URL|URL|URI\\.create', kind: 'fetch', path: 0 },
    { fn: 'Eval\\.me|evaluate|engine\\.eval', kind: 'eval', path: 0 },
  ],
  connects: [
    /\bSocket\(\s*"(?<host>[^"]+)"\s*,\s*(?<port>\d+)?/g,
    /\bInetSocketAddress\(\s*"(?<host>[^"]+)"\s*,\s*(?<port>\d+)/g,
  ],
  streamsToProcess: /getInputStream|getOutputStream|redirectInput|redirectOutput|inheritIO|\.pipeTo\b/,
};

/** Crystal (`crystal eval CODE`). */
export const CRYSTAL: Language = {
  name: 'crystal',
  programs: /^crystal$/,
  inline: ['eval'],
  dotConcat: false,
  rewrites: [[/`([^`]*)`/g, 'system("$1")']],
  aliases: [],
  decoders: [],
  calls: [
    { fn: 'system|Process\\.run|Process\\.new|Process\\.exec', kind: 'exec', bare: true },
    { fn: 'File\\.read|File\\.read_lines', kind: 'read', path: 0 },
    { fn: 'File\\.write', kind: 'write', path: 0, content: 1 },
    { fn: 'HTTP::Client\\.(?:get|post)', kind: 'fetch', path: 0 },
  ],
  connects: [/TCPSocket\.new\(\s*"(?<host>[^"]+)"\s*,\s*(?<port>\d+)/g],
  streamsToProcess: /\binput\s*:\s*\w|\boutput\s*:\s*\w|IO\.copy/,
};

/** Julia (`julia -e`): commands are backtick literals run by run()/read()/open(). */
export const JULIA: Language = {
  name: 'julia',
  programs: /^julia$/,
  inline: ['-e', '--eval', '-E', '--print'],
  dotConcat: false,
  rewrites: [
    [/\b(?:run|read|open|success|pipeline)\(\s*`([^`]*)`/g, 'run("$1"'],
    [/homedir\(\)/g, '"~"'],
    // joinpath("~", ".ssh", "id_rsa") is the path "~/.ssh/id_rsa"
    [/joinpath\(\s*"([^"]*)"\s*,\s*"([^"]*)"\s*,\s*"([^"]*)"\s*\)/g, '"$1/$2/$3"'],
    [/joinpath\(\s*"([^"]*)"\s*,\s*"([^"]*)"\s*\)/g, '"$1/$2"'],
    // keyword arguments follow a semicolon: rm(p; recursive=true) is rm(p, recursive=true)
    [/;\s*(?=(?:recursive|force)\s*=)/g, ', '],
  ],
  aliases: [],
  decoders: [],
  calls: [
    { fn: 'run', kind: 'exec' },
    { fn: 'read|readlines|open', kind: 'read', path: 0 },
    { fn: 'write', kind: 'write', path: 0, content: 1 },
    { fn: 'rm', kind: 'rmtree', path: 0 },
    { fn: 'download|Downloads\\.download|HTTP\\.(?:get|request)', kind: 'fetch', path: 0 },
    { fn: 'eval\\(Meta\\.parse|include_string', kind: 'eval', path: 0 },
    // Pkg.add(url="URL") / Pkg.develop(url=...): a package from that repository
    { fn: 'Pkg\\.(?:add|develop)|PackageSpec', kind: 'repo' },
    // include(download(u)) and evalfile() run a Julia file, wherever it came from
    { fn: 'include|Base\\.include|evalfile', kind: 'runs', path: 0 },
  ],
  connects: [/\bconnect\(\s*(?:ip)?"(?<host>[^"]+)"\s*,\s*(?<port>\d+)/g],
  streamsToProcess: /redirect_std|pipeline\(|\bwhile\b[\s\S]*\breadline\(/,
};

/** Elixir (`elixir -e`) and Erlang (`erl -eval`). */
export const BEAM: Language = {
  name: 'beam',
  programs: /^(?:elixir|erl|iex|mix)$/,
  inline: ['-e', '-eval'],
  dotConcat: false,
  rewrites: [
    [/:os\.cmd\(\s*'([^']*)'/g, 'System.shell("$1"'],
    [/\bos:cmd\(\s*"([^"]*)"/g, 'System.shell("$1"'],
    // a command built at run time (`:os.cmd(String.to_charlist(c))`) is still a command run
    [/(?::os\.cmd|\bos:cmd)\(/g, 'System.shell('],
    [/Port\.open\(\s*\{\s*:spawn\s*,\s*("[^"]*"|'[^']*')/g, 'System.shell($1'],
    // Erlang's file module and Elixir's ~c"..." charlists read like Elixir's File and strings
    [/\bfile:read_file\(/g, 'File.read('],
    [/~c"/g, '"'],
    // an address written as a tuple, {203,0,113,5}, is the dotted address
    [
      /(gen_tcp[.:]connect\(\s*)\{\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\}/g,
      '$1"$2.$3.$4.$5"',
    ],
    // the home folder and the paths built on it: Path.expand("~/.hex/hex.config"), System.user_home!()
    [/System\.user_home!?\(\s*\)/g, '"~"'],
    [/Path\.expand\(\s*("[^"]*")\s*\)/g, '$1'],
    [/Path\.join\(\s*"([^"]*)"\s*,\s*"([^"]*)"\s*\)/g, '"$1/$2"'],
    [/Path\.join\(\s*\[\s*"([^"]*)"\s*,\s*"([^"]*)"\s*\]\s*\)/g, '"$1/$2"'],
  ],
  aliases: [],
  decoders: [],
  calls: [
    // System.cmd(program, [args]): the program and its argument list
    { fn: 'System\\.cmd', kind: 'exec', argv: 1 },
    { fn: 'System\\.shell', kind: 'exec' },
    { fn: 'File\\.read!?|File\\.stream!', kind: 'read', path: 0 },
    { fn: 'File\\.write!?', kind: 'write', path: 0, content: 1 },
    { fn: 'File\\.rm_rf!?', kind: 'rmtree', path: 0 },
    { fn: 'Code\\.eval_string', kind: 'eval', path: 0 },
    // Erlang's and Elixir's other ways to run code held in a value: erl_eval on parsed terms
    // (erl_scan:string + erl_parse:parse_exprs), quoted or compiled strings, a module's object code
    {
      fn: 'erl_eval[.:]exprs?|:erl_eval\\.exprs?|Code\\.eval_quoted|Code\\.compile_string|Code\\.compile_quoted',
      kind: 'eval',
    },
    { fn: 'code[.:]load_binary|:code\\.load_binary', kind: 'loads' },
    // HTTP clients of OTP and of Elixir's libraries
    { fn: 'httpc[.:]request|:httpc\\.request|HTTPoison\\.get!?|Req\\.get!?|Tesla\\.get', kind: 'fetch', path: 0 },
  ],
  connects: [/gen_tcp[.:]connect\(\s*(?:'|"|~c")(?<host>[^'"]+)['"]\s*,\s*(?<port>\d+)/g],
  streamsToProcess: /gen_tcp[.:]recv[\s\S]*(?:System\.shell|System\.cmd)|Port\.command|:spawn/,
};

/** Dart: only as a script written in the line and run (`dart run f.dart`, `dart f.dart`). */
export const DART: Language = {
  name: 'dart',
  programs: /^dart$/,
  inline: [],
  dotConcat: false,
  rewrites: [],
  aliases: [],
  decoders: [],
  calls: [
    { fn: 'Process\\.(?:start|run|runSync)', kind: 'exec', argv: 1 },
    {
      fn: 'File\\(([^()]*)\\)\\.(?:readAsString|readAsStringSync|readAsBytes|readAsBytesSync)',
      kind: 'read',
      path: -1,
    },
  ],
  connects: [/Socket\.connect\(\s*['"](?<host>[^'"]+)['"]\s*,\s*(?<port>\d+)/g],
  streamsToProcess: /\.pipe\(|stdin\.add|stdout\.listen/,
};

/**
 * awk (POSIX awk, gawk, mawk): the program is the first operand. `system(cmd)`, `print ... | "sh"`
 * and `cmd | getline` run shell commands; strings join by juxtaposition (`"rm -rf " ENVIRON["HOME"]`).
 */
const AWK_JOIN: [RegExp, string] = [/"((?:[^"\\]|\\.)*)"\s+"((?:[^"\\]|\\.)*)"/g, '"$1$2"'];
export const AWK: Language = {
  name: 'awk',
  programs: /^(?:awk|gawk|mawk|nawk)$/,
  inline: [],
  dotConcat: false,
  rewrites: [
    [/ENVIRON\[\s*"HOME"\s*\]/g, '"~"'],
    AWK_JOIN,
    AWK_JOIN,
    AWK_JOIN,
    [/\bprint(?:f)?\s+("(?:[^"\\]|\\.)*")\s*\|\s*"(?:\/bin\/)?(?:ba|z|da)?sh"/g, 'system($1)'],
    [/("(?:[^"\\]|\\.)*")\s*\|\s*getline/g, 'system($1)'],
    // `getline [var] < "FILE"` reads that file line by line, whatever the program prints of it
    [/\bgetline(?:\s+[A-Za-z_]\w*)?\s*<\s*("(?:[^"\\]|\\.)*")/g, 'readfile($1)'],
  ],
  aliases: [],
  decoders: [],
  calls: [
    { fn: 'system', kind: 'exec' },
    // gawk's readfile extension (@load "readfile") returns a file's whole text
    { fn: 'readfile', kind: 'read', path: 0 },
  ],
  connects: [/"\/inet\/tcp\/\d+\/(?<host>[^/"]+)\/(?<port>\d+)"/g],
  streamsToProcess: /\/inet\/tcp\/[\s\S]*\|&\s*getline[\s\S]*\|\s*getline|\/inet\/tcp[\s\S]*system\(/,
};

/**
 * C (and C++) compiled from the line: code fed to the compiler on its input (`gcc -x c - <<EOF`)
 * or a source file written earlier in the line and compiled. Read for the processes it starts and
 * the sockets it opens: a socket connected with connect(2), duplicated onto descriptors 0-2 with
 * dup2(2) and followed by exec of a shell is a reverse shell in any language (POSIX socket API;
 * execl(3), system(3), popen(3)).
 */
export const C_LANG: Language = {
  name: 'c',
  programs: /^(?:gcc|cc|clang|tcc|musl-gcc|g\+\+|c\+\+|clang\+\+)(?:-\d+)?$/,
  inline: [],
  dotConcat: false,
  rewrites: [],
  aliases: [],
  decoders: [],
  calls: [{ fn: 'system|popen', kind: 'exec' }],
  connects: [/inet_(?:addr|pton)\(\s*(?:AF_INET6?\s*,\s*)?"(?<host>[0-9a-fA-F.:]+)"/g],
  streamsToProcess: /\bdup2\s*\(/,
};

/**
 * Rust: a source file `cargo run`/`cargo build` compiles and runs (src/main.rs, src/bin/*.rs,
 * build.rs), and `rust-script -e`. Only std's file calls are read (std::fs remove_dir_all,
 * remove_file, rename; the home from std::env::var("HOME"), dirs::home_dir, home::home_dir).
 */
export const RUST: Language = {
  name: 'rust',
  programs: /^(?:rust-script|cargo-script)$/,
  inline: ['-e', '--expr'],
  dotConcat: false,
  rewrites: [
    [/\bstd::fs::/g, 'fs::'],
    [/\bstd::env::/g, 'env::'],
    [
      /(?:env::var(?:_os)?\(\s*"(?:HOME|USERPROFILE)"\s*\)|(?:dirs|home|env)::home_dir\(\s*\))(?:\.(?:unwrap|unwrap_or_default)\(\s*\)|\.expect\([^)]*\)|\?)?/g,
      '"~"',
    ],
    // let h = "~"; and Path::new(h).join("x"), PathBuf::from("~").join("x"): the path built
    [/\blet\s+(?:mut\s+)?(\w+)\s*(?::\s*[\w:<>]+\s*)?=\s*/g, '$1 = '],
    [/\b(?:Path::new|PathBuf::from)\(\s*"([^"]*)"\s*\)\.join\(\s*"([^"]*)"\s*\)/g, '"$1/$2"'],
    [/"([^"]*)"\.join\(\s*"([^"]*)"\s*\)/g, '"$1/$2"'],
    [/\b(?:Path::new|PathBuf::from)\(\s*("[^"]*")\s*\)/g, '$1'],
    [/&(?=")/g, ''],
  ],
  aliases: [],
  decoders: [],
  calls: [
    { fn: 'fs::remove_dir_all', kind: 'rmtree', path: 0 },
    { fn: 'fs::remove_file|fs::remove_dir', kind: 'remove', path: 0 },
    { fn: 'fs::rename', kind: 'move', path: 0, content: 1 },
    { fn: 'fs::write', kind: 'write', path: 0, content: 1 },
  ],
  connects: [],
  streamsToProcess: /$^/,
};

export const MORE_LANGUAGES: Language[] = [TCL, JVM, CRYSTAL, JULIA, BEAM, DART, AWK, C_LANG, RUST];
