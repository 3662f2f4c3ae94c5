import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';
import { terminalText } from './escape-text';

/**
 * Results written to a terminal (`dcdesk bulk --output - --format csv` with no redirection) pass
 * through the escaping every printed line does (`terminalText`), so a cell holding an escape
 * sequence shows as `\u001b[2J` instead of clearing the screen or retitling the window. A CSV's
 * own line ends (`\r\n`) stay; a `\r` alone, which would move the cursor, is escaped; the leading
 * byte-order mark is left out.
 */
export function terminalSafeStream(): Transform {
  const decoder = new StringDecoder('utf8');
  // A `\r` at a chunk's end waits for the next chunk: it may be the first half of a line end.
  let held = '';
  let first = true;
  const safe = (text: string, last: boolean) => {
    let whole = held + text;
    held = '';
    // The byte-order mark a CSV starts with is for Excel; on a terminal it would print as `\ufeff`.
    if (first && whole !== '') {
      first = false;
      if (whole.startsWith('\ufeff')) whole = whole.slice(1);
    }
    if (!last && whole.endsWith('\r')) {
      held = '\r';
      whole = whole.slice(0, -1);
    }
    return whole.split('\r\n').map(terminalText).join('\r\n');
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, safe(decoder.write(chunk), false));
    },
    flush(done) {
      done(null, safe(decoder.end(), true));
    },
  });
}
