/** External IDs sent one per line (a valid ID holds no line feed), as a list; '' is none. */
export function idLines(text: string): string[] {
  return text === '' ? [] : text.split('\n');
}
