/** Each feature owns its messages: English, and Brazilian Portuguese with exactly the same keys. */
export type Catalogue<Keys extends string> = {
  en: Record<Keys, string>;
  'pt-BR': Record<Keys, string>;
};

export function catalogue<const English extends Record<string, string>>(
  en: English,
  ptBR: Record<keyof English, string>,
): Catalogue<Extract<keyof English, string>> {
  return { en, 'pt-BR': ptBR };
}
