import type { ClientBase } from 'pg';

/**
 * Runs `work` in one transaction on the team database: committed when it returns, rolled back
 * when it throws (the error goes on to the caller). Every write to the team database goes
 * through here, so none is ever left half done.
 */
export async function inTransaction<T>(client: ClientBase, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (caught) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw caught;
  }
}
