import { describe, expect, it } from 'vitest';
import type { UploadCheck, UploadView } from '../../../../shared/contract/outcomes';
import { translate as translator } from '../../i18n/translate';
import { guardQuestion, guardSentences } from './guard-text';

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
      'All 2 of its transactions are being sent to Test right now, in upload #7: wait for the service’s answer.',
    ]);
    expect(guardSentences(check([line(7, 'sending')]), translator('pt-BR'), 'pt-BR')).toEqual([
      'Este mesmo arquivo está sendo enviado para Homologação agora (envio nº 7): aguarde a resposta do serviço.',
      'Todas as suas 2 transações estão sendo enviadas para Homologação agora, no envio nº 7: aguarde a resposta do serviço.',
    ]);
  });

  it('still says when an earlier upload got no answer, never that it was accepted', () => {
    const sentences = guardSentences(
      check([line(3, 'failed'), line(7, 'sending')]),
      translator('en'),
      'en',
    );
    expect(sentences[0]).toMatch(
      /^This same file was sent to Test on .*\(upload #3\) and got no answer: the service may have received it\.$/,
    );
    expect(sentences[1]).toBe(
      'This same file is being sent to Test right now (upload #7): wait for the service’s answer.',
    );
    expect(sentences.join(' ')).not.toContain('accepted');
  });
});

const unanswered = (id: number) => ({ ...line(id, 'failed'), mayHaveArrived: true });

// Found by an outside tester (attack e3): uploads that got no answer were said to be "already
// accepted", in both languages; and "1 da sua 1 transação" read badly.
describe('guardSentences by what each earlier upload got', () => {
  it('says unanswered uploads may have arrived, accepted ones were accepted', () => {
    const en = translator('en');
    expect(guardSentences(check([unanswered(1)]), en, 'en')).toEqual([
      expect.stringMatching(
        /^This same file was sent to Test on .* \(upload #1\) and got no answer: the service may have received it\.$/,
      ),
      'All 2 of its transactions went to Test with no answer, in upload #1: the service may have received them.',
    ]);
    const pt = guardSentences(check([unanswered(1)]), translator('pt-BR'), 'pt-BR');
    expect(pt).toEqual([
      expect.stringMatching(
        /^Este mesmo arquivo foi enviado para Homologação em .* \(envio nº 1\) e ficou sem resposta: o serviço pode tê-lo recebido\.$/,
      ),
      'Todas as suas 2 transações foram enviadas para Homologação sem resposta, no envio nº 1: o serviço pode tê-las recebido.',
    ]);
    expect(pt.join(' ')).not.toContain('aceit');
  });

  it('names which uploads accepted and which got no answer when both did', () => {
    const mixed = { ...check([]), repeatedIn: [line(2, 'sent'), unanswered(1)] };
    expect(guardSentences(mixed, translator('en'), 'en')).toEqual([
      'All 2 of its transactions were already sent to Test: accepted in upload #2; with no answer, and maybe received, in upload #1.',
    ]);
    expect(guardSentences(mixed, translator('pt-BR'), 'pt-BR')).toEqual([
      'Todas as suas 2 transações já foram enviadas para Homologação: aceitas no envio nº 2; sem resposta, e talvez recebidas, no envio nº 1.',
    ]);
  });

  it('writes one transaction, and some of several, naturally', () => {
    const one = { ...check([]), rows: 1, repeatedTransactions: 1, repeatedIn: [line(4, 'sent')] };
    expect(guardSentences(one, translator('en'), 'en')).toEqual([
      'Its only transaction was already accepted by Test, in upload #4.',
    ]);
    expect(guardSentences(one, translator('pt-BR'), 'pt-BR')).toEqual([
      'Sua única transação já foi aceita por Homologação, no envio nº 4.',
    ]);
    const some = { ...one, rows: 1200 };
    expect(guardSentences(some, translator('pt-BR'), 'pt-BR')).toEqual([
      '1 das suas 1.200 transações já foi aceita por Homologação, no envio nº 4.',
    ]);
    expect(guardSentences(some, translator('en'), 'en')).toEqual([
      '1 of its 1,200 transactions was already accepted by Test, in upload #4.',
    ]);
  });
});

// Found by an outside tester (attack e3): a correction (sent as Suspeito, now Fraude Confirmada)
// was said to report "the same outcomes twice".
describe('guardQuestion', () => {
  const base = { ...check([]), repeatedIn: [line(1, 'sent')] };
  it('tells a correction apart from the same outcome sent twice', () => {
    const corrected = { ...base, correctedTransactions: 2 };
    expect(guardQuestion(corrected, translator('en'))).toBe(
      'Sending it reports 2 corrected outcomes: the service then has the new ones after those sent before.',
    );
    expect(
      guardQuestion(
        { ...corrected, correctedTransactions: 1, repeatedTransactions: 1 },
        translator('pt-BR'),
      ),
    ).toBe(
      'Enviá-lo reporta um resultado corrigido: o serviço passa a ter o novo depois do enviado antes.',
    );
    const some = { ...base, correctedTransactions: 1 };
    expect(guardQuestion(some, translator('en'))).toBe(
      'Sending again reports 1 outcome twice, and 1 corrected outcome.',
    );
    expect(guardQuestion(some, translator('pt-BR'))).toBe(
      'Enviar de novo reporta 1 resultado duas vezes, e 1 resultado corrigido.',
    );
    expect(guardQuestion(base, translator('en'))).toBe(
      'Sending again reports the same outcomes twice.',
    );
    expect(
      guardQuestion({ ...base, repeatedTransactions: 0, changedSince: 1 }, translator('en')),
    ).toBeNull();
  });
});
