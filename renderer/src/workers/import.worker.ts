/**
 * The import worker: reads and validates spreadsheets off the main thread so the window never
 * freezes. Everything it does is in `import-session.ts`; this file only wires it to messages.
 */
import { createImportSession } from './import-session';
import type { ImportAnswer, ImportRequest } from './import-protocol';

const post = (answer: ImportAnswer) => {
  self.postMessage(answer);
};
const session = createImportSession(post);

self.addEventListener('message', (event: MessageEvent<ImportRequest>) => {
  session.handle(event.data);
});
