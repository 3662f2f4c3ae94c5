import { exclusionReasons, type ExclusionReason } from './labels';

/** The report's words in both languages; numbers are formatted by the locale. */
export type ReportLocale = 'en-US' | 'pt-BR';

const en = {
  title: 'Score performance',
  scope: 'Environment {environment} · {batch}',
  allBatches: 'all batches',
  batch: 'batch {id}',
  generated: 'Generated {date}',
  labels: 'Labels',
  positive: 'Fraud',
  negative: 'Legitimate',
  excluded: 'Excluded',
  excludedNotLookedUp:
    'not looked up: never sent (the run was cancelled, is paused or has not reached them)',
  excludedInvalid: 'not sent: the import found their fields invalid',
  excludedFailed: 'looked up, but the lookup failed or was refused',
  excludedNoScore: 'answered without a score (204 No Content)',
  excludedSuspeito: 'reviewed as Suspeito, left out by the setting',
  excludedUnreviewed: 'not reviewed, left out by the setting',
  excludedRepeat: 'rows repeat a transaction counted once (its latest answer with a score)',
  auc: 'Area under the ROC curve',
  aucInterval: '95% interval (DeLong)',
  aucMissing: 'No area: the report needs both fraud and legitimate cases.',
  averagePrecision: 'Average precision',
  roc: 'ROC curve',
  falsePositiveRate: 'False positive rate',
  truePositiveRate: 'Fraud caught (recall)',
  precisionRecall: 'Precision and recall',
  precision: 'Precision',
  recall: 'Recall',
  thresholds: 'Declining at a score cut-off',
  score: 'Score ≥',
  flagged: 'Flagged',
  share: 'Share of traffic',
  riskThresholds: 'Declining at a risk level',
  risk: 'Risk ≥',
  riskLevel: 'Risk',
  high: 'high',
  medium: 'medium',
  low: 'low',
  undefined: 'undefined',
  riskLevels: 'Fraud rate by risk level',
  rows: 'Rows',
  fraud: 'Fraud',
  fraudRate: 'Fraud rate',
  lift: 'Lift',
  interval: '95% interval (Wilson)',
  insightCodes: 'Insight codes',
  code: 'Code',
  small: 'few rows',
  alerts: 'Fraud rate by alert quantity',
  alertQuantity: 'Alerts',
  ages: 'Fraud rate by device age',
  age: 'Device age',
  histogram: 'Scores of fraud and legitimate cases',
  count: 'Cases',
  none: '—',
  unknown: 'unknown',
  'under-1d': 'under 1 day',
  '1-7d': '1 to 7 days',
  '7-30d': '7 to 30 days',
  '30-90d': '30 to 90 days',
  '90-365d': '90 days to 1 year',
  'over-1y': 'over 1 year',
};
type Words = typeof en;

const pt: Words = {
  title: 'Desempenho do score',
  scope: 'Ambiente {environment} · {batch}',
  allBatches: 'todos os lotes',
  batch: 'lote {id}',
  generated: 'Gerado em {date}',
  labels: 'Rótulos',
  positive: 'Fraude',
  negative: 'Legítima',
  excluded: 'Fora do relatório',
  excludedNotLookedUp:
    'não consultadas: nunca enviadas (a execução foi cancelada, está pausada ou ainda não chegou a elas)',
  excludedInvalid: 'não enviadas: a importação encontrou campos inválidos',
  excludedFailed: 'consultadas, mas a consulta falhou ou foi recusada',
  excludedNoScore: 'respondidas sem score (204 Sem conteúdo)',
  excludedSuspeito: 'revisadas como Suspeito, deixadas de fora pela configuração',
  excludedUnreviewed: 'não revisadas, deixadas de fora pela configuração',
  excludedRepeat:
    'linhas repetem uma transação contada uma só vez (pela resposta mais recente com score)',
  auc: 'Área sob a curva ROC',
  aucInterval: 'intervalo de 95% (DeLong)',
  aucMissing: 'Sem área: o relatório precisa de casos de fraude e de casos legítimos.',
  averagePrecision: 'Precisão média',
  roc: 'Curva ROC',
  falsePositiveRate: 'Taxa de falsos positivos',
  truePositiveRate: 'Fraude detectada (recall)',
  precisionRecall: 'Precisão e recall',
  precision: 'Precisão',
  recall: 'Recall',
  thresholds: 'Recusar a partir de um score',
  score: 'Score ≥',
  flagged: 'Sinalizadas',
  share: 'Parcela do tráfego',
  riskThresholds: 'Recusar a partir de um nível de risco',
  risk: 'Risco ≥',
  riskLevel: 'Risco',
  high: 'alto',
  medium: 'médio',
  low: 'baixo',
  undefined: 'indefinido',
  riskLevels: 'Taxa de fraude por nível de risco',
  rows: 'Linhas',
  fraud: 'Fraudes',
  fraudRate: 'Taxa de fraude',
  lift: 'Lift',
  interval: 'intervalo de 95% (Wilson)',
  insightCodes: 'Códigos de insight',
  code: 'Código',
  small: 'poucas linhas',
  alerts: 'Taxa de fraude por quantidade de alertas',
  alertQuantity: 'Alertas',
  ages: 'Taxa de fraude por idade do dispositivo',
  age: 'Idade do dispositivo',
  histogram: 'Scores dos casos de fraude e legítimos',
  count: 'Casos',
  none: '—',
  unknown: 'desconhecida',
  'under-1d': 'menos de 1 dia',
  '1-7d': '1 a 7 dias',
  '7-30d': '7 a 30 dias',
  '30-90d': '30 a 90 dias',
  '90-365d': '90 dias a 1 ano',
  'over-1y': 'mais de 1 ano',
};

export type ReportWord = keyof Words;

/** The words of each reason a row is left out: every reason has its own (the type says so). */
const exclusionWordOf: Record<ExclusionReason, ReportWord> = {
  not_looked_up: 'excludedNotLookedUp',
  invalid: 'excludedInvalid',
  failed: 'excludedFailed',
  no_score: 'excludedNoScore',
  suspeito: 'excludedSuspeito',
  unreviewed: 'excludedUnreviewed',
  repeat: 'excludedRepeat',
};

/** Each reason with its words, in the order the report lists them. */
export const exclusionWords = exclusionReasons.map(
  (reason) => [reason, exclusionWordOf[reason]] as const,
);

/** Words, and number formats of the locale: counts, shares (%) and statistics (3 decimals). */
export function reportText(locale: ReportLocale) {
  const words = locale === 'pt-BR' ? pt : en;
  const count = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const decimal = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  });
  const twoDecimals = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return {
    t(word: ReportWord, values: Record<string, string> = {}): string {
      return words[word].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
    },
    count: (value: number) => count.format(value),
    percent: (value: number | null) => (value === null ? words.none : percent.format(value)),
    decimal: (value: number | null) => (value === null ? words.none : decimal.format(value)),
    cutoff: (value: number) => twoDecimals.format(value),
  };
}
