import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Locale } from './messages';
import { translate, type Translate } from './translate';
import { numberFormat } from '../lib/intl-formats';

export type { Translate } from './translate';

interface I18n {
  locale: Locale;
  t: Translate;
  /** Numbers as the analyst reads them: 100.000 in Portuguese, 100,000 in English. */
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
}

/** `pt-BR` when the OS (or the setting) says Portuguese, English otherwise. */
export function localeFrom(language: 'system' | Locale, systemLocale: string): Locale {
  if (language !== 'system') return language;
  return systemLocale.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en';
}

function translator(locale: Locale): I18n {
  return {
    locale,
    t: translate(locale),
    number: (value, options) => numberFormat(locale, options).format(value),
  };
}

const I18nContext = createContext<I18n>(translator('en'));

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo(() => translator(locale), [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  return useContext(I18nContext);
}
