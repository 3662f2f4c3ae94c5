import { describe, expect, it } from 'vitest';
import { shown, terminalSafeIo, terminalText } from './terminal-text';
import type { Io } from './io';
import { scriptedInput } from './terminal-input';

describe('terminalText', () => {
  it('shows escape sequences, bells, NULs, DEL, C1 and bidirectional controls as \\u escapes', () => {
    expect(terminalText('order-\u001b[31mred\u0007\u0000')).toBe(
      'order-\\u001b[31mred\\u0007\\u0000',
    );
    expect(terminalText('a\rb\u007f\u009bc')).toBe('a\\u000db\\u007f\\u009bc');
    expect(terminalText('abc\u202edcba\u2066\u200f')).toBe('abc\\u202edcba\\u2066\\u200f');
  });

  it('shows the invisible characters an ID may not hold as escapes, one past U+FFFF as JSON does', () => {
    expect(terminalText('PED\u200b1 PED-2\u00ad \ufeffA')).toBe(
      'PED\\u200b1 PED-2\\u00ad \\ufeffA',
    );
    expect(terminalText('x\u{e0041}')).toBe('x\\udb40\\udc41');
    expect(JSON.parse(terminalText(JSON.stringify('x\u{e0041}\u200b')))).toBe('x\u{e0041}\u200b');
  });

  it('keeps line breaks, tabs, accents and emoji as they are', () => {
    expect(terminalText('João\tCEP 01310-100\n  - Não €')).toBe('João\tCEP 01310-100\n  - Não €');
  });

  it('leaves JSON text byte-identical, and escaped JSON still parses to the same values', () => {
    const plain = JSON.stringify({ id: 'order-1\u001b[2J', note: 'João\n' }, null, 2);
    expect(terminalText(plain)).toBe(plain);
    const bidi = JSON.stringify({ id: 'abc\u202edcba\u0085' });
    expect(JSON.parse(terminalText(bidi))).toEqual(JSON.parse(bidi));
  });
});

describe('terminalSafeIo', () => {
  it('escapes every line a command prints, progress included', () => {
    const seen: string[] = [];
    const raw: Io = {
      out: (text) => seen.push(`out ${text}`),
      err: (text) => seen.push(`err ${text}`),
      progress: (line) => seen.push(`progress ${String(line)}`),
      env: {},
      isTerminal: true,
      stopped: new Promise(() => undefined),
      ...scriptedInput(''),
    };
    const io = terminalSafeIo(raw);
    io.out('\u001b]0;title\u0007');
    io.err('x\u001b[2Ky');
    io.progress?.('\u001b[31m');
    io.progress?.(null);
    expect(seen).toEqual([
      'out \\u001b]0;title\\u0007',
      'err x\\u001b[2Ky',
      'progress \\u001b[31m',
      'progress null',
    ]);
  });
});

describe('shown', () => {
  it('escapes line feeds and tabs too: a value from a file stays on its one line', () => {
    expect(shown('pedidos\n2099 finished\tforged.csv')).toBe(
      'pedidos\\u000a2099 finished\\u0009forged.csv',
    );
    expect(shown('a\u0085b\u061cc\u2028d\u202ee\u2069')).toBe(
      'a\\u0085b\\u061cc\\u2028d\\u202ee\\u2069',
    );
    expect(shown('João-ção €')).toBe('João-ção €');
  });
});
