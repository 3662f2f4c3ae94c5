import { z } from 'zod';

/** The team database (issue 17) as Settings → Team shows it. Never holds a password. */
export interface TeamStatus {
  /** The connection URL without its password, or null when this workstation has no team. */
  url: string | null;
  /** The name this workstation's changes carry: the setting, else the OS user's. */
  analyst: string;
  /** The OS user's name: the analyst's name when the setting is empty. */
  osUser: string;
  /** Whether the OS keychain holds a password for the connected URL. */
  passwordSaved: boolean;
  /** When the last sync ended well (ISO), or null. */
  lastSyncAt: string | null;
  /** Why the last sync failed, or null. */
  lastError: string | null;
  /** Outcome changes made here that the team database does not have yet. */
  waiting: number;
  /** The analysts whose work the team database holds, as of the last sync. */
  colleagues: string[];
  /** True while a sync runs. */
  syncing: boolean;
}

/** What one sync did. */
export interface TeamSyncReport {
  pushed: number;
  answers: number;
  pulled: number;
  applied: number;
  /** Colleagues' changes passed over: written outside the app, they cannot be trusted. */
  passedOver: number;
}

/** A connection URL as typed (postgresql://USER[:PASSWORD]@HOST:PORT/DATABASE). */
export const teamUrlInput = z.string().trim().min(1).max(2048);

/** Connect or test: the URL, and the password when the URL does not carry it. */
export const teamConnectInput = z
  .object({ url: teamUrlInput, password: z.string().max(4096).optional() })
  .strict();
