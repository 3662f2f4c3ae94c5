import type { EnvironmentName, PathStyle } from '../environment';

/** What the renderer may know about the app; nothing secret. */
export interface AppInfo {
  version: string;
  /** The OS locale, such as `pt-BR`; the language setting `system` follows it. */
  locale: string;
  platform: string;
  /** One-time messages from start-up (a damaged history moved aside, an upgrade backup). */
  notices: string[];
  /** Whether the OS keychain answered at start-up. */
  keychainAvailable: boolean;
}

/** The sample spreadsheet a fresh install offers on the import screen, read like a dropped file. */
export interface SampleFile {
  fileName: string;
  mimeType: string;
  /** The file's bytes, base64 (files cross IPC and HTTP as text). */
  base64: string;
}

/** One environment as the settings screen shows it: never the password, only whether one is saved. */
export interface EnvironmentView {
  name: EnvironmentName;
  baseUrl: string;
  pathStyle: PathStyle;
  active: boolean;
  /** The saved user name (the sandbox needs none). */
  username: string | null;
  hasPassword: boolean;
  needsCredentials: boolean;
}

export interface ConnectionTest {
  environment: EnvironmentName;
  /** When the token obtained expires, and whether the service said so or it was assumed. */
  expiresAt: number;
  expirySource: 'answer' | 'jwt' | 'default' | 'capped';
  /**
   * False when a valid token was already held: the test reports it and does not sign in again
   * (a new token only after the current one expired, spec 5.3).
   */
  signedIn: boolean;
  elapsedMs: number;
}
