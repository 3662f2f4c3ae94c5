import { spawnSandbox } from '../support/cli';

/**
 * The sandbox in its own process, so the benchmark measures the client's speed and memory and the
 * two sides use the machine's two cores as a real service and client would.
 */
export async function sandboxProcess(args: string[] = []) {
  const { child, url } = await spawnSandbox(args);
  const control = `${url}/__sandbox`;
  // The control calls share Node's keep-alive pool with nothing else; after a long run the
  // sandbox may close the idle socket just as it is reused ("other side closed"): ask once more.
  const controlFetch: typeof fetch = (input, init) =>
    fetch(input, init).catch(() => fetch(input, init));
  return {
    url,
    async configure(patch: Record<string, unknown>): Promise<void> {
      const response = await controlFetch(`${control}/configure`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(patch),
      });
      if (!response.ok)
        throw new Error(`configure failed: ${String(response.status)} ${await response.text()}`);
    },
    async counters(): Promise<{ insights: number; authentications: number }> {
      return (await (await controlFetch(`${control}/counters`)).json()) as {
        insights: number;
        authentications: number;
      };
    },
    stop(): void {
      child.kill('SIGINT');
    },
  };
}
