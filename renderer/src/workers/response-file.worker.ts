/**
 * The response-file worker: reads a response-variable file chosen from disk off the window's
 * thread (a 20 MB file held it for seconds). Everything it does is in `response-file-session.ts`.
 */
import { handleResponseFileRequest } from './response-file-session';
import type { ResponseFileAnswer, ResponseFileRequest } from './response-file-protocol';

self.addEventListener('message', (event: MessageEvent<ResponseFileRequest>) => {
  void handleResponseFileRequest(event.data, (answer: ResponseFileAnswer) => {
    self.postMessage(answer);
  });
});
