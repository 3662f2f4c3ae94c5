import { z } from 'zod';
import { environmentNames, type Destination } from '../environment';
import type { ScoreReport } from '../report/report';

/** Whose cases a report covers when no batch is given: an environment, or a custom address. */
const destinationSchema = z.union([
  z.enum(environmentNames),
  z
    .string()
    .max(2048)
    .regex(/^https?:\/\/\S+$/u, 'an environment name or an http(s) address')
    .transform((url) => url.replace(/\/+$/u, '') as Destination),
]);

/** `report.get`: the cases of one batch, else of every batch of a destination (default: active). */
export const reportQuerySchema = z
  .object({
    batchId: z.string().min(1).max(64).optional(),
    environment: destinationSchema.optional(),
    suspeito: z.enum(['fraud', 'exclude']).default('fraud'),
    unreviewed: z.enum(['legit', 'exclude']).default('legit'),
  })
  .strict();
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** The score report with what it covers: its destination and batch (null: every batch). */
export interface ReportView extends ScoreReport {
  environment: Destination;
  batch: string | null;
}
