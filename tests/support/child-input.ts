import type { Writable } from 'node:stream';

/**
 * A child may exit, or close its input, before it reads all of it (bash completion, a refusal
 * on the first argument); its exit code and output say how it went, so a pipe it closed early
 * (EPIPE) is not an error of the test run.
 */
export function ignoreClosedInput(stdin: Writable): Writable {
  stdin.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  return stdin;
}

/** Writes a child's whole standard input and closes it. */
export function endInput(stdin: Writable, input: string | Buffer = ''): void {
  ignoreClosedInput(stdin).end(input);
}
