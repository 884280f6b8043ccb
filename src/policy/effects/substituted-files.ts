// Files whose content a command substitution puts into a word: `"d=$(base64 -w0 params.yaml)"`,
// `?k=$(cat ~/.netrc | base64)`, `` `gzip -c dump.sql | base64` ``. A request that carries the word
// carries the file, as `-d @params.yaml` does. Only programs that print a file whole, plainly or
// encoded or compressed, count (cat, base64, xxd, gzip -c ...): a value picked out of a file
// (`$(jq -r .version package.json)`, `$(git rev-parse HEAD)`) is not the file.
/** Programs that print the files they are given, whole (coreutils, encoders, compressors, archivers). */
const PRINTS_FILES =
  /^(?:cat|tac|nl|head|tail|base64|base32|basenc|xxd|od|hexdump|strings|uuencode|gzip|gunzip|zcat|bzip2|bzcat|xz|xzcat|zstd|zstdcat|lz4|brotli|tar|bsdtar|zip|7z|openssl|gpg|type|Get-Content|gc)$/i;

/** The files that the substitutions in a word print into it. */
export function substitutedFiles(word: string): string[] {
  const files: string[] = [];
  for (const m of word.matchAll(/\$\(([^()]{1,400})\)|`([^`]{1,400})`/g)) {
    for (const stage of (m[1] ?? m[2] ?? '').split('|')) {
      const words = stage.trim().split(/\s+/);
      const prog = (words[0] ?? '').replace(/^.*\//, '');
      if (!PRINTS_FILES.test(prog)) continue;
      for (let i = 1; i < words.length; i++) {
        const w = (words[i] ?? '').replace(/^["']|["']$/g, '');
        // openssl base64 -in F, openssl enc -in F, gpg ... FILE, tar cf - DIR
        if (w === '-in' || w === '--input') {
          const f = words[i + 1];
          if (f) files.push(f.replace(/^["']|["']$/g, ''));
          i++;
        } else if (!w.startsWith('-') && /[./~]/.test(w) && !/^\d+(?:\.\d+)?$/.test(w) && w !== '.') files.push(w);
      }
    }
  }
  return files;
}
