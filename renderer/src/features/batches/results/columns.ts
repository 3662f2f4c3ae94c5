import type { ResultSortColumn } from '../../../../../shared/contract/results';
import type { MessageKey } from '../../../i18n/messages';

export interface Column {
  id:
    | 'row'
    | 'externalId'
    | 'cpf'
    | 'status'
    | 'risk'
    | 'outcome'
    | 'score'
    | 'alerts'
    | 'deviceId'
    | 'insights';
  label: MessageKey;
  /** The core's sort column, for the columns SQLite can sort by. */
  sort?: ResultSortColumn;
}

/** The results table's columns, in order; widths are in batches.css (`.result-row`). */
export const columns: readonly Column[] = [
  { id: 'row', label: 'batches.col.row', sort: 'row' },
  { id: 'externalId', label: 'batches.col.externalId', sort: 'externalId' },
  { id: 'cpf', label: 'batches.col.cpf' },
  { id: 'status', label: 'batches.col.status', sort: 'status' },
  { id: 'risk', label: 'batches.col.risk', sort: 'deviceRisk' },
  { id: 'outcome', label: 'batches.col.outcome', sort: 'outcome' },
  { id: 'score', label: 'batches.col.score', sort: 'score' },
  { id: 'alerts', label: 'batches.col.alerts', sort: 'alertQuantity' },
  { id: 'deviceId', label: 'batches.col.deviceId' },
  { id: 'insights', label: 'batches.col.insights' },
];

/** Every row is this tall: what lets the table skip the rows out of view. */
export const rowHeight = 34;
