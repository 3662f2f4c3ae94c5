// A second program with the history open, as the app or dcdesk would have it: opens the history
// in the folder given, prints `open <why it was checked | unchecked>`, and closes it cleanly when
// it reads `close` on stdin. Tests kill it to leave the history as a crash does.
import { createInterface } from 'node:readline';
import { openHistory } from '../../electron/core/store/db';

const dataDir = process.argv[2] ?? '';
const opened = await openHistory(dataDir);
if (!opened.ok) {
  process.stdout.write(`failed ${opened.error.code}\n`);
  process.exit(1);
}
process.stdout.write(`open ${opened.value.checked ?? 'unchecked'}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'close') {
    opened.value.close();
    process.stdout.write('closed\n');
    process.exit(0);
  }
}
