// Deletes whose targets an interpreter computes: code that walks or globs a literal directory and
// removes what it finds (`for r,_,fs in os.walk(home): os.remove(...)`, `Dir.glob("~/**/*").each
// { File.delete _1 }`, `fs.readdirSync(dir).forEach(f => fs.rmSync(...))`) deletes that tree, so it
// is read as `rm -rf DIR` (or `rm -f DIR/**/*.py` when the glob names one kind of file) and the
// rules on deletes decide it; code that empties each file it finds (`open(f,'wb').write(b'')`,
// `fs.writeFileSync(f, '')`, `File.write(f, "")`) is `truncate -s 0 DIR/**` (or the glob). Code that filters what it found (`if f.endswith('.pyc')`) is left to
// the calls it makes.
import type { Effect } from '../types.js';
import { table } from '../../../util/lookup-table.js';

const LIT = `['"\`]([^'"\`\\n]+)['"\`]`;

interface WalkSpec {
  walkers: RegExp[];
  removes: RegExp;
  /** Calls that leave a file empty: opened for writing and given nothing, or truncated to zero. */
  blanks?: RegExp;
  /**
   * Encryption in the code (`Fernet(...).encrypt`, `createCipheriv`) and a write of what it
   * found: each file replaced by ciphertext, its content gone unless the key is kept (ransomware's
   * loop; a key made on the spot and never written is the usual shape).
   */
  encrypts?: RegExp;
  writes?: RegExp;
}

/** Standard-library walkers and removers per language (os/pathlib/glob, fs, Dir/Find, File::Find, glob/scandir). */
const SPECS: Record<string, WalkSpec> = table({
  python: {
    walkers: [
      new RegExp(`os\\.(?:walk|scandir|listdir)\\(\\s*${LIT}`, 'g'),
      new RegExp(`glob\\.i?glob\\(\\s*${LIT}`, 'g'),
      new RegExp(
        `pathlib\\.Path\\(\\s*${LIT}\\s*\\)(?:\\.expanduser\\(\\))?\\.(?:rglob|glob|iterdir|walk)\\((?:\\s*${LIT})?`,
        'g',
      ),
      // `Path.home().rglob('*')` reads canonically as `"~".rglob('*')`
      new RegExp(`${LIT}\\.(?:rglob|glob|iterdir|walk)\\((?:\\s*${LIT})?`, 'g'),
      // `for p in glob.glob('~/Documents/*')` reads canonically as a loop over the pattern literal
      new RegExp(`\\bfor\\s+\\w+\\s+in\\s+(?:sorted\\()?${LIT}`, 'g'),
    ],
    removes: /\bos\.(?:remove|unlink|rmdir)\(|shutil\.rmtree\(|\.unlink\(|\.rmdir\(/,
    // opened for writing and closed, or given nothing: `open(p, 'w').close()`, `with open(p, 'w'): pass`
    blanks:
      /\.write(?:_bytes|_text)?\(\s*b?(?:''|"")\s*\)|\btruncate\([^)]*\b0\s*\)|\.truncate\(\s*\)|\bopen\(\s*[\w.]+\s*,\s*['"][wW]b?\+?['"]\s*\)\s*(?:\.close\(\s*\)|(?:as\s+\w+\s*)?:\s*pass\b)/,
    encrypts: /\.encrypt\(|\bAES\.new\(|\bChaCha20/,
    writes: /\bopen\([^)]*['"][wa]b?\+?['"]|\.write_bytes\(|\.write_text\(/,
  },
  node: {
    walkers: [
      new RegExp(`fs\\.(?:readdirSync|readdir|opendirSync|opendir)\\(\\s*${LIT}`, 'g'),
      new RegExp(`(?:globSync|glob\\.sync|fg\\.sync|fastGlob\\.sync|glob)\\(\\s*${LIT}`, 'g'),
      new RegExp(`Deno\\.readDir(?:Sync)?\\(\\s*${LIT}`, 'g'),
    ],
    removes: /fs\.(?:unlinkSync|unlink|rmSync|rm|rmdirSync)\(|Deno\.remove(?:Sync)?\(|Bun\.file\([^)]*\)\.delete\(/,
    // the path argument may itself be a call (`fs.writeFileSync(path.join(d, f), '')`)
    blanks:
      /fs\.(?:writeFileSync|writeFile)\((?:[^,()]|\((?:[^()]|\([^()]*\))*\))+,\s*(?:''|""|``|Buffer\.alloc\(0\))\s*[,)]|fs\.truncate(?:Sync)?\(/,
    encrypts: /createCipheriv\(|crypto\.subtle\.encrypt\(|\.encrypt\(/,
    writes: /fs\.(?:writeFileSync|writeFile|createWriteStream)\(/,
  },
  ruby: {
    walkers: [
      new RegExp(`Dir\\.(?:glob|children|entries|each_child)\\s*\\(?\\s*${LIT}`, 'g'),
      new RegExp(`Dir\\[\\s*${LIT}`, 'g'),
      new RegExp(`Find\\.find\\(\\s*${LIT}`, 'g'),
    ],
    removes: /File\.(?:delete|unlink)|FileUtils\.(?:rm|rm_f|rm_rf|rm_r|remove)/,
    blanks: /File\.(?:write|binwrite)\([^,]+,\s*(?:''|"")\s*\)|File\.truncate\([^,]+,\s*0\s*\)/,
    encrypts: /OpenSSL::Cipher|\.encrypt\b/,
    writes: /File\.(?:write|binwrite|open\([^)]*['"]w)/,
  },
  perl: {
    // File::Find's find() and finddepth() (depth-first, the order a tree is removed in)
    walkers: [new RegExp(`find(?:depth)?\\s*\\(.*?,\\s*${LIT}`, 'g'), new RegExp(`glob\\s*\\(?\\s*${LIT}`, 'g')],
    removes: /\bunlink\b|\brmtree\b|\bremove_tree\b/,
  },
  php: {
    walkers: [
      new RegExp(`(?:glob|scandir)\\(\\s*${LIT}`, 'g'),
      new RegExp(`RecursiveDirectoryIterator\\(\\s*${LIT}`, 'g'),
    ],
    removes: /\bunlink\s*\(|\brmdir\s*\(/,
    blanks: /file_put_contents\([^,]+,\s*(?:''|"")\s*\)|\bftruncate\([^,]+,\s*0\s*\)/,
  },
});

/** Code that keeps only some of what it found: a name or kind test, a filter call. */
const FILTERS =
  /\bif\b|\.endswith\(|\.endsWith\(|\.startswith\(|\.startsWith\(|fnmatch|\.match\(|\.test\(|\bfilter\(|\.select\b|\.reject\b|\.suffix\b|\.extname\b|=~|\bgrep\b|\bunless\b|\?\s*[\w.]+\s*:/;

/** The trees a piece of canonical code walks and removes from, as delete effects. */
/** A test that a found entry is a file or a directory keeps every file or directory: not a filter. */
const KIND_TESTS =
  /\bif\s+(?:not\s+)?[\w.]+\.(?:is_file|is_dir)\(\)|\bif\s+(?:not\s+)?os\.path\.(?:isfile|isdir)\([^)]*\)|\bif\s+File\.file\?\([^)]*\)|\bif\s+-f\b/g;

export function walkDeleteEffects(lang: string, code: string, via: string): Effect[] {
  const spec = SPECS[lang];
  if (!spec) return [];
  const removes = spec.removes.test(code);
  // code that empties each file it finds loses the same content as one that deletes it
  const encrypts = !removes && !!spec.encrypts?.test(code) && !!spec.writes?.test(code);
  const blanks = !removes && ((spec.blanks?.test(code) ?? false) || encrypts);
  if (!removes && !blanks) return [];
  // perl's and PHP's home (`$ENV{HOME}`, `getenv('HOME')`) are the home folder
  code = code.replace(/\$ENV\{HOME\}|\$ENV\{'HOME'\}|\$ENV\{"HOME"\}/g, '~');
  const out: Effect[] = [];
  const filtered = FILTERS.test(code.replace(KIND_TESTS, ''));
  for (const re of spec.walkers) {
    re.lastIndex = 0;
    for (let m = re.exec(code); m && out.length < 8; m = re.exec(code)) {
      // a second literal is the pattern of `"~".rglob('*.pyc')`: the files under the first it names
      const pattern = m[2]?.trim();
      const lit =
        pattern && !/^\*{1,2}(?:\/\*)?$/.test(pattern)
          ? `${(m[1] ?? '').trim().replace(/\/+$/, '')}/**/${pattern}`
          : (m[1] ?? '').trim();
      if (!lit || lit.includes('$') || lit.includes('{')) continue;
      const glob = lit.search(/[*?[]/);
      let target: string;
      if (glob < 0) {
        if (filtered) continue;
        target = lit.replace(/(.)\/+$/, '$1');
      } else {
        const last = lit.slice(lit.lastIndexOf('/') + 1);
        // `~/**` and `~/**/*` are the whole tree; `src/**/*.py` is every file of one kind
        target = /^\*{1,2}$/.test(last) ? lit.slice(0, glob).replace(/(.)\/+$/, '$1') || '/' : lit;
        if (target === lit && filtered) continue;
      }
      if (blanks) {
        const files = target === lit && glob >= 0 ? target : `${target.replace(/\/+$/, '')}/**`;
        const how = encrypts ? 'encrypts in place' : 'empties';
        out.push({ tool: 'exec', command: `truncate -s 0 ${files}`, via: `${via} ${how} what it finds under ${lit}` });
        continue;
      }
      const command = target === lit && glob >= 0 ? `rm -f ${target}` : `rm -rf ${target}`;
      out.push({ tool: 'exec', command, via: `${via} removes what it finds under ${lit}` });
    }
  }
  return out;
}
