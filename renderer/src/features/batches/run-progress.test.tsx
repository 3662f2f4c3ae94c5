import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BatchSummary } from '../../../../shared/contract/results';
import { I18nProvider } from '../../i18n/i18n';
import type { Locale } from '../../i18n/messages';
import { speedOf } from './batch-events';
import { RunProgress } from './run-progress';

const running: BatchSummary = {
  id: 'b1',
  sourceName: 'pedidos.csv',
  environment: 'sandbox',
  state: 'running',
  pauseReason: null,
  pauseMessage: null,
  live: true,
  deleting: false,
  counts: {
    total: 10,
    done: 2,
    ok: 2,
    noContent: 0,
    invalid: 0,
    rejected: 0,
    failed: 0,
    remaining: 8,
  },
  storing: null,
  createdAt: '2026-11-27T08:00:00.000Z',
  startedAt: '2026-11-27T08:00:00.000Z',
  finishedAt: null,
};

const shown = (locale: Locale, wait: 'service' | 'history' = 'service') => {
  const speed = speedOf({
    type: 'progress',
    batchId: 'b1',
    counts: running.counts,
    rowsPerSecond: 0,
    etaSeconds: null,
    ...(wait === 'service'
      ? { serviceWait: { status: 429, seconds: 30 } }
      : { historyWait: true as const }),
  });
  return renderToStaticMarkup(
    <I18nProvider locale={locale}>
      <RunProgress batch={running} speed={speed ?? undefined} />
    </I18nProvider>,
  );
};

// Found by an outside tester: a service answering 429 with Retry-After 30 showed "0 rows/s ·
// Estimating…" for 80 s, with no word of why nothing moved.
describe('a run the service asked to wait', () => {
  it('says the service is limiting requests and how long it asked to wait, in both languages', () => {
    expect(shown('en')).toContain(
      'The service asked to wait 30 s (HTTP 429): the rows are sent again after that.',
    );
    expect(shown('pt-BR')).toContain(
      'O serviço pediu para esperar 30 s (HTTP 429): as linhas são enviadas de novo depois disso.',
    );
  });
});

// A run whose answers could not be stored while another process held the history's lock showed
// nothing but a rate falling to 0 rows/s, for as long as that process wrote.
describe('a run waiting for another process writing the history', () => {
  it('says so, that the answers are kept and when it goes on, in both languages', () => {
    expect(shown('en', 'history')).toContain(
      'Waiting for another process that is writing the history (another dcdesk, or another copy of the app): the answers received are kept, and the run goes on as soon as it is done. Pause and Cancel still work.',
    );
    expect(shown('pt-BR', 'history')).toContain(
      'Aguardando outro processo que está gravando o histórico (outro dcdesk ou outra cópia do aplicativo): as respostas recebidas são mantidas, e a execução continua assim que ele terminar. Pausar e Cancelar continuam funcionando.',
    );
    expect(shown('en', 'service')).not.toContain('Waiting for another process');
  });
});
