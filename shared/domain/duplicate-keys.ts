/**
 * Keys sent twice in one JSON object. `JSON.parse` keeps the last of them without a word, so
 * `{"score":0.05,"score":0.97}` would be stored as 0.97 though which one the service meant cannot
 * be known (RFC 8259, 4: names within an object SHOULD be unique; what a reader does is not said).
 *
 * A scan of the text, not a second parser: it runs on every answer of a bulk run (up to a
 * million), on text `JSON.parse` has already accepted, so it only follows strings and brackets.
 * About 1 µs for a typical 250-byte answer on the build machine, as long as `JSON.parse` takes
 * (`duplicate-keys.test.ts` prints both).
 */

const quote = 0x22;
const backslash = 0x5c;
const comma = 0x2c;
const openObject = 0x7b;
const closeObject = 0x7d;
const openList = 0x5b;
const closeList = 0x5d;

/** An object or a list being read, and where it sits, to name a key sent twice by its path. */
interface Level {
  /** The keys of an object so far; null for a list. */
  keys: string[] | Set<string> | null;
  /** The key (in an object) or the position (in a list) of the value being read. */
  at: string | number;
  parent: Level | null;
}

/**
 * The paths of the keys sent twice in the same object (`score`, `similarityResult.deviceID`,
 * `items[2].id`), each once, in the order they first repeat; empty for most answers. `text` must
 * be JSON that `JSON.parse` accepted: anything else gives no reliable answer.
 */
export function duplicateKeys(text: string): string[] {
  const found: string[] = [];
  let level = null as Level | null;
  let expectKey = false;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === quote) {
      const end = stringEnd(text, at);
      if (expectKey && level?.keys) {
        const raw = text.slice(at + 1, end);
        // Escapes name the same key in other ways (`"\u0073core"` is `score`).
        const key = raw.includes('\\') ? (JSON.parse(text.slice(at, end + 1)) as string) : raw;
        if (!added(level.keys, key, level)) {
          const path = pathOf(level, key);
          if (!found.includes(path)) found.push(path);
        }
        level.at = key;
        expectKey = false;
      }
      at = end;
    } else if (code === openObject || code === openList) {
      level = { keys: code === openObject ? [] : null, at: 0, parent: level };
      expectKey = code === openObject;
    } else if (code === closeObject || code === closeList) {
      level = level?.parent ?? null;
      expectKey = false;
    } else if (code === comma && level) {
      if (level.keys) expectKey = true;
      else level.at = (level.at as number) + 1;
    }
  }
  return found;
}

/** The most keys an object holds in a list: past them a Set, so a hostile answer stays linear. */
const listedKeys = 16;

/**
 * Adds `key` to an object's keys; false when it was there. A list is faster than a Set for the few
 * keys of an answer's objects (with Sets the scan took nearly twice as long).
 */
function added(keys: string[] | Set<string>, key: string, level: Level): boolean {
  if (keys instanceof Set) {
    if (keys.has(key)) return false;
    keys.add(key);
    return true;
  }
  if (keys.includes(key)) return false;
  keys.push(key);
  if (keys.length > listedKeys) level.keys = new Set(keys);
  return true;
}

/** The index of the quote that ends the string starting at `start`. */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    // Not JSON (a string never closed): the scan ends rather than starting over.
    if (end === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === backslash) backslashes += 1;
    // An even run of backslashes escapes itself, not the quote.
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

/** The most levels a path names: a hostile answer nests 100,000 deep, its message stays short. */
const namedLevels = 8;

/**
 * Where a key of `level` sits: `score`, `similarityResult.deviceID`, `[0].id`; past `namedLevels`
 * levels only the innermost are named, after `…`. Walked up, not recursed: an answer nested 10,000
 * deep overflowed the stack, and the read failed as no answer should.
 */
function pathOf(level: Level, key: string): string {
  const parts: string[] = [`.${key}`];
  for (let inner = level; inner.parent; inner = inner.parent) {
    if (parts.length === namedLevels) {
      parts.push('…');
      break;
    }
    const outer = inner.parent;
    parts.push(outer.keys ? `.${String(outer.at)}` : `[${String(outer.at)}]`);
  }
  const path = parts.reverse().join('');
  return path.startsWith('.') ? path.slice(1) : path;
}
