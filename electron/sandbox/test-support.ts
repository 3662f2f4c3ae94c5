/** Helpers shared by the sandbox's own tests (not part of the sandbox API). */
import { request as httpRequest } from 'node:http';
import { isNoContentSession } from './answers';

/** Valid CPFs (both check digits right). */
export const validCpfs = ['52998224725', '11144477735', '39053344705'];

/** A 24+ character session id, made unique by `n`. */
export function sessionId(n: number, prefix = 'session'): string {
  return `${prefix}-${String(n).padStart(24, '0')}`;
}

/** The first session id (by `n`) that the sandbox answers with 200, or with 204 when asked. */
export function findSession(noContent: boolean, prefix = 'session'): string {
  for (let n = 0; n < 10_000; n += 1) {
    const id = sessionId(n, prefix);
    if (isNoContentSession(id) === noContent) return id;
  }
  throw new Error('No such session id in the first 10000.');
}

/** POSTs a JSON body, with a bearer token when given. */
export function postJson(url: string, body: unknown, token?: string): Promise<Response> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
  };
  if (token !== undefined) headers.Authorization = `Bearer ${token}`;
  return fetch(url, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Obtains a token from a sandbox that accepts any credentials. */
export async function getToken(baseUrl: string, prefix = '/api'): Promise<string> {
  const response = await postJson(`${baseUrl}${prefix}/v1/authentication`, {
    username: 'analyst',
    password: 'secret',
  });
  if (response.status !== 200) throw new Error(`Authentication answered ${response.status}.`);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** Uploads a file as the `file` part of a multipart body. */
export function upload(
  baseUrl: string,
  token: string | undefined,
  fileName: string,
  content: string | Uint8Array,
  field = 'file',
): Promise<Response> {
  const form = new FormData();
  form.append(field, new Blob([content]), fileName);
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.Authorization = `Bearer ${token}`;
  return fetch(`${baseUrl}/api/v1/responsevariables`, { method: 'POST', headers, body: form });
}

/** The Problem record of a 400/500 answer. */
export interface ProblemJson {
  Title: string;
  Status: number;
  Detail: string;
  Instance: string;
  Extensions: { traceId: string };
}

/** An answer to `rawRequest`: its status and body text. */
export interface RawAnswer {
  status: number;
  body: string;
}

/**
 * One request with exactly the headers given, Host included (fetch sets Host itself), as a web
 * page reaching the sandbox through another name (DNS rebinding) would send it.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
