import type { Catalogue } from '../../i18n/define';
import { buildMessages } from './messages-build';
import { ledgerMessages } from './messages-ledger';
import { sendMessages } from './messages-send';

function merge<A extends string, B extends string>(
  a: Catalogue<A>,
  b: Catalogue<B>,
): Catalogue<A | B> {
  return { en: { ...a.en, ...b.en }, 'pt-BR': { ...a['pt-BR'], ...b['pt-BR'] } };
}

/** The Send outcomes screen's text (keys `uploads.…`), in three parts to keep each file readable. */
export const uploadsMessages = merge(merge(buildMessages, sendMessages), ledgerMessages);
