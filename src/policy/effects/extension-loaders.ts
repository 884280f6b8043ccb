// Programs that load native code or jars they fetch themselves: a data tool's extension, a
// cluster job's classpath, a dashboard's plugin. Each names its source the way its documentation
// does, and each spelling is brought to the readings a package install gets (sources.ts):
//   duckdb: `INSTALL x FROM 'URL'`, `SET custom_extension_repository = 'URL'` (the repository is
//     the extension's origin; DuckDB's own are extensions.duckdb.org, community-extensions. and
//     nightly-extensions.duckdb.org, or the names core, core_nightly, community), unsigned
//     extensions allowed (`-unsigned`, `allow_unsigned_extensions`: the signature check that
//     keeps other people's binaries out is off), `LOAD '/tmp/x.duckdb_extension'`
//     (DuckDB docs, "Extensions: Installing", "Securing DuckDB"). Read wherever the SQL is: the
//     CLI's -c, a Python or Node one-liner.
//   spark-submit, pyspark, spark-shell, spark-sql: the application given as a URL, `--jars`/`--py-files` URLs (downloaded and put on
//     the driver's and executors' classpath), `--repositories` and spark.jars.repositories (where
//     `--packages` are resolved; Spark docs, "Submitting Applications")
//   grafana-cli --pluginUrl URL, az extension add --source URL, confluent-hub install URL|ZIP
//   databricks libraries install --pypi-package/--maven-repo/--whl (read as the pip install it is)
//   sqlite3 `.load PATH` / load_extension('PATH'), dbt deps --add-package OWNER/NAME (dbt Hub) or
//     a git URL with --source git
// A URL or repository elsewhere is the source read as code (unknown host deny, a code host's
// repository under an unknown owner ask); a file in a scratch folder is `scratch-source` (ask).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { dependency, slugFinding } from './supply.js';
import { sourceFindings } from './sources.js';
import { inScratch } from './supply-hooks.js';
import { argvOption } from './operands.js';

export const EXTENSION_LOADER_PROGRAMS = [
  'spark-submit',
  'pyspark',
  'spark-shell',
  'spark-sql',
  'grafana-cli',
  'az',
  'confluent-hub',
  'sqlite3',
  'dbt',
  'databricks',
] as const;

/** The reading also runs wherever DuckDB's extension statements or settings appear. */
export const DUCKDB_HINT = /\bduckdb\b|allow_unsigned_extensions|custom_extension_repository/i;

// (object stores and cluster file systems, s3:// gs:// hdfs:// abfss:// dbfs:/, are the
// organisation's own storage: a job's jars are kept there)
const URLISH = /^(?:https?|ftp):\/\//i;
/** DuckDB's own extension repositories (duckdb.org/docs/extensions/installing_extensions). */
const DUCKDB_REPOS = /^(?:core|core_nightly|community|local_build_debug|local_build_release)$/i;
const DUCKDB_HOSTS = /^https?:\/\/(?:nightly-|community-)?extensions\.duckdb\.org(?:[/:]|$)/i;
/** Azure CLI's own extension index (learn.microsoft.com, "Use and manage extensions"). */
const AZ_HOSTS = /^https?:\/\/(?:azcliprod|azcliextensionsync)\.blob\.core\.windows\.net\//i;

function code(eco: string, src: string, via: string, out: Effect[]): void {
  sourceFindings(eco, src, via, out, 'code');
}

function scratch(eco: string, path: string, via: string, out: Effect[]): void {
  if (inScratch(path)) out.push(dependency(['scratch-source', eco, path], `${via} (${path} is in a scratch folder)`));
}

/** DuckDB's extension statements and settings, wherever they are written in the line. */
function duckdbText(text: string, out: Effect[]): void {
  for (const m of text.matchAll(/\bINSTALL\s+['"]?[\w.-]+['"]?\s+FROM\s+['"]?([^\s'";)]+)/gi)) {
    const src = m[1] ?? '';
    if (DUCKDB_REPOS.test(src) || DUCKDB_HOSTS.test(src)) continue;
    if (URLISH.test(src)) code('duckdb', src, `duckdb installs an extension from ${src}`, out);
    else scratch('duckdb', src, 'duckdb installs an extension from a folder', out);
  }
  for (const m of text.matchAll(/\bcustom_extension_repository\s*(?:=|TO|['"]?\s*:)\s*['"]?([^\s'";)]+)/gi)) {
    const src = m[1] ?? '';
    if (URLISH.test(src) && !DUCKDB_HOSTS.test(src))
      sourceFindings('duckdb', src, 'duckdb takes its extensions from another repository', out);
  }
  if (/allow_unsigned_extensions['"]?\s*(?:=|TO|:)\s*['"]?(?:true|1|on)\b/i.test(text))
    out.push(dependency(['no-verify', 'duckdb', 'allow_unsigned_extensions'], 'duckdb loads extensions nobody signed'));
  for (const m of text.matchAll(/\bLOAD\s+['"]([^'"]+\.duckdb_extension)['"]/gi))
    scratch('duckdb', m[1] ?? '', 'duckdb loads an extension file', out);
}

function duckdbCommand(a: string[], out: Effect[]): void {
  if (a.slice(1).includes('-unsigned'))
    out.push(dependency(['no-verify', 'duckdb', '-unsigned'], 'duckdb -unsigned loads extensions nobody signed'));
}

function spark(a: string[], name: string, out: Effect[]): void {
  const conf: string[] = [];
  for (let i = 1; i < a.length; i++) if (a[i] === '--conf' && a[i + 1]) conf.push(a[i + 1] ?? '');
  const confValue = (key: string) => conf.find((c) => c.startsWith(`${key}=`))?.slice(key.length + 1);
  for (const list of [
    argvOption(a, ['--jars']),
    argvOption(a, ['--py-files']),
    confValue('spark.jars'),
    confValue('spark.submit.pyFiles'),
  ])
    for (const f of (list ?? '').split(',').filter(Boolean)) {
      if (URLISH.test(f)) code('spark', f, `${name} puts ${f} on the job's classpath`, out);
      else scratch('spark', f, `${name} puts ${f} on the job's classpath`, out);
    }
  // the application itself (a jar or a Python file) may be a URL the driver downloads and runs
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (w.startsWith('--')) {
      if (!w.includes('=') && !/^--(?:verbose|supervise|help|version|usage-error)$/.test(w)) i++;
      continue;
    }
    if (URLISH.test(w)) code('spark', w, `${name} runs the application at ${w}`, out);
    break;
  }
  for (const list of [argvOption(a, ['--repositories']), confValue('spark.jars.repositories')])
    for (const r of (list ?? '').split(',').filter(Boolean))
      sourceFindings('maven', r, `${name} resolves --packages from ${r}`, out);
}

function loaderCommand(a: string[], out: Effect[]): void {
  const name = basename(a[0] ?? '').toLowerCase();
  const sub = a[1] ?? '';
  switch (name) {
    case 'duckdb':
      duckdbCommand(a, out);
      return;
    case 'spark-submit':
    case 'pyspark':
    case 'spark-shell':
    case 'spark-sql':
      spark(a, name, out);
      return;
    case 'grafana-cli': {
      const src = argvOption(a, ['--pluginUrl', '--pluginurl']);
      if (src && URLISH.test(src)) code('grafana', src, 'grafana-cli installs the plugin at this URL', out);
      return;
    }
    case 'az': {
      if (!/^extension$/.test(sub) || !/^(?:add|update)$/.test(a[2] ?? '')) return;
      const src = argvOption(a, ['--source', '-s']);
      if (src && URLISH.test(src) && !AZ_HOSTS.test(src)) code('az', src, 'az extension add --source', out);
      else if (src) scratch('az', src, 'az extension add --source', out);
      return;
    }
    case 'confluent-hub':
      if (sub !== 'install') return;
      for (const w of a.slice(2).filter((x) => !x.startsWith('-'))) {
        if (URLISH.test(w)) code('confluent', w, 'confluent-hub installs the connector at this URL', out);
        else scratch('confluent', w, 'confluent-hub installs a connector archive', out);
      }
      return;
    case 'sqlite3':
      for (const w of a.slice(1))
        for (const m of w.matchAll(/(?:^|[\s;])\.load\s+['"]?([^\s'";]+)|load_extension\s*\(\s*['"]([^'"]+)['"]/g))
          scratch('sqlite', m[1] ?? m[2] ?? '', 'sqlite3 loads an extension library', out);
      return;
    case 'databricks': {
      // databricks libraries install --pypi-package X [--pypi-repo URL] | --maven-coordinates C
      // [--maven-repo URL] | --whl/--jar/--egg URL: installed on every node of the cluster
      if (sub !== 'libraries' || a[2] !== 'install') return;
      const pkg = argvOption(a, ['--pypi-package']);
      const repo = argvOption(a, ['--pypi-repo']);
      if (pkg)
        out.push({
          tool: 'exec',
          command: `pip install ${repo ? `--index-url ${repo} ` : ''}${pkg}`,
          via: `databricks libraries install puts ${pkg} on the cluster`,
        });
      const mvn = argvOption(a, ['--maven-repo']);
      if (mvn) sourceFindings('maven', mvn, 'databricks libraries install --maven-repo', out);
      for (const f of [argvOption(a, ['--whl']), argvOption(a, ['--jar']), argvOption(a, ['--egg'])])
        if (f && URLISH.test(f)) code('databricks', f, 'databricks libraries install', out);
      return;
    }
    case 'dbt': {
      if (sub !== 'deps') return;
      const spec = argvOption(a, ['--add-package']);
      if (!spec) return;
      const src = spec.replace(/@[^@/]*$/, '');
      if (URLISH.test(src) || /^git@/.test(src)) {
        sourceFindings('dbt', src, 'dbt deps --add-package', out, 'git');
        return;
      }
      if (/^[\w.-]+\/[\w.-]+$/.test(src)) {
        const f = slugFinding('dbt', src, `dbt deps --add-package ${src}`);
        if (f) out.push(f);
      }
      return;
    }
  }
}

export function extensionLoaderEffects(text: string, cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) if (c.argv.length > 1) loaderCommand(c.argv, out);
  if (DUCKDB_HINT.test(text)) duckdbText(text, out);
}
