/**
 * The text of something caught: an Error's message, anything else as a string. One spelling for
 * every `catch` in the project, so an error never prints as "[object Object]" in one place and
 * as its message in another.
 */
export function messageOf(caught: unknown): string {
  if (caught instanceof Error) return caught.message;
  if (typeof caught === 'string') return caught;
  try {
    // JSON.stringify gives undefined for undefined, functions and symbols.
    const text = JSON.stringify(caught) as string | undefined;
    return text ?? String(caught);
  } catch {
    return String(caught);
  }
}
