import { describe, expect, it } from 'vitest';
import { commandWord, shellWord } from './escape-text';

describe('shellWord', () => {
  it('leaves a plain path as it is', () => {
    expect(shellWord('/tmp/out_1.csv')).toBe('/tmp/out_1.csv');
    expect(shellWord('https://host:8080/a?b')).toBe("'https://host:8080/a?b'");
  });

  it('quotes a path with a space, and a quote inside it, for a POSIX shell', () => {
    expect(shellWord('/tmp/my out.csv')).toBe("'/tmp/my out.csv'");
    expect(shellWord("it's.csv")).toBe("'it'\\''s.csv'");
    expect(shellWord('')).toBe("''");
  });
});

describe('commandWord', () => {
  it('keeps a printed command on one line', () => {
    expect(commandWord('a\nb\u202e.csv')).toBe("'a\\u000ab\\u202e.csv'");
  });
});
