// São Paulo's clock (UTC−3, no summer time since 2019), so the local date and UTC's differ after 21:00.
process.env.TZ = 'America/Sao_Paulo';

import { describe, expect, it } from 'vitest';
import type { ReportView } from '../../../shared/contract/report';
import { scoreReport } from '../../../shared/report/report';
import { reportFileName } from './report-file';

const view: ReportView = {
  ...scoreReport([], { suspeito: 'fraud', unreviewed: 'legit' }),
  environment: 'sandbox',
  batch: null,
};

describe('reportFileName', () => {
  // After 21:00 in São Paulo the UTC date is tomorrow's, while the page says today.
  it('carries the analyst’s local date, as the page does', () => {
    const lateEvening = new Date('2026-11-24T01:30:00Z'); // 22:30 on 23 November in São Paulo
    expect(reportFileName(view, 'html', lateEvening)).toBe('report-sandbox-all-2026-11-23.html');
    const morning = new Date('2026-11-24T12:00:00Z');
    expect(reportFileName(view, 'pdf', morning)).toBe('report-sandbox-all-2026-11-24.pdf');
  });
});
