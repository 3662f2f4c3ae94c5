/**
 * The column names analysts' spreadsheets use for each transaction field, in English and
 * Portuguese, and how a header is matched against them: without case, accents, punctuation or
 * the connectors `do`/`da`/`de`, so `ID da Sessão`, `id_sessao` and `ID-Sessao` are one name.
 */

/** The RawTransaction keys a column can be mapped to. */
export const mappableFields = [
  'sessionID',
  'externalID',
  'cpf',
  'email',
  'phone',
  'countryCode',
  'cityCode',
  'phoneNumber',
  'zipCode',
] as const;

export type MappableField = (typeof mappableFields)[number];

/** Names per field, written as people write them; `normaliseWords` makes them comparable. */
const aliases: Record<MappableField, string[]> = {
  sessionID: ['sessionID', 'Session ID', 'Session', 'Sessão', 'ID da Sessão', 'Sessão ID'],
  externalID: [
    'externalID',
    'External ID',
    // The app's own Portuguese results export names the column so: it must import back.
    'ID Externo',
    'Pedido',
    'ID Pedido',
    'Número do Pedido',
    'Nº do Pedido',
    'N° Pedido',
    'Num Pedido',
    'Código do Pedido',
    'ID Transacional',
    'Transação',
    'ID Transação',
    'Transação ID',
    'Transaction ID',
    'Transaction',
    'Order ID',
    'Order Number',
    'Order',
  ],
  cpf: ['CPF', 'Número do CPF', 'Documento', 'CPF/CNPJ', 'Taxpayer', 'Taxpayer ID', 'Tax ID'],
  email: ['E-mail', 'Email', 'Correio Eletrônico', 'Endereço de E-mail', 'Mail'],
  phone: [
    'Telefone',
    'Celular',
    'Cel',
    'WhatsApp',
    'Phone',
    'Mobile',
    'Cell Phone',
    'Fone',
    'Telefone Celular',
    'Mobile Phone',
  ],
  countryCode: ['DDI', 'Código do País', 'Country Code', 'Cód País', 'Country Calling Code'],
  cityCode: ['DDD', 'Código de Área', 'Cód Área', 'Area Code', 'City Code'],
  phoneNumber: [
    'phoneNumber',
    'Número do Telefone',
    'Número do Celular',
    'Phone Number',
    'Mobile Number',
  ],
  zipCode: ['CEP', 'Zip', 'zipCode', 'Zip Code', 'Código Postal', 'Postal Code', 'Postcode'],
};

/** Words after a field's name that keep its meaning (`CPF do Cliente`, `CEP de Entrega`). */
const qualifiers = new Set([
  'cliente',
  'comprador',
  'titular',
  'usuario',
  'consumidor',
  'pagador',
  'entrega',
  'cobranca',
  'principal',
  'customer',
  'buyer',
  'client',
  'user',
  'shipping',
  'billing',
]);

/** `DDD do Celular`, `Country Code Phone`: the phone's parts may name the phone after them. */
const phoneWords = new Set(['telefone', 'celular', 'fone', 'phone', 'mobile']);

/**
 * Words that make a phone column the mobile one. The service's phone is the mobile phone (its
 * `number` is "Mobile phone number"), so a `Celular` beats a `Telefone` that may be a landline.
 */
const mobileWords = new Set(['celular', 'cel', 'whatsapp', 'mobile', 'cell', 'cellphone']);

/** Whether a header names a mobile phone (`Celular`, `WhatsApp`, `Mobile Number`). */
export function namesMobilePhone(header: string): boolean {
  return normaliseWords(header).some((word) => mobileWords.has(word));
}

const connectors = new Set(['do', 'da', 'de', 'dos', 'das', 'of', 'the']);

/** Lower-case ASCII words without accents, punctuation or connectors (`Nº` becomes `no`). */
export function normaliseWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !connectors.has(word));
}

const compactAliases = new Map<MappableField, string[]>(
  mappableFields.map((field) => [
    field,
    aliases[field].map((name) => normaliseWords(name).join('')),
  ]),
);

/**
 * How well a header names a field: 2 when it is one of the field's names, 1 when it is one
 * followed by qualifying words (`Telefone do Cliente`), 0 otherwise. Spacing does not matter:
 * `E-mail`, `e mail` and `email` are one name.
 */
export function matchScore(header: string, field: MappableField): 0 | 1 | 2 {
  const words = normaliseWords(header);
  const names = compactAliases.get(field) ?? [];
  let best: 0 | 1 | 2 = 0;
  for (let split = 1; split <= words.length; split += 1) {
    if (!names.includes(words.slice(0, split).join(''))) continue;
    const rest = words.slice(split);
    if (rest.length === 0) return 2;
    const allowed = (word: string) =>
      qualifiers.has(word) ||
      ((field === 'countryCode' || field === 'cityCode') && phoneWords.has(word));
    if (rest.every(allowed)) best = 1;
  }
  return best;
}

/** The field a header names best (exact names first, in field order), or null. */
export function fieldOfHeader(header: string): MappableField | null {
  let found: MappableField | null = null;
  let best = 0;
  for (const field of mappableFields) {
    const score = matchScore(header, field);
    if (score > best) [found, best] = [field, score];
  }
  return found;
}
