/**
 * What `dcdesk report` says around its figures: why there is no AUC and what to do about it, and
 * the AUC's interval or why there is none. Apart from the command, so it is tested without a history.
 */
import { counted } from '../../shared/count-text';
import type { ReportView } from '../../shared/contract/report';
import type { LabelOptions } from '../../shared/report/labels';
import { reportText } from '../../shared/report/report-text';
import { minimumCasesForInterval } from '../../shared/report/roc';
import { shown } from './escape-text';

/** The exported page's statistic format: 0.9996 is "> 0.999", never "1.000". */
const fixed = (value: number) => reportText('en-US').decimal(value);

/**
 * Why there is no AUC, with what to do: worded for the flags actually given, and naming only what
 * can be done (dcdesk imports the service's three outcomes; `Legítima` is set in the app only).
 */
export function aucMissingText(view: ReportView, labels: LabelOptions): string | null {
  if (view.aucMissing === null) return null;
  const { positive, negative, excluded } = view.labels;
  // Nothing answered at all: reviewing is not the next step, a batch is.
  if (positive + negative + excluded === 0)
    return `no AUC: ${view.batch === null ? `the history holds no answered transaction of ${shown(view.environment)}` : `batch ${view.batch} holds no answered transaction`}. Look some up first (dcdesk bulk FILE).`;
  if (view.aucMissing === 'no_positives') {
    const suspeito = view.excludedBy.suspeito;
    const dropSuspeito =
      labels.suspeito === 'exclude' && suspeito > 0
        ? ` or drop --suspeito exclude to count the ${counted(suspeito, 'transaction')} reviewed as Suspeito as fraud`
        : '';
    return `no AUC: no scored transaction is labelled fraud. Import outcomes with Fraude Confirmada or Device Positivado (dcdesk outcomes import FILE)${dropSuspeito}.`;
  }
  const unreviewed = view.excludedBy.unreviewed;
  if (labels.unreviewed === 'exclude')
    return `no AUC: no scored transaction is labelled legitimate: --unreviewed exclude left out ${unreviewed === 0 ? 'the answered transactions no one reviewed, and there are none' : `the ${counted(unreviewed, 'answered transaction')} no one reviewed`}. ${unreviewed === 0 ? 'Look up transactions that are not fraud (dcdesk bulk FILE)' : 'Drop --unreviewed exclude to count them as legitimate'}, or review some as Legítima in the app (dcdesk cannot set it).`;
  // By default a transaction no one reviewed counts as legitimate: every scored one is reviewed
  // as fraud (or Suspeito), so the next step is transactions that are not.
  return `no AUC: no scored transaction is labelled legitimate: every scored transaction is reviewed as fraud or Suspeito, and an answered transaction no one reviewed would count as legitimate. Look up transactions that are not fraud (dcdesk bulk FILE), or review some as Legítima in the app (dcdesk cannot set it).`;
}

/** The interval after the AUC, or why there is none: never a width of 0 read as certainty. */
export function intervalText(view: ReportView): string {
  if (view.aucInterval !== null)
    return ` (95% ${fixed(view.aucInterval[0])}–${fixed(view.aucInterval[1])})`;
  if (view.aucIntervalMissing === 'few_cases')
    return ` (95% interval not estimated: it needs at least ${String(minimumCasesForInterval)} fraud and ${String(minimumCasesForInterval)} legitimate cases)`;
  if (view.aucIntervalMissing === 'no_spread')
    return ' (95% interval not estimated: the scores separate fraud from legitimate completely, or tie them all, and DeLong’s interval has no width)';
  return '';
}
