/** The pure domain rules of the Device Check Service, usable in Node and in the browser. */
export type * from './types';
export { deviceRisks, outcomes } from './types';

export { cpfLength, cpfProblem, isValidCpf, normaliseCpf } from './cpf';
export type { CpfProblem } from './cpf';
export { maskCpf, maskEmail, maskPhone } from './mask';
export { isEmailFormat } from './email';
export { looksLikeData } from './data-like';
export { parsePhone } from './phone';
export type { PhoneInput, PhoneParse } from './phone';
export { describeFieldProblem, transactionLimits } from './field-problem';
export type { FieldProblem, ProblemRule, TransactionField } from './field-problem';
export { validateTransaction } from './transaction';
export type { TransactionCheck, ValidateOptions } from './transaction';
export { parseInsightResult } from './insight';
export type { InsightParse } from './insight';
export { parseAuthFailureMessage, parseProblem } from './problem';
