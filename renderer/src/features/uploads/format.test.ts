import { describe, expect, it } from 'vitest';
import { answerSummary, shortSha } from './format';

describe('shortSha', () => {
  it('keeps the first 12 hex digits', () => {
    expect(shortSha('a'.repeat(64))).toBe(`${'a'.repeat(12)}…`);
    expect(shortSha('abc')).toBe('abc');
  });
});

describe('answerSummary', () => {
  it('puts the message first, then plain fields', () => {
    expect(answerSummary({ message: 'File received.', rows: 3 })).toBe('File received. — rows: 3');
    expect(answerSummary({ accepted: true })).toBe('accepted: true');
    expect(answerSummary('ok')).toBe('ok');
  });

  it('is null when the service said nothing, JSON when nothing is plain', () => {
    expect(answerSummary(null)).toBeNull();
    expect(answerSummary(undefined)).toBeNull();
    expect(answerSummary({ data: { id: 1 } })).toBe('{"data":{"id":1}}');
    expect(answerSummary([1, 2])).toBe('[1,2]');
    expect(answerSummary('x'.repeat(300))).toHaveLength(200);
  });
});
