import { describe, it, expect } from 'vitest';
import { sniffContent } from './sniff';

const ascii = (text: string) => new TextEncoder().encode(text);

function problemOf(bytes: Uint8Array): string {
  const sniffed = sniffContent(bytes);
  return sniffed.kind === 'refused' ? sniffed.problem.message : `not refused: ${sniffed.kind}`;
}

describe('sniffContent', () => {
  it('knows a zip, an OLE2 file and text', () => {
    expect(sniffContent(new Uint8Array([0x50, 0x4b, 3, 4, 20, 0])).kind).toBe('zip');
    expect(sniffContent(new Uint8Array([0x50, 0x4b, 5, 6, 0, 0])).kind).toBe('zip');
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]);
    expect(sniffContent(ole).kind).toBe('ole2');
    expect(sniffContent(ascii('CPF;Pedido\r\n1;2\r\n')).kind).toBe('text');
  });

  it('refuses a renamed Windows program', () => {
    const exe = new Uint8Array([
      0x4d,
      0x5a,
      0x90,
      0x00,
      0x03,
      0x00,
      0x00,
      0x00,
      ...ascii('This program'),
    ]);
    expect(problemOf(exe)).toBe(
      'The file is a Windows program (.exe or .dll), not a spreadsheet. Choose an .xlsx, .xls or .csv file.',
    );
  });

  it('reads text that merely starts with MZ', () => {
    expect(sniffContent(ascii('MZ;Pedido\n1;2\n')).kind).toBe('text');
  });

  it('names other well-known formats', () => {
    expect(problemOf(ascii('%PDF-1.7\n'))).toMatch(
      /^The file is a PDF document, not a spreadsheet/,
    );
    expect(problemOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d]))).toMatch(/a PNG image/);
    expect(problemOf(new Uint8Array([0x1f, 0x8b, 8, 0]))).toMatch(/a gzip archive/);
  });

  it('refuses binary junk: a NUL byte or many control characters', () => {
    expect(problemOf(new Uint8Array([0x41, 0x00, 0x42]))).toMatch(/not text \(binary data\)/);
    const noisy = new Uint8Array(1000).fill(0x41);
    for (let index = 0; index < 20; index += 1) noisy[index * 50] = 0x01;
    expect(problemOf(noisy)).toMatch(/binary data/);
    // A DOS end-of-file mark and a few form feeds are still text.
    expect(sniffContent(ascii('a;b\n1;2\n\f\x1a')).kind).toBe('text');
  });

  it('refuses UTF-16 text with a way out', () => {
    const utf16 = new Uint8Array([0xff, 0xfe, 0x43, 0x00, 0x50, 0x00]);
    expect(problemOf(utf16)).toMatch(/^The file is UTF-16 text .* Save it as "CSV UTF-8"/);
  });

  it('knows UTF-16 without a byte order mark, either way round', () => {
    const text = 'Pedido\tSessão\r\nPED-1\tsessão-1\r\n';
    const little = new Uint8Array(Buffer.from(text, 'utf16le'));
    const big = new Uint8Array(Buffer.from(text, 'utf16le').swap16());
    expect(problemOf(little)).toMatch(/^The file is UTF-16 text/);
    expect(problemOf(big)).toMatch(/^The file is UTF-16 text/);
    // Too short to tell, or zeros that do not pair with text: still binary data.
    expect(problemOf(new Uint8Array([0x41, 0x00, 0x42, 0x00]))).toMatch(/binary data/);
    expect(problemOf(new Uint8Array(64).fill(0x01, 0, 32))).toMatch(/binary data/);
  });

  it('refuses web pages and XML saved as spreadsheets', () => {
    expect(problemOf(ascii('\n  <html><table><tr><td>1</td></tr></table></html>'))).toMatch(
      /web page or XML/,
    );
    expect(problemOf(ascii('\ufeff<?xml version="1.0"?><Workbook/>'))).toMatch(/web page or XML/);
    expect(problemOf(ascii('<!DOCTYPE html>'))).toMatch(/web page or XML/);
    expect(sniffContent(ascii('<5;a\n')).kind).toBe('text');
  });
});
