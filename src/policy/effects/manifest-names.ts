// Package names a written manifest brings in: a requirements file's or package.json's
// dependencies, checked as an install of them is (packages.ts, unlisted.ts). Writing the
// manifest is the install one step early: the next `pip install -r` or `npm install` takes
// what it names. A near spelling of a popular name is a look-alike (both files); a PyPI name on
// no list of the most downloaded is asked as an install of it is (the PyPI list is deep enough to
// read absence from; npm manifests often name a workspace's or an organisation's own packages).
import type { Effect } from './types.js';
import { dependency, nameFinding } from './supply.js';
import { PIP_REQUIREMENTS as REQUIREMENTS, isPopular } from './supply-data.js';
import { nugetFindings } from './packages.js';

/** .NET project files and central package files: PackageReference / PackageVersion / packages.config ids. */
const NUGET_MANIFEST = /\.(?:csproj|fsproj|vbproj|props|targets)$|(?:^|\/)packages\.config$/;

function nugetManifestIds(text: string): string[] {
  const out: string[] = [];
  for (const m of text
    .slice(0, 200_000)
    .matchAll(
      /<(?:PackageReference|PackageVersion|GlobalPackageReference|package)\s[^>]*?\b(?:Include|Update|id)\s*=\s*["']([^"'$]+)["']/gi,
    ))
    if (m[1]) out.push(m[1].trim());
  return out;
}

const PACKAGE_JSON = /(?:^|\/)package\.json$/;

/** package.json fields whose values are not dependency ranges. */
const NOT_DEPENDENCY =
  /^(?:name|version|description|main|module|types|typings|license|author|homepage|type|packageManager|node|npm|pnpm|yarn|bun|private|engines|browser|exports|bin|files|scripts|repository|bugs|keywords|workspaces|sideEffects|publishConfig|overrides|resolutions|dependencies|devDependencies|peerDependencies|optionalDependencies)$/;

function requirementNames(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split('\n').slice(0, 2000)) {
    const l = raw.replace(/\s+#.*$/, '').trim();
    if (!l || l.startsWith('#') || l.startsWith('-') || l.includes('://')) continue;
    const m = /^([A-Za-z][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(?:[=<>!~]=?|;|@|$)/.exec(l);
    if (m?.[1]) out.push(m[1]);
  }
  return out;
}

function packageJsonNames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(
    /"(@?[a-z0-9][\w.-]*(?:\/[\w.-]+)?)"\s*:\s*"(?:[\^~<>=]*\s*v?\d[^"]*|\*|latest|next)"/gi,
  )) {
    const name = m[1] ?? '';
    if (!NOT_DEPENDENCY.test(name)) out.push(name);
  }
  // an alias installs the package it names under the dependency's name: `"lodash": "npm:lodahs@^4"`
  for (const m of text.matchAll(
    /"(@?[\w.-]+(?:\/[\w.-]+)?)"\s*:\s*"npm:(@?[a-z0-9][\w.-]*(?:\/[\w.-]+)?)(?:@[^"]*)?"/gi,
  ))
    if (m[2]) out.push(m[2]);
  return out;
}

const PYPROJECT = /(?:^|\/)pyproject\.toml$/;
/** pyproject tables whose arrays list requirements (PEP 518, 621, 735; uv's dev-dependencies). */
const REQUIREMENT_TABLES =
  /^(?:|build-system|project|project\.optional-dependencies|dependency-groups|tool\.uv|tool\.pdm\.dev-dependencies)$/;
const REQUIREMENT_KEYS = /^(?:requires|dependencies|dev-dependencies|constraint-dependencies|override-dependencies)$/;

/** The requirement names of pyproject.toml's arrays (build requires, dependencies, extras, groups). */
function pyprojectNames(text: string): string[] {
  const out: string[] = [];
  let section = '';
  let inArray = false;
  for (const raw of text.split('\n').slice(0, 2000)) {
    const l = raw.replace(/\s+#.*$/, '');
    const sec = /^\s*\[+\s*([^\]]+?)\s*\]+\s*$/.exec(l);
    if (sec?.[1] && !inArray) {
      section = sec[1].toLowerCase();
      continue;
    }
    let rest = l;
    if (!inArray) {
      const start = /^\s*["']?([\w.-]+)["']?\s*=\s*\[(.*)$/.exec(l);
      const key = start?.[1]?.toLowerCase() ?? '';
      const groupTable = /^(?:project\.optional-dependencies|dependency-groups)$/.test(section);
      if (!start || !(groupTable || (REQUIREMENT_TABLES.test(section) && REQUIREMENT_KEYS.test(key)))) continue;
      inArray = true;
      rest = start[2] ?? '';
    }
    for (const m of rest.matchAll(/["']\s*([A-Za-z0-9][A-Za-z0-9._-]*)/g)) if (m[1]) out.push(m[1]);
    if (rest.includes(']')) inArray = false;
  }
  return out;
}

/** Look-alike (and, for PyPI, unlisted) names of a manifest written to `path` (lower case). */
export function manifestNameFindings(path: string, content: string): Effect[] {
  if (NUGET_MANIFEST.test(path)) {
    const found: Effect[] = [];
    nugetFindings(nugetManifestIds(content), `${path.split('/').pop() ?? path} names`, found);
    return found;
  }
  const pypi = REQUIREMENTS.test(path) || PYPROJECT.test(path);
  if (!pypi && !PACKAGE_JSON.test(path)) return [];
  const file = path.split('/').pop() ?? path;
  const via = `${file} names`;
  const out: Effect[] = [];
  const names = PYPROJECT.test(path)
    ? pyprojectNames(content)
    : pypi
      ? requirementNames(content)
      : packageJsonNames(content);
  for (const n of names) {
    const f = nameFinding(pypi ? 'pypi' : 'npm', n, via);
    if (f) out.push(f);
    else if (pypi && !isPopular('pypi', n)) out.push(dependency(['installs-unlisted', 'pypi', n], via));
  }
  return out;
}
