import { batchesMessages } from '../features/batches/messages';
import { environmentsMessages } from '../features/environments/messages';
import { searchMessages } from '../features/search/messages';
import { importMessages } from '../features/import/messages';
import { settingsMessages } from '../features/settings/messages';
import { teamMessages } from '../features/settings/messages-team';
import { reviewMessages } from '../features/review/messages';
import { uploadsMessages } from '../features/uploads/messages';
import { tourMessages } from '../features/tour/messages';
import { reportMessages } from '../features/report/messages';
import { componentMessages } from '../components/messages';
import { shellMessages } from './shell.messages';
import { navigationMessages } from './navigation.messages';

const catalogues = [
  shellMessages,
  navigationMessages,
  componentMessages,
  environmentsMessages,
  settingsMessages,
  teamMessages,
  importMessages,
  batchesMessages,
  searchMessages,
  reviewMessages,
  uploadsMessages,
  tourMessages,
  reportMessages,
];

export type Locale = 'en' | 'pt-BR';
type KeysOf<C> = C extends { en: Record<infer K, string> } ? K : never;
export type MessageKey = KeysOf<(typeof catalogues)[number]>;

export const messages: Record<Locale, Record<MessageKey, string>> = {
  en: Object.assign({}, ...catalogues.map((c) => c.en)) as Record<MessageKey, string>,
  'pt-BR': Object.assign({}, ...catalogues.map((c) => c['pt-BR'])) as Record<MessageKey, string>,
};
