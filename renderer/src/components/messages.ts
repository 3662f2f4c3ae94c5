import { catalogue } from '../i18n/define';

/** Text of the components shared by several features. */
export const componentMessages = catalogue(
  {
    'personalData.show': 'Show personal data',
  },
  {
    'personalData.show': 'Mostrar dados pessoais',
  },
);
