// An image put into a registry under a tag by copying, importing or mirroring it, for tools svc
// has never seen: `regctl image copy SRC DST`, `az acr import -n REG --source SRC -t NAME:TAG`,
// `imgpkg copy -i SRC --to-repo DST`, `gcrane cp SRC DST`. Whatever the tool, the command names
// an image reference it takes from one place and a registry tag it writes, and every machine that
// pulls that tag next runs what was copied: the same change as `docker push` (which the ship
// catalogue asks), made without a build. Read as `cli-ship TOOL ...` (cli-ship-verbs asks).
// A copy to this machine (a directory, an archive, the local daemon, `localhost:5000`) is not
// one, nor are file and repository copiers whose operands only look like references.
/**
 * Verbs that copy an image between places. `tag` is a copy when both operands are registry
 * references (OpenShift's `oc tag crew-dev/api:latest crew-prod/api:prod` points a production
 * image stream at a build); `docker tag` and `git tag` are local tools and never read here.
 */
const VERB = /^(?:copy|cp|import|mirror|promote|retag|sync|replicate|transfer|clone|tag)$/i;
/** An image reference with a registry or owner path and a tag or digest (`ghcr.io/x/api:dev`). */
const IMAGE_REF = /^(?:docker:\/\/)?[a-z0-9][\w.-]*(?::\d+)?\/[\w./-]+(?::[\w.-]+|@sha256:[0-9a-f]{6,})$/i;
/** A tag given alone (`pos-api:5.2.1`) to an option naming the destination. */
const TAGGED = /^[a-z0-9][\w./-]*:[\w.-]+$/i;
/** Options naming where the image comes from. */
const SOURCE_OPTION = /^--?(?:source|src|from|image|i)$/i;
/** Options naming the tag or repository written. */
const TARGET_OPTION = /^--?(?:t|tag|target|target-tag|dest|destination|to|to-repo|to-tag|image-tag)$/i;
/** Destinations on this machine. */
const LOCAL =
  /^(?:dir|oci|oci-archive|docker-archive|docker-daemon|containers-storage|tarball):|^(?:localhost|127\.0\.0\.1)(?::\d+)?\//i;

/** Local container engines (their `import` loads a tarball here) and file or repository copiers. */
const LOCAL_TOOLS = new Set(
  'docker docker.exe podman podman.exe nerdctl nerdctl.lima lima finch buildah ctr git cp mv rsync scp sftp rclone gsutil kubectl tar'.split(
    ' ',
  ),
);

function value(words: readonly string[], i: number): string | undefined {
  const w = words[i] ?? '';
  const eq = w.indexOf('=');
  return (eq > 0 ? w.slice(eq + 1) : words[i + 1])?.replace(/^["']|["']$/g, '');
}

/** `cli-ship TOOL ...` when a command copies an image into a registry tag; else null. */
export function imageCopyReading(words: string[]): { text: string; from: string } | null {
  const tool = (words[0] ?? '').toLowerCase();
  if (!/^[a-z][\w.-]*$/.test(tool) || LOCAL_TOOLS.has(tool)) return null;
  const path = words
    .slice(1)
    .filter((w) => !w.startsWith('-'))
    .slice(0, 3);
  const verb = path.find((w) => VERB.test(w));
  if (!verb) return null;
  let source: string | undefined;
  let target: string | undefined;
  const refs: string[] = [];
  // beside --source, --image names what is written (`az acr import --source SRC --image api:prod`)
  const named = words.some((w) => /^--?(?:source|src|from)(?:=|$)/i.test(w));
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w.startsWith('-')) {
      const name = w.replace(/=.*$/, '');
      const v = value(words, i);
      if (!v) continue;
      if (named && /^--?(?:image|i)$/i.test(name) && (IMAGE_REF.test(v) || TAGGED.test(v))) target ??= v;
      else if (SOURCE_OPTION.test(name) && IMAGE_REF.test(v)) source ??= v;
      else if (TARGET_OPTION.test(name) && (IMAGE_REF.test(v) || TAGGED.test(v))) target ??= v;
      continue;
    }
    const bare = w.replace(/^["']|["']$/g, '');
    if (IMAGE_REF.test(bare) || LOCAL.test(bare)) refs.push(bare);
  }
  source ??= refs[0];
  target ??= refs.find((r) => r !== source);
  if (!source || !target || LOCAL.test(target) || !IMAGE_REF.test(source)) return null;
  return { text: ['cli-ship', ...words].join(' '), from: `an image copied into ${target} (${tool} ${verb})` };
}
