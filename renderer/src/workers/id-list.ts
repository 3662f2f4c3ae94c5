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
