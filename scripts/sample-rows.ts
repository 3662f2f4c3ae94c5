/**
 * The rows of the sample spreadsheet in `resources/sample/` (built by `make-sample.ts`): forty
 * fictional Brazilian transactions, as an analyst's export would have them, so a fresh install can
 * try the whole flow in the sandbox. Everything comes from a seeded generator, so a rebuild gives
 * the same rows; the test in tests/integration/sample-spreadsheet.test.ts checks that the
 * committed file still matches them.
 *
 * Three rows carry the problems analysts meet most, so the validation report has something to
 * show: a CPF whose check digits do not match, a session ID shorter than the interface's 24
 * characters, and an e-mail without a top-level domain. Every other row is valid.
 */
import { cpfProblem } from '../shared/domain/cpf';

/** The file in `resources/`, as the app's `app.sample` operation reads it. */
export const sampleFile = 'sample/sample-transactions.xlsx';
export const sampleSheet = 'Transações';

export const sampleHeader = [
  'Pedido',
  'Data',
  'Sessão',
  'CPF',
  'E-mail',
  'Celular',
  'CEP',
  'Valor',
];

/** A row as written: text cells, the amount a number, `null` for an empty cell. */
export type SampleRow = [
  string,
  string,
  string,
  string | null,
  string | null,
  string | null,
  string,
  number,
];

export const sampleRowCount = 40;

/** Sheet row numbers (the header is row 1) of the rows with a problem, and what is wrong. */
export const sampleProblems = {
  8: { field: 'cpf', rule: 'check_digits' },
  20: { field: 'sessionID', rule: 'length' },
  33: { field: 'email', rule: 'format' },
} as const;

/** Mulberry32: a small seeded generator; the sample must not change between builds. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const firstNames = [
  'Ana',
  'Bruno',
  'Camila',
  'Diego',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
  'Larissa',
  'Lucas',
  'Mariana',
  'Mateus',
  'Natália',
  'Otávio',
  'Patrícia',
  'Rafael',
  'Sofia',
  'Thiago',
  'Vitória',
  'Guilherme',
];
const surnames = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Lima',
  'Pereira',
  'Ferreira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Carvalho',
  'Araújo',
  'Ribeiro',
  'Gomes',
  'Martins',
];
/** Domains reserved for examples (RFC 2606): no real mailbox can be hit. */
const mailDomains = ['example.com', 'example.net', 'example.org'];
/** Area codes (DDD) with the first digits of their city's CEPs. */
const cities = [
  { ddd: '11', cep: '01' },
  { ddd: '11', cep: '04' },
  { ddd: '21', cep: '22' },
  { ddd: '31', cep: '30' },
  { ddd: '41', cep: '80' },
  { ddd: '51', cep: '90' },
  { ddd: '61', cep: '70' },
  { ddd: '71', cep: '40' },
  { ddd: '81', cep: '50' },
  { ddd: '85', cep: '60' },
  { ddd: '91', cep: '66' },
];

/** Lower case without accents, for the local part of an e-mail address. */
function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The check digit over `digits` (9 for the first, 10 for the second), as the Receita defines it. */
function checkDigit(digits: number[]): number {
  const sum = digits.reduce(
    (total, digit, index) => total + digit * (digits.length + 1 - index),
    0,
  );
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** `123.456.789-09` */
function formatCpf(cpf: string): string {
  return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
}

export function sampleRows(): SampleRow[] {
  const random = generator(20_250_512);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const digits = (count: number) =>
    Array.from({ length: count }, () => Math.floor(random() * 10)).join('');
  const hex = (count: number) =>
    Array.from({ length: count }, () => Math.floor(random() * 16).toString(16)).join('');

  const cpf = (): string => {
    for (;;) {
      const nine = digits(9).split('').map(Number);
      const ten = [...nine, checkDigit(nine)];
      const eleven = [...ten, checkDigit(ten)].join('');
      if (cpfProblem(eleven) === null) return eleven;
    }
  };
  // Session IDs as different anti-fraud SDKs write them, all 24 to 64 characters.
  const sessionFormats = [
    () => hex(32),
    () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`,
    () => `sess_${hex(27)}`,
    () => `web-${hex(40)}`,
  ];

  const rows: SampleRow[] = [];
  for (let index = 0; index < sampleRowCount; index += 1) {
    const row = index + 2;
    const city = pick(cities);
    const first = pick(firstNames);
    const last = pick(surnames);
    const day = 1 + Math.floor(index / 4);
    const hour = 8 + Math.floor(random() * 14);
    const minute = Math.floor(random() * 60);
    const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
    let taxId: string | null = cpf();
    let session = pick(sessionFormats)();
    let email: string | null =
      `${plain(first)}.${plain(last)}${String(Math.floor(random() * 90) + 10)}@${pick(mailDomains)}`;
    // Half the CPFs as people type them, half as bare digits.
    if (random() < 0.5) taxId = formatCpf(taxId);
    if (index % 11 === 5) taxId = null;
    if (index % 13 === 9) email = null;
    const phone = index % 9 === 4 ? null : `(${city.ddd}) 9${digits(4)}-${digits(4)}`;

    if (row === 8) {
      const valid = taxId ?? cpf();
      // The last check digit off by one: a typo the arithmetic catches.
      taxId = valid.slice(0, -1) + String((Number(valid.slice(-1)) + 1) % 10);
    }
    if (row === 20) session = hex(12);
    if (row === 33) email = `${plain(first)}.${plain(last)}@example`;

    rows.push([
      `PED-2025-${String(48_213 + index * 7).padStart(6, '0')}`,
      `${String(day).padStart(2, '0')}/05/2025 ${time}`,
      session,
      taxId,
      email,
      phone,
      `${city.cep}${digits(3)}-${digits(3)}`,
      Math.round((39.9 + random() * 2_400) * 100) / 100,
    ]);
  }
  return rows;
}
