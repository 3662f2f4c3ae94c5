import type { DeviceRisk } from '../domain/types';
import { environmentNames as environmentKeys, type EnvironmentName } from '../environment';
import { pluralCategory } from '../plural-rule';
import { codesNotShownText } from './codes-not-shown';
import { exclusionReasons, type ExclusionReason } from './labels';
import type { ScoreReport } from './report';
import { minimumCasesForInterval } from './roc';

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
  auc: 'Area under the ROC curve',
  aucInterval: '95% interval (DeLong)',
  aucIntervalFew:
    '95% interval: not estimated, it needs at least {min} fraud and {min} legitimate cases',
  aucIntervalNoSpread:
    '95% interval: not estimated, since the scores separate fraud from legitimate completely (or tie them all), where DeLong’s interval has no width',
  aucMissing: 'No area: the report needs both fraud and legitimate cases.',
  noLabelled: 'No chart: there are no labelled cases with a score.',
  numbers: 'Show the numbers',
  rocSummary: 'ROC curve: area {auc}, over {positive} and {negative}.',
  prSummary: 'Precision and recall: average precision {ap}.',
  histogramSummary: 'Scores of {positive} and {negative} in {bins} of 0.05.',
  noCurve:
    'No curve: it needs both fraud and legitimate cases, and there are {positive} and {negative}.',
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
  noRisk: 'no risk given',
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
  auc: 'Área sob a curva ROC',
  aucInterval: 'intervalo de 95% (DeLong)',
  aucIntervalFew:
    'intervalo de 95%: não estimado, ele precisa de pelo menos {min} casos de fraude e {min} casos legítimos',
  aucIntervalNoSpread:
    'intervalo de 95%: não estimado, pois os scores separam por completo fraude de legítima (ou empatam todos), o que deixa o intervalo de DeLong sem largura',
  aucMissing: 'Sem área: o relatório precisa de casos de fraude e de casos legítimos.',
  noLabelled: 'Sem gráfico: não há casos rotulados com score.',
  numbers: 'Mostrar os números',
  rocSummary: 'Curva ROC: área {auc}, sobre {positive} e {negative}.',
  prSummary: 'Precisão e recall: precisão média {ap}.',
  histogramSummary: 'Scores de {positive} e {negative} em {bins} de 0,05.',
  noCurve:
    'Sem curva: ela precisa de casos de fraude e de casos legítimos, e há {positive} e {negative}.',
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
  noRisk: 'risco não informado',
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

/** A count's words in its singular and plural forms; `{count}` is the count, formatted. */
interface Counted {
  one: string;
  other: string;
}

/**
 * Each reason a row is left out, as a count of rows: every reason has its words in both forms
 * (the type says so), since "1 rows repeat" and "1 respondidas" read wrong. Portuguese agrees
 * with "transações" and "linhas", both feminine. `no_score` counts a 204 and a 200 that left the
 * score out (the interface allows it) alike, so its words name both.
 */
const exclusionCounts: Record<'en' | 'pt', Record<ExclusionReason, Counted>> = {
  en: {
    not_looked_up: {
      one: '{count} not looked up: never sent (the run was cancelled, is paused or has not reached it)',
      other:
        '{count} not looked up: never sent (the run was cancelled, is paused or has not reached them)',
    },
    invalid: {
      one: '{count} not sent: the import found its fields invalid',
      other: '{count} not sent: the import found their fields invalid',
    },
    failed: {
      one: '{count} looked up, but the lookup failed or was refused',
      other: '{count} looked up, but the lookup failed or was refused',
    },
    no_score: {
      one: '{count} answered without a score (204 No Content, or an answer that left the score out)',
      other:
        '{count} answered without a score (204 No Content, or an answer that left the score out)',
    },
    suspeito: {
      one: '{count} reviewed as Suspeito, left out by the setting',
      other: '{count} reviewed as Suspeito, left out by the setting',
    },
    unreviewed: {
      one: '{count} not reviewed, left out by the setting',
      other: '{count} not reviewed, left out by the setting',
    },
    repeat: {
      one: '{count} row repeats a transaction counted once (its reviewed answer, else its latest answer with a score)',
      other:
        '{count} rows repeat a transaction counted once (its reviewed answer, else its latest answer with a score)',
    },
  },
  pt: {
    not_looked_up: {
      one: '{count} não consultada: nunca enviada (a execução foi cancelada, está pausada ou ainda não chegou a ela)',
      other:
        '{count} não consultadas: nunca enviadas (a execução foi cancelada, está pausada ou ainda não chegou a elas)',
    },
    invalid: {
      one: '{count} não enviada: a importação encontrou campos inválidos',
      other: '{count} não enviadas: a importação encontrou campos inválidos',
    },
    failed: {
      one: '{count} consultada, mas a consulta falhou ou foi recusada',
      other: '{count} consultadas, mas a consulta falhou ou foi recusada',
    },
    no_score: {
      one: '{count} respondida sem score (204 Sem conteúdo, ou uma resposta que deixou o score de fora)',
      other:
        '{count} respondidas sem score (204 Sem conteúdo, ou uma resposta que deixou o score de fora)',
    },
    suspeito: {
      one: '{count} revisada como Suspeito, deixada de fora pela configuração',
      other: '{count} revisadas como Suspeito, deixadas de fora pela configuração',
    },
    unreviewed: {
      one: '{count} não revisada, deixada de fora pela configuração',
      other: '{count} não revisadas, deixadas de fora pela configuração',
    },
    repeat: {
      one: '{count} linha repete uma transação contada uma só vez (pela resposta revisada, senão pela mais recente com score)',
      other:
        '{count} linhas repetem uma transação contada uma só vez (pela resposta revisada, senão pela mais recente com score)',
    },
  },
};

/**
 * Labels scored with the answer that was reviewed although a later answer of the transaction
 * named another device (`ScoreReport.reviewedEarlier`): said beside the rows left out, so the
 * analyst knows the newer answers are not the ones counted, and how to have them counted.
 */
const reviewedEarlierCounts: Record<'en' | 'pt', Counted> = {
  en: {
    one: '{count} label is scored with the answer that was reviewed; a later answer named another device (review the newer answer to count it instead)',
    other:
      '{count} labels are scored with the answer that was reviewed; a later answer named another device (review the newer answers to count them instead)',
  },
  pt: {
    one: '{count} classificação é contada pela resposta revisada; uma resposta posterior indicou outro dispositivo (revise a resposta mais recente para contá-la no lugar)',
    other:
      '{count} classificações são contadas pelas respostas revisadas; respostas posteriores indicaram outro dispositivo (revise as respostas mais recentes para contá-las no lugar)',
  },
};

/**
 * Labelled cases whose answer gave no `deviceRisk`, said under the risk cut-off table: no cut-off
 * declines them, which is why its last row does not catch every fraud.
 */
const withoutRiskCounts: Record<'en' | 'pt', Counted> = {
  en: {
    one: '{count} labelled case came without a risk level: no risk cut-off declines it, so the table above counts it as never flagged.',
    other:
      '{count} labelled cases came without a risk level: no risk cut-off declines them, so the table above counts them as never flagged.',
  },
  pt: {
    one: '{count} caso rotulado veio sem nível de risco: nenhum corte por risco o recusa, então a tabela acima o conta como nunca sinalizado.',
    other:
      '{count} casos rotulados vieram sem nível de risco: nenhum corte por risco os recusa, então a tabela acima os conta como nunca sinalizados.',
  },
};

/**
 * The environments as the window names them (Test is Homologação in Portuguese); a custom
 * address (`dcdesk --base-url`) is shown as its URL, as on screen.
 */
const environmentNames: Record<'en' | 'pt', Record<EnvironmentName, string>> = {
  en: { sandbox: 'Sandbox', test: 'Test', production: 'Production' },
  pt: { sandbox: 'Sandbox', test: 'Homologação', production: 'Produção' },
};

/** Labelled cases of each class, and the histogram's bins, for the charts' sentences. */
const classCounts: Record<'en' | 'pt', Record<'positive' | 'negative' | 'bins', Counted>> = {
  en: {
    positive: { one: '{count} fraud case', other: '{count} fraud cases' },
    negative: { one: '{count} legitimate case', other: '{count} legitimate cases' },
    bins: { one: '{count} bin', other: '{count} bins' },
  },
  pt: {
    positive: { one: '{count} caso de fraude', other: '{count} casos de fraude' },
    negative: { one: '{count} caso legítimo', other: '{count} casos legítimos' },
    bins: { one: '{count} faixa', other: '{count} faixas' },
  },
};

/**
 * `value` as `format` writes it, but a value strictly between 0 and 1 that would print as 0 or 1
 * is said as "< 0.1%" / "> 99.9%" (`step` is the format's last digit, as a fraction): a recall of
 * 0.9995 is not every fraud caught, nor an AUC of 0.9995 a perfect separation.
 */
function notExtreme(format: Intl.NumberFormat, value: number, step: number): string {
  const shown = format.format(value);
  if (value > 0 && value < 1) {
    if (shown === format.format(1)) return `> ${format.format(1 - step)}`;
    if (shown === format.format(0)) return `< ${format.format(step)}`;
  }
  return shown;
}

/** Curve cut-offs are printed with at least 4 decimals, and never with more than this. */
const cutoffDigits = { least: 4, most: 12 };

/**
 * The fewest decimals (from 4) that print every two different `values` differently and no value
 * strictly between 0 and 1 as 0 or 1.
 */
function distinctDigits(values: ReadonlyArray<number | null>): number {
  const sorted = [...new Set(values.filter((value): value is number => value !== null))].sort(
    (a, b) => a - b,
  );
  for (let digits = cutoffDigits.least; digits < cutoffDigits.most; digits += 1) {
    const scale = 10 ** digits;
    const rounded = sorted.map((value) => Math.round(value * scale));
    const clash = rounded.some(
      (r, i) =>
        (i > 0 && r === rounded[i - 1]) ||
        (r === 0 && (sorted[i] ?? 0) > 0) ||
        (r === scale && (sorted[i] ?? 1) < 1),
    );
    if (!clash) return digits;
  }
  return cutoffDigits.most;
}

/** The reasons a row is left out, in the order the report lists them. */
export { exclusionReasons };

/** Words, and number formats of the locale: counts, shares (%) and statistics (3 decimals). */
export function reportText(locale: ReportLocale) {
  const words = locale === 'pt-BR' ? pt : en;
  const exclusions = exclusionCounts[locale === 'pt-BR' ? 'pt' : 'en'];
  const reviewedEarlier = reviewedEarlierCounts[locale === 'pt-BR' ? 'pt' : 'en'];
  const withoutRisk = withoutRiskCounts[locale === 'pt-BR' ? 'pt' : 'en'];
  const classes = classCounts[locale === 'pt-BR' ? 'pt' : 'en'];
  const environments = environmentNames[locale === 'pt-BR' ? 'pt' : 'en'];
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
  const fixedDigits = (digits: number) =>
    new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  /**
   * `forms` for `value` by the locale's rule (0 is plural in Portuguese, as the window says it),
   * never by `value === 1`.
   */
  const counted = (forms: Counted, value: number) =>
    (pluralCategory(locale, value) === 'one' ? forms.one : forms.other).replace(
      '{count}',
      count.format(value),
    );
  // Both to 3 digits (99.9%, 0.999): the last one is a thousandth.
  const share = (value: number) => notExtreme(percent, value, 0.001);
  const statistic = (value: number) => notExtreme(decimal, value, 0.001);
  return {
    t(word: ReportWord, values: Record<string, string> = {}): string {
      return words[word].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
    },
    count: (value: number) => count.format(value),
    /** `1 row repeats …` / `2 rows repeat …`, the count grouped as the locale writes it. */
    excluded: (reason: ExclusionReason, rows: number) => counted(exclusions[reason], rows),
    /** A risk level's name; null is the cases whose answer gave none. */
    riskName: (risk: DeviceRisk | null) => words[risk ?? 'noRisk'],
    /**
     * Why the risk cut-offs leave some labelled cases unflagged (`riskLevels`' row of no risk), or
     * null when every labelled case has a risk.
     */
    withoutRisk(report: Pick<ScoreReport, 'riskLevels'>): string | null {
      const rows = report.riskLevels.find((level) => level.risk === null)?.rows ?? 0;
      return rows === 0 ? null : counted(withoutRisk, rows);
    },
    /** The line under the code table on the codes it leaves out; null when it lists them all. */
    codesNotShown: (
      report: Pick<ScoreReport, 'insightCodes' | 'insightCodesNotShown'>,
      where: 'screen' | 'file' = 'file',
    ) => codesNotShownText(locale, report, where),
    /** `1 label is scored with the answer that was reviewed; …`, in the locale's plural. */
    reviewedEarlier: (labels: number) => counted(reviewedEarlier, labels),
    /**
     * The AUC's interval, or why it is not given (too few cases; no spread), after the AUC:
     * never an interval of no width. Empty when there is no AUC.
     */
    aucInterval(report: Pick<ScoreReport, 'aucInterval' | 'aucIntervalMissing'>): string {
      if (report.aucInterval !== null) {
        const [low, high] = report.aucInterval;
        return `${words.aucInterval}: ${statistic(low)} – ${statistic(high)}`;
      }
      if (report.aucIntervalMissing === 'few_cases')
        return words.aucIntervalFew.replaceAll('{min}', count.format(minimumCasesForInterval));
      if (report.aucIntervalMissing === 'no_spread') return words.aucIntervalNoSpread;
      return '';
    },
    /** A destination (`production`, or a custom URL) as the screen names it. */
    environment(destination: string): string {
      const key = environmentKeys.find((name) => name === destination);
      return key === undefined ? destination : environments[key];
    },
    /** What the ROC curve shows, with its key numbers: its name for a screen reader. */
    rocSummary(auc: number | null, labels: { positive: number; negative: number }): string {
      return words.rocSummary
        .replace('{auc}', auc === null ? words.none : statistic(auc))
        .replace('{positive}', counted(classes.positive, labels.positive))
        .replace('{negative}', counted(classes.negative, labels.negative));
    },
    prSummary(averagePrecision: number | null): string {
      return words.prSummary.replace(
        '{ap}',
        averagePrecision === null ? words.none : statistic(averagePrecision),
      );
    },
    histogramSummary(labels: { positive: number; negative: number }, bins: number): string {
      return words.histogramSummary
        .replace('{positive}', counted(classes.positive, labels.positive))
        .replace('{negative}', counted(classes.negative, labels.negative))
        .replace('{bins}', counted(classes.bins, bins));
    },
    /**
     * Why the ROC and precision–recall curves are missing, or null when they can be drawn: they
     * need cases of both classes, so one class alone is said as such, with both counts, never as
     * "no labelled cases".
     */
    noCurve(labels: { positive: number; negative: number }): string | null {
      if (labels.positive === 0 && labels.negative === 0) return words.noLabelled;
      if (labels.positive > 0 && labels.negative > 0) return null;
      return words.noCurve
        .replace('{positive}', counted(classes.positive, labels.positive))
        .replace('{negative}', counted(classes.negative, labels.negative));
    },
    percent: (value: number | null) => (value === null ? words.none : share(value)),
    decimal: (value: number | null) => (value === null ? words.none : statistic(value)),
    /** The score cut-off table's round cut-offs (0.05 apart) and the histogram's bin edges. */
    cutoff: (value: number) => twoDecimals.format(value),
    /**
     * The curves' cut-offs, which are the answers' own scores: with their 4 decimals, or more where
     * 4 would print two different scores alike, or a score below 1 as 1 (above 0 as 0).
     */
    curveCutoffs(values: ReadonlyArray<number | null>): string[] {
      const format = fixedDigits(distinctDigits(values));
      return values.map((value) => (value === null ? words.none : format.format(value)));
    },
  };
}
