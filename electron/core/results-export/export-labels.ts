import type { RowStatusName } from '../../../shared/contract/results';
import type { DeviceRisk, ReviewOutcome } from '../../../shared/domain/types';
import type { OutputRecord } from '../bulk/output';

/** The languages of the app's result files, as the interface has them. */
export type ExportLanguage = 'en' | 'pt-BR';

interface Words {
  headers: Record<keyof OutputRecord, string>;
  status: Record<RowStatusName | 'pending', string>;
  risk: Record<DeviceRisk, string>;
  /**
   * Review states. The three outcomes are the service's own words and stay as they are in both
   * languages (an analyst sends them exactly so); `Legítima` is a local state, so it is translated
   * as the review screen translates it.
   */
  review: Record<ReviewOutcome, string>;
  /** The xlsx sheet names: the results, and the failed rows to import again. */
  sheets: { results: string; failed: string };
}

/**
 * The words of the results export, the same as the results screen and the review screen use
 * (renderer/src/features/batches/messages-results.ts, review/messages.ts): a column or a state is
 * called the same on screen and in the file. The outcome column keeps a name the outcomes import
 * recognises in both languages (`Outcome`, `Resultado`), so the file can be imported back.
 */
export const exportWords: Record<ExportLanguage, Words> = {
  en: {
    headers: {
      row: 'Row',
      externalID: 'External ID',
      sessionID: 'Session ID',
      status: 'Status',
      httpStatus: 'HTTP status',
      deviceID: 'Device ID',
      insights: 'Insights',
      alertQuantity: 'Alerts',
      deviceAge: 'Device age',
      deviceRisk: 'Device risk',
      score: 'Score',
      smartID: 'Smart ID',
      similarDevices: 'Similar devices',
      maximumScore: 'Maximum score',
      messages: 'Messages',
      Resultado: 'Outcome',
      outcomeSetAt: 'Outcome set at',
    },
    status: {
      ok: 'Answered',
      no_content: 'No content',
      invalid: 'Invalid',
      rejected: 'Rejected',
      failed: 'Failed',
      pending: 'Pending',
    },
    risk: { low: 'Low', medium: 'Medium', high: 'High', undefined: 'Undefined' },
    review: {
      Suspeito: 'Suspeito',
      'Fraude Confirmada': 'Fraude Confirmada',
      'Device Positivado': 'Device Positivado',
      Legítima: 'Legitimate',
    },
    sheets: { results: 'Results', failed: 'Failed' },
  },
  'pt-BR': {
    headers: {
      row: 'Linha',
      externalID: 'ID externo',
      sessionID: 'ID da sessão',
      status: 'Situação',
      httpStatus: 'Status HTTP',
      deviceID: 'ID do dispositivo',
      insights: 'Insights',
      alertQuantity: 'Alertas',
      deviceAge: 'Idade do dispositivo',
      deviceRisk: 'Risco do dispositivo',
      score: 'Score',
      smartID: 'Smart ID',
      similarDevices: 'Dispositivos semelhantes',
      maximumScore: 'Score máximo',
      messages: 'Mensagens',
      Resultado: 'Resultado',
      outcomeSetAt: 'Resultado marcado em',
    },
    status: {
      ok: 'Respondida',
      no_content: 'Sem conteúdo',
      invalid: 'Inválida',
      rejected: 'Recusada',
      failed: 'Com falha',
      pending: 'Pendente',
    },
    risk: { low: 'Baixo', medium: 'Médio', high: 'Alto', undefined: 'Indefinido' },
    review: {
      Suspeito: 'Suspeito',
      'Fraude Confirmada': 'Fraude Confirmada',
      'Device Positivado': 'Device Positivado',
      Legítima: 'Legítima',
    },
    sheets: { results: 'Resultados', failed: 'Com falha' },
  },
};
