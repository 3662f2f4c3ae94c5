/** How the command line names the mapped fields in its English sentences. */
import type { MappableField } from './header-names';

/** The field a column fills, as `dcdesk` names it. */
export const englishLabels: Record<MappableField, string> = {
  sessionID: 'Session ID',
  externalID: 'External ID',
  cpf: 'CPF',
  email: 'E-mail',
  phone: 'Phone',
  countryCode: 'Phone country code',
  cityCode: 'Phone area code',
  phoneNumber: 'Phone number',
  zipCode: 'ZIP code',
};

/** Personal data is not printed (the command line's output ends up in logs and tickets). */
export const personal = new Set<MappableField>(['cpf', 'email', 'phone', 'phoneNumber', 'zipCode']);
