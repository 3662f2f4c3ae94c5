/**
 * Team migration 8: the schema's functions resolve names only where the owner put them. Until
 * now every function but analyst_login ran with the caller's search path, and PostgreSQL looks in
 * the caller's temporary schema (pg_temp) first, before public and even before pg_catalog, for
 * tables and types; every login may create temporary tables by default. So an analyst could
 * shadow `outcome_events` with a table of their own to have an outcome the trail never held
 * accepted (outcomes_guard), or to have a change numbered by their own sequence, behind the
 * colleagues' cursors (outcome_events_stamp), and shadow `pg_class` to pass for the tables' owner
 * (team_owner, which lets the owner bind a name to another login).
 *
 * Each function gets a fixed search path, `pg_catalog, pg_temp`, rather than only qualified names:
 * a function resolves more names than its tables (the types of its casts, `text[]` included; the
 * catalog it reads; a table named in a string, as pg_get_serial_sequence's is, resolved at run
 * time), and one pin covers each of them. pg_temp is named, last: left out, PostgreSQL would
 * search it first. public is left out too, and the two functions that read the team's tables
 * name them `public.` (rewritten below, bodies otherwise unchanged): before PostgreSQL 15 every
 * role may create functions in public (a database upgraded from one keeps that grant), and one
 * of an analyst's there that matches a call more exactly than PostgreSQL's own (`nextval(text)`
 * for the stamp's `nextval(regclass)`) would be called by every writer of the row, the owner
 * included. A name left unqualified in a later function then fails at once ("does not exist")
 * rather than resolving where an analyst chose.
 *
 * `CREATE OR REPLACE FUNCTION` drops a SET clause it does not repeat: a later migration that
 * replaces one of these functions writes `pinnedSearchPath` in it (team-search-path.test.ts fails
 * for any function of the schema without the pin). analyst_login is left as it is: migration 6
 * gave it this path already.
 */
import { pushLockKey } from './outcome-sync';
import { refusedState } from './team-guards';

/** The SET clause every function of the team schema carries. */
export const pinnedSearchPath = 'SET search_path = pg_catalog, pg_temp';

/** The functions whose bodies name no table of the team's unqualified: pinned as they are. */
const pinnedAsTheyAre = [
  'uploads_stamp',
  'uploads_guard',
  'uploads_kept',
  'outcome_events_kept',
  'answers_guard',
  'analysts_guard',
  'analyst_named',
  'team_owner',
];

const refuse = (message: string) =>
  `RAISE EXCEPTION USING ERRCODE = '${refusedState}', MESSAGE = '${message.replace(/'/g, "''")}';`;

/** Migration 5's outcomes_guard, its trail named `public.`. */
const outcomesGuard = `
CREATE OR REPLACE FUNCTION outcomes_guard() RETURNS trigger LANGUAGE plpgsql
${pinnedSearchPath} AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND ((NEW.environment, NEW.external_id) IS DISTINCT FROM (OLD.environment, OLD.external_id)
    OR (NEW.at, NEW.change_id) <= (OLD.at, OLD.change_id)) THEN
    ${refuse('An outcome is replaced only by a later change.')}
  END IF;
  IF NOT EXISTS (SELECT 1 FROM public.outcome_events e WHERE e.change_id = NEW.change_id
    AND (e.environment, e.external_id, e.analyst, e.at) = (NEW.environment, NEW.external_id, NEW.analyst, NEW.at)
    AND e.outcome IS NOT DISTINCT FROM NEW.outcome) THEN
    ${refuse("An outcome must be one of the trail's changes.")}
  END IF;
  RETURN NEW;
END $$;`;

/** Migration 6's outcome_events_stamp, its sequence's table named `public.`. */
const outcomeEventsStamp = `
CREATE OR REPLACE FUNCTION outcome_events_stamp() RETURNS trigger LANGUAGE plpgsql
${pinnedSearchPath} AS $$
BEGIN
  PERFORM public.analyst_login(NEW.analyst);
  NEW.login := session_user;
  PERFORM pg_advisory_xact_lock(${String(pushLockKey)});
  NEW.seq := nextval(pg_get_serial_sequence('public.outcome_events', 'seq'));
  NEW.at := LEAST(NEW.at, now());
  RETURN NEW;
END $$;`;

export const searchPathSql = [
  outcomesGuard,
  outcomeEventsStamp,
  ...pinnedAsTheyAre.map((name) => `ALTER FUNCTION public.${name}() ${pinnedSearchPath};`),
].join('\n');
