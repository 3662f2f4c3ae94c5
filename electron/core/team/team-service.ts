import type pg from 'pg';
import type { TeamStatus, TeamSyncReport } from '../../../shared/contract/team';
import { fail, ok, type AppError, type Result } from '../../../shared/result';
import type { CredentialStore } from '../credentials/keychain';
import type { Db } from '../store/db';
import { teamLinkRepo } from '../store/team-link.repo';
import { trailRepo } from '../store/trail.repo';
import { analystName, cleanName, osAnalyst } from './analyst';
import { openTeamClient } from './team-client';
import {
  claimUpload,
  heldTransactions,
  recordUploadAnswer,
  releaseClaim,
  type SentBefore,
} from './team-ledger';
import type { TeamGate } from '../uploads/upload-service';
import { teamFailureMessage, type TeamSurface } from './team-errors';
import { syncTeam } from './team-sync';
import { parseTeamUrl, type TeamUrl } from './team-url';

/** Where the team's configuration comes from: the analyst's setting, and the environment. */
export interface TeamOptions {
  /** The analyst name setting ('' for the OS user's). */
  analystSetting: () => string;
  /** `DCDESK_TEAM_URL`, `DCDESK_TEAM_PASSWORD` and `DCDESK_ANALYST` (the CLI's). */
  env?: NodeJS.ProcessEnv;
  /** Told after each sync that changed outcomes here (the app refreshes its windows). */
  onApplied?: (report: TeamSyncReport) => void;
  /** Where failures are read, for how they say to connect again (team-errors.ts). */
  surface?: TeamSurface;
}

/**
 * The team database of this workstation (issue 17): linking, testing, syncing and the
 * connection the upload ledger uses. A workstation without a team works exactly as before: every
 * method answers locally (`status`) or says there is no team (`config`).
 *
 * The URL kept in the history never holds the password; the password lives in the OS keychain,
 * or for one command in `DCDESK_TEAM_PASSWORD` or the URL of `DCDESK_TEAM_URL`. Syncs never
 * overlap: a sync asked for while one runs waits for it and shares its answer.
 */
/** Whether the URL linked names the team at `url` (a link kept as typed before hosts were). */
function sameTeam(linked: string, url: TeamUrl): boolean {
  const parsed = parseTeamUrl(linked);
  return (parsed.ok ? parsed.url.stored : linked) === url.stored;
}

export function teamService(db: Db, keychain: CredentialStore, options: TeamOptions) {
  const env = options.env ?? {};
  const link = teamLinkRepo(db);
  const trail = trailRepo(db);
  let running: Promise<Result<TeamSyncReport>> | null = null;

  const surface = options.surface ?? 'any';
  const analyst = () => analystName(options.analystSetting(), env);
  /** The name the analyst chose (the setting, or DCDESK_ANALYST), or '' for none yet. */
  const chosenName = () =>
    cleanName(env.DCDESK_ANALYST ?? '') || cleanName(options.analystSetting());

  /** Connecting needs a name the analyst chose (see `connect`). */
  function nameFirst(): Result<never> {
    return fail(
      'config',
      surface === 'window'
        ? 'Write your name in the team (below) and save it before connecting: colleagues see it beside every change you make, and the team database keeps it.'
        : 'Set your name in the team before connecting: dcdesk settings set analystName "Your Name" (or DCDESK_ANALYST for one command). Colleagues see it beside every change you make, and the team database keeps it.',
    );
  }

  /**
   * Why this data folder may not work with the team at `url`: it is linked to another one. Said
   * the same way for DCDESK_TEAM_URL, `team status` and Connect; changing teams is a
   * disconnection first, so no sync mixes two teams' changes and cursors.
   */
  function otherTeam(url: TeamUrl): Result<never> | null {
    const linked = link.get();
    if (!linked || sameTeam(linked.url, url)) return null;
    const named =
      env.DCDESK_TEAM_URL?.trim() && parseTeamUrl(env.DCDESK_TEAM_URL).ok
        ? 'DCDESK_TEAM_URL names another'
        : `${url.stored} is another`;
    const how = surface === 'window' ? 'Disconnect' : "Run 'dcdesk team disconnect'";
    return fail(
      'config',
      `This data folder syncs with the team database ${linked.url}; ${named}. ${how} first to change teams.`,
    );
  }

  /**
   * The linked team, written as `stored` now: its URL and its password's keychain entry move to
   * the one spelling (an earlier version kept the host as typed). Relinking would start over.
   */
  async function respell(stored: string): Promise<void> {
    const before = link.get()?.url;
    if (before === undefined || before === stored) return;
    const kept = await keychain.teamPassword.read(stored);
    const old = await keychain.teamPassword.read(before);
    if (kept.ok && kept.value === null && old.ok && old.value !== null)
      await keychain.teamPassword.save(stored, old.value);
    await keychain.teamPassword.remove(before);
    link.respell(stored);
  }

  function status(): TeamStatus {
    const linked = link.get();
    const fromEnv = env.DCDESK_TEAM_URL?.trim() ? parseTeamUrl(env.DCDESK_TEAM_URL) : null;
    return {
      // The team this command works with: DCDESK_TEAM_URL's, else the linked one.
      url: (fromEnv?.ok ? fromEnv.url.stored : null) ?? linked?.url ?? null,
      analyst: analyst(),
      osUser: osAnalyst(),
      passwordSaved: false,
      lastSyncAt: linked?.lastSyncAt ?? null,
      lastError: linked?.lastError ?? null,
      waiting: trail.waitingCount(),
      colleagues: linked?.colleagues ?? [],
      syncing: running !== null,
    };
  }

  function parsed(text: string): Result<TeamUrl> {
    const url = parseTeamUrl(text);
    return url.ok ? ok(url.url) : fail('config', url.message);
  }

  /** The team this command or window works with: `DCDESK_TEAM_URL`, else the linked one. */
  async function connection(): Promise<Result<{
    url: TeamUrl;
    password: string | undefined;
  }> | null> {
    const fromEnv = env.DCDESK_TEAM_URL?.trim();
    const linked = link.get();
    if (!fromEnv && !linked) return null;
    const url = parsed(fromEnv || (linked?.url ?? ''));
    if (!url.ok) return url;
    const other = otherTeam(url.value);
    if (other) return other;
    // DCDESK_TEAM_URL links an unlinked folder at its first sync: a connect, so a name first.
    if (!linked && !chosenName()) return nameFirst();
    const given = env.DCDESK_TEAM_PASSWORD || url.value.password;
    if (given) return ok({ url: url.value, password: given });
    // The password was kept under the URL linked (an earlier version kept the host as typed).
    const saved = await keychain.teamPassword.read(linked?.url ?? url.value.stored);
    // No keychain (a server, a container): trust-authenticated or .pgpass setups need none.
    return ok({ url: url.value, password: saved.ok ? (saved.value ?? undefined) : undefined });
  }

  /**
   * Runs `work` on a connection to the configured team database; null when there is no team.
   * A failure is recorded as the link's last error and returned as `team`.
   */
  async function withTeam<T>(work: (client: pg.Client) => Promise<T>): Promise<Result<T> | null> {
    const team = await connection();
    if (team === null) return null;
    if (!team.ok) return team;
    const client = await openTeamClient(team.value.url, team.value.password, { surface });
    if (!client.ok) {
      link.failed(client.error.message);
      return client;
    }
    // DCDESK_TEAM_URL links this data folder once it has connected, never a URL that fails.
    if (!link.get()) link.link(team.value.url.stored);
    try {
      return ok(await work(client.value));
    } catch (caught) {
      const message = teamFailureMessage(caught, team.value.url, [team.value.password], surface);
      link.failed(message);
      return fail('team', message);
    } finally {
      await client.value.end().catch(() => undefined);
    }
  }

  async function sync(): Promise<Result<TeamSyncReport>> {
    if (running) return running;
    running = (async () => {
      const done = await withTeam((client) => syncTeam(db, client, analyst()));
      if (done === null)
        return fail(
          'config',
          'This workstation has no team database: connect one in Settings → Team or with dcdesk team connect.',
        );
      return done;
    })().finally(() => {
      running = null;
    });
    const report = await running;
    if (report.ok && report.value.applied > 0) options.onApplied?.(report.value);
    return report;
  }

  let soon: NodeJS.Timeout | undefined;
  /**
   * A sync shortly after outcome changes or a batch's end, once for a burst of them. Its failure
   * is only recorded (Settings → Team shows it): the changes wait here for the next one.
   */
  function syncSoon(delayMs = 2_000): void {
    if (!configured()) return;
    clearTimeout(soon);
    soon = setTimeout(() => void sync(), delayMs);
    soon.unref();
  }

  /** `withTeam` for a caller that knows a team is configured. */
  async function onTeam<T>(work: (client: pg.Client) => Promise<T>): Promise<Result<T>> {
    return (await withTeam(work)) ?? fail('config', 'This workstation has no team database.');
  }

  /**
   * The team's ledger for a send, or undefined without a team. Each claim comes with an answer
   * key that leaves this workstation only to the database, which keeps only its hash: only this
   * workstation may then record the claim's answer (team-ledger.ts).
   */
  function gate(): TeamGate | undefined {
    if (!configured()) return undefined;
    return {
      claim: (environment, rows, uploadId, takeOver, answerKey) =>
        onTeam((client) =>
          claimUpload(client, {
            environment,
            externalIds: rows.map((row) => row.transactionId),
            outcomes: Object.fromEntries(rows.map((row) => [row.transactionId, row.outcome])),
            takeOver,
            uploadId,
            analyst: analyst(),
            at: new Date(),
            answerKey,
          }),
        ),
      release: (uploadId, answerKey) =>
        onTeam((client) => releaseClaim(client, uploadId, answerKey)),
      record: (uploadId, answer, answerKey) =>
        onTeam((client) => recordUploadAnswer(client, uploadId, answer, answerKey)),
    };
  }

  /** Of these transactions, those the team's ledger holds; an empty list without a team. */
  async function held(environment: string, externalIds: string[]): Promise<Result<SentBefore[]>> {
    return (
      (await withTeam((client) => heldTransactions(client, environment, externalIds))) ?? ok([])
    );
  }

  /** Why a sync would refuse the team this command names (`DCDESK_TEAM_URL`), or null. */
  function refusal(): AppError | null {
    const fromEnv = env.DCDESK_TEAM_URL?.trim();
    if (!fromEnv) return null;
    const url = parsed(fromEnv);
    const refused = url.ok ? otherTeam(url.value) : url;
    return refused && !refused.ok ? refused.error : null;
  }

  function configured(): boolean {
    return Boolean(env.DCDESK_TEAM_URL?.trim()) || link.get() !== null;
  }

  /** `status()` with whether the keychain holds the connected URL's password (it asks it). */
  async function statusWithKeychain(): Promise<TeamStatus> {
    const now = status();
    if (now.url === null) return now;
    const saved = await keychain.teamPassword.read(now.url);
    return { ...now, passwordSaved: saved.ok && saved.value !== null };
  }

  return {
    status,
    statusWithKeychain,
    refusal,
    analyst,
    gate,
    held,
    syncSoon,
    /** Cancels a sync waiting to start and lets a running one end (the app is closing). */
    async close(): Promise<void> {
      clearTimeout(soon);
      await running;
    },
    withTeam,
    sync,
    /** True when a team is configured (linked, or named by `DCDESK_TEAM_URL`). */
    configured,

    /** Connects and reads the team database's schema version; changes nothing anywhere. */
    async test(text: string, password?: string): Promise<Result<TeamStatus>> {
      const url = parsed(text);
      if (!url.ok) return url;
      const client = await openTeamClient(url.value, password ?? url.value.password, {
        migrate: false,
        surface,
      });
      if (!client.ok) return client;
      await client.value.end().catch(() => undefined);
      return ok(status());
    },

    /**
     * Links this workstation to a team database after connecting to it (which brings its schema
     * up to date), keeps the password in the keychain, then syncs once: awaited with `wait`, else
     * in the background (a first sync shares every answer of the history, which can take
     * minutes; the status says `syncing` meanwhile). A failed first sync leaves the link: the
     * changes wait here and go with the next sync.
     */
    async connect(
      text: string,
      password?: string,
      options: { wait: boolean } = { wait: true },
    ): Promise<Result<TeamStatus>> {
      const url = parsed(text);
      if (!url.ok) return url;
      const other = otherTeam(url.value);
      if (other) return other;
      // The first sync registers the analyst's name with the team for good ("Analysts seen")
      // and binds it to this login: it must be one the analyst chose, not the OS user's.
      if (!chosenName()) return nameFirst();
      const secret = password || url.value.password;
      const client = await openTeamClient(url.value, secret, { surface });
      if (!client.ok) return client;
      await client.value.end().catch(() => undefined);
      if (secret) {
        const saved = await keychain.teamPassword.save(url.value.stored, secret);
        if (!saved.ok) return saved;
      }
      // A sync still running against the team linked before ends before the link changes.
      await running;
      await respell(url.value.stored);
      link.link(url.value.stored);
      const first = sync();
      if (options.wait) await first;
      return ok(status());
    },

    /** Unlinks the team database and forgets its password; every change here stays. */
    async disconnect(): Promise<Result<TeamStatus>> {
      await running;
      const linked = link.get();
      if (linked) {
        const removed = await keychain.teamPassword.remove(linked.url);
        if (!removed.ok && removed.error.code !== 'keychain_unavailable') return removed;
      }
      link.unlink();
      return ok(status());
    },
  };
}

export type TeamService = ReturnType<typeof teamService>;
