import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportView } from '../../shared/contract/report';
import { sandboxAnswer } from '../../electron/sandbox';
import { runBin } from '../support/cli';
import { tempDir } from '../support/files';
import { sampleTransaction } from '../support/transactions';

/**
 * An outcome belongs to the answer that was reviewed: the tester looked the same 50 transactions
 * up again with new session IDs (so the sandbox named other devices), and the report then scored
 * the labels with the second answers (AUC 0.723 became 0.396), while the second output file put
 * "Device Positivado" next to a device nobody had marked.
 */
const work = tempDir('dcdesk-cli-reviewed-answer-');
const cli = (args: string[]) => runBin([...args, '--data-dir', work.dir]);
const rows = 50;

/** The sandbox's answer to transaction `n` under a session suffix; null when it found none. */
function answerOf(n: number, suffix: string): Record<string, unknown> | null {
  const answer = sandboxAnswer(sampleTransaction(n, { sessionID: sessionOf(n, suffix) }));
  return answer.status === 200 ? answer.body : null;
}
const deviceOf = (n: number, suffix: string) => String(answerOf(n, suffix)?.deviceID);
const scoreOf = (n: number, suffix: string) => Number(answerOf(n, suffix)?.score);
const sessionOf = (n: number, suffix: string) => `sess-${String(n).padStart(6, '0')}-${suffix}`;
const first = 'abcdefghijklmnopqrst';
const second = 'ZZZZZZZZZZZZZZZZZZZZ';

function writeInput(file: string, suffix: string): void {
  const lines = ['sessionID,externalID,CPF,E-mail,Telefone,CEP'];
  for (let n = 0; n < rows; n += 1) {
    const t = sampleTransaction(n);
    lines.push(
      [sessionOf(n, suffix), t.externalID, t.cpf, t.email, '11987654321', '01310100'].join(','),
    );
  }
  writeFileSync(file, `${lines.join('\n')}\n`, 'utf8');
}

/** The output csv's lines by transaction: its device and its Resultado. */
function outputOf(file: string): Map<string, { device: string; outcome: string }> {
  const [header, ...lines] = readFileSync(file, 'utf8').split(/\r?\n/).filter(Boolean);
  const columns = header!.split(',');
  const at = (name: string) => columns.indexOf(name);
  return new Map(
    lines.map((line) => {
      const cells = line.split(',');
      return [
        cells[at('externalID')]!,
        { device: cells[at('deviceID')]!, outcome: cells[at('Resultado')]! },
      ];
    }),
  );
}

async function report(): Promise<ReportView> {
  const run = await cli(['report', '--env', 'sandbox', '--json']);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as ReportView;
}

/** Fraud for the transactions the first answers scored highest, so the AUC is well above 0.5. */
const fraud = (n: number) => scoreOf(n, first) >= 0.6;
const scored = (n: number) => answerOf(n, first) !== null;
/** Whether the second batch answered transaction `n` with another device than the first. */
const moved = (n: number) =>
  scored(n) && answerOf(n, second) !== null && deviceOf(n, second) !== deviceOf(n, first);

/** The AUC as the share of (fraud, legitimate) pairs ranked right, ties counting half. */
function aucOf(positives: number[], negatives: number[]): number {
  let sum = 0;
  for (const p of positives) for (const n of negatives) sum += p > n ? 1 : p === n ? 0.5 : 0;
  return sum / (positives.length * negatives.length);
}

let before: ReportView;

beforeAll(async () => {
  writeInput(work.file('in50.csv'), first);
  writeInput(work.file('in50b.csv'), second);
  const firstRun = await cli(['bulk', work.file('in50.csv'), '--output', work.file('o50.csv')]);
  expect(firstRun.code, firstRun.stderr).toBe(0);
  const lines = ['Pedido;Resultado'];
  for (let n = 0; n < rows; n += 1)
    if (scored(n) && fraud(n)) lines.push(`${sampleTransaction(n).externalID};Device Positivado`);
  writeFileSync(work.file('casos.csv'), `${lines.join('\r\n')}\r\n`, 'utf8');
  const imported = await cli(['outcomes', 'import', work.file('casos.csv')]);
  expect(imported.code, imported.stderr).toBe(0);
  before = await report();
  const secondRun = await cli(['bulk', work.file('in50b.csv'), '--output', work.file('o50b.csv')]);
  expect(secondRun.code, secondRun.stderr).toBe(0);
}, 60_000);
afterAll(() => work.remove());

describe('two batches of the same transactions with other devices', () => {
  it('the sandbox names other devices the second time (the premise of the test)', () => {
    expect(Array.from({ length: rows }, (_, n) => n).filter(moved).length).toBeGreaterThan(20);
  });

  it('scores each label with the answer that was reviewed, and says how many had a later one', async () => {
    const after = await report();
    expect(before.reviewedEarlier).toBe(0);
    // The reviewed transactions by their first answers; the others by their newest with a score.
    const all = Array.from({ length: rows }, (_, n) => n);
    const positives = all.filter((n) => scored(n) && fraud(n)).map((n) => scoreOf(n, first));
    const negatives = all
      .filter((n) => !(scored(n) && fraud(n)))
      .filter((n) => answerOf(n, second) !== null || scored(n))
      .map((n) => scoreOf(n, answerOf(n, second) !== null ? second : first));
    expect(after.labels.positive).toBe(before.labels.positive);
    expect(after.labels.positive).toBe(positives.length);
    expect(after.labels.negative).toBe(negatives.length);
    expect(after.auc).toBeCloseTo(aucOf(positives, negatives), 10);
    expect(after.auc).toBeGreaterThan(0.5);
    // Every labelled transaction the second batch answered with another device.
    const later = all.filter((n) => scored(n) && fraud(n) && moved(n)).length;
    expect(later).toBeGreaterThan(0);
    expect(after.reviewedEarlier).toBe(later);
    const text = await cli(['report', '--env', 'sandbox']);
    expect(text.stdout).toContain(
      `${String(later)} labels are scored with the answer that was reviewed; a later answer named another device`,
    );
  });

  it('shows an outcome only next to the device it was set on', () => {
    const firstOut = outputOf(work.file('o50.csv'));
    const secondOut = outputOf(work.file('o50b.csv'));
    for (let n = 0; n < rows; n += 1) {
      const id = sampleTransaction(n).externalID;
      const a = firstOut.get(id)!;
      const b = secondOut.get(id)!;
      if (!scored(n) || !fraud(n)) continue;
      expect(a.device).toBe(deviceOf(n, first));
      expect(b.outcome, id).toBe(b.device === a.device ? 'Device Positivado' : '');
    }
  });

  it('the outcomes file still names the reviewed devices', async () => {
    const built = await cli([
      'outcomes',
      'build',
      '--all',
      '--output',
      work.file('vr.csv'),
      '--env',
      'sandbox',
    ]);
    expect(built.code, built.stderr).toBe(0);
    const text = readFileSync(work.file('vr.csv'), 'utf8');
    for (let n = 0; n < rows; n += 1)
      if (scored(n) && fraud(n)) expect(text).toContain(deviceOf(n, first));
  });
});
