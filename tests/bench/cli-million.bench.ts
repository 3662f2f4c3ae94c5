import { spawn } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import Database from 'better-sqlite3';
import { historyFileName } from '../../electron/core/store/db';
import { binPath } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';
import { median3 } from './median3';
import { sandboxProcess } from './sandbox-process';

type Sandbox = Awaited<ReturnType<typeof sandboxProcess>>;
type BenchResult = { name: string; value: string; target: string; met: boolean };

/** A full Excel sheet of data rows. */
export const millionRows = 1_048_576;

/**
 * Writes `rows` valid transactions with the Brazilian columns an analyst's export has (ID,
 * session, CPF, e-mail, phone, CEP, name), formatted as people type them, in pieces, so the
 * generator itself never holds the file.
 */
export async function writeBrazilianCsv(file: string, rows: number): Promise<number> {
  const out = createWriteStream(file);
  out.write('Pedido;Sessão;CPF;E-mail;Celular;CEP;Nome\r\n');
  for (let start = 0; start < rows; start += 10_000) {
    const lines: string[] = [];
    for (let n = start; n < Math.min(rows, start + 10_000); n += 1) {
      const t = sampleTransaction(n);
      const cpf = t.cpf ?? '';
      lines.push(
        [
          t.externalID,
          t.sessionID,
          `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
          t.email,
          '+55 (11) 98765-4321',
          '01310-100',
          `Cliente Número ${String(n)}`,
        ].join(';'),
      );
    }
    if (!out.write(`${lines.join('\r\n')}\r\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return statSync(file).size;
}

/** The high-water mark of a process's resident memory, in bytes (Linux), or 0 once it is gone. */
function peakRss(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

interface CliRun {
  /** From spawning `dcdesk bulk` to the sandbox counting its first insight request. */
  firstRequestMs: number;
  peakRssBytes: number;
  historyBytes: number;
  answered: number;
}

/**
 * `dcdesk bulk FILE` as a user runs it, against the sandbox in its own process. The sandbox's
 * counter is polled every 50 ms for the first request (so the time is at most 50 ms late); the
 * child's VmHWM is read at the same pace. With `stopAfterMs`, the run is interrupted (SIGINT, as
 * Ctrl+C) that long after the first request; otherwise it runs to the end.
 */
async function runCli(sandbox: Sandbox, csv: string, stopAfterMs?: number): Promise<CliRun> {
  const work = tempDir('dcdesk-bench-cli-');
  try {
    // The sandbox is the embedded environment's, at the address the bench started it on.
    await sandbox.configure({ latencyMs: 0 });
    const before = (await sandbox.counters()).insights;
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [
        binPath,
        'bulk',
        csv,
        '--base-url',
        sandbox.url,
        '--output',
        work.file('out.csv'),
        '--data-dir',
        work.file('data'),
      ],
      {
        env: { PATH: process.env.PATH },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    const exited = once(child, 'exit');
    let firstRequestMs = Number.NaN;
    let peak = 0;
    while (child.exitCode === null && child.signalCode === null) {
      peak = Math.max(peak, peakRss(child.pid ?? 0));
      if (Number.isNaN(firstRequestMs) && (await sandbox.counters()).insights > before) {
        firstRequestMs = performance.now() - started;
        if (stopAfterMs !== undefined) setTimeout(() => child.kill('SIGINT'), stopAfterMs).unref();
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [code] = (await exited) as [number | null];
    if (code !== 0 && stopAfterMs === undefined)
      throw new Error(`dcdesk bulk exited ${String(code)}: ${stderr}`);
    const db = new Database(path.join(work.file('data'), historyFileName), { readonly: true });
    const { answered } = db
      .prepare(`SELECT COUNT(*) AS answered FROM lookups WHERE status IN ('ok', 'no_content')`)
      .get() as { answered: number };
    db.close();
    // Every file of the data folder: the database, its WAL and anything beside them.
    const historyBytes = readdirSync(work.file('data'))
      .map((name) => statSync(path.join(work.file('data'), name)).size)
      .reduce((total, size) => total + size, 0);
    return { firstRequestMs, peakRssBytes: peak, historyBytes, answered };
  } finally {
    work.remove();
  }
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/**
 * Issue 13 at the command line: a 1,048,576-row CSV through `dcdesk bulk`, three times. Memory
 * and time to the first request are measured over the storing and the first 10 s of sending
 * (the runner pages through stored rows, so the peak is in the storing); the history's size per
 * answered row over a batch run to its end, of `answeredRows` rows (a B-tree's size per row does
 * not change with the count).
 */
export async function benchCliMillion(answeredRows = 50_000): Promise<BenchResult[]> {
  const files = tempDir('dcdesk-bench-million-');
  const sandbox = await sandboxProcess();
  try {
    const big = files.file('pedidos-1m.csv');
    const bigBytes = await writeBrazilianCsv(big, millionRows);
    const small = files.file('pedidos-small.csv');
    await writeBrazilianCsv(small, answeredRows);
    const runs: CliRun[] = [];
    for (let run = 0; run < 3; run += 1) runs.push(await runCli(sandbox, big, 10_000));
    const full: CliRun[] = [];
    for (let run = 0; run < 3; run += 1) full.push(await runCli(sandbox, small));
    const rss = median3(runs.map((run) => mb(run.peakRssBytes)));
    const first = median3(runs.map((run) => run.firstRequestMs / 1000));
    const perRow = median3(full.map((run) => run.historyBytes / Math.max(1, run.answered)));
    const answered = full.map((run) => run.answered).join(', ');
    const size = `${mb(bigBytes).toFixed(0)} MB`;
    return [
      {
        name: `(cli) dcdesk bulk, ${size} CSV of 1,048,576 rows: peak RSS of the process`,
        value: `${rss.median.toFixed(0)} MB (spread ${rss.spread.toFixed(0)} MB)`,
        target: '≤ 1,024 MB',
        met: rss.median <= 1024,
      },
      {
        name: '(cli) same: first request sent after start',
        value: `${first.median.toFixed(1)} s (spread ${first.spread.toFixed(1)} s)`,
        target: '≤ 15 s',
        met: first.median <= 15,
      },
      {
        name: `(cli) history size per answered row (${answered} answered)`,
        value: `${perRow.median.toFixed(0)} B (spread ${perRow.spread.toFixed(0)} B)`,
        target: '≤ 1,024 B',
        met: perRow.median <= 1024,
      },
    ];
  } finally {
    sandbox.stop();
    files.remove();
  }
}
