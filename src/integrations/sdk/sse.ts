// Server-Sent Events as an async iterator of parsed JSON messages. Only `data:` lines carry
// meaning in the svc stream; comments, ids and retry hints are skipped.

/** One event's data may not grow past this (a runaway stream is cut rather than buffered). */
export const MAX_EVENT_BYTES = 4 * 1024 * 1024;

export async function* parseSse(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  let size = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buffer.search(/\r?\n/)) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(buffer[nl] === '\r' ? nl + 2 : nl + 1);
        if (line === '') {
          if (data.length) {
            const text = data.join('\n');
            data = [];
            size = 0;
            try {
              yield JSON.parse(text);
            } catch {
              yield { type: 'unparsed', data: text };
            }
          }
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        if (field !== 'data') continue;
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        size += value.length;
        if (size > MAX_EVENT_BYTES) throw new Error(`event larger than ${MAX_EVENT_BYTES} bytes`);
        data.push(value);
      }
      if (buffer.length > MAX_EVENT_BYTES) throw new Error(`line longer than ${MAX_EVENT_BYTES} bytes`);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
