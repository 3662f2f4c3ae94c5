import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { ignoreClosedInput } from './child-input';

const script = new URL('./history-holder.ts', import.meta.url).pathname;

export interface Holder {
  child: ChildProcess;
  /** What the holder's opening said: `open unchecked`, `open unclean-shutdown`, `failed db`… */
  said: string;
  /** Closes the history cleanly and waits for the process to end. */
  close(): Promise<void>;
  /** Ends the process without closing the history, as a crash does. */
  kill(): Promise<void>;
}

/** Starts another process that opens the history in `dataDir` and keeps it open. */
export async function holdHistory(dataDir: string): Promise<Holder> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const exited = once(child, 'exit');
  const [said] = (await Promise.race([
    once(lines, 'line'),
    exited.then(() => {
      throw new Error('the history holder ended before opening the history');
    }),
  ])) as [string];
  return {
    child,
    said,
    async close() {
      ignoreClosedInput(child.stdin).write('close\n');
      await exited;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
