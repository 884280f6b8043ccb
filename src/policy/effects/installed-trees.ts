// Where package managers keep what they installed. Code there runs as the package's own: a
// write into it changes a dependency without its registry, lockfile or review ever seeing it
// (`tampers TREE PACKAGE`, asked by policy supply-chain-sources). Each folder is the install
// location its tool documents:
//   node_modules (npm), bower_components (Bower), jspm_packages (jspm), .yarn/unplugged (Yarn PnP)
//   site-packages / dist-packages (CPython), __pypackages__ (PEP 582)
//   vendor/bundle, ~/.gem/ruby, gems/VERSION/gems (Bundler, RubyGems)
//   ~/.cargo/registry, ~/.cargo/git/checkouts (Cargo home, "Cargo Home" in the Cargo Book)
//   ~/go/pkg/mod, vendor/<module path> (Go modules, `go mod vendor`)
//   dbt_packages, dbt_modules (dbt `packages-install-path`, and its default before dbt 1.0)
//   Pods (CocoaPods), Carthage/Checkouts and Carthage/Build (Carthage), .build/checkouts and
//     SourcePackages/checkouts (Swift Package Manager, Xcode)
//   .terraform/modules, .terraform/providers (`terraform init`)
//   ansible_collections, ~/.ansible/roles (ansible-galaxy install paths)
//   ~/.m2/repository (Maven local repository), ~/.gradle/caches/modules-2 (Gradle), ~/.ivy2/cache,
//     ~/.nuget/packages (NuGet global packages folder)
//   ~/.pub-cache (Dart pub), ~/.julia/packages (Julia Pkg), renv/library and R's site-library
//   deps/NAME (Mix's `deps_path`: Elixir and Erlang files under the package's lib/, src/, priv/, or mix.exs),
//     _build/ENV/lib (Mix's and rebar3's compiled dependencies), ~/.hex/packages (Hex cache)
//   _opam/lib and ~/.opam/SWITCH/lib (opam switches), ~/.cabal/packages and ~/.stack/pantry,
//     .stack-work/downloaded, dist-newstyle/src (cabal-install, Stack)
//   lua_modules and ~/.luarocks (LuaRocks), ~/.nimble/pkgs (Nimble), elm-stuff and ~/.elm (Elm)
import type { Effect } from './types.js';
import { dependency } from './supply.js';
import { analyzeCode } from './interp/code.js';
import { GO, NODE, PHP, PYTHON, RUBY, type Language } from './interp/languages.js';

/** [folder pattern (lower-case path, ends at the folder's slash), name for the sentence]. */
const TREES: [RegExp, string][] = [
  [/(?:^|\/)node_modules\//, 'node_modules'],
  [/(?:^|\/)bower_components\//, 'bower_components'],
  [/(?:^|\/)jspm_packages\//, 'jspm_packages'],
  [/(?:^|\/)\.yarn\/unplugged\//, 'yarn-unplugged'],
  [/(?:^|\/)(?:site|dist)-packages\//, 'site-packages'],
  [/(?:^|\/)__pypackages__\/[\d.]+\/lib\//, 'pypackages'],
  [/(?:^|\/)vendor\/bundle\/|(?:^|\/)\.gem\/ruby\/|(?:^|\/)gems\/[^/]+\/gems\//, 'gems'],
  [/(?:^|\/)\.cargo\/(?:registry|git\/checkouts)\//, 'cargo'],
  [/(?:^|\/)go\/pkg\/mod\//, 'gomod'],
  [
    /(?:^|\/)vendor\/(?=(?:github\.com|gitlab\.com|golang\.org|gopkg\.in|google\.golang\.org|k8s\.io|go\.[\w.-]+|[\w.-]+\/[\w.-]+\/(?:src|lib)\/))/,
    'vendor',
  ],
  [/(?:^|\/)dbt_(?:packages|modules)\//, 'dbt_packages'],
  // a Pods folder of Kubernetes manifests is no install tree: only the file kinds pods ship
  [/(?:^|\/)pods\/(?=[^/]+\/.*\.(?:swift|m|mm|h|hpp|c|cc|cpp|xcconfig|modulemap|sh|rb|plist)$)/, 'pods'],
  [/(?:^|\/)carthage\/(?:checkouts|build)\//, 'carthage'],
  [/(?:^|\/)(?:\.build|sourcepackages)\/checkouts\//, 'swiftpm'],
  [/(?:^|\/)\.terraform\/(?:modules|providers)\//, 'terraform'],
  [/(?:^|\/)ansible_collections\/|(?:^|\/)\.ansible\/roles\//, 'ansible'],
  [/(?:^|\/)\.m2\/repository\/|(?:^|\/)\.gradle\/caches\/modules-2\/|(?:^|\/)\.ivy2\/cache\//, 'jvm'],
  [/(?:^|\/)\.nuget\/packages\//, 'nuget'],
  [/(?:^|\/)\.pub-cache\/(?:hosted|git)\//, 'pub'],
  [/(?:^|\/)\.julia\/packages\//, 'julia'],
  [/(?:^|\/)renv\/library\/|(?:^|\/)site-library\//, 'r'],
  // (a deps/ folder of C libraries kept in the tree, as Redis keeps hiredis, is the project's own)
  [
    /(?:^|\/)deps\/(?=[^/]+\/(?:lib|src|c_src|priv|include)\/.*\.(?:exs?|erl|hrl|[hl]?eex|app\.src)$|[^/]+\/mix\.exs$)/,
    'mix',
  ],
  [/(?:^|\/)_build\/[^/]+\/lib\/|(?:^|\/)\.hex\/packages\//, 'beam'],
  [/(?:^|\/)_opam\/lib\/|(?:^|\/)\.opam\/[^/]+\/lib\//, 'opam'],
  [
    /(?:^|\/)\.cabal\/packages\/|(?:^|\/)\.stack\/pantry\/|(?:^|\/)\.stack-work\/downloaded\/|(?:^|\/)dist-newstyle\/src\//,
    'haskell',
  ],
  [
    /(?:^|\/)lua_modules\/|(?:^|\/)\.luarocks\/|(?:^|\/)\.nimble\/pkgs2?\/|(?:^|\/)elm-stuff\/|(?:^|\/)\.elm\/[\d.]+\/packages\//,
    'packages',
  ],
];

/** Tool caches inside node_modules: written by every build, no package's code. */
const INSTALLED_CACHE = /^\.(?:cache|vite|tmp|pnpm-store|package-lock\.json|yarn-state\.yml|modules\.yaml)(?:\/|$)/;

const CODE_LANG: [RegExp, Language][] = [
  [/\.[cm]?[jt]s$/, NODE],
  [/\.py$/, PYTHON],
  [/\.rb$/, RUBY],
  [/\.go$/, GO],
  [/\.php$/, PHP],
];

/**
 * Commands whose output is an install tree's folder, each the way its tool documents asking
 * for it: Python's `X.__file__`/`__path__`, `site.getsitepackages()`, `sysconfig.get_paths()`,
 * `python -m site --user-site` and `pip show` (docs.python.org, "site" and "sysconfig"); `npm
 * root [-g]`; `go env GOMODCACHE`; `gem env gemdir`, `gem contents`, `bundle show|info --path`.
 * [pattern on the substitution's text, the tree it names].
 */
const TREE_PRINTERS: [RegExp, string][] = [
  [
    /^\s*(?:python[\d.]*|py|pypy[\d.]*)\s.*(?:__file__|__path__|sitepackages|get_paths|get_python_lib|--user-site|purelib|platlib)/,
    'site-packages',
  ],
  [/^\s*pip[\d.]*\s+show\b/, 'site-packages'],
  [/^\s*npm\s+root\b/, 'node_modules'],
  [/^\s*go\s+env\s+gomodcache\b/, 'go/pkg/mod'],
  [/^\s*(?:gem\s+(?:env\s+gemdir|contents|which)|bundle\s+(?:show|info))\b/, 'gems/x/gems'],
];

/**
 * A path that starts with a command substitution printing where a package manager installed
 * something (`$(python3 -c 'import mod,os;print(os.path.dirname(mod.__file__))')/x.py`): the
 * path is inside that tree, in the package the code imports when it names one.
 */
function substitutedTree(p: string): string {
  if (!p.startsWith('$(') && !p.startsWith('"$(') && !p.startsWith('`')) return p;
  const open = p.indexOf(p.includes('$(') ? '$(' : '`');
  let end = -1;
  if (p[open] === '`') end = p.indexOf('`', open + 1);
  else
    for (let i = open + 1, depth = 0; i < p.length; i++) {
      if (p[i] === '(') depth++;
      else if (p[i] === ')' && --depth === 0) {
        end = i;
        break;
      }
    }
  if (end < 0) return p;
  const inner = p.slice(open + (p[open] === '`' ? 1 : 2), end);
  const tree = TREE_PRINTERS.find(([re]) => re.test(inner))?.[1];
  if (!tree) return p;
  const mod = /\bimport\s+([\w]+)|find_spec\(\s*['"](\w+)|show\s+(?:-\S+\s+)*([\w.-]+)/.exec(inner);
  const pkg = mod?.[1] ?? mod?.[2] ?? mod?.[3];
  const rest = p
    .slice(end + 1)
    .replace(/^["']/, '')
    .replace(/^\/+/, '');
  // `dirname(mod.__file__)` is the package's own folder; a bare tree printer is the tree itself
  const inPkg = pkg && /__file__|__path__|show|contents|which/.test(inner) ? `${pkg}/` : '';
  return `/${tree}/${inPkg}${rest}`;
}

/** How many path segments name the package inside each tree (the rest is its files). */
function packageDepth(tree: string, rest: string, p: string): number {
  // Go's vendor tree names a module by its host path (vendor/github.com/spf13/cobra)
  if (/^(?:github\.com|gitlab\.com|bitbucket\.org)\//.test(rest)) return 3;
  if (tree === 'ansible' && /^[^/]+\/[^/]+\//.test(rest) && !p.includes('/.ansible/roles/')) return 2;
  return p.includes('/@') ? 2 : 1;
}

/**
 * A write into installed packages changes a dependency's code without its registry, lockfile or
 * review ever seeing it: a human confirms it, and code it plants is decided as code.
 * `p` is the lower-case path.
 */
export function installedFindings(path: string, content: string): Effect[] {
  const p = substitutedTree(path);
  for (const [re, tree] of TREES) {
    const m = re.exec(p);
    if (!m) continue;
    const rest = p.slice((m.index ?? 0) + m[0].length);
    if (tree === 'node_modules' && INSTALLED_CACHE.test(rest)) return [];
    const pkg = rest
      .split('/')
      .slice(0, packageDepth(tree, rest, p))
      .join('/');
    const via = `changes the installed package ${pkg || p}`;
    const out: Effect[] = [dependency(['tampers', tree, pkg || p], via)];
    const lang = CODE_LANG.find(([r]) => r.test(p))?.[1];
    if (lang && content) out.push(...analyzeCode(lang, content, via).map((e) => ({ ...e, onlyDeny: true })));
    return out;
  }
  return [];
}

/**
 * A file copied or unpacked into installed packages by a command (cp, tar -C, rsync): the content
 * is not known, the place is (`tampers`, asked as a write with content is).
 */
export function installedPathFindings(path: string): Effect[] {
  return installedFindings(path.toLowerCase().replace(/\\/g, '/'), '');
}
