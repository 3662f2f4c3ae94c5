import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BodyBudget } from './body-budget';
import type { TokenStore } from './tokens';
import type {
  ForcedAnswers,
  ReceivedUpload,
  SandboxCounters,
  SandboxRoute,
  SandboxSettings,
} from './types';

/** Everything a running sandbox remembers; owned by one server, never shared. */
export interface SandboxState {
  settings: SandboxSettings;
  counters: SandboxCounters;
  uploads: ReceivedUpload[];
  tokens: TokenStore;
  forced: ForcedAnswers;
  /** Memory for request bodies, shared by every request of this sandbox. */
  bodies: BodyBudget;
  /** Draws a number in [0, 1) from the seeded generator. */
  random: () => number;
  now: () => number;
}

/** One API request after its route matched. */
export interface RouteRequest {
  req: IncomingMessage;
  res: ServerResponse;
  route: SandboxRoute;
  /** The request path without the query, used as the Problem `Instance`. */
  path: string;
}
