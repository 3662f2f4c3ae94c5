import { parsePhone } from '../../shared/domain/phone';

/**
 * Where `--phone` states a country or area code and `--country-code` or `--city-code` gives
 * another, the phone's own would win silently (`parsePhone`: what the whole phone states wins, as
 * for a spreadsheet's columns). On the command line both were typed for this one lookup, so the
 * contradiction is said instead; the message names the flags, never the number.
 */
export function phoneCodesConflict(
  phone: string | undefined,
  countryCode: string | undefined,
  cityCode: string | undefined,
): string | null {
  if (phone === undefined || (countryCode === undefined && cityCode === undefined)) return null;
  const sent = parsePhone({ phone, countryCode, cityCode }).phone;
  // A phone that cannot be read is the validation's to report.
  if (sent === undefined) return null;
  // The codes typed, read as the separate columns are (decoration and trunk prefix dropped).
  const typed = parsePhone({
    phoneNumber: sent.number,
    countryCode: countryCode ?? sent.countryCode,
    cityCode: cityCode ?? sent.cityCode,
  }).phone;
  const parts: Array<[string, string]> = [];
  if (countryCode !== undefined && typed?.countryCode !== sent.countryCode)
    parts.push(['the country code', '--country-code']);
  if (cityCode !== undefined && typed?.cityCode !== sent.cityCode)
    parts.push(['the area code', '--city-code']);
  if (parts.length === 0) return null;
  const what = parts.map(([name]) => name).join(' and ');
  const flags = parts.map(([, flag]) => flag).join(' and ');
  const verb = parts.length === 1 ? 'gives another' : 'give others';
  return `--phone gives ${what}, and ${flags} ${verb}: give each in one place.`;
}
