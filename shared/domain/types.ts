/** Types of the Device Check Service interface (spec sections 2.3 to 2.8). */

/** Phone of a transaction (2.4). When `number` is given, both codes are required. */
export interface Phone {
  countryCode: string;
  cityCode: string;
  number: string;
}

/** The request body of an insight lookup (2.3), already normalised and valid. */
export interface Transaction {
  sessionID: string;
  externalID: string;
  cpf?: string;
  email?: string;
  phone?: Phone;
  zipCode?: string;
}

/**
 * A transaction as an analyst gives it: from a spreadsheet row or command-line flags, every value
 * text, possibly formatted (`123.456.789-09`, `+55 (11) 98765-4321`, `01310-100`). The phone may
 * come whole (`phone`) or in parts (`countryCode`, `cityCode`, `phoneNumber`).
 */
export interface RawTransaction {
  sessionID?: string;
  externalID?: string;
  cpf?: string;
  email?: string;
  phone?: string;
  countryCode?: string;
  cityCode?: string;
  phoneNumber?: string;
  zipCode?: string;
}

export const deviceRisks = ['undefined', 'low', 'medium', 'high'] as const;
export type DeviceRisk = (typeof deviceRisks)[number];

/** Similarity data (2.6). `maximumScore` elements appear as numbers; objects are reduced to one. */
export interface SimilarityResult {
  deviceID: string | null;
  maximumScore: number[];
  similarDevices: string[];
}

/**
 * An insight answer (2.5) that conforms to the interface: what is absent is null (or an empty
 * list). Fields the interface does not name are not kept here; the lookup keeps a capped copy of
 * the body as it came.
 */
export interface InsightResult {
  deviceID: string | null;
  insights: string[];
  alertQuantity: number | null;
  deviceAge: number | null;
  deviceRisk: DeviceRisk | null;
  score: number | null;
  smartID: string | null;
  similarityResult: SimilarityResult | null;
}

/** The service's error body (2.8), with `Detail` split into its messages. */
export interface Problem {
  title: string | null;
  status: number | null;
  detail: string | null;
  messages: string[];
  instance: string | null;
  traceId: string | null;
}

export const outcomes = ['Suspeito', 'Fraude Confirmada', 'Device Positivado'] as const;
export type Outcome = (typeof outcomes)[number];

/**
 * What an analyst can set in review: the three outcomes the service takes, and `Legítima`
 * (reviewed as legitimate), a local state that labels the score report and is never sent.
 */
export const reviewOutcomes = [...outcomes, 'Legítima'] as const;
export type ReviewOutcome = (typeof reviewOutcomes)[number];

/** One row of a response-variable file (2.7). */
export interface ResponseVariableRow {
  transactionId: string;
  deviceId: string;
  outcome: Outcome;
}
