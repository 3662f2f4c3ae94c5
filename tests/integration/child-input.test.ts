import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { expect, it } from 'vitest';
import { endInput } from '../support/child-input';

it('gives a child that closes its input unread the input without an unhandled EPIPE', async () => {
  const child = spawn(
    process.execPath,
    ['-e', 'require("node:fs").closeSync(0); setTimeout(() => process.exit(3), 300)'],
    { stdio: ['pipe', 'ignore', 'ignore'] },
  );
  await new Promise((resolve) => setTimeout(resolve, 150));
  endInput(child.stdin, Buffer.alloc(4 << 20, 120));
  const [code] = (await once(child, 'close')) as [number];
  expect(code).toBe(3);
});
