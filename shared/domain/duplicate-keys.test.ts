import { describe, expect, it } from 'vitest';
import { duplicateKeys } from './duplicate-keys';

describe('duplicateKeys', () => {
  it('finds a key sent twice in the same object, once however often it repeats', () => {
    const text = '{"score":0.05,"deviceRisk":"low","score":0.97,"deviceRisk":"high","score":1}';
    expect(duplicateKeys(text)).toEqual(['score', 'deviceRisk']);
  });

  it('finds nothing in an answer whose keys are each sent once', () => {
    const text = JSON.stringify({
      deviceID: 'dev-1',
      insights: ['A', 'B', 'A'],
      score: 0.2,
      similarityResult: { deviceID: 'dev-1', maximumScore: [{ score: 0.1 }, { score: 0.2 }] },
    });
    expect(duplicateKeys(text)).toEqual([]);
  });

  it('compares only the keys of the same object, at any depth', () => {
    // The same key in sibling and nested objects is no duplicate.
    expect(duplicateKeys('{"a":{"a":1},"b":[{"a":1},{"a":2}],"c":{"d":{"a":{"a":0}}}}')).toEqual(
      [],
    );
    expect(duplicateKeys('{"a":{"b":1,"b":2}}')).toEqual(['a.b']);
    expect(duplicateKeys('{"list":[1,{"x":1},{"y":1,"y":2}]}')).toEqual(['list[2].y']);
    expect(duplicateKeys('[[{"x":1}],[{"x":1,"x":2}]]')).toEqual(['[1][0].x']);
    // After a nested object closes, the outer object's keys are still its own.
    expect(duplicateKeys('{"a":1,"n":{"a":2,"b":[]},"a":3}')).toEqual(['a']);
  });

  it('names a key sent twice deep in a hostile answer by its innermost levels, without overflowing', () => {
    // 100,000 levels fit in the 1 MB an answer may be; naming the path by recursion overflowed
    // the stack, and the answer's read threw instead of saying what was wrong.
    const depth = 100_000;
    const text = '{"a":'.repeat(depth) + '{"b":1,"b":2}' + '}'.repeat(depth);
    expect(JSON.parse(text)).toBeTruthy();
    expect(duplicateKeys(text)).toEqual(['….a.a.a.a.a.a.a.b']);
  });

  it('reads strings whole: quotes, brackets, commas and colons inside are text', () => {
    const text = String.raw`{"s":"a \"quoted\" {\"s\":1, \"s\":2} [,]","t":"ends in a backslash \\","s2":"\\\""}`;
    expect(JSON.parse(text)).toBeTruthy();
    expect(duplicateKeys(text)).toEqual([]);
    // A value that looks like a key is a value.
    expect(duplicateKeys('{"a":"b","b":"a"}')).toEqual([]);
  });

  it('takes an escaped key for the key it names', () => {
    expect(duplicateKeys(String.raw`{"score":1,"\u0073core":2}`)).toEqual(['score']);
    expect(duplicateKeys(String.raw`{"a\"b":1,"a\u0022b":2}`)).toEqual(['a"b']);
    expect(duplicateKeys(String.raw`{"a\\":1,"a\\\\":2}`)).toEqual([]);
  });

  it('tells keys apart by their exact text, leaving letter case to the answer checks', () => {
    expect(duplicateKeys('{"score":1,"Score":2}')).toEqual([]);
  });

  it('ends on a string never closed, rather than scanning again from the start', () => {
    // Its answer means nothing (the caller gives it JSON): what matters is that it returns.
    expect(duplicateKeys('{"a":1,"b')).toEqual([]);
    expect(duplicateKeys('{"a":"\\')).toEqual([]);
  });

  it('handles a key such as __proto__ as any other', () => {
    expect(duplicateKeys('{"__proto__":1,"__proto__":2,"constructor":3}')).toEqual(['__proto__']);
  });

  it('costs about what JSON.parse does on a typical answer, and stays linear on a hostile one', () => {
    const typical = JSON.stringify({
      deviceID: 'dev-0123456789abcdef0123',
      insights: ['DEV0001', 'DEV0042'],
      alertQuantity: 1,
      deviceAge: 12,
      deviceRisk: 'low',
      score: 0.2,
      smartID: 'smart-0123456789',
      similarityResult: { deviceID: 'dev-0123456789abcdef0123', maximumScore: [0.91, 0.4] },
    });
    const rounds = 100_000;
    const time = (text: string, times: number) => {
      const started = performance.now();
      for (let round = 0; round < times; round += 1) duplicateKeys(text);
      return (performance.now() - started) / times;
    };
    time(typical, rounds);
    const scanMs = time(typical, rounds);
    const parseStarted = performance.now();
    for (let round = 0; round < rounds; round += 1) JSON.parse(typical);
    const parseMs = (performance.now() - parseStarted) / rounds;
    const said = `${(scanMs * 1000).toFixed(2)} µs a scan, ${(parseMs * 1000).toFixed(2)} µs a parse`;
    // Generous bounds for a loaded machine: not a parser's cost five times over, and not quadratic.
    expect(scanMs, said).toBeLessThan(Math.max(0.01, 5 * parseMs));
    const wide = JSON.stringify(
      Object.fromEntries(Array.from({ length: 50_000 }, (_, n) => [`k${String(n)}`, n])),
    );
    expect(time(wide, 3)).toBeLessThan(200);
  });
});
