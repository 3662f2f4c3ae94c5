/**
 * The outcomes worker: reads an outcomes spreadsheet off the main thread, as the import worker
 * reads transaction lists. Everything it does is in `outcomes-session.ts`.
 */
import { createOutcomesSession } from './outcomes-session';
import type { OutcomesAnswer, OutcomesRequest } from './outcomes-protocol';

const session = createOutcomesSession((answer: OutcomesAnswer) => {
  self.postMessage(answer);
});

self.addEventListener('message', (event: MessageEvent<OutcomesRequest>) => {
  session.handle(event.data);
});
