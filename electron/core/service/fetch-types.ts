/**
 * What the client reads of an answer, and no more: Node's fetch, Electron's `net.fetch` and
 * `nodeFetch` (plain Node HTTP, for the command line and the web host) all give it.
 */
export interface AnswerBody {
  getReader(): {
    read(): Promise<{ done: boolean; value?: Uint8Array }>;
    cancel(): Promise<void>;
  };
  cancel(): Promise<void>;
}

export interface FetchResponse {
  readonly status: number;
  /** `opaqueredirect` is what a browser's fetch gives for a redirect it did not follow. */
  readonly type: string;
  readonly headers: { get(name: string): string | null };
  readonly body: AnswerBody | null;
}

/** The `fetch` to use: Electron passes `net.fetch` (system proxy, OS certificates); Node hosts `nodeFetch`. */
export type FetchFn = (input: string, init: RequestInit) => Promise<FetchResponse>;
