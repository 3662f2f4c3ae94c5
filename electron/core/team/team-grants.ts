import { updatedColumns } from './team-guards';

/**
 * The grants an analysts' role needs on the team database (issue 17), and no more: read and add
 * answers, outcomes and ledger lines; update only the columns the app updates (team-guards.ts,
 * whose triggers then refuse every change the app never makes); add to the trail but never
 * change or delete it; read the schema's version; call analyst_login, which the triggers on the
 * answers, the trail and the ledger call as the writing role (team-login-execute.ts: PUBLIC may
 * not, so a login outside the team cannot bind a name to itself); record the late answer of a
 * send whose line a colleague took over (overtaken_answer, team-takeover.ts). The schema itself is created
 * by its owner (the first `dcdesk team connect` as the owner, or any workstation whose role may
 * create tables); analysts need no CREATE.
 */
export function analystGrants(role: string, database: string): string {
  const name = quoteIdentifier(role);
  return [
    `GRANT CONNECT ON DATABASE ${quoteIdentifier(database)} TO ${name};`,
    `GRANT USAGE ON SCHEMA public TO ${name};`,
    `GRANT SELECT ON schema_migrations, team_identity TO ${name};`,
    `GRANT SELECT, INSERT ON answers, outcomes, uploads, analysts, outcome_events TO ${name};`,
    ...Object.entries(updatedColumns).map(
      ([table, columns]) => `GRANT UPDATE (${columns.join(', ')}) ON ${table} TO ${name};`,
    ),
    `GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO ${name};`,
    `GRANT EXECUTE ON FUNCTION analyst_login(text) TO ${name};`,
    `GRANT EXECUTE ON FUNCTION overtaken_answer(uuid, text, text, text) TO ${name};`,
  ].join('\n');
}

/** A PostgreSQL identifier in double quotes, its own quotes doubled. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
