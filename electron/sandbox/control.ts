import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { isForeignOrigin, isJsonBody } from './local-only';
import { readBody, sendEmpty, sendJson } from './respond';
import type { SandboxHandle } from './types';
import { messageOf } from '../../shared/message-of';

/**
 * Control endpoints under `/__sandbox/`, so tests and benchmarks can steer a sandbox that runs in
 * another process. They exist only on the sandbox, never under `/api`, and answer loopback peers
 * only, under the sandbox's own Host, never a page of another origin (see local-only.ts), and take
 * POSTs as `application/json` only.
 */

/** The handle operations the control endpoints expose. */
export type Controls = Pick<
  SandboxHandle,
  'port' | 'counters' | 'uploads' | 'configure' | 'forceNext' | 'revokeTokens' | 'resetCounters'
>;

export const controlPrefix = '/__sandbox/';

const forceNextSchema = z.strictObject({
  status: z.number().int().min(200).max(599),
  count: z.number().int().min(1).optional(),
  route: z.enum(['authentication', 'insights', 'responsevariables']).optional(),
  retryAfter: z.string().min(1).optional(),
  body: z
    .string()
    .max(32 * 1024)
    .optional(),
});

/** The actions that change the sandbox: JSON only, so that no web page can send one unasked. */
const controlPosts = new Set([
  'POST reset-counters',
  'POST revoke-tokens',
  'POST configure',
  'POST force-next',
]);

function isLoopback(address: string | undefined): boolean {
  return (
    address !== undefined &&
    (address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.'))
  );
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const body = await readBody(req, 64 * 1024);
  if (!body.ok) throw new Error('The control request is too large.');
  const text = body.body.toString('utf8');
  return text.trim() === '' ? {} : (JSON.parse(text) as unknown);
}

/** Runs one control request; unknown paths and methods answer 404 like the API does. */
export async function handleControl(
  controls: Controls,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  if (!isLoopback(req.socket.remoteAddress) || isForeignOrigin(req, controls.port)) {
    sendEmpty(res, 403, { Connection: 'close' });
    return;
  }
  const action = `${req.method ?? ''} ${path.slice(controlPrefix.length)}`;
  if (controlPosts.has(action) && !isJsonBody(req)) {
    const message = 'Control requests are POSTed as application/json.';
    sendJson(res, 415, { message }, { Connection: 'close' });
    return;
  }
  switch (action) {
    case 'GET counters':
      sendJson(res, 200, controls.counters());
      return;
    case 'GET uploads':
      sendJson(res, 200, controls.uploads());
      return;
    case 'POST reset-counters':
      controls.resetCounters();
      sendEmpty(res, 204);
      return;
    case 'POST revoke-tokens':
      controls.revokeTokens();
      sendEmpty(res, 204);
      return;
    case 'POST configure':
    case 'POST force-next':
      break;
    default:
      req.resume();
      sendEmpty(res, 404);
      return;
  }
  try {
    const body = await readJson(req);
    if (action === 'POST configure') {
      controls.configure(body as Parameters<Controls['configure']>[0]);
    } else {
      const { status, ...options } = forceNextSchema.parse(body);
      controls.forceNext(status, options);
    }
    sendEmpty(res, 204);
  } catch (error) {
    sendJson(res, 400, { message: messageOf(error) });
  }
}
