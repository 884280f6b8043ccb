// `docker compose down -v` deletes the stack's named volumes. In a project's own dev stack that
// is a reset (shell-local-data.ts reads it as `dev-data`); in a self-hosted service's stack it is
// the service's data: the photo library's database, the password vault, the cloud drive. Which
// one it is shows in where the stack lives, by the conventions of the self-hosting tools:
// Dockge's /opt/stacks, Unraid's and TrueNAS's appdata, Portainer's /data/compose, CasaOS's
// /DATA/AppData, and the folders people keep them in (~/homelab/stacks, ~/docker, ~/selfhosted).
// The stack is found as the directory the line moved to (`cd ~/homelab/stacks/immich && docker
// compose down -v`) or the one its -f/--project-directory names. Read as
//   `compose-volumes-wipe DIR`   (denied by destructive-data)
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

/** Folder names that hold self-hosted service stacks (see the top of this file). */
const STACK_HOME = /^(?:stacks|homelab|home-?lab|selfhost(?:ed|ing)?|self-hosted|appdata|compose|dockge|portainer)$/i;

/** Whether a compose command's own words delete its volumes on `down`. */
function downWithVolumes(argv: string[]): boolean {
  const i = argv.indexOf('down');
  return i > 0 && argv.slice(i + 1).some((w) => w === '--volumes' || /^-[a-zA-Z]*v[a-zA-Z]*$/.test(w));
}

/** The stack directory a compose command names (-f FILE, --project-directory DIR), if any. */
function namedDir(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const m = /^(-f|--file|--project-directory)(?:=(.*))?$/.exec(w);
    if (m) return m[2] ?? argv[i + 1];
  }
  return undefined;
}

function inStackHome(dir: string): boolean {
  return dir.split(/[/\\]/).some((x) => STACK_HOME.test(x));
}

/** `compose-volumes-wipe DIR` readings of a line (see the top of this file). */
export function stackVolumeEffects(l: LineView, out: Effect[]): void {
  let cwd: string | undefined;
  for (const c of l.cmds) {
    const name = (c.argv[0] ?? '').replace(/^.*[\\/]/, '');
    if ((name === 'cd' || name === 'pushd') && c.argv[1]) cwd = c.argv[1];
    const compose =
      name === 'docker-compose' ? c.argv : name === 'docker' && c.argv[1] === 'compose' ? c.argv.slice(1) : undefined;
    if (!compose || !downWithVolumes(compose)) continue;
    const dir = namedDir(compose) ?? cwd;
    if (dir && inStackHome(dir))
      out.push({
        tool: 'exec',
        command: `compose-volumes-wipe ${dir}`,
        via: `docker compose down -v deletes the volumes of the self-hosted stack in ${dir}`,
      });
  }
}
