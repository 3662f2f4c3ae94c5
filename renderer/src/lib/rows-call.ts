import type { InputOf, OutputOf } from '../../../shared/contract/operations';
import type { Result } from '../../../shared/result';
import { webHostCall } from './device-check';

/** The calls that carry a new batch's rows: its first ones, and the slices after them. */
type RowsCall = 'batches.create' | 'batches.storeRows';

/**
 * Calls `name` with its `rows` given as a Blob of UTF-8 JSON lines, as the import worker makes
 * them. Over the web host the Blob is the request's body as it is (its other fields in a
 * header); in Electron its bytes cross the IPC as a Uint8Array. Either way the window's thread
 * neither wraps the rows in JSON nor encodes them again: that was 10 ms of it for each 500 kB
 * slice, enough for a long task on a busy machine (issue 13).
 */
export async function callWithRows<N extends RowsCall>(
  name: N,
  input: Omit<InputOf<N>, 'rows'>,
  rows: Blob,
): Promise<Result<OutputOf<N>>> {
  const preload = window.deviceCheck;
  if (preload) {
    const bytes = new Uint8Array(await rows.arrayBuffer());
    const call = name === 'batches.create' ? preload.batches.create : preload.batches.storeRows;
    return (call as (input: unknown) => Promise<Result<OutputOf<N>>>)({ ...input, rows: bytes });
  }
  const answer = await webHostCall(name, rows, {
    'Content-Type': 'application/octet-stream',
    'X-DCDesk-Bytes': 'rows',
    'X-DCDesk-Input': encodeURIComponent(JSON.stringify(input)),
  });
  return answer as Result<OutputOf<N>>;
}
