// Newline-delimited messages from a byte stream (the MCP stdio transport), with a bound on
// one line so a peer that never sends a newline cannot grow our memory without limit.
import type { Readable } from 'node:stream';

/** One JSON-RPC message per line; anything longer is refused. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

export interface LineHandlers {
  line(text: string): void;
  /** A line exceeded MAX_LINE_BYTES; the stream is no longer readable as messages. */
  overflow(): void;
  end(): void;
}

export function readLines(stream: Readable, handlers: LineHandlers, maxBytes = MAX_LINE_BYTES): void {
  let parts: Buffer[] = [];
  let size = 0;
  let broken = false;
  let ended = false;
  const finish = () => {
    if (ended) return;
    ended = true;
    handlers.end();
  };
  stream.on('data', (chunk: Buffer) => {
    if (broken) return;
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      const piece = chunk.subarray(start, nl === -1 ? chunk.length : nl);
      size += piece.length;
      if (size > maxBytes) {
        broken = true;
        parts = [];
        handlers.overflow();
        return;
      }
      parts.push(piece);
      if (nl === -1) return;
      const text = Buffer.concat(parts).toString('utf8').replace(/\r$/, '');
      parts = [];
      size = 0;
      start = nl + 1;
      if (text.trim() !== '') handlers.line(text);
    }
  });
  stream.on('end', () => {
    if (!broken && size > 0) {
      const text = Buffer.concat(parts).toString('utf8');
      if (text.trim() !== '') handlers.line(text);
    }
    finish();
  });
  stream.on('error', finish);
}
