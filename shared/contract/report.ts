import { z } from 'zod';
import { environmentNames, type Destination } from '../environment';
import type { ScoreReport } from '../report/report';
import { resultFilterSchema } from './results';

/** Whose cases a report covers when no batch is given: an environment, or a custom address. */
const destinationSchema = z.union([
  z.enum(environmentNames),
  z
    .string()
    .max(2048)
    .regex(/^https?:\/\/\S+$/u, 'an environment name or an http(s) address')
    .transform((url) => url.replace(/\/+$/u, '') as Destination),
]);

const reportQueryShape = {
  batchId: z.string().min(1).max(64).optional(),
  environment: destinationSchema.optional(),
  /** The results screen's filter: only the rows of the batch it shows (needs `batchId`). */
  filter: resultFilterSchema.optional(),
  suspeito: z.enum(['fraud', 'exclude']).default('fraud'),
  unreviewed: z.enum(['legit', 'exclude']).default('legit'),
};

/** `report.get`: the cases of one batch, else of every batch of a destination (default: active). */
export const reportQuerySchema = z.object(reportQueryShape).strict();
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/**
 * The page (`html`), the page printed (`pdf`), or every insight code as CSV (`csv`): the screen
 * and the page list the codes on most rows only (shared/report/code-limit.ts).
 */
export const reportFormats = ['html', 'pdf', 'csv'] as const;
export type ReportFormat = (typeof reportFormats)[number];

/**
 * `report.export`: the same report as a file, in the analyst's language. `figuresId` is the one
 * `report.get` gave with the figures on screen: the file is made only while the history still
 * gives those figures, so what is saved is what the analyst saw (outcomes set meanwhile, here or
 * in another window, are refused as `stale`).
 */
export const reportExportSchema = z
  .object({
    ...reportQueryShape,
    format: z.enum(reportFormats),
    locale: z.enum(['en-US', 'pt-BR']).default('en-US'),
    figuresId: z.string().regex(/^[0-9a-f]{64}$/u, 'the figuresId report.get gave'),
  })
  .strict();
export type ReportExportQuery = z.infer<typeof reportExportSchema>;

/** The score report with what it covers: its destination and batch (null: every batch). */
export interface ReportView extends ScoreReport {
  environment: Destination;
  batch: string | null;
}

/** `report.get`'s answer: the report, and a digest of its figures that a save names. */
export interface ShownReport extends ReportView {
  figuresId: string;
}
