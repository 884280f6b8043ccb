// A tool's settings that point where it loads code from on every run (plugin folders, module
// search paths, start-up hooks) into a tree of downloaded third-party content or a scratch folder:
// ansible.cfg `callback_plugins = roles/some.role/callback_plugins` with the callback enabled runs
// that role's code in every playbook, whoever wrote the role; pytest's `pythonpath` or pylint's
// `init-hook` adding a site-packages or vendor folder to the path imports what a package dropped
// there at every test or lint run. Using a dependency as documented (a collection's plugins by
// their fully qualified name, a project's own `./filter_plugins`) is not this: the reading is a
// search path moved into a dependency's or a temporary folder. Keys are the tools' documented
// ones (Ansible "Configuration settings": DEFAULT_*_PLUGIN_PATH, DEFAULT_MODULE_PATH,
// DEFAULT_MODULE_UTILS_PATH, DEFAULT_ROLES_PATH, COLLECTIONS_PATHS; pytest "Configuration"
// pythonpath; pylint "init-hook"). Read as `third-party-source TOOL PATH` (asked).
import type { Effect } from './types.js';
import { dependency } from './supply.js';
import { tuckedAway } from './code-loaders.js';

/** Folders that hold what package managers downloaded, not the project's own code. */
const DOWNLOADED =
  /(?:^|[/\\])(?:node_modules|site-packages|dist-packages|\.venv|venv|vendor|bower_components|Pods|ansible_collections|galaxy_roles|\.ansible[/\\](?:roles|collections)|\.m2[/\\]repository|\.gradle[/\\]caches|pkg[/\\]mod|\.cargo[/\\]registry|\.cache)(?:[/\\]|$)|(?:^|[/\\])roles[/\\][\w-]+\.[\w-]+(?:[/\\]|$)/i;

/** ansible.cfg keys whose values are folders Ansible loads code from. */
const ANSIBLE_CODE_KEYS = /^(?:[a-z]+_plugins|library|module_utils)$/;
/** ansible.cfg keys whose folders hold roles and collections (downloaded by design; scratch is not). */
const ANSIBLE_CONTENT_KEYS = /^(?:roles_path|collections_paths?)$/;
/** Python tool settings that add folders to the import path or run code at start. */
const PYTHON_PATH_KEYS = /^(?:pythonpath|init-hook|init_hook|python_paths|source-roots)$/;

const ANSIBLE_FILE = /(?:^|\/)\.?ansible\.cfg$/;
const PYTHON_TOOL_FILE = /(?:^|\/)(?:pytest\.ini|\.pytest\.ini|tox\.ini|setup\.cfg|pyproject\.toml|\.?pylintrc)$/;

/** The folder words of a setting's value (`a:b`, `a, b`, `sys.path.insert(0, 'a')`). */
function paths(value: string): string[] {
  const quoted = [...value.matchAll(/["']([^"']+)["']/g)].map((m) => m[1] ?? '');
  const words = value
    .replace(/["']/g, ' ')
    .split(/[\s,:;()[\]]+/)
    .filter((w) => /[/\\]/.test(w) || /^(?:~|\.)/.test(w));
  return [...quoted.filter((q) => /[/\\]/.test(q)), ...words];
}

function settings(text: string): { key: string; value: string }[] {
  const out: { key: string; value: string }[] = [];
  for (const m of text.slice(0, 200_000).matchAll(/^\s*([\w-]+)\s*[=:]\s*(.+(?:\n[ \t]+\S.*)*)$/gm))
    out.push({ key: (m[1] ?? '').toLowerCase(), value: m[2] ?? '' });
  return out;
}

/** Search paths that a write of `path` (lower case) with `content` moves into downloaded or scratch folders. */
export function pluginPathFindings(path: string, content: string): Effect[] {
  const ansible = ANSIBLE_FILE.test(path);
  if (!ansible && !PYTHON_TOOL_FILE.test(path)) return [];
  const file = path.split('/').pop() ?? path;
  const out: Effect[] = [];
  for (const { key, value } of settings(content)) {
    const code = ansible ? ANSIBLE_CODE_KEYS.test(key) : PYTHON_PATH_KEYS.test(key);
    const content_ = ansible && ANSIBLE_CONTENT_KEYS.test(key);
    if (!code && !content_) continue;
    for (const p of paths(value)) {
      const scratch = tuckedAway(p.replace(/^~\//, '/home/user/'));
      if (!scratch && !(code && DOWNLOADED.test(p))) continue;
      out.push(
        dependency(
          ['third-party-source', ansible ? 'ansible' : 'python', p],
          `${file} makes ${ansible ? 'Ansible' : 'the tool'} load code (${key}) from ${p}, ${scratch ? 'a hidden or temporary folder' : "a downloaded package's folder"}, on every run`,
        ),
      );
      break;
    }
  }
  return out;
}
