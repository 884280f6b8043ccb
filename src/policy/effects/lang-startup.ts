// Start-up files of language runtimes, REPLs and build tools: code in them runs every time the
// tool starts, in every project, without anyone asking. Their text is code in the tool's own
// language, so it is read generically: the hosts it reaches (any URL, and curl/wget operands),
// and the string literals that hold a command line (`run(`curl ... | sh`)`,
// `["sh", "-c", "..."].execute()`, `system("...")`, `:! cmd`), each decided as a command.
// Locations (each tool's documentation of the files it loads at start):
//   Julia ~/.julia/config/startup.jl; R ~/.Rprofile, .Rprofile, Rprofile.site; Python
//   ~/.pythonrc(.py), IPython profile_*/startup/*.py and ipython_config.py, Jupyter
//   jupyter_*_config.py; Ruby ~/.irbrc, ~/.pryrc; Gradle ~/.gradle/init.gradle(.kts) and
//   init.d/*; sbt ~/.sbt/*/global.sbt and plugins/*.sbt; Leiningen ~/.lein/profiles.clj;
//   Elixir .iex.exs; GHC .ghci; Erlang ~/.erlang; Octave ~/.octaverc; MATLAB startup.m;
//   Mercurial .hgrc (its [hooks] run commands); Home Manager home.nix (activation scripts and
//   shell init strings run on every switch and shell start); Starship starship.toml (`[custom.*]
//   command` runs at every prompt); Nextflow ~/.nextflow/config (`beforeScript` runs in every
//   task of every pipeline); Nushell config.nu/env.nu; xonsh ~/.xonshrc; WezTerm ~/.wezterm.lua;
//   Hammerspoon init.lua (runs at login); PowerShell profile.ps1 ($PROFILE); kdb+ q.q in QHOME
//   (code.kx.com, "q.q": loaded before any script whenever q starts).
// Maven core extensions (~/.m2/extensions.xml, .mvn/extensions.xml) load a jar into every
// build: one outside the groups Maven's own documentation and the build vendors publish is asked.
import { posix } from 'node:path';
import type { Effect } from './types.js';
import { dependency } from './supply.js';
import { isKnownRegistry, isVendorHost } from './supply-data.js';

const LANG_STARTUP =
  /\/\.julia\/config\/startup\.jl$|(?:^|\/)\.rprofile$|\/rprofile\.site$|(?:^|\/)\.pythonrc(?:\.py)?$|\/\.ipython\/profile_[^/]+\/(?:startup\/[^/]+\.(?:py|ipy)|ipython_config\.py)$|\/\.jupyter\/jupyter_\w+_config\.py$|(?:^|\/)\.(?:irbrc|pryrc)$|\/\.gradle\/init\.gradle(?:\.kts)?$|\/\.gradle\/init\.d\/[^/]+\.gradle(?:\.kts)?$|\/\.sbt\/[^/]+\/(?:global\.sbt|plugins\/[^/]+\.sbt)$|\/\.lein\/profiles\.clj$|(?:^|\/)\.iex\.exs$|(?:^|\/)\.ghci$|\/\.erlang$|(?:^|\/)\.octaverc$|(?:^|\/)startup\.m$|(?:^|\/)\.hgrc$|\/\.hg\/hgrc$|\/\.config\/(?:home-manager|nixpkgs)\/home\.nix$|\/\.config\/starship\.toml$|\/\.nextflow\/config$|\/\.config\/nushell\/(?:config|env)\.nu$|(?:^|\/)\.xonshrc$|(?:^|\/)\.wezterm\.lua$|\/\.hammerspoon\/init\.lua$|(?:^|\/)q\.q$|\/(?:documents\/(?:windows)?powershell|\.config\/powershell)\/(?:microsoft\.(?:powershell|vscode)_)?profile\.ps1$/;

/**
 * Start-up scripts of desktop applications that embed a language (each application's own
 * documentation of the files it loads when it starts or opens a document): AutoCAD acad.lsp,
 * acaddoc.lsp (every drawing opened), acadYYYY(doc).lsp and menu .mnl files; Maya userSetup.py
 * and userSetup.mel; Houdini 123/456 and pythonrc scripts; Nuke's ~/.nuke init.py and menu.py;
 * Blender's scripts/startup folder; 3ds Max's scripts/startup folder; QGIS python/startup.py;
 * FreeCAD Mod/NAME/Init(Gui).py; SketchUp's Plugins folder; Sublime Text's Packages/User
 * plugins; Notepad++ PythonScript startup.py; Kodi autoexec.py; Hyper's ~/.hyper.js. A line that
 * starts a program or reaches a host there runs each time someone opens the application, and on
 * a shared support path (a firm's standards share) for everyone who does.
 */
const APP_STARTUP =
  /(?:^|\/)acad(?:\d{4})?(?:doc)?\.lsp$|\/support\/[^/]+\.(?:lsp|mnl)$|(?:^|\/)[^/]+\.mnl$|(?:^|\/)usersetup\.(?:py|mel)$|\/houdini[\d.]*\/scripts\/(?:123|456|pythonrc)\.(?:py|cmd)$|\/python[\d.]*libs\/pythonrc\.py$|\/\.nuke\/(?:init|menu)\.py$|\/scripts\/startup\/[^/]+\.(?:py|ms|mcr|mse)$|\/python\/startup\.py$|\/mod\/[^/]+\/init(?:gui)?\.py$|\/sketchup\/plugins\/[^/]+\.rb$|\/packages\/user\/[^/]+\.py$|\/pythonscript\/scripts\/startup\.py$|\/userdata\/autoexec\.py$|(?:^|\/)\.hyper\.js$/;

const MAVEN_EXTENSIONS = /(?:\/\.m2|(?:^|\/)\.mvn)\/extensions\.xml$/;

/** Groups of Maven core extensions documented by Maven and the build vendors. */
const MAVEN_GROUPS =
  /^(?:org\.apache\.maven(?:\.[\w.-]+)?|kr\.motd\.maven|io\.takari(?:\.[\w.-]+)?|com\.gradle|org\.eclipse\.tycho(?:\.[\w.-]+)?|fr\.jcgay\.maven(?:\.[\w.-]+)?|co\.leantechniques|org\.sonatype\.[\w.-]+|com\.google\.cloud\.artifactregistry|software\.amazon\.codeartifact|io\.quarkus|org\.jvnet\.[\w.-]+)$/;

/**
 * Files of JVM options that a build reads on every run (Maven's .mvn/jvm.config and
 * .mvn/maven.config, ~/.mavenrc; Gradle's gradle.properties `org.gradle.jvmargs`; sbt's .jvmopts
 * and .sbtopts): a `-javaagent:`/`-agentpath:` in them loads that code into every build, as
 * `-Dmaven.ext.class.path=` loads a Maven extension and `-Xbootclasspath/a:` a class path.
 */
const JVM_OPTIONS =
  /(?:^|\/)\.mvn\/(?:jvm|maven)\.config$|(?:^|\/)\.mavenrc$|(?:^|\/)gradle\.properties$|(?:^|\/)\.(?:jvmopts|sbtopts)$/;
const JVM_LOADS = /(?:-javaagent:|-agentpath:|-Dmaven\.ext\.class\.path=|-Xbootclasspath\/[ap]:)([^\s=,"']+)/g;
/** A code path in a temporary or hidden place; the build tools' own caches (~/.m2/repository, ~/.gradle/caches, coursier, ivy) are where agents are normally taken from. */
const ODD_CODE_PATH =
  /^(?:\/tmp\/|\/var\/tmp\/|\/dev\/shm\/|\/private\/tmp\/)|\/\.(?!m2\/repository\/|gradle\/caches\/|gradle\/wrapper\/|ivy2\/|sdkman\/|cache\/coursier\/|local\/share\/coursier\/)[^/]+\//i;

/** A program in a temporary place, or a hidden file or folder outside the tools' own caches (`/opt/kdb/.x`, `~/.cache/.u/run`). */
const ODD_STARTED =
  /^(?:\/tmp\/|\/var\/tmp\/|\/dev\/shm\/|\/private\/tmp\/)|\/\.(?!\.|m2\/|gradle\/|ivy2\/|sdkman\/|local\/|config\/|vscode\/|cargo\/bin\/|nvm\/|pyenv\/|rbenv\/|venv\/|conda\/|cache\/coursier\/)[^/\s]+/i;

/** The first word of a command line that names a program in a temporary or hidden place, or undefined. */
export function oddStartedProgram(line: string): string | undefined {
  return line
    .split(/[\s;&|()'"]+/)
    .find((w) => ODD_STARTED.test(w.replace(/^(?:~|\$HOME|\$\{HOME\})(?=\/)/, '/home/_')));
}

/** Whether a write to `path` is to a language runtime's or build tool's start-up file. */
export function isLangStartup(path: string): boolean {
  const p = path.toLowerCase().replace(/\\/g, '/');
  return LANG_STARTUP.test(p) || APP_STARTUP.test(p) || MAVEN_EXTENSIONS.test(p) || JVM_OPTIONS.test(p);
}

/** The agents and class paths a JVM options file loads from a temporary or hidden place. */
function jvmLoads(text: string, name: string): Effect[] {
  const out: Effect[] = [];
  for (const m of text.matchAll(JVM_LOADS)) {
    const p = m[1] ?? '';
    if (ODD_CODE_PATH.test(p.replace(/^(?:\$\{user\.home\}|~|\$HOME)/, '/home/_')))
      out.push(
        reading(['startup-program', p, name], `${name} loads ${p} into every build, from a temporary or hidden place`),
      );
  }
  return out.slice(0, 4);
}

function hostOf(url: string): string | undefined {
  return /^[a-z]+:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^/:?#]+)/i.exec(url)?.[1]?.toLowerCase();
}

/** String literals of the text ("...", '...', `...`), and GHCi/Octave `:!`/`system` lines. */
function literals(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/"((?:[^"\\\n]|\\.){3,400})"|'((?:[^'\\\n]|\\.){3,400})'|`([^`\n]{3,400})`/g))
    out.push((m[1] ?? m[2] ?? m[3] ?? '').replace(/\\(["'\\])/g, '$1'));
  for (const m of text.matchAll(/^\s*:!\s*(.+)$/gm)) if (m[1]) out.push(m[1]);
  // AutoLISP's (startapp "PROGRAM" "ARGUMENTS"): the command line it starts
  for (const m of text.matchAll(/\(startapp\s+"((?:[^"\\\n]|\\.)+)"\s+"((?:[^"\\\n]|\\.)*)"/gi))
    out.push(`${m[1] ?? ''} ${(m[2] ?? '').replace(/\\(["\\])/g, '$1')}`);
  return out;
}

const COMMANDISH = /\s|^(?:sh|bash|zsh|curl|wget|nc|python3?|node|perl|ruby)$/;

function reading(words: string[], via: string): Effect {
  return { tool: 'startup', command: words.map((w) => w.replace(/\s+/g, '_').slice(0, 200) || '_').join(' '), via };
}

/** What writing `content` to a language start-up file plants; undefined when `path` is none. */
export function langStartupPlant(path: string, content: string): Effect[] | undefined {
  if (!isLangStartup(path)) return undefined;
  const name = posix.basename(path.replace(/\\/g, '/'));
  const text = content.slice(0, 200_000);
  const out: Effect[] = [];
  if (MAVEN_EXTENSIONS.test(path.toLowerCase().replace(/\\/g, '/'))) {
    for (const m of text.matchAll(
      /<extension>[\s\S]*?<groupId>\s*([^<\s]+)\s*<\/groupId>[\s\S]*?<artifactId>\s*([^<\s]+)\s*<\/artifactId>/g,
    ))
      if (m[1] && !MAVEN_GROUPS.test(m[1]))
        out.push(
          dependency(['runs-unlisted', 'maven', `${m[1]}:${m[2] ?? ''}`], `${name} loads ${m[1]} into every build`),
        );
    return out;
  }
  if (JVM_OPTIONS.test(path.toLowerCase().replace(/\\/g, '/'))) return jvmLoads(text, name);
  const via = `plants code in ${name}, which runs each time the tool starts`;
  const urls = new Set<string>(text.match(/\b(?:https?|ftp|wss?):\/\/[^\s'"`)<>\\|;,\]]+/g) ?? []);
  for (const m of text.matchAll(/\b(?:curl|wget)\b[^\n"'`]*?\s([a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?\/\S*)/gi))
    if (m[1]) urls.add(`http://${m[1]}`);
  // kdb+ handles: hopen `:host:port (and `:unix://, which is local)
  for (const m of text.matchAll(/`:((?:\d{1,3}\.){3}\d{1,3}|[a-z][\w-]*(?:\.[\w-]+)+):(\d{1,5})\b/gi))
    if (m[1]) urls.add(`tcp://${m[1]}:${m[2] ?? ''}`);
  for (const u of urls) {
    const h = hostOf(u);
    if (!h || /^(?:localhost|127\.[\d.]+|\[::1\])$/.test(h) || isVendorHost(h) || isKnownRegistry(h)) continue;
    out.push(reading(['startup-fetch', u, name], `${via} and reaches ${h}`));
  }
  for (const l of literals(text)) {
    if (!COMMANDISH.test(l.trim())) continue;
    out.push({ tool: 'exec', command: l, via, onlyDeny: true });
    // a program started from a temporary or hidden place each time the tool starts
    const odd = oddStartedProgram(l);
    if (odd)
      out.push(reading(['startup-program', odd, name], `${via} and starts ${odd}, from a temporary or hidden place`));
  }
  return out;
}
