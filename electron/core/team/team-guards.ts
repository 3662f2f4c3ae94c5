/**
 * Team migration 5: what an analyst's login may change in the team database, enforced by the
 * database itself, so a login used by hand (psql) can change no more than the app does. The
 * grants alone cannot say it: the app must UPDATE a ledger line to answer it and to take it
 * over, and an answer or an outcome to replace it with a newer one. These triggers refuse every
 * other change. They check and never write elsewhere, so they run as whoever changes the row
 * (no SECURITY DEFINER), and they bind the owner as much as an analyst.
 *
 * The analyst's name on a line is whatever the app was told; the server knows only the login.
 * So each ledger line records the login that wrote it (`login`, NULL on lines from before this
 * migration): only that login sends its own line again under the same name, and only that
 * login, with the claim's answer key, answers a claim. Where analysts share one login, the
 * database cannot tell their names apart (docs/team-database.md); the key still guards answers.
 *
 * Refusals carry SQLSTATE DCD01 and a sentence an analyst can read (team-errors.ts says them).
 */
import { pushLockKey } from './outcome-sync';

/**
 * The error codes of a failed upload that may have reached the service, as the app's
 * `mayHaveArrivedCodes` were when this migration was made. Written out, not imported: a
 * migration never changes once applied, so a change of those codes needs a migration of its
 * own (team-guards.test.ts fails until one is written).
 */
export const arrivedCodesOfMigration5 = ['sending', 'timeout'] as const;

/** The SQLSTATE of a change the team database refuses: its own class, no PostgreSQL one. */
export const refusedState = 'DCD01';

/** The columns of each table the app updates; the analysts' role may update no other. */
export const updatedColumns = {
  answers: [
    'session_id',
    'device_id',
    'risk',
    'score',
    'insights',
    'alert_quantity',
    'device_age_days',
    'similar_device_ids',
    'similar_devices',
    'answered_at',
    'analyst',
  ],
  outcomes: ['outcome', 'change_id', 'analyst', 'at'],
  uploads: [
    'upload_id',
    'analyst',
    'at',
    'status',
    'error_code',
    'outcome',
    'answer_hash',
    'answer_key',
  ],
  analysts: ['last_sync_at'],
} as const;

const arrived = `ARRAY[${arrivedCodesOfMigration5.map((code) => `'${code}'`).join(', ')}]::text[]`;

const refuse = (message: string) =>
  `RAISE EXCEPTION USING ERRCODE = '${refusedState}', MESSAGE = '${message.replace(/'/g, "''")}';`;

/** Table-wide UPDATE grants of other roles become the columns the app updates (see above). */
const narrowGrants = `
DO $$
DECLARE
  held record;
BEGIN
  FOR held IN
    SELECT DISTINCT c.relname AS name,
      CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(r.rolname) END AS grantee
    FROM pg_class c CROSS JOIN LATERAL aclexplode(c.relacl) a LEFT JOIN pg_roles r ON r.oid = a.grantee
    WHERE c.relnamespace = 'public'::regnamespace AND a.privilege_type = 'UPDATE'
      AND a.grantee <> c.relowner AND c.relname IN ('answers', 'outcomes', 'uploads', 'analysts')
  LOOP
    EXECUTE format('REVOKE UPDATE ON %I FROM %s', held.name, held.grantee);
    EXECUTE format('GRANT UPDATE (%s) ON %I TO %s', CASE held.name
      ${Object.entries(updatedColumns)
        .map(([table, columns]) => `WHEN '${table}' THEN '${columns.join(', ')}'`)
        .join('\n      ')}
      END, held.name, held.grantee);
  END LOOP;
END $$;`;

/**
 * A ledger line changes in two ways only, as team-ledger.ts does. Its own upload answers it once
 * ('sending' to 'sent' or 'failed'): from the login that claimed it, giving the claim's answer
 * key (a secret the claiming workstation keeps in memory; the line holds only its SHA-256, so a
 * colleague sharing the login, who may read the line, still cannot answer it). Or another upload
 * takes the line: a claim ('sending') or an upload made before joining ('sent'), never over a
 * line being sent, and over a line that may have reached the service only when the app's guard
 * lets it: a correction (another outcome), or the same analyst's line from the same login. Such
 * a line keeps `sent_before`, and blocks as a sent line does whatever its new upload's answer:
 * the service has the transactions, so taking a line over and failing the new upload cannot
 * free them to be sent once more. The transaction, its environment and what an upload sent
 * never change under the same upload. `answer_key` is never stored: it only carries the key.
 * No line is ever deleted, by the owner either.
 */
const ledger = `
ALTER TABLE uploads ADD COLUMN login text, ADD COLUMN answer_hash text, ADD COLUMN answer_key text,
  ADD COLUMN sent_before boolean NOT NULL DEFAULT false;
CREATE FUNCTION uploads_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.login := session_user;
  NEW.answer_key := NULL;
  NEW.sent_before := false;
  RETURN NEW;
END $$;
CREATE TRIGGER uploads_stamp BEFORE INSERT ON uploads FOR EACH ROW EXECUTE FUNCTION uploads_stamp();
CREATE FUNCTION uploads_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key text := NEW.answer_key;
BEGIN
  NEW.answer_key := NULL;
  IF (NEW.environment, NEW.external_id, NEW.seq) IS DISTINCT FROM (OLD.environment, OLD.external_id, OLD.seq) THEN
    ${refuse("A ledger line's transaction and environment cannot change.")}
  END IF;
  IF NEW.upload_id = OLD.upload_id THEN
    IF (NEW.analyst, NEW.at, NEW.outcome, NEW.login, NEW.answer_hash, NEW.sent_before)
      IS DISTINCT FROM (OLD.analyst, OLD.at, OLD.outcome, OLD.login, OLD.answer_hash, OLD.sent_before) THEN
      ${refuse('What an upload sent, who sent it and when cannot change.')}
    END IF;
    IF (NEW.status, NEW.error_code) IS NOT DISTINCT FROM (OLD.status, OLD.error_code) THEN
      RETURN NEW;
    END IF;
    IF OLD.status <> 'sending' OR NEW.status NOT IN ('sent', 'failed')
      OR (NEW.status = 'sent') <> (NEW.error_code IS NULL) THEN
      ${refuse("An upload's answer is recorded once: a sent or failed line cannot change.")}
    END IF;
    IF OLD.login <> session_user OR OLD.answer_hash <> encode(sha256(convert_to(coalesce(key, ''), 'UTF8')), 'hex') THEN
      ${refuse('Only the workstation that sent an upload may record its answer.')}
    END IF;
    RETURN NEW;
  END IF;
  NEW.login := session_user;
  NEW.sent_before := OLD.sent_before OR OLD.status <> 'failed' OR coalesce(OLD.error_code, '') = ANY (${arrived});
  IF NEW.status NOT IN ('sending', 'sent') OR NEW.error_code IS NOT NULL THEN
    ${refuse("A new upload's line starts as being sent.")}
  END IF;
  IF OLD.status = 'sending' THEN
    ${refuse('A line being sent cannot be taken over.')}
  END IF;
  IF NEW.sent_before AND (NEW.status = 'sent' OR NOT (NEW.outcome IS DISTINCT FROM OLD.outcome
    OR (NEW.analyst = OLD.analyst AND coalesce(OLD.login, session_user) = session_user))) THEN
    ${refuse('An upload of the same outcome may have reached the service: it cannot be sent again.')}
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER uploads_guard BEFORE UPDATE ON uploads FOR EACH ROW EXECUTE FUNCTION uploads_guard();
CREATE FUNCTION uploads_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${refuse("The ledger's lines cannot be deleted: that would free their transactions to be sent again.")}
END $$;
CREATE TRIGGER uploads_kept BEFORE DELETE ON uploads FOR EACH ROW EXECUTE FUNCTION uploads_kept();
CREATE TRIGGER uploads_not_emptied BEFORE TRUNCATE ON uploads FOR EACH STATEMENT EXECUTE FUNCTION uploads_kept();`;

/**
 * A transaction's outcome is the trail's latest change of it (outcome-sync.ts): the row must be
 * one of the trail's changes, copied as it is, and only a later change replaces it.
 */
const outcomes = `
CREATE FUNCTION outcomes_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND ((NEW.environment, NEW.external_id) IS DISTINCT FROM (OLD.environment, OLD.external_id)
    OR (NEW.at, NEW.change_id) <= (OLD.at, OLD.change_id)) THEN
    ${refuse('An outcome is replaced only by a later change.')}
  END IF;
  IF NOT EXISTS (SELECT 1 FROM outcome_events e WHERE e.change_id = NEW.change_id
    AND (e.environment, e.external_id, e.analyst, e.at) = (NEW.environment, NEW.external_id, NEW.analyst, NEW.at)
    AND e.outcome IS NOT DISTINCT FROM NEW.outcome) THEN
    ${refuse("An outcome must be one of the trail's changes.")}
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER outcomes_guard BEFORE INSERT OR UPDATE ON outcomes FOR EACH ROW EXECUTE FUNCTION outcomes_guard();`;

/**
 * The trail is append-only: every change stays, for the owner too. And the server dates and
 * numbers each change, as the app's push does (outcome-sync.ts): no later than its clock, so no
 * change written by hand, or by a clock that runs ahead, can be dated in the future, where a
 * workstation pulling before that time would pass it over and one pulling after would apply it;
 * and in commit order, under the push lock, so no change can be numbered behind a cursor a
 * colleague already pulled past (committed late, or numbered by hand), and be missed.
 */
const trail = `
CREATE FUNCTION outcome_events_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(${String(pushLockKey)});
  NEW.seq := nextval(pg_get_serial_sequence('outcome_events', 'seq'));
  NEW.at := LEAST(NEW.at, now());
  RETURN NEW;
END $$;
CREATE TRIGGER outcome_events_stamp BEFORE INSERT ON outcome_events FOR EACH ROW EXECUTE FUNCTION outcome_events_stamp();
CREATE FUNCTION outcome_events_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${refuse('The trail of outcome changes is append-only: its changes cannot be altered or deleted.')}
END $$;
CREATE TRIGGER outcome_events_kept BEFORE UPDATE OR DELETE ON outcome_events FOR EACH ROW EXECUTE FUNCTION outcome_events_kept();
CREATE TRIGGER outcome_events_not_emptied BEFORE TRUNCATE ON outcome_events FOR EACH STATEMENT EXECUTE FUNCTION outcome_events_kept();`;

/**
 * An answer is replaced only by a newer one of the same transaction, dated no later than the
 * server's clock (one dated ahead would keep every genuine answer out until then); an analyst
 * keeps a name, and a sync is dated no later than the server's clock either (one dated ahead
 * would stay first among "colleagues seen").
 */
const answersAndAnalysts = `
CREATE FUNCTION answers_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.answered_at := LEAST(NEW.answered_at, now());
  IF TG_OP = 'INSERT' THEN
    RETURN NEW;
  END IF;
  IF (NEW.environment, NEW.external_id, NEW.seq) IS DISTINCT FROM (OLD.environment, OLD.external_id, OLD.seq) THEN
    ${refuse("An answer's transaction and environment cannot change.")}
  END IF;
  IF NEW.answered_at <= OLD.answered_at THEN
    ${refuse('An answer is replaced only by a newer one.')}
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER answers_guard BEFORE INSERT OR UPDATE ON answers FOR EACH ROW EXECUTE FUNCTION answers_guard();
CREATE FUNCTION analysts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.last_sync_at := LEAST(NEW.last_sync_at, now());
  IF TG_OP = 'UPDATE' AND NEW.name IS DISTINCT FROM OLD.name THEN
    ${refuse("An analyst's name cannot change.")}
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER analysts_guard BEFORE INSERT OR UPDATE ON analysts FOR EACH ROW EXECUTE FUNCTION analysts_guard();`;

// The grants last: they name columns the ledger's part adds.
export const guardsSql = [ledger, outcomes, trail, answersAndAnalysts, narrowGrants].join('\n');
