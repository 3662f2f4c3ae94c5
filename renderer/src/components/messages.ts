import { catalogue } from '../i18n/define';

/** Text of the components shared by several features. */
export const componentMessages = catalogue(
  {
    'personalData.show': 'Show personal data',
    'dialog.production': 'PRODUCTION — the real Device Check Service',
    'number.inRange': 'Type a number from {min} to {max}; 0,5 and 0.5 both work.',
    'number.wholeInRange': 'Type a whole number from {min} to {max}.',
    'number.required': 'This field needs a number.',
    'number.grouped':
      'Type the number without a thousands separator ({ungrouped}); a decimal takes one mark: 0,5 or 0.5.',
    'copy.button': 'Copy',
    'copy.done': 'Copied',
    'copy.failed': 'Not copied: the clipboard refused. Select the text and copy it instead.',
    'outcome.setAt': 'set {time}',
    'outcome.changedBy': 'changed by {name} at {time}',
    'outcome.changedByName': 'changed by {name}',
  },
  {
    'personalData.show': 'Mostrar dados pessoais',
    'dialog.production': 'PRODUÇÃO — o Device Check Service real',
    'number.inRange': 'Digite um número de {min} a {max}; 0,5 e 0.5 valem igualmente.',
    'number.wholeInRange': 'Digite um número inteiro de {min} a {max}.',
    'number.required': 'Este campo precisa de um número.',
    'number.grouped':
      'Digite o número sem separador de milhar ({ungrouped}); um decimal leva uma só marca: 0,5 ou 0.5.',
    'copy.button': 'Copiar',
    'copy.done': 'Copiado',
    'copy.failed': 'Não copiado: a área de transferência recusou. Selecione o texto e copie.',
    'outcome.setAt': 'marcado em {time}',
    'outcome.changedBy': 'alterado por {name} em {time}',
    'outcome.changedByName': 'alterado por {name}',
  },
);
