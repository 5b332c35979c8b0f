/** One Server-Sent Event: its name (`message` when none was given) and its data lines. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * An incremental Server-Sent Events parser (the text/event-stream format of the HTML
 * standard): feed it text as it arrives, split anywhere, even inside a line or between the
 * CR and LF of a line break. Comments (`: ping`) are skipped; an event is dispatched at the
 * blank line that ends it, and an unfinished one at the end of the stream is dropped.
 */
export function createSseParser(onEvent: (e: SseEvent) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let hasData = false;

  function line(text: string) {
    if (text === '') {
      if (hasData) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      hasData = false;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') {
      data.push(value);
      hasData = true;
    }
  }

  return {
    push(chunk: string) {
      buffer += chunk;
      for (;;) {
        const at = buffer.search(/[\r\n]/);
        if (at < 0) return;
        // A CR at the very end may be the first half of CRLF: wait for the next chunk.
        if (buffer[at] === '\r' && at === buffer.length - 1) return;
        const width = buffer[at] === '\r' && buffer[at + 1] === '\n' ? 2 : 1;
        line(buffer.slice(0, at));
        buffer = buffer.slice(at + width);
      }
    },
    /** The stream ended: a last line without its line break still counts. */
    end() {
      if (buffer.endsWith('\r')) buffer = buffer.slice(0, -1);
      if (buffer) line(buffer);
      buffer = '';
    },
  };
}
