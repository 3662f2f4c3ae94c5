import type { Migration } from '../migrate';

/**
 * No index of the results orders an outcome by score. A bulk outcome walks a batch's rows in
 * `seq` order, a slice per transaction; the chart index held the outcome after the score, so each
 * slice of a few thousand rows changed entries all over it, and every commit wrote most of its
 * pages again: at a million rows, the index entries of 256 slices took 57 s, against 3.8 s
 * without it (and 5.3 s with the outcome's index below). The chart index now holds no outcome;
 * the outcome's own index holds, after the outcome and `seq`, every column a filter or a chart
 * reads, so a filter on outcomes is counted along it alone (`FilterSql.chartIndex`), and a
 * slice of rows in `seq` order changes its entries in order.
 */
export const outcomeInOrder: Migration = {
  version: 24,
  name: 'outcome-in-order',
  up: `
    DROP INDEX result_index_chart;
    CREATE INDEX result_index_chart
      ON result_index (batch_key, status, risk, score, insight_set, alert_quantity);
    DROP INDEX result_index_outcome;
    CREATE INDEX result_index_outcome
      ON result_index (batch_key, outcome, seq, status, risk, score, insight_set, alert_quantity);
  `,
};
