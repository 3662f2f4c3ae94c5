import type { Migration } from '../migrate';
import { initial } from './0001-initial';
import { settings } from './0002-settings';
import { resultIndex } from './0003-result-index';
import { outcomesUploads } from './0004-outcomes-uploads';
import { integrityChecks } from './0005-integrity-checks';
import { batchLease } from './0006-batch-lease';
import { answerChecks } from './0007-answer-checks';
import { customEndpoints } from './0008-custom-endpoints';
import { legitimateReview } from './0009-legitimate-review';
import { compactRows } from './0010-compact-rows';
import { chartCounts } from './0011-chart-counts';
import { searchNocase } from './0012-search-nocase';
import { compactAnswers } from './0013-compact-answers';
import { outcomeTrail } from './0014-outcome-trail';
import { batchStoring } from './0015-batch-storing';
import { insightSets } from './0016-insight-sets';
import { batchSkipRecent } from './0017-batch-skip-recent';
import { outcomeReindex } from './0018-outcome-reindex';
import { deviceCheckIndex } from './0019-device-check-index';
import { outcomesPerEnvironment } from './0020-outcomes-per-environment';
import { trailOrder } from './0021-trail-order';
import { uploadTrace } from './0022-upload-trace';
import { outcomeDevice } from './0023-outcome-device';
import { outcomeInOrder } from './0024-outcome-in-order';
import { uploadSender } from './0025-upload-sender';
import { teamAnswerKey } from './0026-team-answer-key';

/** Every migration, in order. Forward only: a shipped migration is never edited, only followed. */
export const migrations: readonly Migration[] = [
  initial,
  settings,
  resultIndex,
  outcomesUploads,
  integrityChecks,
  batchLease,
  answerChecks,
  customEndpoints,
  legitimateReview,
  compactRows,
  chartCounts,
  searchNocase,
  compactAnswers,
  outcomeTrail,
  batchStoring,
  insightSets,
  batchSkipRecent,
  outcomeReindex,
  deviceCheckIndex,
  outcomesPerEnvironment,
  trailOrder,
  uploadTrace,
  outcomeDevice,
  outcomeInOrder,
  uploadSender,
  teamAnswerKey,
];
