/**
 * A copy of plain data (JSON-like) with every string passed through `text`. Walked with a stack
 * of its own, not by recursion: an answer of 1 MB may nest 100,000 deep, and a recursive copy of
 * one holding a secret overflowed the stack, which the client then reported as a lost connection.
 */
export function mapStrings<T>(value: T, text: (value: string) => string): T {
  const copyOf = (node: unknown): unknown => {
    if (typeof node === 'string') return text(node);
    if (Array.isArray(node)) return new Array<unknown>(node.length);
    return typeof node === 'object' && node !== null ? {} : node;
  };
  const isContainer = (node: unknown): node is object => typeof node === 'object' && node !== null;
  const root = copyOf(value);
  const waiting: Array<[object, object]> = isContainer(value) ? [[value, root as object]] : [];
  for (let next = waiting.pop(); next; next = waiting.pop()) {
    const [from, to] = next;
    for (const [key, field] of Object.entries(from)) {
      const copy = copyOf(field);
      // defineProperty, not assignment: a `__proto__` key from a server stays a plain key.
      Object.defineProperty(to, key, {
        value: copy,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      if (isContainer(field)) waiting.push([field, copy as object]);
    }
  }
  return root as T;
}
