// Folders an installed application loads code from by itself, whatever the application: the
// plugin, extension, add-in, add-on and module folders under where applications keep their files
// (/opt/APP, /var/lib/APP, /usr/share/APP, an application's hidden folder in a home or a vault,
// %APPDATA%, %ProgramData%, Program Files, ~/Library/Application Support, PowerShell's module
// folders). Jenkins' plugins, Grafana's plugins, Mirth Connect's extensions, Dynamo's packages,
// Revit's Addins, Sublime Text's Installed Packages, Firefox's extensions, Obsidian's plugins,
// GNOME Shell's extensions, Autodesk's ApplicationPlugins and Excel's XLSTART are all this one
// shape: a file put there runs the next time the application starts, with the application's
// access. A project's own folders (src/plugins, app/extensions) are not under an application's
// home and are left alone.

/** The folder names applications load code from. */
// The digital-content tools' own words for the same folders: Nuke loads every gizmo on its
// plugin path (~/.nuke/gizmos; Foundry, "Loading Gizmos, NDK Plug-ins, and Python and Tcl
// Scripts"), Houdini installs every asset in otls/ of its HOUDINI_PATH (SideFX, "Asset
// libraries"), Blender runs every script in scripts/startup at launch (Blender manual, "Python
// API: Startup").
const CODE_WORD =
  '(?:plugins?|plug-ins|applicationplugins|extensions|addins|add-ins|addons|add-ons|installed packages|xlstart|dropins|modules|packages|autoload|gizmos|otls|startup)';

/** Where applications keep their own files (lower case, forward slashes). */
const APP_HOME =
  '(?:/opt/[^/]+|/var/lib/[^/]+|/usr/(?:local/)?(?:share|lib|lib64)/[^/]+|/etc/[^/]+|(?:^|/)\\.(?!git/|github/|venv/|cache/)[a-z][^/]*|(?:^|/)(?:appdata|%appdata%|\\$env:appdata|%localappdata%|\\$env:localappdata|programdata|%programdata%|\\$env:programdata|program files(?: \\(x86\\))?|\\$env:programfiles|%programfiles%)(?:/[^/]+)?|/library/application support/[^/]+|(?:^|/)documents/(?:windows)?powershell)';

const APP_CODE_DIR = new RegExp(`${APP_HOME}/(?:[^/]+/){0,4}${CODE_WORD}(?:/|$)`, 'i');

/** Folders package managers fill: their own readings decide what goes there. */
const PACKAGE_TREES =
  /(?:^|\/)(?:node_modules|site-packages|dist-packages|\.venv|venv|\.npm|\.m2|\.cargo|\.rustup|\.gradle)\//i;

/** Whether `path` is inside (or is) a folder an application loads code from on its own. */
export function isAppCodeDir(path: string): boolean {
  const p = path
    .replace(/\\/g, '/')
    .replace(/^["']|["']$/g, '')
    .replace(/^(?:~|\$home|\$\{home\}|\$env:userprofile|%userprofile%)(?=\/)/i, '/home/user')
    .replace(/^[a-z]:(?=\/)/i, '');
  return APP_CODE_DIR.test(p) && !PACKAGE_TREES.test(p);
}

/** A cheap look for a line that may name such a folder. */
export const APP_CODE_HINT =
  /plug-?ins?|extensions|add-?ins|add-?ons|installed packages|xlstart|dropins|modules|packages|autoload|load-extension|gizmos|otls|startup/i;
