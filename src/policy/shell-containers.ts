// Every container on the machine force-removed at once: `docker rm -f $(docker ps -aq)`,
// `docker ps -aq | xargs docker rm -f` (xargs reads its unknown input as `*`), `podman rm -af`.
// Running containers (the databases and services of every project here) are killed and removed
// together with their writable layers; `-v` takes their anonymous volumes too. Removing stopped
// containers (`docker rm $(docker ps -aq)` without -f fails on running ones, `docker container
// prune`) is routine and gives nothing. Read as `containers-removed-all PROGRAM`.
// Every image force-removed at once (`docker rmi -f $(docker images -q)`, `podman rmi -af`) is
// read as `images-removed-all PROGRAM`: images are pulled or built again, but the machine's
// whole store (other projects', locally built tags never pushed) goes at once. A named image, a
// filtered listing (`docker images 'acme/*' -q`, `-f dangling=true`) or a prune gives nothing.
import { basename } from './shell-wrappers.js';

const ENGINES = new Set(['docker', 'podman', 'nerdctl']);

/** A listing narrowed to some containers (`docker ps -aq --filter label=...`, `-qf name=x`, `| grep api`). */
function filtered(sub: string): boolean {
  return /\s--filter\b|\s-[a-zA-Z]*f[\s=]|\|\s*grep\b/.test(sub);
}

/** An image listing narrowed to a repository (`docker images 'acme/*' -q`, `docker image ls myapp -q`). */
function namesRepository(sub: string): boolean {
  const m = /\b(?:images|image\s+ls|image\s+list)\s+([^)`]*)/.exec(sub);
  return !!m && (m[1] ?? '').split(/\s+/).some((w) => w !== '' && !w.startsWith('-') && !w.startsWith('|'));
}

/** The reading of one simple command, or null. `computed` says whether a word is a run-time list. */
export function containersRemovedAll(words: string[], computed: (w: string) => boolean): string | null {
  const engine = basename(words[0] ?? '');
  if (!ENGINES.has(engine)) return null;
  let i = 1;
  // images: `docker rmi -f $(docker images -q)`, `docker image rm -f $(docker image ls -aq)`
  let images = words[i] === 'rmi';
  if (words[i] === 'image' && (words[i + 1] === 'rm' || words[i + 1] === 'remove')) {
    images = true;
    i++;
  }
  // a pod is removed with its containers (`podman pod rm -af`)
  if (!images && (words[i] === 'container' || (engine === 'podman' && words[i] === 'pod'))) i++;
  if (!images && words[i] !== 'rm' && words[i] !== 'remove') return null;
  const rest = words.slice(i + 1);
  const flags = rest.filter((w) => w.startsWith('-'));
  const force = flags.some((w) => w === '--force' || /^-[a-zA-Z]*f/.test(w));
  if (!force) return null;
  const all =
    flags.some((w) => w === '--all' || (engine !== 'docker' && /^-[a-zA-Z]*a/.test(w))) ||
    rest.some(
      (w) =>
        !w.startsWith('-') &&
        (w === '*' ||
          ((w.includes('$(') || w.includes('`')) && !filtered(w) && !(images && namesRepository(w))) ||
          computed(w)),
    );
  if (!all) return null;
  return images ? `images-removed-all ${engine}` : `containers-removed-all ${engine}`;
}
