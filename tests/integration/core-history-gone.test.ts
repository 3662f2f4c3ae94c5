/**
 * The data folder deleted while the window is open (found by an outside tester): the run then
 * paused, but a resume, a new batch, a settings change or an outcome answered ok and were lost,
 * a resumed batch looping on "interrupted". Once the history file is gone, every change is
 * refused with the reason, and what the history holds can still be read (to export it).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BatchSummary } from '../../shared/contract/results';
import type { Core } from '../../electron/core/create-core';
import { startSandbox } from '../../electron/sandbox';
import { sourceRows } from '../support/bulk';
import { tempDir } from '../support/files';
import { testCore } from '../support/test-core';
import { translate } from '../../renderer/src/i18n/translate';

// Each core closes the embedded sandbox it started.
const opened: Core[] = [];
afterEach(async () => {
  for (const core of opened.splice(0)) await core.close();
});

describe('a data folder deleted while the window is open', () => {
  it('refuses every change from then on, saying why, and still reads', async () => {
    const work = tempDir('dcdesk-core-gone-');
    const core = await testCore(work.dir, { startSandbox: () => startSandbox({ latencyMs: 20 }) });
    opened.push(core);
    const batch = { sourceName: 'apagado.csv', sourceSha256: 'a'.repeat(64) };
    const created = await core.call('batches.create', { ...batch, rows: sourceRows(500) });
    if (!created.ok) throw new Error(created.error.message);
    const { id } = created.value as BatchSummary;

    work.remove();
    const gone = {
      ok: false,
      error: {
        code: 'history_gone',
        message: expect.stringContaining(
          'was deleted or moved while the app had it open',
        ) as unknown,
      },
    };
    expect(await core.call('batches.resume', { batchId: id })).toEqual(gone);
    expect(await core.call('batches.create', { ...batch, rows: sourceRows(5) })).toEqual(gone);
    expect(await core.call('settings.update', { language: 'pt-BR' })).toEqual(gone);
    // The run in progress was paused with the reason when the loss was seen.
    await expect
      .poll(
        async () =>
          ((await core.call('batches.get', { batchId: id })) as { value: BatchSummary }).value
            .pauseReason,
        { timeout: 10_000 },
      )
      .toBe('history_gone');
    // Asked again, still refused: no resume starts a run into the lost file.
    expect(await core.call('batches.resume', { batchId: id })).toEqual(gone);
    const listed = await core.call('batches.list', {});
    expect(listed.ok).toBe(true);
  }, 30_000);

  it('is said in both languages in the window', () => {
    expect(translate('en')('error.history_gone')).toMatch(/deleted or moved/);
    expect(translate('pt-BR')('error.history_gone')).toMatch(/apagado ou movido/);
  });
});
