// Code installed by the many tools that are not package managers but install plugins and
// extensions, and the install spellings of package managers that name code by where it lives
// rather than by a registry name. Each is brought to the same readings as `npm install URL`:
//   helm plugin install URL, kubectl krew install --manifest-url URL|--archive URL,
//   gh extension install OWNER/REPO, vagrant plugin install URL, asdf/mise plugin add NAME URL,
//   gem specific_install URL, easy_install URL, uv pip install URL, npm install gist:ID
//     -> the source decided as code from that place (sources.ts: unknown host deny, a code
//        host's repository under an owner no catalogue knows ask)
//   code/cursor/codium --install-extension PUBLISHER.NAME
//     -> a near spelling of a listed extension, or its name under another publisher (ask)
//   conda/mamba install -c CHANNEL
//     -> a personal channel on anaconda.org (ask)
//   npm/yarn/pnpm/bun create NAME, npm init NAME
//     -> create-NAME fetched and run, as `npx create-NAME`
//   npm pkg set dependencies.X=URL, go mod edit -replace A=B
//     -> the manifest written with that entry, decided by the manifest readings
//   kubectl run/create deployment --image=IMG, kubectl set image ... C=IMG
//     -> the image decided as `docker run IMG`
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { dependency, slugFinding } from './supply.js';
import { sourceFindings } from './sources.js';
import { isPopular, lookalikeOf } from './supply-data.js';
import { operandWords } from './packages.js';
import { argvOption } from './operands.js';
import { publisherRepo } from './source-swaps.js';

/** The programs read here (the line reading's gate). */
export const INSTALLER_PROGRAMS = [
  'helm',
  'kubectl',
  'kubectl-krew',
  'gh',
  'code',
  'code-insiders',
  'codium',
  'cursor',
  'windsurf',
  'vagrant',
  'asdf',
  'mise',
  'rtx',
  'gem',
  'easy_install',
  'uv',
  'npm',
  'pnpm',
  'yarn',
  'bun',
  'conda',
  'mamba',
  'micromamba',
  'go',
  'dart',
  'flutter',
] as const;

/** Conda channels of Anaconda, the community and vendors (anything else is one person's channel). */
const CONDA_CHANNELS = new Set(
  (
    'defaults main r msys2 anaconda conda-forge bioconda pytorch pytorch-nightly nvidia rapidsai intel ' +
    'huggingface fastai plotly bokeh numba pyviz esri gurobi mosek conda-canary anaconda-cloud ' +
    'apple dglteam xformers'
  ).split(' '),
);

const URLISH = /^(?:git\+|hg\+)?(?:https?|git|ssh|ftp|file):\/\/|^git@[\w.-]+:/i;

const ops = operandWords;

function code(eco: string, src: string, via: string, out: Effect[]): void {
  sourceFindings(eco, src, via, out, 'code');
}

/** An `owner/repo` shorthand (gh extensions, asdf plugins) as the GitHub URL it stands for. */
function githubUrl(w: string): string {
  return /^[\w.-]+\/[\w.-]+$/.test(w) ? `https://github.com/${w}` : w;
}

/** A VS Code extension id (publisher.name, optionally @version) checked against the listed ones. */
export function extensionFinding(id: string, via: string): Effect | undefined {
  const m = /^([a-z0-9][\w-]*)\.([a-z0-9][\w.-]*?)(?:@[\w.-]+)?$/i.exec(id);
  if (!m?.[1] || !m[2]) return undefined;
  const slug = `${m[1]}/${m[2]}`.toLowerCase();
  if (isPopular('vscode', slug)) return undefined;
  const of = lookalikeOf('vscode', slug);
  if (of) return dependency(['lookalike', 'vscode', id, 'of', of], via);
  // an extension runs with the editor's rights over every file and terminal: one on no list
  // is confirmed, as a package fetched and run on the spot is
  return slugFinding('vscode', slug, via) ?? dependency(['runs-unlisted', 'vscode', id], via);
}

/** `npm create vite@5` runs create-vite; `npm init @scope/app` runs @scope/create-app. */
function createPackage(w: string): string | undefined {
  const m = /^(@[\w.-]+\/)?([\w.-]+?)(?:@[\w.^~<>=*-]+)?$/.exec(w);
  if (!m?.[2]) return /^@[\w.-]+$/.test(w) ? `${w}/create` : undefined;
  return `${m[1] ?? ''}create-${m[2]}`;
}

const NPM_CREATE_TAKES = new Set(['-w', '--workspace', '--scope', '--prefix']);

/** npm's commands (npm 10): npm runs any unambiguous prefix of one (`npm pub` publishes). */
const NPM_COMMANDS = (
  'access adduser audit bugs cache ci completion config dedupe deprecate diff dist-tag docs doctor edit ' +
  'exec explain explore find-dupes fund get help help-search hook init install install-ci-test ' +
  'install-test link ll login logout ls org outdated owner pack ping pkg prefix profile prune publish ' +
  'query rebuild repo restart root run-script sbom search set shrinkwrap star stars start stop team ' +
  'test token uninstall unpublish unstar update version view whoami'
).split(' ');
/** npm's own aliases (read by the rules as written, never expanded). */
const NPM_ALIASES = new Set(
  (
    'i in ins inst insta instal isnt isnta isntal isntall add c ln r rm remove un unlink up upgrade udpate ' +
    'x run rum urn t tst s se find v info show home author la list cit clean-install-test sit it ic ' +
    'clean-install install-clean isntall-clean hlep verison ddp create innit dist-tags issues why add-user'
  ).split(' '),
);

/** The npm command an abbreviation stands for (`pub` -> `publish`), when it is one. */
export function npmCommand(sub: string): string | undefined {
  if (!/^[a-z-]{2,}$/.test(sub) || NPM_ALIASES.has(sub) || NPM_COMMANDS.includes(sub)) return undefined;
  const hits = NPM_COMMANDS.filter((c) => c.startsWith(sub));
  return hits.length === 1 ? hits[0] : undefined;
}

function npmFamily(a: string[], name: string, out: Effect[]): void {
  if (name === 'npm') {
    const full = npmCommand(a[1] ?? '');
    if (full) {
      out.push({ tool: 'exec', command: ['npm', full, ...a.slice(2)].join(' '), via: `npm ${a[1]} is npm ${full}` });
      a = ['npm', full, ...a.slice(2)];
    }
  }
  const sub = a[1] ?? '';
  if (sub === 'create' || (name === 'npm' && (sub === 'init' || sub === 'innit'))) {
    const first = ops(a, 2, NPM_CREATE_TAKES)[0];
    if (!first || first.startsWith('.') || first.startsWith('/')) return;
    if (URLISH.test(first) || /^(?:github|gitlab|bitbucket|gist):/.test(first)) {
      code('npm', first, `${name} ${sub} runs`, out);
      return;
    }
    const pkg = createPackage(first);
    if (!pkg) return;
    const of = lookalikeOf('npm', pkg);
    if (of) out.push(dependency(['lookalike', 'npm', pkg, 'of', of], `${name} ${sub} runs ${pkg}`));
    else if (!isPopular('npm', pkg)) out.push(dependency(['runs-unlisted', 'npm', pkg], `${name} ${sub} runs ${pkg}`));
    return;
  }
  // gist:ID and gist URLs are code anyone publishes
  if (/^(?:i|in|install|add)$/.test(sub))
    for (const w of ops(a, 2)) {
      const spec = w.replace(/^[@\w./-]+@(?=gist:)/, '');
      if (spec.startsWith('gist:'))
        out.push(dependency(['third-party-source', 'npm', spec], `${name} ${sub} installs a gist`));
    }
  // npm pkg set dependencies.X=URL: package.json written with that entry
  if (name === 'npm' || name === 'pnpm')
    if (sub === 'pkg' && a[2] === 'set') {
      const manifest: Record<string, Record<string, string>> = {};
      for (const p of a.slice(3)) {
        const m =
          /^(dependencies|devDependencies|optionalDependencies|peerDependencies|overrides|resolutions)\.(.+?)=(.*)$/s.exec(
            p,
          );
        if (m?.[1] && m[2] && m[3] !== undefined) (manifest[m[1]] ??= {})[m[2]] = m[3];
      }
      if (Object.keys(manifest).length)
        out.push({
          tool: 'write',
          path: 'package.json',
          content: JSON.stringify(manifest, null, 2),
          via: `${name} pkg set writes package.json dependencies`,
        });
    }
}

/** go mod edit -replace=A=B / -replace A=B: go.mod written with that replace directive. */
function goModEdit(a: string[], out: Effect[]): void {
  if (a[1] !== 'mod' || a[2] !== 'edit') return;
  const lines: string[] = [];
  for (let i = 3; i < a.length; i++) {
    const w = a[i] ?? '';
    const v = /^--?replace=(.+)$/.exec(w)?.[1] ?? (/^--?replace$/.test(w) ? a[++i] : undefined);
    const m = v ? /^([^=]+)=(.+)$/.exec(v) : null;
    if (m?.[1] && m[2]) lines.push(`replace ${m[1].replace('@', ' ')} => ${m[2].replace('@', ' ')}`);
  }
  if (lines.length)
    out.push({
      tool: 'write',
      path: 'go.mod',
      content: `module local\n\n${lines.join('\n')}\n`,
      via: 'go mod edit writes a replace directive into go.mod',
    });
}

function kubectlImages(a: string[], out: Effect[]): void {
  const sub = a[1] ?? '';
  const imgs: string[] = [];
  if (sub === 'run' || (sub === 'create' && /^(?:deployment|deploy|job|cronjob)$/.test(a[2] ?? ''))) {
    const v = argvOption(a, ['--image']);
    if (v) imgs.push(v);
  } else if (sub === 'set' && a[2] === 'image')
    for (const w of a.slice(4)) {
      const m = /^[\w*.-]+=(.+)$/.exec(w);
      if (m?.[1]) imgs.push(m[1]);
    }
  for (const img of imgs) out.push({ tool: 'exec', command: `docker run ${img}`, via: `kubectl ${sub} runs ${img}` });
}

function installerCommand(a: string[], out: Effect[]): void {
  const name = basename(a[0] ?? '')
    .toLowerCase()
    .replace(/\.exe$/, '');
  const sub = a[1] ?? '';
  switch (name) {
    case 'helm':
      if (sub === 'plugin' && a[2] === 'install') {
        const src = ops(a, 3, new Set(['--version']))[0];
        if (src && URLISH.test(src)) code('helm', src, 'helm plugin install', out);
      }
      return;
    case 'kubectl':
    case 'kubectl-krew': {
      if (name === 'kubectl' && sub !== 'krew') {
        kubectlImages(a, out);
        return;
      }
      const src = argvOption(a, ['--manifest-url', '--archive']);
      if (src && URLISH.test(src)) code('krew', src, 'kubectl krew install', out);
      return;
    }
    case 'gh':
      if (/^(?:extension|extensions|ext)$/.test(sub) && a[2] === 'install') {
        const src = ops(a, 3, new Set(['--pin']))[0];
        if (src && src !== '.' && !src.startsWith('./')) code('gh', githubUrl(src), 'gh extension install', out);
      }
      return;
    case 'code':
    case 'code-insiders':
    case 'codium':
    case 'cursor':
    case 'windsurf':
      for (let i = 1; i < a.length; i++) {
        const w = a[i] ?? '';
        const id = w === '--install-extension' ? a[i + 1] : /^--install-extension=(.+)$/.exec(w)?.[1];
        if (!id) continue;
        if (URLISH.test(id)) code('vscode', id, `${name} --install-extension`, out);
        else if (/\.vsix$/i.test(id)) {
          // a package built in the project is the user's; one from a download or temp folder
          // is sideloaded past the marketplace's checks
          if (/^(?:\/|~|\$HOME|[A-Za-z]:[\\/])/.test(id) && !/^(?:\.|\/home\/[^/]+\/project\/)/.test(id))
            out.push(dependency(['runs-unlisted', 'vscode', id], `${name} --install-extension sideloads ${id}`));
        } else {
          const f = extensionFinding(id, `${name} --install-extension ${id}`);
          if (f) out.push(f);
        }
      }
      return;
    case 'vagrant':
      if (sub === 'plugin' && a[2] === 'install')
        for (const w of ops(a, 3, new Set(['--plugin-source', '--plugin-version', '--entry-point']))) {
          if (URLISH.test(w)) code('vagrant', w, 'vagrant plugin install', out);
        }
      for (const src of [argvOption(a, ['--plugin-source'])])
        if (src) sourceFindings('gem', src, 'vagrant plugin install --plugin-source', out);
      return;
    case 'asdf':
    case 'mise':
    case 'rtx': {
      // asdf plugin add NAME URL, asdf plugin-add NAME URL, mise plugins install NAME URL
      const w = ops(a, 1);
      const verb = w[0] === 'plugin' || w[0] === 'plugins' ? w[1] : w[0];
      const rest = w[0] === 'plugin' || w[0] === 'plugins' ? w.slice(2) : w.slice(1);
      if (!/^(?:add|install|i|plugin-add)$/.test(verb ?? '') || !/^plugins?$|^plugin-add$/.test(w[0] ?? '')) return;
      const src = rest[1];
      if (src && (URLISH.test(src) || /^[\w.-]+\/[\w.-]+$/.test(src)))
        code(name, githubUrl(src), `${name} plugin add`, out);
      return;
    }
    case 'gem':
      if (sub === 'specific_install' || sub === 'specific-install') {
        const src =
          ops(a, 2, new Set(['-l', '--location', '-b', '--branch', '-r', '--ref']))[0] ??
          argvOption(a, ['-l', '--location']);
        if (src) code('gem', githubUrl(src), 'gem specific_install', out);
      }
      return;
    case 'easy_install':
      for (const w of ops(a, 1, new Set(['-i', '--index-url', '-f', '--find-links', '-d', '--install-dir'])))
        if (URLISH.test(w)) code('pypi', w, 'easy_install', out);
      return;
    case 'uv':
      if (sub === 'pip' && /^(?:install|sync)$/.test(a[2] ?? ''))
        for (const w of ops(
          a,
          3,
          new Set(['-r', '--requirement', '-c', '--constraint', '-e', '--editable', '--python', '-p']),
        ))
          if (URLISH.test(w.replace(/^[\w.-]+\s*@\s*/, '')))
            code('pypi', w.replace(/^[\w.-]+\s*@\s*/, ''), 'uv pip install', out);
      return;
    case 'conda':
    case 'mamba':
    case 'micromamba':
      if (/^(?:install|create|update|env)$/.test(sub))
        for (let i = 1; i < a.length; i++) {
          const w = a[i] ?? '';
          const ch = w === '-c' || w === '--channel' ? a[i + 1] : /^--channel=(.+)$/.exec(w)?.[1];
          if (!ch || URLISH.test(ch)) continue; // URLs are read as sources (sources.ts)
          if (!CONDA_CHANNELS.has(ch.toLowerCase()))
            out.push(
              dependency(
                ['third-party-source', 'conda', ch],
                `${name} ${sub} -c ${ch} (one person's channel on anaconda.org)`,
              ),
            );
        }
      // conda config --add/--append/--prepend channels NAME: every later install searches that
      // channel (conda config reference), the same source as `-c NAME` for good
      if (sub === 'config')
        for (let i = 1; i + 2 < a.length; i++) {
          if (!/^--(?:add|append|prepend)$/.test(a[i] ?? '') || a[i + 1] !== 'channels') continue;
          const ch = a[i + 2] ?? '';
          if (ch && !URLISH.test(ch) && !CONDA_CHANNELS.has(ch.toLowerCase()))
            out.push(
              dependency(
                ['third-party-source', 'conda', ch],
                `${name} config adds channel ${ch} (one person's channel on anaconda.org)`,
              ),
            );
        }
      return;
    case 'go':
      goModEdit(a, out);
      return;
    case 'dart':
    case 'flutter': {
      // dart/flutter pub add NAME --git-url URL: the package built from that repository under its
      // registry name (dart.dev, "dart pub add"); a repository its publisher does not own is a fork
      if (sub !== 'pub' || a[2] !== 'add') return;
      const url = argvOption(a, ['--git-url']);
      const pkg = ops(a, 3, new Set(['--git-url', '--git-ref', '--git-path', '--hosted-url', '--path', '--sdk']))[0];
      const r = url
        ? /(?:github\.com|gitlab\.com|bitbucket\.org)[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/i.exec(url)
        : null;
      if (url && r?.[1] && r[2] && !publisherRepo(r[1].toLowerCase(), r[2].toLowerCase()))
        out.push(
          dependency(['fork', 'pub', pkg ?? r[2], 'to', url], `${name} pub add takes ${pkg ?? r[2]} from ${url}`),
        );
      else if (url) sourceFindings('pub', url, `${name} pub add --git-url`, out, 'git');
      const hosted = argvOption(a, ['--hosted-url']);
      if (hosted) sourceFindings('pub', hosted, `${name} pub add --hosted-url`, out);
      return;
    }
    case 'npm':
    case 'pnpm':
    case 'yarn':
    case 'bun':
      npmFamily(a, name, out);
  }
}

/** The installer readings of a line's simple commands. */
export function installerEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) if (c.argv.length > 1) installerCommand(c.argv, out);
}
