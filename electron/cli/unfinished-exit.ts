import { exitCodes } from './io';

/** What `dcdesk` says when its process ends with the command still under way. */
export const unfinishedText =
  'dcdesk: the command stopped before it ended: it was left waiting for something that can no longer happen (a fault in dcdesk; please report it with the command you ran). If a batch was running, `dcdesk batches` shows it and `dcdesk bulk --resume ID` continues it.';

/**
 * Watches for the process ending while the command is still under way. Node ends a process whose
 * event loop emptied during a top-level `await` with its own code 13 and, in `dcdesk`, nothing said:
 * a read left pending on a stalled answer once did that to whole bulk runs. Such an end is said,
 * with exit code 1 (the README's table), instead. Returns what the entry point calls once the
 * command has returned, or when it ends the process itself (a third Ctrl+C).
 */
export function guardUnfinishedExit(
  target: Pick<NodeJS.Process, 'once' | 'exitCode'>,
  say: (text: string) => void,
): () => void {
  let done = false;
  const settle = () => {
    done = true;
  };
  // A crash has already said what went wrong, with its own code.
  target.once('uncaughtExceptionMonitor', settle);
  target.once('exit', () => {
    if (done) return;
    say(unfinishedText);
    target.exitCode = exitCodes.failed;
  });
  return settle;
}
