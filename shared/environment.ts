/**
 * The service's environments. `production` and `test` are the real service (test inserts
 * `/products` after `/api`); `sandbox` is the embedded local service, which needs no credentials.
 */

export const environmentNames = ['production', 'test', 'sandbox'] as const;
export type EnvironmentName = (typeof environmentNames)[number];

/** `test` style inserts `/products` after `/api` in every path. */
export type PathStyle = 'production' | 'test';

export type Route = 'authentication' | 'insights' | 'responsevariables';

/** Where requests go: a base URL and its path style. */
export interface ServiceEndpoint {
  baseUrl: string;
  pathStyle: PathStyle;
}

/** Editable defaults, from the operator's public documentation. */
export const defaultBaseUrls = {
  production: 'https://devicecheck.clearsale.com.br',
  test: 'https://devicecheckhml.clearsale.com.br',
} as const;

/**
 * The longest user name, password and base URL the app keeps: the contract refuses longer ones,
 * and the forms hold to them too, so the analyst never meets the contract's own wording.
 */
export const credentialLimits = { username: 256, password: 1024, baseUrl: 2048 } as const;

/** The sandbox accepts any credentials; these are the ones the app sends to it. */
export const sandboxCredentials = { username: 'sandbox', password: 'sandbox' } as const;

const routePaths: Record<Route, string> = {
  authentication: 'v1/authentication',
  insights: 'v2/insights',
  responsevariables: 'v1/responsevariables',
};

export function pathStyleOf(environment: EnvironmentName): PathStyle {
  return environment === 'test' ? 'test' : 'production';
}

/** The full URL of a route; a base URL may carry its own path prefix and a trailing slash. */
export function routeUrl(endpoint: ServiceEndpoint, route: Route): string {
  const base = endpoint.baseUrl.replace(/\/+$/, '');
  const prefix = endpoint.pathStyle === 'test' ? 'api/products' : 'api';
  return `${base}/${prefix}/${routePaths[route]}`;
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Characters that make the URL parser read an address otherwise than it reads, refused wherever
 * they stand rather than normalised away: a bare `?` or `#` leaves `search` and `hash` empty yet
 * moves the API path into the query or the fragment (the password would go to `/`); a `\` is
 * read as `/`, so `https://evil.example\@good.example` goes to evil.example; an `@` makes what
 * comes before it a user name; the parser drops tabs and line breaks without a word. A base URL
 * needs none of them.
 */
const unreadableParts: Array<[RegExp, string]> = [
  [/\?/, 'a query (?)'],
  [/#/, 'a fragment (#)'],
  [/\\/, 'a backslash (\\)'],
  [/@/, 'a user name or password (@)'],
  [/\s/, 'spaces, tabs or line breaks'],
];

/**
 * Checks a base URL an analyst typed. Credentials and personal data travel over it, so plain
 * `http:` is allowed only on this machine's loopback (the sandbox).
 * Returns an English sentence describing the problem, or null when the URL is usable.
 */
export function baseUrlProblem(text: string): string | null {
  const typed = text.trim();
  const unreadable = unreadableParts.find(([pattern]) => pattern.test(typed));
  if (unreadable) return `The base URL must not contain ${unreadable[1]}.`;
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return 'The base URL is not a valid address (expected https://host).';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'The base URL must start with https://.';
  }
  if (url.protocol === 'http:' && !loopbackHosts.has(url.hostname)) {
    return 'The base URL must use https:// (plain http is allowed only for 127.0.0.1).';
  }
  if (url.username || url.password) return 'The base URL must not contain a user name or password.';
  // Kept behind the character checks above, in case the parser finds another way to them.
  if (url.search || url.hash) return 'The base URL must not contain a query or a fragment.';
  return null;
}

/** A base URL given instead of an environment's own address (`dcdesk --base-url`). */
export type CustomUrl = `http://${string}` | `https://${string}`;

/**
 * Whose answers, outcomes and uploads these are: an environment's name, or the custom address
 * that answered instead. A custom address is its own destination, shown as that URL, so answers
 * from another server never mix with the embedded sandbox's or production's. A URL always holds
 * `://`, so it can never be mistaken for a name.
 */
export type Destination = EnvironmentName | CustomUrl;

/** The stored form of an address: trimmed, without trailing slashes. */
export function normaliseBaseUrl(text: string): string {
  return text.trim().replace(/\/+$/, '');
}

/**
 * The one spelling of an address once read as a URL (`HTTPS://Host:443/dc/` is
 * `https://host/dc`): the scheme and host in lower case, no default port, no trailing slashes.
 * The path keeps its case, which is the server's to read.
 */
export function canonicalAddress(text: string): string {
  const url = normaliseBaseUrl(text);
  try {
    return normaliseBaseUrl(new URL(url).href);
  } catch {
    return url;
  }
}

/** Whether two addresses name the same place, so one typed twice is never two destinations. */
export function sameAddress(a: string, b: string): boolean {
  return canonicalAddress(a) === canonicalAddress(b);
}

/**
 * The destination of requests to `environment` at `baseUrl`: the environment itself when the
 * address is its own (`ownUrl`, or none given), else the address in its one spelling, as the
 * guards against sending an outcome twice (here and in the team's ledger) compare them as text.
 */
export function destinationOf(
  environment: EnvironmentName,
  baseUrl: string | null,
  ownUrl: string | null = null,
): Destination {
  if (baseUrl === null) return environment;
  if (ownUrl !== null && sameAddress(baseUrl, ownUrl)) return environment;
  return canonicalAddress(baseUrl) as CustomUrl;
}

export function isCustomUrl(destination: Destination): destination is CustomUrl {
  return destination.includes('://');
}

/** Whether two destinations are one: the same environment, or one address however typed. */
export function sameDestination(a: Destination, b: Destination): boolean {
  return isCustomUrl(a) && isCustomUrl(b) ? sameAddress(a, b) : a === b;
}
