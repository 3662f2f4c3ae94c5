import { messages, type Locale, type MessageKey } from './messages';
import { expandPlurals } from './plural';

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/**
 * The catalogue's text for `key` in `locale`: plural blocks resolved first, then each `{name}`
 * filled, numbers in the locale's notation. Pure, so unit tests use the app's own translator.
 */
export function translate(locale: Locale): Translate {
  const table = messages[locale];
  const format = new Intl.NumberFormat(locale);
  return (key, params) =>
    params
      ? expandPlurals(table[key], locale, params, (value) => format.format(value)).replace(
          /\{(\w+)\}/g,
          (_, name: string) => {
            const value = params[name];
            return value === undefined
              ? `{${name}}`
              : typeof value === 'number'
                ? format.format(value)
                : value;
          },
        )
      : table[key];
}
