import type { ClientBase } from 'pg';

/** The tables every sync writes to: a login that cannot would fail at its first sync. */
const writtenTables = ['answers', 'outcomes', 'uploads', 'analysts', 'outcome_events'] as const;

/** The login can read the team database but not write to these of its tables. */
export class LoginCannotWrite extends Error {
  constructor(readonly tables: readonly string[]) {
    super(`The login cannot write to ${tables.join(', ')}.`);
  }
}

/**
 * Refuses a login that can read the team's tables but not write to them (the grants of
 * docs/team-database.md were given in part), before anything is linked or synced; a database
 * whose tables are not there yet (an empty one Connect sets up) has nothing to check.
 */
export async function checkTeamWrites(client: ClientBase): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT name FROM unnest($1::text[]) WITH ORDINALITY AS t(name, n)
     WHERE to_regclass('public.' || name) IS NOT NULL
       AND NOT has_table_privilege(('public.' || name)::regclass, 'INSERT')
     ORDER BY n`,
    [writtenTables],
  );
  if (rows.length > 0) throw new LoginCannotWrite(rows.map((row) => row.name));
}
