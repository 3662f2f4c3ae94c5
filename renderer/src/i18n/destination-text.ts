import { isCustomUrl, type Destination } from '../../../shared/environment';
import type { Translate } from './i18n';

/** An environment by its translated name; a custom address (`dcdesk --base-url`) as its URL. */
export function destinationText(destination: Destination, t: Translate): string {
  return isCustomUrl(destination) ? destination : t(`env.${destination}`);
}
