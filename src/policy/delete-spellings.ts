// More spellings of what a delete takes, so a rule on deletes names a location once:
//   - a glob that names every entry of a directory (`/data/warehouse/*`, `D/.[!.]*`) empties the
//     directory: its contents are gone as if `D` itself were deleted, so `D` is a spelling too
//     (a recursive `D/**` as well);
//   - `${NAME}` and `"${NAME}"` at the start are `$NAME` (a catalogue lists `$PGDATA` once).
// Used by pathReadings() for delete calls (docs/effects.md, "What a destructive call points at").

/** Globs that name every (visible or hidden) entry of a directory. */
/** A recursive glob (`D/**`, `D/**\/*`) names every file under D, which empties it as well. */
const EVERYTHING = /\/(?:\*|\.\*|\.\[!\.\]\*|\.\[\^\.\]\*|\.\?\?\*|\[!\.\]\*|\*\*|\*\*\/\*)$/;
const BRACED = /^"?\$\{([A-Za-z_][A-Za-z0-9_]*)\}"?(?=\/|$)/;

/** The extra spellings of a delete of `path` whose lexical form is `lexical`. */
export function deleteSpellings(path: string, lexical: string): string[] {
  const out: string[] = [];
  const braced = BRACED.exec(path);
  if (braced) out.push(`$${braced[1] ?? ''}${path.slice(braced[0].length)}`);
  for (const p of [lexical, ...out]) {
    if (!EVERYTHING.test(p)) continue;
    const dir = p.replace(EVERYTHING, '');
    // the parent of the glob is itself a glob (`*/*`): nothing one directory names
    if (dir && !/[*?[]/.test(dir)) out.push(dir);
  }
  return out;
}
