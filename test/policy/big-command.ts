// A command line of a given size built from hundreds of nested shell constructs (variables,
// functions, $(...) three deep, brace words, here-documents, pipes into decoders), used by the
// linear-time test and by bench/readings.bench.ts.

/** One block: about a dozen constructs, padded with quoted text to `size` characters. */
function block(i: number, size: number): string {
  const head =
    `x${i}=$(printf '%s' "v${i}"); f${i}() { echo "$1" | tr a b; }; ` +
    `f${i} "$(echo $(basename $(dirname /tmp/a${i}/b)))" && [ -n "$x${i}" ] || echo {a,b}${i} > /dev/null; ` +
    `echo aGVsbG8K | base64 -d | wc -c; cat <<EOF${i}\nline ${i}\nEOF${i}\n` +
    `git log --format='%h %s' -n 1 -- "src/$x${i}" | grep -c "$(echo ${i})"; echo "`;
  const pad = Math.max(0, size - head.length - 3);
  const text = ('lorem ipsum dolor sit amet ' + i + ' ').repeat(Math.ceil(pad / 30)).slice(0, pad);
  return head + text + '";\n';
}

/** A command of about `bytes` characters made of `blocks` blocks; `tail` is appended at the end. */
export function bigCommand(bytes: number, blocks: number, tail = ''): string {
  const size = Math.floor((bytes - tail.length) / blocks);
  let out = '';
  for (let i = 0; i < blocks; i++) out += block(i, size);
  return out + tail;
}

/** `depth` nested $(...) around an echo: too deep to read, so the engine must refuse it. */
export function deeplyNested(depth: number): string {
  return 'echo ' + '$(echo '.repeat(depth) + 'x' + ')'.repeat(depth);
}
