import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../../electron/sandbox';
import { dcdesk } from '../../support/cli';
import { tempDir, writeTransactionsCsv } from '../../support/files';
import { postgresMissing } from '../../support/postgres';
import { findSecrets, folderFiles, recordIssuedTokens } from '../../support/secret-scan';
import { teamDatabase } from '../../support/team-database';
import { sampleTransaction } from '../../support/transactions';

const missing = postgresMissing();
if (missing) console.warn(`Skipping the dcdesk team tests: ${missing}`);

const rows = 24;

// Skipped only where Debian's PostgreSQL is not installed (the reason is printed above); CI installs
// it, so they run there. On a machine that skips them, nothing about the team database is proven.
describe.skipIf(missing)('dcdesk with a team database: two analysts, one batch', () => {
  const team = teamDatabase();
  let sandbox: SandboxHandle;
  const work = tempDir('dcdesk-team-cli-');
  // The service's password and every token the sandbox issues, to look for in the team database.
  const servicePassword = 'Serviço s3cret for the team test';
  const issued = recordIssuedTokens();
  beforeAll(async () => {
    sandbox = await startSandbox({
      credentials: { username: 'analyst', password: servicePassword },
    });
    writeTransactionsCsv(work.file('pedidos.csv'), rows);
  });
  afterAll(async () => {
    issued.stop();
    await sandbox.close();
    work.remove();
  });

  const teamUrl = () => {
    const { user, port, database } = team.cluster().connection;
    return `postgresql://${user}@127.0.0.1:${String(port)}/${database}`;
  };
  /** One analyst's command: their own data folder, the team named for this command. */
  const as = (analyst: string, argv: string[]) =>
    dcdesk([...argv, '--data-dir', work.file(analyst)], {
      DCDESK_TEAM_URL: teamUrl(),
      DCDESK_ANALYST: analyst,
      DCDESK_USERNAME: 'analyst',
      DCDESK_PASSWORD: servicePassword,
    });
  const ids = Array.from({ length: rows }, (_, n) => sampleTransaction(n).externalID);

  it('shares reviews and answers, and lets exactly one of two simultaneous sends through', async () => {
    const bulk = await as('Ana', [
      'bulk',
      work.file('pedidos.csv'),
      '--output',
      work.file('ana.csv'),
      '--base-url',
      sandbox.url,
    ]);
    expect(bulk.code, bulk.stderr).toBe(0);
    expect(bulk.stderr).toMatch(/team: pushed 0 changes and \d+ answers/);

    // Ana marks the first ten from her case system's spreadsheet.
    const outcomes = [
      'Pedido;Resultado',
      ...ids.slice(0, 10).map((id) => `${id};Fraude Confirmada`),
    ];
    writeFileSync(work.file('casos.csv'), outcomes.join('\r\n'));
    const imported = await as('Ana', [
      'outcomes',
      'import',
      work.file('casos.csv'),
      '--base-url',
      sandbox.url,
    ]);
    expect(imported.stderr).toMatch(/team: pushed \d+ changes/);

    // Said in transactions: each change of Ana's changed one outcome on Bruno's workstation.
    const pulled = await as('Bruno', ['team', 'sync']);
    expect(pulled.stdout, pulled.stderr).toMatch(
      /pulled (\d+) changes from colleagues; the outcome of \1 transactions changed here\./,
    );

    // Bruno never looked these transactions up, yet his file carries Ana's outcomes with their
    // devices (the shared answers name them).
    const built = await Promise.all(
      ['Ana', 'Bruno'].map((analyst) =>
        as(analyst, [
          'outcomes',
          'build',
          '--output',
          work.file(`${analyst}.csv`),
          '--base-url',
          sandbox.url,
          '--json',
        ]),
      ),
    );
    for (const run of built) expect(run.code, run.stderr).toBe(0);
    const [ana, bruno] = built.map((run) => JSON.parse(run.stdout) as { rows: number });
    expect(ana?.rows).toBeGreaterThan(0);
    expect(bruno?.rows).toBe(ana?.rows);

    // Both send at the same moment: one goes, the other is told who sent them.
    sandbox.resetCounters();
    const sends = await Promise.all(
      ['Ana', 'Bruno'].map((analyst) =>
        as(analyst, ['upload', work.file(`${analyst}.csv`), '--base-url', sandbox.url, '--yes']),
      ),
    );
    expect(
      sends.map((run) => run.code).sort(),
      sends.map((run) => run.stderr).join('\n---\n'),
    ).toEqual([0, 2]);
    const refused = sends.find((run) => run.code === 2);
    const sender = ['Ana', 'Bruno'][sends.findIndex((run) => run.code === 0)];
    expect(refused?.stderr).toMatch(/already sent by the team \(.*: (Ana|Bruno), \d{4}-/);
    const received = sandbox
      .uploads()
      .flatMap((upload) => upload.rows.map((row) => row.transactionId));
    expect(received.length).toBe(ana?.rows);
    expect(new Set(received).size).toBe(received.length);
    // The sender's workstation recorded the answer on the team's lines (with the claim's key).
    const lines = await (
      await team.workstation()
    ).query('SELECT status, count(*)::int AS n FROM uploads GROUP BY status');
    expect(lines.rows).toEqual([{ status: 'sent', n: ana?.rows }]);

    // Building again: nothing is left to send, for the one who sent and for the other.
    for (const analyst of ['Ana', 'Bruno']) {
      const again = await as(analyst, [
        'outcomes',
        'build',
        '--output',
        work.file('again.csv'),
        '--base-url',
        sandbox.url,
      ]);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already accepted by/);
      // The one whose send did not go learns it from the team's ledger.
      if (analyst !== sender)
        expect(again.stderr).toMatch(/left out \d+ transactions the team's ledger shows sent/);
    }

    const status = await as('Bruno', ['team', 'status', '--json']);
    expect(JSON.parse(status.stdout)).toMatchObject({
      url: teamUrl().replace(/\/\/(.*)@/, '//$1@'),
      analyst: 'Bruno',
      waiting: 0,
      colleagues: expect.arrayContaining(['Ana', 'Bruno']) as unknown,
    });
  });

  it('keeps no personal data and no secret in the team database', async () => {
    const client = await team.workstation();
    const tables = ['answers', 'outcome_events', 'outcomes', 'uploads', 'analysts'];
    let dump = '';
    for (const table of tables)
      dump += JSON.stringify((await client.query(`SELECT * FROM ${table}`)).rows);
    expect(dump).toContain(ids[0]);
    for (let n = 0; n < rows; n += 1) {
      const t = sampleTransaction(n);
      for (const personal of [t.cpf, t.email, '98765-4321', '987654321', '01310-100', '01310100'])
        if (personal) expect(dump, `row ${String(n)}`).not.toContain(personal);
    }
    // The secrets, in every form, in the tables and in the server's own files on disk.
    expect(issued.tokens.length).toBeGreaterThan(0);
    await client.query('CHECKPOINT');
    const haystacks = [
      { name: 'tables', bytes: Buffer.from(dump) },
      ...folderFiles(path.join(team.cluster().dir, 'data')),
    ];
    // The scan sees the tables' contents: a transaction ID is found in the server's files.
    const seen = findSecrets(haystacks, [ids[0] ?? '']);
    expect(Object.values(seen).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(1);
    const found = findSecrets(haystacks, [servicePassword, ...issued.tokens]);
    expect(Object.entries(found).filter(([, count]) => count > 0)).toEqual([]);
  });

  it('says clearly when the data folder is linked to another team, and disconnects', async () => {
    const other = await dcdesk(['team', 'status', '--data-dir', work.file('Ana')], {
      DCDESK_TEAM_URL: 'postgresql://someone@127.0.0.1:1/other',
    });
    // Status refuses as sync does: it would otherwise show that URL with the linked team's syncs.
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/syncs with the team database .*DCDESK_TEAM_URL names another/);
    const sync = await dcdesk(['team', 'sync', '--data-dir', work.file('Ana')], {
      DCDESK_TEAM_URL: 'postgresql://someone@127.0.0.1:1/other',
    });
    expect(sync.code).toBe(2);
    expect(sync.stderr).toMatch(/syncs with the team database .*DCDESK_TEAM_URL names another/);
    const gone = await dcdesk(['team', 'disconnect', '--data-dir', work.file('Ana')]);
    expect(gone.stdout).toMatch(/Disconnected from postgresql:\/\//);
    const after = await dcdesk(['team', 'status', '--data-dir', work.file('Ana')]);
    expect(after.stdout).toMatch(/No team database/);
  });
});
