/**
 * Team migration 6: whose name a change carries. The analyst's name on a change is whatever the
 * app was told (the analystName setting, DCDESK_ANALYST) or whatever a login writes by hand; the
 * server knows only the login. So, as migration 5 did for ledger lines, the database records the
 * login that wrote each outcome change (`outcome_events.login`, from `session_user`, whatever the
 * client sends), and binds each analyst's name to the login that first used it
 * (`analysts.login`): a change, an answer or a ledger line under a name bound to another login is
 * refused, and an analyst's login updates only its own row of analysts.
 *
 * A login shared by several analysts (docs/team-database.md allows it) binds every name it uses
 * to itself, so they all stay allowed for it: the database cannot tell those analysts apart, as
 * it never could. The owner of the tables may bind a name to another login (or none) by hand:
 * `UPDATE analysts SET login = … WHERE name = …`.
 *
 * Names known before this migration are bound by the ledger where it tells: a name whose ledger
 * lines (migration 5 records their login) came from one login alone is bound to it; every other
 * name stays unbound until its first use, which binds it. Older outcome changes keep a NULL login
 * (nothing recorded who wrote them).
 *
 * Binding on first use writes `analysts.login`, which no analyst's role may update (its grants
 * stop at last_sync_at): that one function runs as the owner (SECURITY DEFINER), with a fixed
 * search path, and binds only to the caller's own `session_user`.
 */
import { pushLockKey } from './outcome-sync';
import { refusedState } from './team-guards';

const raise = (message: string, argument?: string) =>
  argument === undefined
    ? `RAISE EXCEPTION USING ERRCODE = '${refusedState}', MESSAGE = '${message}';`
    : `RAISE EXCEPTION USING ERRCODE = '${refusedState}', MESSAGE = format('${message}', ${argument});`;

/** The sentence of a change under another login's name (team-errors.ts shows it). */
const otherLogin =
  "The name %s belongs to another login: set your own name, or have the database''s owner bind it to this login.";

export const loginsSql = `
ALTER TABLE analysts ADD COLUMN login text;
ALTER TABLE outcome_events ADD COLUMN login text;

UPDATE analysts a SET login = l.login
FROM (SELECT analyst, min(login) AS login FROM uploads WHERE login IS NOT NULL
      GROUP BY analyst HAVING count(DISTINCT login) = 1) l
WHERE a.name = l.analyst;

CREATE FUNCTION team_owner() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT pg_has_role(session_user, c.relowner, 'MEMBER') FROM pg_class c
  WHERE c.oid = 'public.analysts'::regclass
$$;

CREATE FUNCTION analyst_login(who text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  bound text;
BEGIN
  SELECT login INTO bound FROM public.analysts WHERE name = who;
  IF bound = session_user THEN
    RETURN;
  END IF;
  IF bound IS NULL THEN
    -- First use: bound to this login, unless a concurrent first use won (then it is read back).
    INSERT INTO public.analysts AS a (name, last_sync_at, login) VALUES (who, now(), session_user)
      ON CONFLICT (name) DO UPDATE SET login = session_user WHERE a.login IS NULL;
    SELECT login INTO bound FROM public.analysts WHERE name = who;
  END IF;
  IF bound IS DISTINCT FROM session_user THEN
    ${raise(otherLogin, 'who')}
  END IF;
END $$;

CREATE OR REPLACE FUNCTION analysts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.last_sync_at := LEAST(NEW.last_sync_at, now());
  IF TG_OP = 'INSERT' THEN
    -- The owner may bind a name to a login ahead of its first use; anyone else binds it to itself.
    IF NEW.login IS NULL OR NOT public.team_owner() THEN
      NEW.login := session_user;
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    ${raise("An analyst''s name cannot change.")}
  END IF;
  IF NEW.login IS DISTINCT FROM OLD.login AND public.team_owner() THEN
    RETURN NEW;
  END IF;
  IF OLD.login IS NULL THEN
    NEW.login := session_user;
  ELSIF OLD.login <> session_user THEN
    ${raise(otherLogin, 'OLD.name')}
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION outcome_events_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.analyst_login(NEW.analyst);
  NEW.login := session_user;
  PERFORM pg_advisory_xact_lock(${String(pushLockKey)});
  NEW.seq := nextval(pg_get_serial_sequence('outcome_events', 'seq'));
  NEW.at := LEAST(NEW.at, now());
  RETURN NEW;
END $$;

CREATE FUNCTION analyst_named() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every write, not only a change of name: a line taken over under the same name is a write
  -- in that name too.
  PERFORM public.analyst_login(NEW.analyst);
  RETURN NEW;
END $$;
CREATE TRIGGER answers_named BEFORE INSERT OR UPDATE ON answers FOR EACH ROW EXECUTE FUNCTION analyst_named();
CREATE TRIGGER uploads_named BEFORE INSERT OR UPDATE ON uploads FOR EACH ROW EXECUTE FUNCTION analyst_named();`;
