import type { Io } from './io';
import { terminalText } from './escape-text';

export { shown, terminalText } from './escape-text';

/**
 * The same Io with every printed line passed through `terminalText`. `runCli` wraps the Io once,
 * so no command can print a spreadsheet's cell (or a service's message) to the terminal raw.
 */
export function terminalSafeIo(io: Io): Io {
  const { progress } = io;
  return {
    ...io,
    out: (text) => io.out(terminalText(text)),
    err: (text) => io.err(terminalText(text)),
    progress: progress && ((line) => progress(line === null ? null : terminalText(line))),
  };
}
