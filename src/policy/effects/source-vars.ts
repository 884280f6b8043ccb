// Variables of tools svc has no entry for that move where they fetch packages from, or stop them
// checking what they fetch: `QPK_REGISTRY=https://... qpk install`, `export QUILL_INDEX_URL=...`,
// `DTL_TLS_VERIFY=0 dtl get`, `CINDR_INSECURE=1 cindr update`, `ARBOR_NOSUMCHECK=* arbor get`.
// Package managers name these settings the same way whoever wrote them (npm's
// npm_config_registry, pip's PIP_INDEX_URL and PIP_TRUSTED_HOST, uv's UV_INDEX_URL and
// UV_INSECURE_HOST, Go's GONOSUMDB, Bundler's BUNDLE_SSL_VERIFY_MODE, Poetry's
// POETRY_REPOSITORIES_X_URL, NuGet's NUGET_PACKAGES source, Helm's HELM_REPOSITORY_CONFIG): a tool
// prefix, then the setting's own name. sources.ts reads the prefixes it knows; this reads the
// setting's name after any prefix:
//   a source name (…_REGISTRY, …_INDEX_URL, …_EXTRA_INDEX_URL, …_MIRROR_URL, …_PACKAGE_SOURCE,
//   …_PLUGIN_REPO) set to a URL                         the source reading of sources.ts
//   a check switched off (…_INSECURE=1, …_TLS_VERIFY=0, …_STRICT_SSL=false, …_NOSUMCHECK=*,
//   …_SKIP_SIGNATURE=1), given to a command that installs or fetches   no-verify (deny)
// A name that says only "URL" or "SERVER" names an API as often as a registry and is not read;
// nor is a feed or channel without a package word (an RSS feed, a chat channel).
import type { Effect } from './types.js';
import { basename } from '../shell-wrappers.js';
import { dependency } from './supply.js';
import { isListedVariable, sourceFindings } from './sources.js';

/** Setting names, after the tool's prefix, that say where packages come from. */
const SOURCE_VAR =
  /^(?:[A-Z0-9]+_)+?((?:PACKAGE_|PACKAGES_|PKG_|PLUGIN_|PLUGINS_|EXTENSION_|EXTENSIONS_|MODULE_|MODULES_|ADDON_|ADDONS_)?(?:REGISTRY|REGISTRY_URL|INDEX_URL|EXTRA_INDEX_URL|EXTRA_INDEX|MIRROR_URL|REPOSITORY_URL|REPOSITORIES)|(?:PACKAGE|PACKAGES|PKG|PLUGIN|PLUGINS|EXTENSION|EXTENSIONS|MODULE|MODULES|ADDON|ADDONS)_(?:SOURCE|SOURCES|INDEX|FEED|FEED_URL|CHANNEL|REPO|REPO_URL|MIRROR|SERVER|URL|BASE_URL))$/;

/** Setting names, after the tool's prefix, that switch a check of what is fetched off. */
const CHECK_VAR =
  /^(?:[A-Z0-9]+_)+?(INSECURE|ALLOW_INSECURE|TLS_VERIFY|SSL_VERIFY|VERIFY_SSL|VERIFY_TLS|STRICT_SSL|NO_VERIFY|NOVERIFY|SKIP_VERIFY|SKIP_TLS_VERIFY|SKIP_SSL_VERIFY|INSECURE_SKIP_TLS_VERIFY|VERIFY_SIGNATURES?|SKIP_SIGNATURES?|SKIP_SIGNATURE_CHECK|ALLOW_UNSIGNED|NOSUMCHECK|NO_SUMCHECK|NOSUMDB|NO_SUMDB|SKIP_CHECKSUMS?|NO_CHECKSUMS?|VERIFY_CHECKSUMS?)$/;

/** Verbs of a command that installs or fetches packages (the first words of its argv). */
const FETCHING = /^(?:install|i|add|ci|sync|get|fetch|update|upgrade|restore|deps|download|bootstrap)$/i;
/** Clients whose `get`/`sync` reads a cluster, a cloud or a remote, not packages (their own readings decide them). */
const NOT_FETCHERS = new Set(
  'kubectl oc helm docker podman nerdctl git gh aws gcloud az curl wget rclone rsync argocd flux vault consul terraform'.split(
    ' ',
  ),
);

const URL = /^(?:git\+|sparse\+)?(?:https?|git|ssh|ftp):\/\/\S+$/i;
const TRUE = /^(?:1|true|yes|on|y|\*|all)$/i;
const FALSE = /^(?:0|false|no|off|n)$/i;

/** Whether argv (the command a variable is given to) installs or fetches. */
function fetches(argv: readonly string[] | undefined): boolean {
  if (!argv || NOT_FETCHERS.has(basename(argv[0] ?? '').toLowerCase())) return false;
  return argv
    .slice(1)
    .filter((w) => !w.startsWith('-'))
    .slice(0, 3)
    .some((w) => FETCHING.test(w));
}

/**
 * What NAME=VALUE given to argv (or exported, argv undefined) changes about where an unlisted
 * tool fetches from. Names sources.ts reads by their tool's prefix are left to it.
 */
export function unlistedVarFindings(
  name: string,
  value: string,
  argv: readonly string[] | undefined,
  out: Effect[],
): void {
  if (isListedVariable(name)) return;
  const up = name.toUpperCase();
  const v = value.trim().replace(/^["']|["']$/g, '');
  const tool = (argv && basename(argv[0] ?? '')) || up.split('_')[0]?.toLowerCase() || 'tool';
  if (SOURCE_VAR.test(up)) {
    if (URL.test(v)) sourceFindings(tool, v, `sets ${name}`, out, 'index');
    return;
  }
  const check = CHECK_VAR.exec(up)?.[1];
  if (!check || !fetches(argv)) return;
  const off = /^(?:TLS_VERIFY|SSL_VERIFY|VERIFY_SSL|VERIFY_TLS|STRICT_SSL|VERIFY_SIGNATURES?|VERIFY_CHECKSUMS?)$/.test(
    check,
  )
    ? FALSE.test(v)
    : /SUM(?:CHECK|DB)$/.test(check)
      ? !!v && !FALSE.test(v)
      : TRUE.test(v);
  if (off)
    out.push(dependency(['no-verify', tool, `${name}=${v}`], `sets ${name} (stops verifying what ${tool} fetches)`));
}
