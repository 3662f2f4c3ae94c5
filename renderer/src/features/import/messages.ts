import type { Catalogue } from '../../i18n/define';
import { fileMessages } from './messages-file';
import { problemMessages } from './messages-problems';
import { reportMessages } from './messages-report';

function merge<A extends string, B extends string>(
  a: Catalogue<A>,
  b: Catalogue<B>,
): Catalogue<A | B> {
  return { en: { ...a.en, ...b.en }, 'pt-BR': { ...a['pt-BR'], ...b['pt-BR'] } };
}

/** The Import screen's text, in three parts to keep each file readable. */
export const importMessages = merge(merge(fileMessages, problemMessages), reportMessages);
