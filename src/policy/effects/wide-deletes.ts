// A recursive delete whose target is not known to be disposable, read by WHAT it takes rather than
// by which program or spelling takes it. The rules on deletes name dangerous places one by one
// (the root, home, /srv, database data directories, backup folders); a location nobody listed
// (`/volume1/homes` on a Synology, `/vmfs/volumes/datastore1` on ESXi, `/mnt/nas/photos`,
// `/data/lab/raw_reads`, `D:\GameAssets`, `~/papers`) went through. This reading names the
// other side instead: what an agent routinely deletes recursively is build output, caches and
// scratch (`node_modules`, `dist`, `target`, `__pycache__`, `/tmp/...`, `~/.cache/...`) or
// something inside the project it works in (a relative path). A recursive delete of an absolute
// location that is none of these, and that is either broad (one or two levels under the root or
// under a home directory) or named for data (data, backups, snapshots, volumes, datasets,
// uploads, repos, a mount or NAS share ...), is read as
//   `wide-delete PATH`   (asked by the standard profile)
// whatever deleted it: rm -r and its Windows spellings, find -delete with no filter, an
// interpreter's rmtree/rmSync/rm_rf (re-read as `rm -rf`), rsync --delete from an empty folder,
// an MCP delete tool, a delete after `cd`, or the same command sent over ssh.
// Installed software and system directories (/usr, /etc, /opt, /nix, /Applications ...) are the
// business of the rules on system directories and are left to them, so reinstalling a toolchain
// (`rm -rf /usr/local/go && tar -C /usr/local -xzf go.tgz`) stays allowed.
import { basename } from '../shell-wrappers.js';
import type { SimpleCommand } from './walk.js';
import type { Effect } from './types.js';
import { DEV_NAME } from './sql.js';
import { servedCachePath } from '../served-caches.js';

/** Folder names whose contents are made again by a build, a package manager or a cache's owner. */
const DISPOSABLE =
  /^(?:\.?te?mp(?:[-_.].*)?|(?:cmake-)?build(?:[-_.][\w.-]+)?|[\w.-]+[-_]build|_build|\.build|(?:dist|out)[-_][\w.-]+|\.?cache|caches|[\w.-]+[-_]cache|node_modules|dist|build|target|out|\.next|\.nuxt|\.svelte-kit|\.turbo|\.parcel-cache|__pycache__|\.pytest_cache|\.mypy_cache|\.ruff_cache|\.venv|venv|\.tox|\.nox|coverage|htmlcov|\.gradle|deriveddata|deriveddatacache|intermediate|binaries|\.terraform|bazel-[\w-]+|\.direnv|vendor|obj|downloads|trash|\.trash|\.trash-\d+|logs?|pytest-of-[\w-]+|work|\.nextflow|\.snakemake|[\w.*-]*\.egg-info|[\w.-]+\.Rcheck)$/i;

/**
 * Folders tools make again from the project's own files, by the tools' documentation and their
 * github/gitignore templates: Jupyter's autosave checkpoints, Quarto's and RStudio's state, the
 * colcon/catkin install space, CocoaPods' Pods (from Podfile.lock), Android's native build
 * folders, Dart, Zig, Haskell Stack and Elm build folders, Expo, Angular, Vite, Docusaurus and
 * Astro caches, Storybook's and Jekyll's static output, ESP-IDF's managed_components (made again
 * from dependencies.lock by the component manager), test runners' reports (Playwright,
 * nyc, Allure, Hypothesis), PlatformIO's build folder, CMake's generated folder, ccls' index and
 * the packages dbt deps installs (dbt_project.yml packages-install-path, one of dbt clean's targets).
 */
const TOOL_STATE =
  /^(?:\.ipynb_checkpoints|\.quarto|\.Rproj\.user|install|pods|\.cxx|\.externalNativeBuild|\.dart_tool|\.?zig-cache|zig-out|\.stack-work|elm-stuff|\.expo|\.angular|\.vite|\.docusaurus|\.astro|storybook-static|_site|\.jekyll-cache|\.sass-cache|test-results|playwright-report|\.nyc_output|allure-results|\.hypothesis|\.pio|CMakeFiles|\.ccls-cache|dbt_packages|managed_components)$/i;

/**
 * Output folders a project's build writes at its root under a name that elsewhere can be anything:
 * MkDocs' site_dir (`site`), the .NET SDK's and CI jobs' `artifacts` (dotnet build --artifacts-path),
 * Nuxt's `.output`. Read as output only directly inside a checkout at the top of a home.
 */
const PROJECT_OUTPUT = /^(?:site|artifacts|\.output)$/i;
/** Folders at the top of a home that hold a person's own files or many checkouts, not one project. */
const HOME_FOLDER =
  /^(?:\..*|desktop|documents|downloads|pictures|music|videos|movies|public|templates|library|applications|dropbox|onedrive.*|google drive|icloud.*|nextcloud|sync|work|code|src|dev|git|workspace|sites|www|public_html|projects|repos|repositories|depots?|github|data|backups?|archives?)$/i;

/** Whether a folder of this name is made again by its tool: deleting it loses nothing. */
const disposable = (name: string): boolean => DISPOSABLE.test(name) || TOOL_STATE.test(name);

/** Top-level directories of installed software and the system, left to the system-directory rules. */
const SYSTEM_TOP =
  /^(?:usr|etc|opt|bin|sbin|lib|lib32|lib64|libx32|boot|proc|sys|dev|run|snap|nix|gnu|applications|system|library|private|cores|windows|program files|program files \(x86\)|programdata|\$recycle\.bin)$/i;

/** Top-level directories where devcontainers, CI runners and images keep the project checkout. */
const PROJECT_TOP = /^(?:workspaces?|app|code|src|github|builds|repo|source|build|__w|home)$/i;

/**
 * Folder names that say what they hold is data, wherever they sit; a vehicle's or robot's
 * recorded flights and runs (PX4 .ulg and MAVLink .tlog folders, ROS bags) are the only record of
 * them, unlike a program's logs.
 */
const DATA_NAME =
  /^(?:data|datasets?|db|databases?|backups?|bak|snapshots?|\.snapshots?|archives?|volumes?|volume\d+|vmfs|datastores?\d*|exports|shares|homes|users|projects|repos|repositories|depots?|warehouse|lake|datalake|raw|media|photos|pictures|documents|videos|music|mail|maildir|uploads|pgdata|mysql|postgres(?:ql)?|mongodb|minio|nas|pool|tank|mnt|nfs|lustre|gpfs|flight[-_]?logs|flightlogs|tlogs|ulogs|rosbags|recordings|@[\w-]+)$/i;

/**
 * Folders that hold keys or a ledger nothing rebuilds: a wallet's or a node's keys (wallets,
 * keystore, validator keys, a keyring) and a chain's or a validator's own state (chaindata,
 * chainstate, ledger). Kept by daemons in dot-folders of home (`~/.bitcoin/wallets`,
 * `~/.ethereum/keystore`, `~/.lighthouse/mainnet/validators`), which are otherwise left to the
 * credential and home rules.
 */
const KEY_STORE =
  /^(?:wallets?|keystores?|keys|keyrings?|validator[_-]?keys|validators|signing[_-]?keys?|node[_-]?keys?|chaindata|chainstate|ledger|wallet\.dat)$/i;
/** A network or folder named for tests (`regtest`, `testnet3`, `devnet`, `test-ledger`): a throwaway chain. */
const TEST_CHAIN =
  /^(?:tests?|fixtures|testdata|mocks?|examples?|regtest|testnet\d*|devnet|localnet|signet|simnet|sepolia|holesky|goerli|hoodi|test[_-][\w-]+|[\w-]+[_-]test|tmp[\w-]*)$/i;

/** The first folder of `names` that holds keys or a ledger, unless the path is a test chain's. */
function keyStore(names: string[]): string | undefined {
  if (names.some((x) => TEST_CHAIN.test(x))) return undefined;
  return names.find((x) => KEY_STORE.test(x));
}

/**
 * Folders that hold a collection of checkouts, two levels below which a path is inside one project:
 * the data names among them and the default project folders of Unreal Engine (~/Documents/Unreal
 * Projects), Visual Studio (~/Documents/Visual Studio 2022/Projects) and GitHub Desktop (~/Documents/GitHub).
 */
const COLLECTION = /^(?:projects|repos|repositories|depots?|unreal projects|github)$/i;

/**
 * Stages of a project's data its own code makes again (the Cookiecutter Data Science layout:
 * data/raw and data/external are inputs, data/interim and data/processed are made from them).
 */
const MADE_STAGE = /^(?:interim|processed|derived)$/i;

/**
 * The first folder of `names` that says it holds data, or undefined. A collection of checkouts
 * with a project and more below it (`~/Projects/Starfall/Saved/StagedBuilds`) is the way into
 * one project, whose parts the agent deletes as routinely as relative paths: only the folders
 * below the project are read (its `data` still is one); a project's data
 * folder followed by a stage its code makes (`data/derived`) is output, not input.
 */
function dataName(names: string[]): string | undefined {
  // inside one project the folders above the collection (`~/Documents/Unreal Projects`) say nothing
  let from = 0;
  names.forEach((x, i) => {
    if (COLLECTION.test(x) && names.length >= i + 3) from = i + 2;
  });
  return names
    .slice(from)
    .find((x, i, rest) => DATA_NAME.test(x) && !(MADE_STAGE.test(rest[i + 1] ?? '') && rest.length === i + 2));
}

/** The home directory a path starts at, and what follows it: `~/x`, `$HOME/x`, `/home/u/x`, `/Users/u/x`, `/root/x`. */
function homeRest(parts: string[]): string[] | undefined {
  const first = parts[0] ?? '';
  if (first === '~' || first === '$HOME' || first === '${HOME}') return parts.slice(1);
  if (first === '' && (parts[1] === 'home' || parts[1] === 'Users') && parts.length >= 3 && parts[2] !== '*')
    return parts.slice(3);
  if (first === '' && parts[1] === 'root') return parts.slice(2);
  // a Windows profile seen from WSL (/mnt/c/Users/NAME) or Git Bash (/c/Users/NAME)
  const at = parts[1] === 'mnt' ? 3 : 2;
  if (first === '' && /^[a-z]$/i.test(parts[at - 1] ?? '') && parts[at] === 'Users' && parts.length > at + 1)
    return parts[at + 1] === '*' ? undefined : parts.slice(at + 2);
  return undefined;
}

/** An absolute or home path with its `..` parts resolved (never above its first part: `/`, `~`). */
function climb(p: string): string {
  const [head = '', ...rest] = p.split('/');
  const out: string[] = [];
  for (const x of rest) {
    if (x === '..') out.pop();
    else if (x !== '.') out.push(x);
  }
  return [head, ...out].join('/') || '/';
}

/**
 * The folders where a site keeps what its users uploaded, which no build makes again: WordPress's
 * wp-content/uploads, Drupal's sites/NAME/files (public) and private files, Magento's pub/media,
 * Laravel's storage/app, and any `uploads` folder. Inside them, the derived images, aggregated CSS
 * and JavaScript and compiled templates (Drupal's files/css, files/js, files/php, files/styles;
 * Magento's media/catalog/product/cache) are made again, and a name pattern picks some files.
 */
const UPLOADS_TAIL = /^(?:uploads?|user[_-]?uploads|attachments)$/i;
const DERIVED_UPLOAD =
  /^(?:css|js|php|styles|twig|thumbnails?|thumbs|resized|generated|optimized|imagecache|tmp|temp|cache|\.cache)$/i;

/** Why a relative recursive delete takes a site's uploaded files, or undefined. */
function uploadsTarget(p: string): string | undefined {
  const parts = p
    .replace(/\/+$/, '')
    .split('/')
    .filter((x) => x !== '' && x !== '.');
  while (parts.length && /^\*+$|^\.\*$/.test(parts[parts.length - 1] ?? '')) parts.pop();
  if (!parts.length || parts.some((x) => x === '..' || disposable(x) || DERIVED_UPLOAD.test(x) || /[*?[$]/.test(x)))
    return undefined;
  const n = parts.length;
  const last = parts[n - 1] ?? '';
  const site = parts.findIndex((x, i) => x === 'sites' && parts[i + 2] === 'files' && i + 3 >= n - 1);
  if (site >= 0 && parts[site + 1] !== 'simpletest') return `a site's uploaded files (${parts.slice(site).join('/')})`;
  const media = parts.findIndex(
    (x, i) =>
      /^(?:media|uploads)$/i.test(x) &&
      i >= n - 2 &&
      i > 0 &&
      /^(?:pub|wp-content|public|web|storage|app|htdocs|public_html|www)$/i.test(parts[i - 1] ?? ''),
  );
  if (media >= 0) return `a site's uploaded files (${parts.slice(media - 1).join('/')})`;
  if (UPLOADS_TAIL.test(last) || (n >= 2 && parts[n - 2] === 'storage' && last === 'app'))
    return `a site's uploaded files (${parts.join('/')})`;
  return undefined;
}

/** Glob suffixes that name every entry of a folder: emptying it is deleting what it holds. */
const EVERYTHING = /\/(?:\*|\.\*|\*\*|\*\*\/\*|\.\[!\.\]\*|\[!\.\]\*|\*\(D\)|\*\*\/\*\(D\))$/;

/**
 * Why a recursive delete of `path` is not routine (a short phrase), or undefined when it is:
 * relative to the working tree, a variable the line does not show, disposable, or system.
 */
export function wideTarget(path: string): string | undefined {
  let p = path.replace(/\\/g, '/').replace(/^[A-Za-z]:(?=\/)/, '');
  if (!/^(?:\/|~(?:\/|$)|\$HOME(?:\/|$)|\$\{HOME\}(?:\/|$))/.test(p)) return uploadsTarget(p);
  // `..` in an absolute path climbs out of where it seems to point (`~/AppData/Local/Temp/../*`
  // empties ~/AppData/Local): read the folder it reaches
  if (/(?:^|\/)\.\.(?:\/|$)/.test(p)) p = climb(p);
  while (EVERYTHING.test(p)) p = p.replace(EVERYTHING, '');
  p = p.replace(/(.)\/+$/, '$1');
  const parts = p.split('/');
  const named = parts.filter((x) => x !== '' && x !== '.');
  if (named.some((x) => disposable(x) || x === '..')) return undefined;
  if (/^\/(?:tmp|var\/tmp|dev\/shm|var\/folders|private\/var\/folders)(?:\/|$)/.test(p)) return undefined;
  // a job's folder in the user's own scratch space (/scratch/$USER/run42) is made to be purged
  if (
    /^(?:scratch|\$SCRATCH|\$TMPDIR|\$SLURM_TMPDIR)$/i.test(named[0] ?? '') &&
    named.length >= (named[0] === 'scratch' ? 3 : 1)
  )
    return undefined;
  // the same layout under a storage root (/data/scratch/$USER/run42, /lustre/scratch/u/job)
  const scratch = named.findIndex((x, i) => i > 0 && /^scratch$/i.test(x));
  if (scratch > 0 && named.length >= scratch + 3) return undefined;
  const home = homeRest(parts);
  // in a home the data name is sought below the home itself (`/Users/kai` names no data)
  const data = dataName(home ? home.filter((x) => x !== '') : named);
  // a name pattern (`*.egg-info`, `run_*`) picks some entries of its folder, not the folder
  if (/[*?[]/.test(named[named.length - 1] ?? ''))
    return data ? `files in a folder named for data (${data})` : undefined;
  if (home) {
    const rest = home.filter((x) => x !== '');
    // a daemon's keys or ledger in its dot-folder (in a checkout, a `keys` folder is source code)
    const keys = rest[0]?.startsWith('.') ? keyStore(rest) : undefined;
    if (keys) return `a folder holding keys or a ledger (${keys})`;
    // dot-folders of home (settings, tool state) are the business of the credential and home rules
    if (rest[0]?.startsWith('.')) return undefined;
    // a job folder in the user's own scratch folder (~/scratch/test-run), as under /scratch/USER
    if (/^scratch$/i.test(rest[0] ?? '') && rest.length >= 2) return undefined;
    // a checkout at the top of home (~/shop, /home/dev/project) and the output folder a build of
    // it makes there: deleted as routinely as `rm -rf site` inside it
    if (rest.length === 2 && PROJECT_OUTPUT.test(rest[1] ?? '') && !HOME_FOLDER.test(rest[0] ?? '')) return undefined;
    if (rest.length <= 2) return rest.length ? 'a folder near the top of a home directory' : 'a home directory';
    return data ? `a folder named for data (${data})` : undefined;
  }
  const top = named[0] ?? '';
  const keys = named.length >= 2 ? keyStore(named) : undefined;
  if (keys && !PROJECT_TOP.test(top) && !/^(?:usr|etc|nix|gnu|snap|system|library|proc|sys|dev|run|boot)$/i.test(top))
    return `a folder holding keys or a ledger (${keys})`;
  if (SYSTEM_TOP.test(top)) return undefined;
  if (top === 'var') return data && named.length >= 2 ? `a folder named for data (${data})` : undefined;
  if (named.length <= 2) return named.length ? 'a folder one or two levels under the root' : 'the root';
  if (data) return `a folder named for data (${data})`;
  // outside home and the system, a folder is group, lab or service data at any depth (/project/lab/
  // analysis, /lustre/proj/run7), except under the roots where containers and CI keep checkouts
  return PROJECT_TOP.test(top) ? undefined : 'a folder outside any home directory and the system';
}

/** find predicates that pick some files only: a filtered find -delete is a cleanup, not a wipe. */
const FIND_FILTER =
  /^-(?:i?name|i?path|i?wholename|i?regex|[acm]time|[acm]min|newer\w*|size|user|group|empty|perm|links|inum|samefile|maxdepth)$/;

/**
 * Whether a find predicate leaves files out. An age cut of at most a day (`-mtime +0`, `-mmin
 * +60`: older than a day or an hour is nearly every file a folder holds), `-name '*'` and `-size
 * +0` pick everything, as a retention cut of a day keeps nothing (retention-cuts.ts).
 */
function narrows(pred: string, value: string | undefined): boolean {
  const v = value ?? '';
  if (/^-[acm]time$/.test(pred)) return !/^\+0*$/.test(v);
  if (/^-[acm]min$/.test(pred)) return !(/^\+\d+$/.test(v) && Number(v.slice(1)) <= 1440);
  if (/^-i?name$/.test(pred)) return !/^\*+$/.test(v);
  if (pred === '-size') return !/^\+0[ckMG]?$/.test(v);
  return true;
}

/** Folders of someone's own media, documents and mail: nothing in them ages into junk. */
const PERSONAL_DATA =
  /^(?:photos?|pictures|images|dcim|documents|docs|videos?|movies|music|mail|maildir|thesis|papers|immich|photoprism|nextcloud)$/i;

/** Whether a delete program on the line takes whole folders: rm -r, find -delete with no filter. */
function recursivePrograms(cmds: SimpleCommand[]): Set<string> {
  const out = new Set<string>();
  for (const c of cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    const args = c.argv.slice(1);
    if ((name === 'rm' || name === 'busybox') && args.some((w) => /^-[a-zA-Z]*[rR]/.test(w) || w === '--recursive'))
      out.add('rm');
    // unfiltered, or picking files of a data kind by name (`-name '*.bam' -mtime +30`): the data goes
    const picksData = args.some(
      (w, i) => /^-i?name$/.test(args[i - 1] ?? '') && DATA_FILE.test(w) && !THUMBNAIL_CACHE.test(w),
    );
    // in a folder of someone's own media or documents, an age, size or type filter still takes
    // their files (`find /mnt/tank/photos -mtime +365 -delete`): only a name or path picks junk
    const roots = args.slice(
      0,
      Math.max(
        0,
        args.findIndex((w) => w.startsWith('-')),
      ),
    );
    const kept = roots.some((r) => r.split(/[/\\]/).some((x) => PERSONAL_DATA.test(x)));
    const picks = (w: string, i: number) =>
      FIND_FILTER.test(w) && narrows(w, args[i + 1]) && (!kept || /^-i?(?:name|path|wholename|regex)$/.test(w));
    if (name === 'find' && (picksData || !args.some(picks))) out.add('find');
  }
  return out;
}

/**
 * Windows Explorer's thumbnail caches (Thumbs.db, ehthumbs.db, ehthumbs_vista.db): `.db` by name,
 * but generated junk Explorer rebuilds, not a database anyone keeps (Microsoft, "Turn off the
 * caching of thumbnails in hidden thumbs.db files").
 */
const THUMBNAIL_CACHE = /^(?:thumbs|ehthumbs|ehthumbs_vista)\.db$/i;

/**
 * Files that are someone's work or data by their kind: documents, sheets, databases, dumps, media,
 * disk images, lab data, drawings and building models (AutoCAD dwg/dxf, Revit rvt/rfa, IFC,
 * SketchUp, Rhino, MicroStation dgn, Navisworks) and medical images (DICOM dcm).
 */
const DATA_FILE =
  /\.(?:dwg|dxf|rvt|rfa|ifc|skp|3dm|dgn|nwd|nwc|dcm|db|sqlite3?|db3|mdb|accdb|ibd|myd|rdb|aof|h5|hdf5|nc|parquet|feather|arrow|avro|orc|csv|tsv|xlsx?|ods|docx?|odt|rtf|pdf|tex|bib|pptx?|odp|key|numbers|pages|psd|kra|blend|fbx|uasset|umap|fastq|fq|bam|cram|vcf|bcf|sam|sql|dump|bak|qcow2|vmdk|vdi|vhdx?|ova|jpe?g|png|tiff?|heic|raw|nef|cr2|dng|mp4|mov|wav|flac|ipynb|rds|rdata|mat|npy|npz|pkl|pt|ckpt|safetensors)(?:\.(?:gz|bz2|xz|zst))?$/i;

/**
 * The folders of `dir` (an absolute directory with its trailing separator) where emptying a file
 * loses something: undefined in a disposable, temporary or parent-relative place, or under a
 * dot-folder of a home (a tool's own state); else its parts and, under a home, the rest after it.
 */
function keptFolder(dir: string): { parts: string[]; home: string[] | undefined } | undefined {
  const parts = dir
    .replace(/\\/g, '/')
    .split('/')
    .filter((x) => x !== '' && x !== '.');
  if (parts.some((x) => disposable(x) || x === '..')) return undefined;
  if (/^\/(?:tmp|var\/tmp|dev\/shm|var\/folders|private\/var\/folders)\//.test(dir)) return undefined;
  // a file in a user's folder of a scratch file system (/scratch/u/, /lustre/scratch/u/run42/):
  // scratch is purged on a schedule, as the folder deletes above read it (wideTarget)
  const scratch = parts.findIndex((x) => /^scratch$/i.test(x));
  if (scratch >= 0 && parts.length >= scratch + 2 && (scratch > 0 || dir.startsWith('/'))) return undefined;
  const home = homeRest(dir.split('/'));
  if (home?.find((x) => x !== '')?.startsWith('.')) return undefined;
  return { parts, home };
}

/**
 * Why emptying the file at `path` loses someone's data (a short phrase), or undefined: a data file
 * by its kind, outside the project, not in a disposable or system place.
 */
export function dataFileTarget(path: string): string | undefined {
  const name = path.split(/[/\\]/).pop() ?? '';
  // `*.vcf.gz` names every file of that kind; `*` alone says nothing of the kind
  if (!DATA_FILE.test(name) || THUMBNAIL_CACHE.test(name) || /^[*?]*\.?[*?]*$/.test(name)) return undefined;
  const dir = path.slice(0, path.length - name.length);
  if (!/^(?:\/|~\/|\$HOME\/|\$\{HOME\}\/|[A-Za-z]:[\\/])/.test(dir)) return undefined;
  const kept = keptFolder(dir);
  if (!kept) return undefined;
  const { parts, home } = kept;
  if (!home && SYSTEM_TOP.test(parts[0] ?? '') && parts[0] !== 'var') return undefined;
  return `a data file (${name})`;
}

/**
 * Top-level folders where servers keep what their services and people store, by the Filesystem
 * Hierarchy Standard (/srv: data served by this system; /mnt and /media: mounted filesystems)
 * and the usual mount points of shared storage (NFS and SMB exports, Lustre, GPFS and BeeGFS
 * scratch-less project trees, a NAS's volumes, a data drive's `D:\\Data`): whatever the program that
 * made a file there, it is someone's data.
 */
const DATA_ROOT =
  /^(?:srv|data\d*|mnt|media|prod|production|storage|exports?|nfs|lustre|gpfs|beegfs|archives?|backups?|volumes?|vol\d*|shares?|warehouse|records|san|nas)$/i;

/**
 * /var/lib entries that are the system's own state (package managers, boot, network, container
 * runtimes' logs and layers): left to the system-directory rules. Every other /var/lib/APP is
 * where a service keeps its databases and queues (FHS 3.0 5.8: "state information that programs
 * modify while they run"), as /var/lib/mysql, /var/lib/kafka or a vendor's /var/lib/ketchdb.
 */
const SYSTEM_STATE =
  /^(?:apt|dpkg|dnf|yum|rpm|pacman|apk|snapd|flatpak|packagekit|cloud|dhcp|dhclient|systemd|logrotate|ucf|man-db|polkit-1|sudo|update-notifier|ubuntu-advantage|networkmanager|accountsservice|pam|private|misc|os-prober|plymouth|initramfs-tools|command-not-found|lxcfs|containerd|docker|kubelet|cni|fwupd|colord|upower|gdm3|lightdm|bluetooth|alsa|ntp|chrony|php|selinux|cache|tmp)$/i;

/** Folders of a served site's code and its releases: its files are deployed again, not kept. */
const WEB_PART = /^(?:www|html|htdocs|public_html|static|assets|releases|current|cgi-bin|wwwroot)$/i;

/**
 * Why the folder `dir` (absolute, with its trailing separator) is a data tree, or undefined: a
 * folder named for data below a home, or outside home and the system one under a data root, a
 * service's /var/lib state, a folder named for data (also below /opt/APP), or a network share.
 * Disposable, temporary, web and project places give nothing.
 */
function dataTree(dir: string): { why: string; state: boolean } | undefined {
  const d = dir.replace(/\\/g, '/');
  // a relative folder is the project's own
  if (!/^(?:\/|~\/|\$HOME\/|\$\{HOME\}\/|[A-Za-z]:\/)/.test(d)) return undefined;
  const share = /^\/\/[^/]+\/[^/]+/.test(d);
  const kept = keptFolder(d.replace(/^[A-Za-z]:(?=\/)/, ''));
  if (!kept) return undefined;
  const { home } = kept;
  let { parts } = kept;
  // a Windows drive seen from WSL (/mnt/c/...): what follows is read as on that drive
  if (!home && parts[0] === 'mnt' && /^[a-z]$/i.test(parts[1] ?? '')) {
    const n = dataName(parts.slice(2));
    return n ? { why: `a folder named for data (${n})`, state: false } : undefined;
  }
  if (parts.some((x) => WEB_PART.test(x) || /[$`]/.test(x))) return home ? homeData(home) : undefined;
  if (home) return homeData(home);
  if (share) return { why: `a network share (//${parts.slice(0, 2).join('/')})`, state: false };
  const top = parts[0] ?? '';
  if (PROJECT_TOP.test(top)) return undefined;
  if (top === 'var') {
    if (parts[1] === 'lib' && parts[2] && !SYSTEM_STATE.test(parts[2]))
      return { why: `a service's state (/var/lib/${parts[2]})`, state: true };
    const n = parts.length >= 2 ? dataName(parts) : undefined;
    return n ? { why: `a folder named for data (${n})`, state: false } : undefined;
  }
  if (SYSTEM_TOP.test(top)) {
    // an application's own data folder under /opt (/opt/APP/data), not its installed files
    const n = top === 'opt' && parts.length >= 3 ? dataName(parts.slice(2)) : undefined;
    return n ? { why: `a folder named for data (${n})`, state: true } : undefined;
  }
  const n = dataName(parts);
  if (n) return { why: `a folder named for data (${n})`, state: false };
  return DATA_ROOT.test(top) ? { why: `a data root (/${top})`, state: false } : undefined;
}

/** Whether the folder `dir` is a data tree by a name it carries, a share's or a service's state (not only by its root). */
export function namedDataTree(dir: string): boolean {
  const t = dataTree(dir.replace(/\/*$/, '/'));
  return t !== undefined && !t.why.startsWith('a data root');
}

function homeData(home: string[]): { why: string; state: boolean } | undefined {
  const names = home.filter((x) => x !== '');
  // under a home's projects or repos folder a file is a checkout's, as workFileTarget reads it
  if (names.some((x) => COLLECTION.test(x))) return undefined;
  const n = dataName(names);
  return n ? { why: `a folder named for data (${n})`, state: false } : undefined;
}

/**
 * Kinds a compiler, an interpreter or a merge tool leaves beside sources, made again or thrown
 * away wherever they lie: Python bytecode, object files and archives, Java classes, MSVC program
 * databases and incremental-link files, patch leftovers, macOS Finder metadata.
 */
const BUILD_JUNK = /\.(?:pyc|pyo|o|obj|class|pdb|ilk|orig|rej)$|^\.DS_Store$/i;

/** find predicates that keep files by age or size: a retention sweep, not a wipe of a kind. */
const AGE_CUT = /^-(?:[acm]time|[acm]min|size)$/;

/**
 * Whether a find keeps its recent files: an age cut of older-than (`-mtime +30`, `-mmin +600`) or
 * a size cut. A younger-than cut (`-mtime -3650`, `-newer F`) takes the recent files, the ones a
 * retention sweep keeps.
 */
function keepsRecent(argv: readonly string[]): boolean {
  return argv.some((w, i) => {
    if (!AGE_CUT.test(w)) return false;
    const v = argv[i + 1] ?? '';
    return (w === '-size' || v.startsWith('+')) && narrows(w, v);
  });
}

/** The name filter of the line's find (`-name '*.exr'`), when it has exactly one and no negation. */
function findName(cmds: SimpleCommand[]): string | undefined {
  const f = cmds.find((c) => basename(c.argv[0] ?? '') === 'find');
  if (!f) return undefined;
  const at = f.argv.flatMap((w, i) => (/^-i?name$/.test(w) ? [i] : []));
  if (at.length !== 1 || f.argv.some((w) => w === '!' || w === '-not' || w === '-o' || w === '-or')) return undefined;
  return f.argv[(at[0] ?? 0) + 1];
}

/**
 * Why deleting the files a glob names (`rm -f /srv/edi/outbound/*.edi`, `ls /data/in/*.parquet |
 * xargs rm`, `find /archive -iname '*.pdf' | xargs rm`, `unlink glob("/srv/archive/*.dat")`)
 * loses data, whatever the kind: every file of one kind in a data tree (dataTree) goes, where no
 * build makes them again. A find's age or size cut (`-mtime +30`) is a retention sweep, a log's,
 * pid's or temporary file's kind is transient (but a service's `.log` under /var/lib is its
 * write-ahead or commit log), and `*` alone is the folder's content, read as a folder's delete.
 */
export function kindGlobTarget(path: string, cmds: SimpleCommand[], prog: string): string | undefined {
  const p = path.replace(/\\/g, '/');
  const name = p.split('/').pop() ?? '';
  if (!/[*?[]/.test(name) || /^[*?.]+$/.test(name)) return undefined;
  if (prog === 'find') {
    const f = cmds.find((c) => basename(c.argv[0] ?? '') === 'find');
    if (!f || keepsRecent(f.argv)) return undefined;
  }
  const tree = dataTree(p.slice(0, p.length - name.length));
  if (!tree) return undefined;
  const bare = name.replace(/[*?]+$/, '');
  if (TRANSIENT_FILE.test(bare) && !(tree.state && /\.log$/i.test(bare))) return undefined;
  if (BUILD_JUNK.test(bare)) return undefined;
  return `every file ${name} names in ${tree.why}`;
}

/** Files whose content is made to be thrown away: logs, program output, pid and lock files, partial downloads. */
const TRANSIENT_FILE = /(?:\.(?:log|out|err|pid|lock|lck|tmp|temp|swp|sock|part|crdownload|partial)|^nohup\.out)$/i;

/**
 * Why emptying the file (or every file a glob names) at `path` loses work, when its kind is not a
 * known data format: whatever the program that made it (a grading export, an edit project, a
 * render scene), a file outside the project in a folder named for data, shares, projects or
 * media is someone's work, and a program that empties it keeps no copy. Logs, output, pid and
 * lock files, and the disposable, temporary and system places the deletes skip give nothing.
 */
export function workFileTarget(path: string): string | undefined {
  const name = path.split(/[/\\]/).pop() ?? '';
  if (!name || TRANSIENT_FILE.test(name) || name.startsWith('.')) return undefined;
  const dir = path.slice(0, path.length - name.length);
  if (!/^(?:\/|~\/|\$HOME\/|\$\{HOME\}\/|[A-Za-z]:[\\/]|\\\\)/.test(dir)) return undefined;
  const kept = keptFolder(dir);
  if (!kept) return undefined;
  const { parts, home } = kept;
  if (!home && SYSTEM_TOP.test(parts[0] ?? '')) return undefined;
  // a checkout is the agent's own work place: under a home's projects or repos folder, or a
  // container's /workspace or /app, a file is the project's (its edits are the write rules' business)
  const names = home ? home.filter((x) => x !== '') : parts;
  if (home ? names.some((x) => COLLECTION.test(x)) : PROJECT_TOP.test(parts[0] ?? '')) return undefined;
  const data = names.find((x) => DATA_NAME.test(x));
  if (!data) {
    // a data root's or a service's state files (`> /var/lib/ketchdb/main.kdb`, `truncate -s 0
    // /srv/calyx/journal/*.jnl`): emptied, the store they held is gone (a log there is its journal)
    const tree = home ? undefined : dataTree(dir);
    if (!tree || (TRANSIENT_FILE.test(name.replace(/[*?]+$/, '')) && !tree.state)) return undefined;
    return /[*?[]/.test(path) ? `every file ${name} names in ${tree.why}` : `a file in ${tree.why}`;
  }
  return /[*?[]/.test(path)
    ? `every file ${name} names in a folder named for data (${data})`
    : `a file in a folder named for data (${data})`;
}

/** Why emptying `path` loses data or work: a data format (dataFileTarget) or a work file (workFileTarget). */
export function blankedTarget(path: string): string | undefined {
  return dataFileTarget(path) ?? workFileTarget(path);
}

/** Derived writes that put a copy of another file in place (their `via` starts with the program). */
const COPIED_IN =
  /^(?:cp|gcp|install|mv|rsync|scp|sftp|tar|bsdtar|unzip|7z|ditto|ln|docker|podman|kubectl|gsutil|aws|rclone|robocopy|xcopy|copy|copy-item|move-item|sqlite3|litestream)\b/i;

/** Files that are a database by their kind: SQLite, Access, InnoDB, MyISAM, Redis dumps, KeePass. */
const DATABASE_FILE = /\.(?:db|sqlite3?|db3|mdb|accdb|ibd|myd|rdb|aof|kdbx)$/i;

/**
 * Why deleting `path` deletes a database (a short phrase), or undefined. A glob or SQLite's
 * companion suffix after the name (`db.sqlite3*`, `app.db-wal`) still names the database; one
 * named for development or tests does not count.
 */
function databaseFile(path: string): string | undefined {
  const base = path.replace(/(?:-wal|-shm|-journal)?\**$/, '');
  if (!DATABASE_FILE.test(base)) return undefined;
  // `dev.sqlite3`, `app_test.db`: a development or test database, as the SQL readings take it
  if (DEV_NAME.test((base.split(/[/\\]/).pop() ?? '').replace(/\.[^.]*$/, ''))) return undefined;
  return dataFileTarget(base) ? `a database file (${base.split(/[/\\]/).pop() ?? base})` : undefined;
}

/**
 * Whether a delete is of one entry directly inside a checkout at the top of a home that the line
 * moved into first (`cd /home/dev/shop && rm -rf sdkconfig.old`, cd-deletes.ts): the same delete
 * as the relative one run in that checkout, which is routine. A folder of many checkouts or of a
 * person's files (`cd ~/code && rm -rf app`, `cd ~/Documents && rm -rf taxes`) is not a checkout,
 * and an entry named for data (`data`, `backups`) keeps its reading.
 */
function insideCheckout(e: Effect): boolean {
  const cwd = /\(under ([^()]+)\)$/.exec(e.via)?.[1];
  if (!cwd || !e.path?.startsWith(`${cwd}/`)) return false;
  const top = homeRest(cwd.split('/'))?.filter((x) => x !== '');
  const entry = e.path.slice(cwd.length + 1);
  return (
    top?.length === 1 &&
    !HOME_FOLDER.test(top[0] ?? '') &&
    /^[^/*?[]+$/.test(entry) &&
    entry !== '..' &&
    !DATA_NAME.test(entry) &&
    !KEY_STORE.test(entry)
  );
}

/**
 * `wide-delete PATH` readings of the line's deletes that take a whole folder outside the project
 * that is neither disposable nor system (see the top of this file).
 */
export function wideDeletes(cmds: SimpleCommand[], effects: readonly Effect[]): Effect[] {
  const out: Effect[] = [];
  // a file emptied in place (`: > F`, `cat /dev/null > F`, `truncate -s 0 F`, `cp /dev/null F`)
  // is deleted but for its name
  for (const e of effects) {
    if (e.tool !== 'write' || !e.path || e.append) continue;
    if (e.content !== '') {
      // a database file outside the project written over by what a program makes (`echo x > F`,
      // `dd of=F`, python's open(F, 'w'), node's writeFileSync): the database it held is gone
      // whatever the new bytes are. A copy or a move onto it is a restore or a backup, not read here.
      const db = COPIED_IN.test(e.via) ? undefined : databaseFile(e.path);
      if (db)
        out.push({
          tool: 'exec',
          command: `wide-delete ${e.path}`,
          via: `${e.via}: ${db} outside the project written over, the database it held gone`,
        });
      continue;
    }
    const why = blankedTarget(e.path);
    if (why)
      out.push({
        tool: 'exec',
        command: `wide-delete ${e.path}`,
        via: `${e.via} with nothing: ${why} outside the project, its content gone as if deleted`,
      });
  }
  if (!effects.some((e) => e.tool === 'delete')) return out;
  const recursive = recursivePrograms(cmds);
  for (const e of effects) {
    if (e.tool !== 'delete' || !e.path) continue;
    const prog = e.via.split(' ')[0] ?? '';
    // a `**` glob reaches every folder below its root, as a recursive delete does
    const whole =
      /\brecursively\b|\bempties\b/.test(e.via) ||
      /\/\*\*(?:\/|$)/.test(e.path) ||
      (prog === 'rm' && recursive.has('rm')) ||
      (prog === 'find' && recursive.has('find')) ||
      // every file of a folder (`rm -f /srv/data/*`, `del D:\\data\\*`, a glob handed to unlink
      // in a loop): the folder's content goes, though its subfolders stay (a find's deletes are
      // judged by its filters above: an age sweep of a data folder is routine)
      (prog !== 'find' && /[/\\]\*(?:\.\*)?$/.test(e.path));
    if (!whole) {
      // `find /prod/shows -name '*.exr' -delete` deletes under ROOT what its name filter picks
      const picked = prog === 'find' && /[/\\]\*$/.test(e.path) ? findName(cmds) : undefined;
      const kind = kindGlobTarget(picked ? `${e.path.slice(0, -1)}${picked}` : e.path, cmds, prog);
      if (kind) {
        out.push({
          tool: 'exec',
          command: `wide-delete ${e.path}`,
          via: `${e.via}: ${kind}, neither build output, a cache, scratch nor part of the project`,
        });
        continue;
      }
      // one database file outside the project (`rm -f ~/stacks/vaultwarden/data/db.sqlite3*`) is
      // the whole database, as a folder's delete is the whole folder
      const db = databaseFile(e.path);
      if (db)
        out.push({
          tool: 'exec',
          command: `wide-delete ${e.path}`,
          via: `${e.via}: ${db} outside the project, the database itself`,
        });
      continue;
    }
    // a served application's own cache or generated code (served-caches.ts) is filled again by it
    const why = servedCachePath(e.path) || insideCheckout(e) ? undefined : wideTarget(e.path);
    if (why)
      out.push({
        tool: 'exec',
        command: `wide-delete ${e.path}`,
        via: `${e.via}: ${why}, neither build output, a cache, scratch nor part of the project`,
      });
  }
  return out;
}
