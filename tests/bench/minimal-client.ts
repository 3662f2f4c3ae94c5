import type { Transaction } from '../../shared/domain/types';
import type { FetchFn, FetchResponse } from '../../electron/core/service/fetch-types';

/** The whole body as text. */
async function textOf(response: FetchResponse): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  for (let part = await reader.read(); !part.done; part = await reader.read())
    text += decoder.decode(part.value, { stream: true });
  return text + decoder.decode();
}

/**
 * The baseline: the least a Node client can do for the same work. `concurrency` loops share one
 * queue and one token (fetched again when its stated life ends or on a 401), send each row once
 * and store nothing. What dcdesk does beyond this (validation, durable storage, retries,
 * progress) is what the comparison prices. It sends as dcdesk does (`nodeFetch`), so the
 * comparison prices the engine and not the HTTP stack.
 */
export async function runMinimalClient(
  baseUrl: string,
  transactions: readonly Transaction[],
  concurrency: number,
  fetch: FetchFn,
): Promise<void> {
  let token: { value: string; expiresAt: number } | null = null;
  let acquiring: Promise<string> | null = null;

  async function authenticate(): Promise<string> {
    const response = await fetch(`${baseUrl}/api/v1/authentication`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: 'bench' }),
    });
    const body = JSON.parse(await textOf(response)) as { token: string; expiresInSeconds?: string };
    const life = Number(body.expiresInSeconds ?? 3600) * 1000;
    token = { value: body.token, expiresAt: Date.now() + life };
    return body.token;
  }

  function currentToken(): Promise<string> {
    if (token && Date.now() < token.expiresAt) return Promise.resolve(token.value);
    acquiring ??= authenticate().finally(() => (acquiring = null));
    return acquiring;
  }

  let next = 0;
  async function loop(): Promise<void> {
    while (next < transactions.length) {
      const transaction = transactions[next];
      next += 1;
      for (;;) {
        const bearer = await currentToken();
        const response = await fetch(`${baseUrl}/api/v2/insights`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` },
          body: JSON.stringify(transaction),
        });
        await textOf(response);
        if (response.status !== 401) break;
        if (token?.value === bearer) token = null;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, loop));
}
