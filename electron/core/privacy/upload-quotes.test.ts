/**
 * A data-subject request reaches the answers kept in the upload ledger (attack c2): an earlier
 * version stored a service's answer quoting a customer's CPF as it came, and `purge --cpf` left
 * it in the history.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { tempHistory } from '../../../tests/support/history';
import { privacyService } from './privacy-service';

const histories: Array<Awaited<ReturnType<typeof tempHistory>>> = [];
afterEach(() => histories.splice(0).forEach((history) => history.close()));

describe('forgetting a CPF', () => {
  it('masks it in the answers and messages of the upload ledger, and leaves the others', async () => {
    const history = await tempHistory();
    histories.push(history);
    const insert = history.db.prepare(
      `INSERT INTO uploads (created_at, file_name, kind, rows, sha256, environment, status, http_status, messages_json, answer_json, file)
       VALUES ('2026-11-03T00:00:00.000Z', ?, 'csv', 1, 'ff', 'sandbox', ?, ?, ?, ?, X'4142')`,
    );
    insert.run(
      'a.csv',
      'sent',
      200,
      null,
      JSON.stringify({ message: 'ext-1 is CPF 529.982.247-25' }),
    );
    insert.run('b.csv', 'refused', 400, JSON.stringify(['CPF 52998224725 blocked']), null);
    const untouched = JSON.stringify({ message: 'Received 1 row; CPF 111.444.777-35' });
    insert.run('c.csv', 'sent', 200, null, untouched);

    const forgotten = privacyService({ db: history.db, dataDir: history.dir }).forget(
      '52998224725',
    );
    expect(forgotten.ok).toBe(true);
    const rows = history.db
      .prepare<[], { answer_json: string | null; messages_json: string | null }>(
        'SELECT answer_json, messages_json FROM uploads ORDER BY id',
      )
      .all();
    expect(rows).toEqual([
      {
        answer_json: JSON.stringify({ message: 'ext-1 is CPF ***.982.247-**' }),
        messages_json: null,
      },
      { answer_json: null, messages_json: JSON.stringify(['CPF ***.982.247-** blocked']) },
      { answer_json: untouched, messages_json: null },
    ]);
  });
});
