/**
 * Team migration 7: only the team's analysts may call `analyst_login`. Migration 6 made it a
 * SECURITY DEFINER function that binds an unbound name to whoever calls it, and PostgreSQL lets
 * PUBLIC execute every new function: any login that could connect to the database (every login
 * of the cluster, by PostgreSQL's default), analyst of the team or not, could call it by hand and
 * take a name no analyst had used yet, after which the real analyst's changes under that name
 * were refused.
 *
 * The triggers that call it (outcome_events_stamp, analyst_named) are not SECURITY DEFINER: they
 * run as whoever writes the row, and their `PERFORM public.analyst_login(…)` checks EXECUTE for
 * that role. So EXECUTE goes to every role that may write those tables now (INSERT, or UPDATE of
 * the table or of a column, as team-grants.ts grants them), and team-grants.ts grants it to the
 * roles set up later: an existing team keeps working without its administrator granting anything.
 * Granting it to a group reaches its members as the table grants do. Where PUBLIC itself may write
 * those tables (a grant by hand), PUBLIC keeps EXECUTE: anyone could take a name by writing a row
 * anyway, and revoking it would only stop everyone's changes. The owner keeps it as the owner.
 */

/** The tables whose triggers call analyst_login. */
const namedTables = ['outcome_events', 'answers', 'uploads'];

const tables = namedTables.map((table) => `'public.${table}'::regclass`).join(', ');

export const loginExecuteSql = `
REVOKE EXECUTE ON FUNCTION public.analyst_login(text) FROM PUBLIC;
DO $$
DECLARE
  writer record;
BEGIN
  FOR writer IN
    SELECT DISTINCT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(r.rolname) END AS grantee
    FROM pg_class c
    CROSS JOIN LATERAL (
      SELECT * FROM aclexplode(c.relacl) WHERE privilege_type IN ('INSERT', 'UPDATE')
      UNION ALL
      SELECT x.* FROM pg_attribute t CROSS JOIN LATERAL aclexplode(t.attacl) x
      WHERE t.attrelid = c.oid AND x.privilege_type = 'UPDATE'
    ) a
    LEFT JOIN pg_roles r ON r.oid = a.grantee
    WHERE c.oid IN (${tables}) AND a.grantee <> c.relowner
  LOOP
    EXECUTE format('GRANT EXECUTE ON FUNCTION public.analyst_login(text) TO %s', writer.grantee);
  END LOOP;
END $$;`;
