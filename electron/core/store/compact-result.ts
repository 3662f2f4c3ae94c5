import type { InsightResult } from '../../../shared/domain/types';
import type { Db } from './db';
import { resultFromColumns } from './migrations/0013-compact-answers';

/** What a lookup stores of its answer (migration 0013), as `lookups`' columns are bound. */
export interface StoredResult {
  deviceId: string | null;
  deviceRisk: string | null;
  score: number | null;
  alertQuantity: number | null;
  deviceAge: number | null;
  smartId: string | null;
  /** The codes joined with spaces, as the results table shows them. */
  insights: string | null;
  similarScores: string | null;
  similarDevices: string | null;
  /** The answer's JSON, only when the columns cannot give it back byte for byte. */
  storedResult: string | null;
}

function columnsOf(result: InsightResult | null): Omit<StoredResult, 'storedResult'> {
  const similar = result?.similarityResult ?? null;
  return {
    deviceId: result?.deviceID ?? null,
    deviceRisk: result?.deviceRisk ?? null,
    score: result?.score ?? null,
    alertQuantity: result?.alertQuantity ?? null,
    deviceAge: result?.deviceAge ?? null,
    smartId: result?.smartID ?? null,
    insights: result ? result.insights.join(' ') : null,
    similarScores: similar ? JSON.stringify(similar.maximumScore) : null,
    similarDevices: similar ? JSON.stringify(similar.similarDevices) : null,
  };
}

/**
 * The columns to store for an answer. SQLite itself puts the JSON together from them, as
 * `lookups.result_json` will (the values cast as the columns store them); an answer whose JSON
 * that does not give back byte for byte keeps it whole, as `compact-request.ts` does for requests.
 */
export function compactResult(db: Db): (result: InsightResult | null) => StoredResult {
  const rebuilt = db
    .prepare<[Omit<StoredResult, 'storedResult'>], string | null>(
      `SELECT ${resultFromColumns('v.')} FROM (SELECT @deviceId AS device_id, @insights AS insights,
         CAST(@alertQuantity AS INTEGER) AS alert_quantity, CAST(@deviceAge AS INTEGER) AS device_age,
         @deviceRisk AS device_risk, CAST(@score AS REAL) AS score, @smartId AS smart_id,
         @similarScores AS similar_scores, @similarDevices AS similar_devices) v`,
    )
    .pluck();
  return (result) => {
    const columns = columnsOf(result);
    if (!result) return { ...columns, storedResult: null };
    const json = JSON.stringify(result);
    return rebuilt.get(columns) === json
      ? { ...columns, storedResult: null }
      : { ...columns, similarScores: null, similarDevices: null, storedResult: json };
  };
}
