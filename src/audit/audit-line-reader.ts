// Streaming line readers over audit files: forward (verify, stats, export) and backward
// (newest-first queries). Memory stays bounded by the chunk size plus one line, whatever the
// file size; a line longer than MAX_LINE_BYTES is reported as overlong instead of buffered.
import { promises as fsp } from 'node:fs';
import { at } from '../util/invariant.js';

export const CHUNK_BYTES = 256 * 1024;
/** Larger than any line the writer produces (events are compacted above MAX_EVENT_BYTES). */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

export interface Line {
  /** The line without its newline; empty when overlong. */
  buf: Buffer;
  /** 1-based line number in the file. */
  line: number;
  /** Byte offset of the line's first byte. */
  start: number;
  /** Byte offset just past the line (past its newline when terminated). */
  end: number;
  /** False for a final line with no trailing newline (an incomplete write). */
  terminated: boolean;
  overlong: boolean;
}

export interface ReadOptions {
  /** Byte offset to start at (must be a line start). */
  start?: number;
  /** Line number of the line at `start`. */
  firstLine?: number;
  /** Stop at this byte offset (exclusive); default: the size when reading began. */
  end?: number;
}

export async function* readLines(path: string, opts: ReadOptions = {}): AsyncGenerator<Line> {
  const fh = await fsp.open(path, 'r');
  try {
    const end = opts.end ?? (await fh.stat()).size;
    let pos = opts.start ?? 0;
    let lineNo = opts.firstLine ?? 1;
    let lineStart = pos;
    let parts: Buffer[] = [];
    let partsLen = 0;
    let overlong = false;
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    while (pos < end) {
      const { bytesRead } = await fh.read(chunk, 0, Math.min(CHUNK_BYTES, end - pos), pos);
      if (bytesRead === 0) break;
      let from = 0;
      while (from < bytesRead) {
        const nl = chunk.indexOf(0x0a, from);
        const stop = nl === -1 || nl >= bytesRead ? bytesRead : nl;
        if (!overlong) {
          if (partsLen + (stop - from) > MAX_LINE_BYTES) {
            overlong = true;
            parts = [];
            partsLen = 0;
          } else if (stop > from) {
            parts.push(Buffer.from(chunk.subarray(from, stop)));
            partsLen += stop - from;
          }
        }
        if (stop === bytesRead) break;
        const lineEnd = pos + nl + 1;
        yield {
          buf: join(parts, partsLen),
          line: lineNo++,
          start: lineStart,
          end: lineEnd,
          terminated: true,
          overlong,
        };
        parts = [];
        partsLen = 0;
        overlong = false;
        lineStart = lineEnd;
        from = nl + 1;
      }
      pos += bytesRead;
    }
    if (pos > lineStart) {
      yield { buf: join(parts, partsLen), line: lineNo, start: lineStart, end: pos, terminated: false, overlong };
    }
  } finally {
    await fh.close();
  }
}

/**
 * The lines of a file as text, a chunk's worth at a time: one decode per chunk instead of a copy
 * and a decode per line (what a reader of every event, such as replay, spends most on). A line
 * longer than MAX_LINE_BYTES comes back as '' (so does an empty line); a final line with no
 * newline is included.
 */
export async function* readLineTexts(path: string): AsyncGenerator<string[]> {
  const fh = await fsp.open(path, 'r');
  try {
    const end = (await fh.stat()).size;
    let pos = 0;
    // The start of a line that began in an earlier chunk.
    let carry: Buffer[] = [];
    let carryLen = 0;
    let overlong = false;
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    while (pos < end) {
      const { bytesRead } = await fh.read(chunk, 0, Math.min(CHUNK_BYTES, end - pos), pos);
      if (bytesRead === 0) break;
      pos += bytesRead;
      const last = chunk.lastIndexOf(0x0a, bytesRead - 1);
      const first = last === -1 ? -1 : chunk.indexOf(0x0a);
      const headEnd = last === -1 ? bytesRead : first;
      if (!overlong && carryLen + headEnd > MAX_LINE_BYTES) {
        overlong = true;
        carry = [];
        carryLen = 0;
      }
      if (last === -1) {
        if (!overlong) {
          carry.push(Buffer.from(chunk.subarray(0, bytesRead)));
          carryLen += bytesRead;
        }
        continue;
      }
      const lines: string[] = [];
      let from = 0;
      if (carryLen || overlong) {
        // The line that began in an earlier chunk ends at this chunk's first newline.
        lines.push(overlong ? '' : Buffer.concat([...carry, chunk.subarray(0, first)]).toString('utf8'));
        carry = [];
        carryLen = 0;
        overlong = false;
        from = first + 1;
      }
      if (from <= last) for (const l of chunk.toString('utf8', from, last).split('\n')) lines.push(l);
      if (last + 1 < bytesRead) {
        carry.push(Buffer.from(chunk.subarray(last + 1, bytesRead)));
        carryLen = bytesRead - last - 1;
      }
      yield lines;
    }
    if (carryLen && !overlong) yield [Buffer.concat(carry).toString('utf8')];
  } finally {
    await fh.close();
  }
}

function join(parts: Buffer[], len: number): Buffer {
  return parts.length === 1 ? at(parts, 0) : Buffer.concat(parts, len);
}

/**
 * Complete lines from the end of a file backwards (newest first), ignoring an unterminated
 * final fragment. Overlong lines are skipped.
 */
export async function* readLinesBackward(path: string, endOffset?: number): AsyncGenerator<Buffer> {
  const fh = await fsp.open(path, 'r');
  try {
    let pos = endOffset ?? (await fh.stat()).size;
    // Drop an incomplete last line: only bytes up to the final newline are whole events.
    let tail: Buffer[] = [];
    let tailLen = 0;
    let seenNewline = false;
    let overlong = false;
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    while (pos > 0) {
      const size = Math.min(CHUNK_BYTES, pos);
      pos -= size;
      const { bytesRead } = await fh.read(chunk, 0, size, pos);
      let to = bytesRead;
      for (let i = bytesRead - 1; i >= 0; i--) {
        if (chunk[i] !== 0x0a) continue;
        if (seenNewline) {
          const line = collect(chunk.subarray(i + 1, to), tail, tailLen, overlong);
          if (line && line.length) yield line;
        }
        seenNewline = true;
        tail = [];
        tailLen = 0;
        overlong = false;
        to = i;
      }
      if (seenNewline && !overlong) {
        if (tailLen + to > MAX_LINE_BYTES) {
          overlong = true;
          tail = [];
          tailLen = 0;
        } else {
          tail.unshift(Buffer.from(chunk.subarray(0, to)));
          tailLen += to;
        }
      }
    }
    if (seenNewline && !overlong && tailLen > 0) yield Buffer.concat(tail, tailLen);
  } finally {
    await fh.close();
  }
}

function collect(head: Buffer, tail: Buffer[], tailLen: number, overlong: boolean): Buffer | null {
  if (overlong) return null;
  if (tailLen === 0) return Buffer.from(head);
  return Buffer.concat([head, ...tail], head.length + tailLen);
}

/** Counts complete (newline-terminated) lines without decoding them. */
export async function countLines(path: string, endOffset?: number): Promise<number> {
  const fh = await fsp.open(path, 'r');
  try {
    const end = endOffset ?? (await fh.stat()).size;
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let pos = 0;
    let n = 0;
    while (pos < end) {
      const { bytesRead } = await fh.read(chunk, 0, Math.min(CHUNK_BYTES, end - pos), pos);
      if (bytesRead === 0) break;
      let i = -1;
      while ((i = chunk.indexOf(0x0a, i + 1)) !== -1 && i < bytesRead) n++;
      pos += bytesRead;
    }
    return n;
  } finally {
    await fh.close();
  }
}
