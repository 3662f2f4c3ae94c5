import { describe, expect, it } from 'vitest';
import type { UploadCheck, UploadView } from '../../../../shared/contract/outcomes';
import { translate as translator } from '../../i18n/translate';
import { guardSentences } from './guard-text';

const line = (id: number, status: UploadView['status']): UploadView => ({
  id,
  createdAt: '2025-03-01T10:00:00Z',
  fileName: 'f.csv',
  kind: 'csv',
  rows: 2,
  sha256: 'a'.repeat(64),
  environment: 'test',
  status,
  httpStatus: status === 'sent' ? 200 : null,
  messages: [],
  answer: null,
  resentFrom: null,
  analyst: null,
  traceId: null,
  mayHaveArrived: false,
});

const check = (uploads: UploadView[]): UploadCheck => ({
  fileName: 'f.csv',
  rows: 2,
  sha256: 'a'.repeat(64),
  environment: 'test',
  problems: [],
  foreignDevices: { count: 0, examples: [] },
  unseenDevices: { count: 0, examples: [] },
  sameFile: uploads,
  repeatedTransactions: 2,
  repeatedIn: uploads,
  changedSince: 0,
});

// Found by an outside tester: while a file was on its way, the screen said it was "already
// accepted" and that "the app stopped", about its own send.
describe('guardSentences of a file whose send is on its way', () => {
  it('says it is being sent, never accepted nor unanswered', () => {
    expect(guardSentences(check([line(7, 'sending')]), translator('en'), 'en')).toEqual([
      'This same file is being sent to Test right now (upload #7): wait for the service’s answer.',
      '2 of its 2 transactions are being sent to Test right now, in upload #7: wait for the service’s answer.',
    ]);
    expect(guardSentences(check([line(7, 'sending')]), translator('pt-BR'), 'pt-BR')).toEqual([
      'Este mesmo arquivo está sendo enviado para Homologação agora (envio nº 7): aguarde a resposta do serviço.',
      '2 das suas 2 transações estão sendo enviadas para Homologação agora, no envio nº 7: aguarde a resposta do serviço.',
    ]);
  });

  it('still says when an earlier upload got no answer', () => {
    const sentences = guardSentences(
      check([line(3, 'failed'), line(7, 'sending')]),
      translator('en'),
      'en',
    );
    expect(sentences[0]).toMatch(
      /^This same file was already accepted by Test on .*\(upload #3\)\.$/,
    );
    expect(sentences[1]).toBe(
      'This same file is being sent to Test right now (upload #7): wait for the service’s answer.',
    );
    expect(sentences.at(-1)).toMatch(/^Some of those uploads got no answer/);
  });
});
