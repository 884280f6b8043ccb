// Package-manager MCP tools read as the command they amount to: `npm_install {package: lodahs}`,
// `pip_install {packages: [...]}`, `install_package {manager: cargo, name: ...}` install the
// named packages as `npm install NAME` would, so the look-alike, source and install-hook
// readings of packages.ts and sources.ts decide them whatever server offers the tool.
import { table } from '../../util/lookup-table.js';

type Params = Record<string, unknown>;

/** The install command of each package manager an MCP tool may be named for. */
const INSTALL: Record<string, string> = table({
  npm: 'npm install',
  pnpm: 'pnpm add',
  yarn: 'yarn add',
  bun: 'bun add',
  pip: 'pip install',
  pypi: 'pip install',
  python: 'pip install',
  uv: 'uv pip install',
  poetry: 'poetry add',
  cargo: 'cargo add',
  crate: 'cargo add',
  gem: 'gem install',
  go: 'go get',
  composer: 'composer require',
  brew: 'brew install',
  conda: 'conda install',
});

const SAFE = /^[\w@%+=:,./~^<>*-]+$/;
/** `name @ URL`: a package taken from a URL or repository (PEP 508 direct reference). */
const DIRECT_REF = /^[\w.-]+\s*@\s*[\w+]+:\/\/[^\s'"]+$/;

/** The shell command an install tool's call amounts to, or undefined. */
export function mcpInstallCommand(words: readonly string[], p: Params): string | undefined {
  if (!words.some((w) => /^(?:install|add|require)$/.test(w))) return undefined;
  const mgr = [p['manager'], p['package_manager'], p['ecosystem'], ...words].find(
    (w): w is string => typeof w === 'string' && INSTALL[w.toLowerCase()] !== undefined,
  );
  if (!mgr) return undefined;
  const raw = p['packages'] ?? p['package'] ?? p['name'] ?? p['names'] ?? p['package_name'] ?? p['packageName'];
  const list = (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\s,]+/) : [])
    .filter((x): x is string => typeof x === 'string' && (SAFE.test(x) || DIRECT_REF.test(x)))
    // a PEP 508 direct reference (`name @ git+https://...`) as one quoted word
    .map((x) => (SAFE.test(x) ? x : `'${x.replace(/'/g, '')}'`));
  if (!list.length) return undefined;
  const version = typeof p['version'] === 'string' && list.length === 1 && SAFE.test(p['version']) ? p['version'] : '';
  const names = version ? [`${list[0]}@${version}`] : list;
  const opts: string[] = [];
  const registry = p['registry'] ?? p['index_url'] ?? p['index'];
  if (typeof registry === 'string' && SAFE.test(registry))
    opts.push(/^pip|^uv/.test(INSTALL[mgr.toLowerCase()] ?? '') ? `--index-url ${registry}` : `--registry ${registry}`);
  return `${INSTALL[mgr.toLowerCase()]} ${[...opts, ...names].join(' ')}`;
}

/** `edit_file {path, edits: [{oldText, newText}]}`: each replacement as an edit's old and new text. */
export function mcpEditPairs(p: Params): { old: string; new: string }[] {
  const edits = p['edits'];
  if (!Array.isArray(edits)) return [];
  const out: { old: string; new: string }[] = [];
  for (const e of edits.slice(0, 32)) {
    if (!e || typeof e !== 'object') continue;
    const r = e as Record<string, unknown>;
    const o = r['oldText'] ?? r['old_text'] ?? r['old_string'] ?? r['oldString'];
    const n = r['newText'] ?? r['new_text'] ?? r['new_string'] ?? r['newString'];
    if (typeof o === 'string' && typeof n === 'string') out.push({ old: o, new: n });
  }
  return out;
}

/** Things an MCP tool may install from a place: extensions, plugins, repositories of add-ons. */
const INSTALLS_THING =
  /^(?:extensions?|plugins?|packages?|modules?|addons?|add-ons?|integrations?|repositor(?:y|ies)|repos?|themes?|mods?|skills?|vsix|custom)$/;
const PLACE_VALUE = /^(?:git\+)?(?:https?|git|ssh):\/\/[^\s'"]+$|^git@[\w.-]+:[\w./-]+$/i;

/**
 * An MCP tool that installs or registers an extension, plugin or add-on repository from a place
 * (`vscode_install_extension {vsix_url}`, a Home Assistant `hacs` repository registration), as
 * the command line the install-places reading takes (`mcp-install install URL`); undefined when
 * the call names no URL.
 */
export function mcpPlaceInstallCommand(words: readonly string[], p: Params): string | undefined {
  const verb = words.some((w) => /^(?:install|add|register|load|sideload)$/.test(w));
  const data = p['data'] && typeof p['data'] === 'object' ? (p['data'] as Params) : {};
  const named = [...words, String(p['domain'] ?? ''), String(p['service'] ?? '')].map((w) => w.toLowerCase());
  const hacs = named.includes('hacs') || named.some((w) => /register_repository|add_repository/.test(w));
  if (!(verb && words.some((w) => INSTALLS_THING.test(w))) && !hacs) return undefined;
  const values: string[] = [];
  for (const v of [...Object.values(p), ...Object.values(data)])
    for (const x of Array.isArray(v) ? v : [v])
      if (typeof x === 'string') {
        if (PLACE_VALUE.test(x)) values.push(x);
        // HACS takes a repository as OWNER/NAME on GitHub
        else if (hacs && /^[\w.-]+\/[\w.-]+$/.test(x)) values.push(`https://github.com/${x}`);
      }
  return values.length ? `mcp-install install ${values.slice(0, 8).join(' ')}` : undefined;
}

/** `docker_run_container {image, volumes, privileged}`: the `docker run` it amounts to, or undefined. */
export function mcpContainerRunCommand(words: readonly string[], p: Params): string | undefined {
  if (
    !words.some((w) => /^(?:run|create|start)$/.test(w)) ||
    !words.some((w) => /^(?:container|docker|podman)$/.test(w))
  )
    return undefined;
  const image = p['image'];
  if (typeof image !== 'string' || !SAFE.test(image)) return undefined;
  const vols = (Array.isArray(p['volumes']) ? p['volumes'] : []).filter(
    (v): v is string => typeof v === 'string' && SAFE.test(v),
  );
  const priv = p['privileged'] === true ? ['--privileged'] : [];
  return ['docker run -d', ...priv, ...vols.map((v) => `-v ${v}`), image].join(' ');
}
