/**
 * Team migration 9: a ledger line left `sending` by a sender who never comes back. Until now only
 * the sender's own workstation could settle such a line (settle-claims.ts, at its next sync);
 * when its process died mid-send and its analyst never synced again, the line blocked every
 * colleague for good, corrections included, and migration 5's guard refused any takeover of it.
 *
 * A line still `sending` `staleSendingMinutes` after its claim is taken as its sender's sync
 * would have left it: failed, may have arrived. So migration 5's rules for such a line hold: a
 * confirmed correction (another outcome) takes it over, as does the same analyst from the same
 * login; a colleague's same outcome never does (the service may have it); the line taken over
 * keeps `sent_before` and blocks as the one it replaced did.
 *
 * The bound: the longest a live send can hold its claim, from the claim to the service's answer,
 * is two attempts (one more after a 401), each a keychain read (its limit is 2 minutes), a token
 * request and the upload itself (each at most the longest request timeout the settings allow, 5
 * minutes): 24 minutes. An hour is well past it, on a loaded machine too, and short enough for a
 * team that waits to send its corrections. It is measured by the database's clock from when the
 * database stored the claim (`claimed_at`, stamped by the database, never by a workstation whose
 * clock may run ahead or behind); a line being sent when this migration runs counts from it.
 *
 * The one sender the bound cannot see is a process that was frozen (a laptop put to sleep mid-
 * send) and wakes after it. Its answer then finds the line taken over: the line stays the
 * colleague's, whatever the answer (it already blocks as "may have arrived"), and the answer is
 * recorded in the takeover's row of `upload_takeovers` instead, by `overtaken_answer`, from the
 * sender's login with the claim's key, once. That table is the audit trail: who took which line
 * over from whom, when, and what the overtaken send answered if it ever did. It is append-only
 * but for that answer, for the owner too, and written only by the database's own functions.
 */
import { pinnedSearchPath } from './team-search-path';
import { arrivedCodesOfMigration5, refusedState } from './team-guards';

/**
 * How long a claim stays its sender's, in minutes (see above). Written into migration 9: a
 * change needs a migration of its own, with the app's reading (team-ledger.ts) changed with it.
 */
export const staleSendingMinutes = 60;

const stale = `interval '${String(staleSendingMinutes)} minutes'`;

const refuse = (message: string) =>
  `RAISE EXCEPTION USING ERRCODE = '${refusedState}', MESSAGE = '${message.replace(/'/g, "''")}';`;

const arrived = `ARRAY[${arrivedCodesOfMigration5.map((code) => `'${code}'`).join(', ')}]::text[]`;

const hashOf = (key: string) => `encode(sha256(convert_to(coalesce(${key}, ''), 'UTF8')), 'hex')`;

/** The claim's time by the database's clock; lines stored before count from this migration. */
const claimedAt = `
ALTER TABLE uploads ADD COLUMN claimed_at timestamptz NOT NULL DEFAULT now();
CREATE OR REPLACE FUNCTION uploads_stamp() RETURNS trigger LANGUAGE plpgsql
${pinnedSearchPath} AS $$
BEGIN
  NEW.login := session_user;
  NEW.answer_key := NULL;
  NEW.sent_before := false;
  NEW.claimed_at := now();
  RETURN NEW;
END $$;`;

/**
 * Migration 5's uploads_guard with two changes: `claimed_at` is the database's and never changes
 * under the same upload, and a line being sent for longer than the bound may be taken over.
 */
const guard = `
CREATE OR REPLACE FUNCTION uploads_guard() RETURNS trigger LANGUAGE plpgsql
${pinnedSearchPath} AS $$
DECLARE
  key text := NEW.answer_key;
BEGIN
  NEW.answer_key := NULL;
  IF (NEW.environment, NEW.external_id, NEW.seq) IS DISTINCT FROM (OLD.environment, OLD.external_id, OLD.seq) THEN
    ${refuse("A ledger line's transaction and environment cannot change.")}
  END IF;
  IF NEW.upload_id = OLD.upload_id THEN
    IF (NEW.analyst, NEW.at, NEW.outcome, NEW.login, NEW.answer_hash, NEW.sent_before, NEW.claimed_at)
      IS DISTINCT FROM (OLD.analyst, OLD.at, OLD.outcome, OLD.login, OLD.answer_hash, OLD.sent_before, OLD.claimed_at) THEN
      ${refuse('What an upload sent, who sent it and when cannot change.')}
    END IF;
    IF (NEW.status, NEW.error_code) IS NOT DISTINCT FROM (OLD.status, OLD.error_code) THEN
      RETURN NEW;
    END IF;
    IF OLD.status <> 'sending' OR NEW.status NOT IN ('sent', 'failed')
      OR (NEW.status = 'sent') <> (NEW.error_code IS NULL) THEN
      ${refuse("An upload's answer is recorded once: a sent or failed line cannot change.")}
    END IF;
    IF OLD.login <> session_user OR OLD.answer_hash <> ${hashOf('key')} THEN
      ${refuse('Only the workstation that sent an upload may record its answer.')}
    END IF;
    RETURN NEW;
  END IF;
  NEW.login := session_user;
  NEW.claimed_at := now();
  NEW.sent_before := OLD.sent_before OR OLD.status <> 'failed' OR coalesce(OLD.error_code, '') = ANY (${arrived});
  IF NEW.status NOT IN ('sending', 'sent') OR NEW.error_code IS NOT NULL THEN
    ${refuse("A new upload's line starts as being sent.")}
  END IF;
  IF OLD.status = 'sending' AND OLD.claimed_at > now() - ${stale} THEN
    ${refuse(`A line being sent cannot be taken over until ${String(staleSendingMinutes)} minutes after its claim: its sender may still be sending.`)}
  END IF;
  IF NEW.sent_before AND (NEW.status = 'sent' OR NOT (NEW.outcome IS DISTINCT FROM OLD.outcome
    OR (NEW.analyst = OLD.analyst AND coalesce(OLD.login, session_user) = session_user))) THEN
    ${refuse('An upload of the same outcome may have reached the service: it cannot be sent again.')}
  END IF;
  RETURN NEW;
END $$;`;

/** The audit trail of takeovers, written by the database only (SECURITY DEFINER, as the owner). */
const trail = `
CREATE TABLE upload_takeovers (
  seq bigserial PRIMARY KEY,
  environment text NOT NULL,
  external_id text NOT NULL,
  taken_at timestamptz NOT NULL,
  upload_id uuid NOT NULL,
  analyst text NOT NULL,
  login text NOT NULL,
  outcome text,
  from_upload uuid NOT NULL,
  from_analyst text NOT NULL,
  from_login text,
  from_at timestamptz NOT NULL,
  from_claimed_at timestamptz NOT NULL,
  from_outcome text,
  from_answer_hash text,
  from_status text CHECK (from_status IN ('sent', 'failed')),
  from_error_code text,
  from_answered_at timestamptz
);
CREATE INDEX upload_takeovers_from ON upload_takeovers (from_upload);
CREATE FUNCTION uploads_taken_over() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
${pinnedSearchPath} AS $$
BEGIN
  INSERT INTO public.upload_takeovers (environment, external_id, taken_at, upload_id, analyst,
    login, outcome, from_upload, from_analyst, from_login, from_at, from_claimed_at, from_outcome,
    from_answer_hash)
  VALUES (NEW.environment, NEW.external_id, now(), NEW.upload_id, NEW.analyst, NEW.login,
    NEW.outcome, OLD.upload_id, OLD.analyst, OLD.login, OLD.at, OLD.claimed_at, OLD.outcome,
    OLD.answer_hash);
  RETURN NULL;
END $$;
REVOKE EXECUTE ON FUNCTION public.uploads_taken_over() FROM PUBLIC;
CREATE TRIGGER uploads_taken_over AFTER UPDATE ON uploads FOR EACH ROW
  WHEN (OLD.status = 'sending' AND NEW.upload_id <> OLD.upload_id)
  EXECUTE FUNCTION uploads_taken_over();
CREATE FUNCTION upload_takeovers_kept() RETURNS trigger LANGUAGE plpgsql
${pinnedSearchPath} AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.from_status IS NULL AND NEW.from_status IS NOT NULL
    AND (to_jsonb(NEW) - ARRAY['from_status', 'from_error_code', 'from_answered_at'])
      = (to_jsonb(OLD) - ARRAY['from_status', 'from_error_code', 'from_answered_at']) THEN
    RETURN NEW;
  END IF;
  ${refuse('The trail of taken-over lines is kept as written: only the overtaken send may add its answer, once.')}
END $$;
CREATE TRIGGER upload_takeovers_kept BEFORE UPDATE OR DELETE ON upload_takeovers FOR EACH ROW EXECUTE FUNCTION upload_takeovers_kept();
CREATE TRIGGER upload_takeovers_not_emptied BEFORE TRUNCATE ON upload_takeovers FOR EACH STATEMENT EXECUTE FUNCTION upload_takeovers_kept();`;

/**
 * The late answer of an overtaken send: from the login that claimed it, with the claim's key, as
 * uploads_guard asks of any answer; how many rows it recorded (0 when nothing of this upload was
 * taken over, or already answered).
 */
const lateAnswer = `
CREATE FUNCTION overtaken_answer(upload uuid, answer text, code text, key text) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER ${pinnedSearchPath} AS $$
DECLARE
  recorded integer;
BEGIN
  IF answer IS NULL OR answer NOT IN ('sent', 'failed') OR (answer = 'sent') <> (code IS NULL) THEN
    ${refuse("An upload's answer is sent, or failed with its error code.")}
  END IF;
  UPDATE public.upload_takeovers SET from_status = answer, from_error_code = code,
    from_answered_at = now()
  WHERE from_upload = upload AND from_status IS NULL AND from_login = session_user
    AND from_answer_hash = ${hashOf('key')};
  GET DIAGNOSTICS recorded = ROW_COUNT;
  RETURN recorded;
END $$;
REVOKE EXECUTE ON FUNCTION public.overtaken_answer(uuid, text, text, text) FROM PUBLIC;`;

/**
 * EXECUTE on overtaken_answer for every role that may answer a ledger line now (UPDATE of
 * uploads, or of its status column), as migration 7 did for analyst_login: an existing team
 * keeps working with nothing granted again. team-grants.ts grants it to roles set up later.
 */
const execute = `
DO $$
DECLARE
  writer record;
BEGIN
  FOR writer IN
    SELECT DISTINCT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(r.rolname) END AS grantee
    FROM pg_class c
    CROSS JOIN LATERAL (
      SELECT * FROM aclexplode(c.relacl) WHERE privilege_type = 'UPDATE'
      UNION ALL
      SELECT x.* FROM pg_attribute t CROSS JOIN LATERAL aclexplode(t.attacl) x
      WHERE t.attrelid = c.oid AND t.attname = 'status' AND x.privilege_type = 'UPDATE'
    ) a
    LEFT JOIN pg_roles r ON r.oid = a.grantee
    WHERE c.oid = 'public.uploads'::regclass AND a.grantee <> c.relowner
  LOOP
    EXECUTE format('GRANT EXECUTE ON FUNCTION public.overtaken_answer(uuid, text, text, text) TO %s', writer.grantee);
  END LOOP;
END $$;`;

export const takeoverSql = [claimedAt, guard, trail, lateAnswer, execute].join('\n');
