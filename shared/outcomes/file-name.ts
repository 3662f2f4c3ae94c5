/** The name a response-variable file is saved and sent under. */

const prefix = 'variaveis-resposta';

/**
 * `variaveis-resposta-<label>-YYYYMMDD-HHmm`, in the analyst's local time, without an extension
 * (the builder adds `.csv` or `.zip`). The label (an environment, a batch name) is reduced to
 * lower-case ASCII letters, digits and dashes, at most 40 characters, so the name is safe on
 * every file system and in a multipart upload; a label with nothing left is left out.
 */
export function responseFileName(date: Date, label?: string): string {
  const stamp =
    `${String(date.getFullYear())}${two(date.getMonth() + 1)}${two(date.getDate())}` +
    `-${two(date.getHours())}${two(date.getMinutes())}`;
  const slug = label === undefined ? '' : slugOf(label);
  return slug === '' ? `${prefix}-${stamp}` : `${prefix}-${slug}-${stamp}`;
}

function slugOf(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '');
}

function two(value: number): string {
  return String(value).padStart(2, '0');
}
