import type { SandboxRoute } from './types';

/** The version each route lives on (spec 9); any other version is an unknown route. */
const versions: Record<SandboxRoute, string> = {
  authentication: 'v1',
  insights: 'v2',
  responsevariables: 'v1',
};

// ASP.NET matches routes case-insensitively; `/products` is the test environment's style.
const apiPath = /^\/api(?:\/products)?\/(v[0-9]+)\/(authentication|insights|responsevariables)$/i;

/** The request path without its query string. */
export function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const query = raw.indexOf('?');
  return query < 0 ? raw : raw.slice(0, query);
}

/** The API route a POST to this path reaches, in either path style, or null for a 404. */
export function matchRoute(method: string | undefined, path: string): SandboxRoute | null {
  if (method !== 'POST') return null;
  const match = apiPath.exec(path);
  const version = match?.[1]?.toLowerCase();
  const route = match?.[2]?.toLowerCase() as SandboxRoute | undefined;
  if (route === undefined || version !== versions[route]) return null;
  return route;
}
