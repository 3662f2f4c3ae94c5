import type { Catalogue } from '../../i18n/define';
import { deleteMessages } from './messages-delete';
import { listMessages } from './messages-list';
import { resultsMessages } from './messages-results';
import { runMessages } from './messages-run';
import { storingMessages } from './messages-storing';

function merge<A extends string, B extends string>(
  a: Catalogue<A>,
  b: Catalogue<B>,
): Catalogue<A | B> {
  return { en: { ...a.en, ...b.en }, 'pt-BR': { ...a['pt-BR'], ...b['pt-BR'] } };
}

/** The Batches screens' text (keys `batches.…`), in parts to keep each file readable. */
export const batchesMessages = merge(
  merge(merge(listMessages, runMessages), resultsMessages),
  merge(storingMessages, deleteMessages),
);
