/**
 * External IDs as one text, one per line, with a short key: a million of them cross from the
 * import worker to the window and on to the core as one string (a copy of bytes), where an array
 * of strings is a million objects to rebuild on the window's thread. A valid ID holds no control
 * characters, so a line feed never occurs inside one.
 */
export interface IdList {
  /** The IDs, one per line; '' for none. */
  text: string;
  count: number;
  /** Changes when the list does (FNV-1a over the text), for query keys. */
  key: string;
}

/** FNV-1a over `text`, in hex. */
function hashText(text: string, seed = 0x811c9dc5): number {
  let hash = seed;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return hash >>> 0;
}

export function idList(ids: readonly string[]): IdList {
  const text = ids.join('\n');
  return { text, count: ids.length, key: `${String(ids.length)}:${hashText(text).toString(16)}` };
}

/** `list` followed by `more` (a few IDs), without walking `list` again. */
export function withMore(list: IdList, more: readonly string[]): IdList {
  if (more.length === 0) return list;
  const added = idList(more);
  return {
    text: list.text === '' ? added.text : `${list.text}\n${added.text}`,
    count: list.count + added.count,
    key: `${list.key}+${added.key}`,
  };
}

/**
 * The IDs of `text` in pieces of about `maxChars` characters, each cut at a line feed, so no ID is
 * split. A piece crosses to the core on its own: the window's thread never encodes the whole list
 * in one task (20 MB for a full sheet), and yields between pieces.
 */
export function idPieces(text: string, maxChars = 1 << 20): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    if (text.length - start <= maxChars) {
      pieces.push(text.slice(start));
      break;
    }
    const cut = text.lastIndexOf('\n', start + maxChars);
    // One ID longer than a piece: it goes whole, up to its own end.
    const end = cut > start ? cut : text.indexOf('\n', start + maxChars);
    if (end === -1) {
      pieces.push(text.slice(start));
      break;
    }
    pieces.push(text.slice(start, end));
    start = end + 1;
  }
  return pieces;
}
