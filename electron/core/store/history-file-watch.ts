import { statSync } from 'node:fs';

/**
 * Whether the history file this process opened is still the one at its path. A data folder
 * deleted (or the file moved or replaced) while the app runs leaves SQLite writing into a file
 * no longer there: every answer from then on would be lost at the next start without a word.
 * One stat, asked on the history follower's period.
 */
export function historyFileWatch(file: string) {
  // A history with no file of its own (in memory, in a test) is never gone.
  const opened = statSync(file, { throwIfNoEntry: false });
  return {
    gone(): boolean {
      if (!opened) return false;
      try {
        const now = statSync(file);
        return now.ino !== opened.ino || now.dev !== opened.dev;
      } catch (caught) {
        // Only a path no longer there: a stat that fails for another reason (a slow disk) says
        // nothing of the file.
        const code = (caught as NodeJS.ErrnoException).code;
        return code === 'ENOENT' || code === 'ENOTDIR';
      }
    },
  };
}

/** Why the runs of this process paused: the history they wrote into is gone from its folder. */
export function historyGoneMessage(file: string): string {
  return `The history file ${file} was deleted or moved while the app had it open: answers stored from now on would be lost. Put the file back where it was (from the trash or a backup), or close the app and start it again, which starts a new, empty history.`;
}
