import { describe, expect, it } from 'vitest';
import { terminalSafeStream } from './terminal-stream';

async function through(chunks: Buffer[]): Promise<string> {
  const stream = terminalSafeStream();
  let out = '';
  stream.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await new Promise((resolve) => stream.once('end', resolve));
  return out;
}

describe('terminalSafeStream (attack c3: cell text drove the terminal)', () => {
  it('escapes what would drive a terminal and keeps the CSV line ends', async () => {
    const csv = '\ufeffrow,externalID\r\n2,"ext\u001b[2J\u001b]0;PWNED\u0007-001"\r\n3,"a\rb"\r\n';
    expect(await through([Buffer.from(csv)])).toBe(
      'row,externalID\r\n2,"ext\\u001b[2J\\u001b]0;PWNED\\u0007-001"\r\n3,"a\\u000db"\r\n',
    );
  });

  it('keeps a line end split across chunks, and a character split across them', async () => {
    const text = Buffer.from('ação\r\nfim\u001b\r\n');
    const cuts = [Buffer.from('a'), text.subarray(1, 2), text.subarray(2, 7), text.subarray(7)];
    expect(await through(cuts)).toBe('ação\r\nfim\\u001b\r\n');
  });
});
