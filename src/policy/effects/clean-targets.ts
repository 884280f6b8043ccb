// The list of what a build tool's clean deletes, widened in its configuration: the next routine
// `dbt clean`, `mvn clean` or `gradle clean` (run by people, CI and agents without a second look)
// then deletes the project's own sources or something outside it. Read from:
//   dbt_project.yml `clean-targets:` (dbt reference: the folders `dbt clean` removes);
//   pom.xml maven-clean-plugin `<filesets><fileset><directory>` (Apache Maven Clean Plugin);
//   build.gradle(.kts) `delete` calls given the project, root or home folder (Gradle Delete task).
// as `armed-clean-target outside FILE TARGET` (the parent, the root, a home: denied) or
// `armed-clean-target sources FILE TARGET` (the project itself or its source folders: asked).
// An edit is judged by what it adds; output folders (target, dbt_packages, logs, build) give nothing.
import { posix } from 'node:path';
import type { Effect } from './types.js';

/** Outside the project: its parent, the root, a home folder, the whole project under another name. */
const OUTSIDE =
  /^(?:\.\.(?:[/\\].*)?|[/\\].*|~.*|\$\{?(?:user\.home|env\.HOME|HOME)\}?.*|\$\{(?:project\.)?basedir\}[/\\]\.\..*|.*\b(?:rootProject\.projectDir|rootDir|System\.getProperty\(\s*["']user\.home["']\s*\)|gradle\.gradleUserHomeDir).*)$/;
/** The project itself or the folders that hold its sources (dbt's and Maven's conventional layouts). */
const SOURCES =
  /^(?:\.[/\\]?|\$\{(?:project\.)?basedir\}[/\\]?|projectDir|project\.projectDir|(?:\.[/\\])?(?:models|seeds|macros|snapshots|analyses|analysis|tests|src|data)[/\\]?)$/;

function dbtTargets(text: string): string[] {
  const m = /^clean-targets\s*:\s*(\[[^\]]*\]|\n(?:[ \t]*-[^\n]*\n?)+)/m.exec(text);
  if (!m) return [];
  const body = m[1] ?? '';
  const items = body.startsWith('[')
    ? body.slice(1, -1).split(',')
    : body.split('\n').map((l) => l.replace(/^\s*-\s*/, ''));
  return items.map((s) => s.trim().replace(/^['"]|['"]$/g, '')).filter(Boolean);
}

function mavenTargets(text: string): string[] {
  return [...text.matchAll(/<fileset>\s*<directory>\s*([^<]+?)\s*<\/directory>/g)].map((m) => m[1] ?? '');
}

function gradleTargets(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\bdelete\s*\(?\s*([^)\n}]+)/g))
    for (const arg of (m[1] ?? '').split(','))
      out.push(
        arg
          .trim()
          .replace(/^(?:file|files|layout\.projectDirectory\.dir)\(\s*/, '')
          .replace(/\)$/, '')
          .replace(/^['"]|['"]$/g, ''),
      );
  return out;
}

function targetsOf(path: string, text: string): string[] {
  const name = posix.basename(path);
  if (name === 'dbt_project.yml' || name === 'dbt_project.yaml') return dbtTargets(text);
  if (name === 'pom.xml') return mavenTargets(text);
  if (/^build\.gradle(?:\.kts)?$/.test(name)) return gradleTargets(text);
  return [];
}

export function cleanTargetEffects(path: string, before: string, after: string): Effect[] {
  const name = posix.basename(path);
  const had = new Set(targetsOf(path, before));
  const out: Effect[] = [];
  for (const t of new Set(targetsOf(path, after))) {
    if (had.has(t)) continue;
    const kind = OUTSIDE.test(t) ? 'outside' : SOURCES.test(t) ? 'sources' : undefined;
    if (!kind) continue;
    out.push({
      tool: 'exec',
      command: `armed-clean-target ${kind} ${name} ${t.replace(/\s+/g, '_')}`,
      via: `${name} makes the next clean delete \`${t}\` (${kind === 'outside' ? 'outside the project' : "the project's own sources"})`,
    });
  }
  return out;
}
