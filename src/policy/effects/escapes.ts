// The backslash escapes printf (in its format, and in %b arguments) and `echo -e` turn into
// characters: `printf '\x44\x52\x4f\x50 TABLE t'` prints `DROP TABLE t`, so what it pipes into a
// database client or a shell is read as that text.

/** Text with \xHH, \NNN / \0NNN (octal) and \uHHHH escapes decoded; other escapes are left as they are. */
export function decodeEscapes(s: string): string {
  if (!s.includes('\\')) return s;
  return s.replace(
    /\\(?:x([0-9A-Fa-f]{1,2})|u([0-9A-Fa-f]{4})|0?([0-7]{1,3}))/g,
    (m, hex?: string, uni?: string, oct?: string) => {
      const code =
        hex !== undefined ? parseInt(hex, 16) : uni !== undefined ? parseInt(uni, 16) : parseInt(oct ?? '', 8);
      return Number.isNaN(code) ? m : String.fromCharCode(code);
    },
  );
}
