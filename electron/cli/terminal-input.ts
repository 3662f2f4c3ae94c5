import { createInterface, type Interface } from 'node:readline';

/** What a command may read from the user: part of `Io`, so tests script the answers. */
export interface Input {
  /** Whether stdin is a terminal, so a person can answer a prompt. */
  stdinIsTerminal: boolean;
  /**
   * The next line of stdin, without its line ending. On a terminal the prompt is shown on stderr
   * first. Null at the end of the input or when the user cancels (Ctrl+C, or Ctrl+D on an empty line).
   */
  readLine: (prompt: string) => Promise<string | null>;
  /** Like readLine, but on a terminal the typed characters are not shown. */
  readSecret: (prompt: string) => Promise<string | null>;
}

const enter = new Set(['\r', '\n']);
const erase = new Set(['\u007f', '\b']);

/** Reads a line in raw mode, echoing nothing, and restores the terminal when done. */
function readHidden(
  stdin: NodeJS.ReadStream,
  stderr: NodeJS.WriteStream,
  prompt: string,
): Promise<string | null> {
  return new Promise((resolve) => {
    let typed: string[] = [];
    // Arrow and function keys send escape sequences (ESC [ … final, ESC O x); not part of a password.
    let escape: 'none' | 'start' | 'sequence' = 'none';
    const finish = (value: string | null) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      for (const character of chunk.toString('utf8')) {
        if (escape === 'start')
          escape = character === '[' || character === 'O' ? 'sequence' : 'none';
        else if (escape === 'sequence')
          escape = character >= '@' && character <= '~' ? 'none' : escape;
        else if (character === '\u001b') escape = 'start';
        // In raw mode Ctrl+C is a character, not SIGINT: it cancels the prompt.
        else if (character === '\u0003') return finish(null);
        else if (character === '\u0004' && typed.length === 0) return finish(null);
        else if (enter.has(character)) return finish(typed.join(''));
        else if (erase.has(character)) typed = typed.slice(0, -1);
        else if (character === '\u0015') typed = [];
        else if (character >= ' ') typed.push(character);
      }
    };
    stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.on('data', onData);
    stdin.resume();
  });
}

/** A visible prompt on a terminal; Ctrl+C and Ctrl+D cancel it. */
function askVisible(
  stdin: NodeJS.ReadStream,
  stderr: NodeJS.WriteStream,
  prompt: string,
): Promise<string | null> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: stdin, output: stderr, terminal: true });
    let answered = false;
    lines.on('SIGINT', () => lines.close());
    lines.on('close', () => {
      if (!answered) stderr.write('\n');
      resolve(null);
    });
    lines.question(prompt, (answer) => {
      answered = true;
      resolve(answer);
      lines.close();
    });
  });
}

/**
 * Lines of a piped stdin, read one at a time. The reader pauses between answers, so an open pipe
 * never keeps the process alive after the command is done.
 */
function pipedLines(stdin: NodeJS.ReadableStream): () => Promise<string | null> {
  let lines: Interface | undefined;
  const waiting: ((line: string | null) => void)[] = [];
  const ready: string[] = [];
  let ended = false;
  return () => {
    const next = ready.shift();
    if (next !== undefined) return Promise.resolve(next);
    if (ended) return Promise.resolve(null);
    if (!lines) {
      lines = createInterface({ input: stdin, crlfDelay: Infinity });
      lines.on('line', (line) => {
        const waiter = waiting.shift();
        if (waiter) waiter(line);
        else ready.push(line);
        if (waiting.length === 0) lines?.pause();
      });
      lines.on('close', () => {
        ended = true;
        for (const waiter of waiting.splice(0)) waiter(null);
      });
    }
    lines.resume();
    return new Promise((resolve) => waiting.push(resolve));
  };
}

/** The real process's stdin: prompts on a terminal, plain lines from a pipe. */
export function processInput(
  stdin: NodeJS.ReadStream = process.stdin,
  stderr: NodeJS.WriteStream = process.stderr,
): Input {
  const stdinIsTerminal = stdin.isTTY;
  const piped = pipedLines(stdin);
  return {
    stdinIsTerminal,
    readLine: (prompt) => (stdinIsTerminal ? askVisible(stdin, stderr, prompt) : piped()),
    readSecret: (prompt) => (stdinIsTerminal ? readHidden(stdin, stderr, prompt) : piped()),
  };
}

/** Input for tests and in-process runs: the given text as a piped stdin (none: an empty one). */
export function scriptedInput(text = ''): Input {
  const lines = text === '' ? [] : text.replace(/\r?\n$/, '').split(/\r?\n/);
  const next = () => Promise.resolve(lines.shift() ?? null);
  return { stdinIsTerminal: false, readLine: next, readSecret: next };
}
