import { describe, expect, it } from 'vitest';
import { base64Bytes } from '../batches/format';
import { answerSummary, bytesBase64, formatBytes, shortSha } from './format';

describe('formatBytes', () => {
  it('uses decimal units in the locale’s notation', () => {
    expect(formatBytes(950, 'en')).toBe('950 B');
    expect(formatBytes(12_400, 'en')).toBe('12.4 kB');
    expect(formatBytes(12_400, 'pt-BR')).toBe('12,4 kB');
    expect(formatBytes(3_150_000, 'en')).toBe('3.2 MB');
  });
});

describe('shortSha', () => {
  it('keeps the first 12 hex digits', () => {
    expect(shortSha('a'.repeat(64))).toBe(`${'a'.repeat(12)}…`);
    expect(shortSha('abc')).toBe('abc');
  });
});

describe('bytesBase64', () => {
  it('round-trips bytes larger than one chunk', () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, index) => (index * 7) % 256);
    const back = base64Bytes(bytesBase64(bytes));
    expect(back).toEqual(bytes);
    expect(bytesBase64(new TextEncoder().encode('ID Transacional'))).toBe(btoa('ID Transacional'));
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
