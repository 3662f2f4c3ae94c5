import { catalogue } from '../../i18n/define';

/** The guided tour of the first run and its help button. */
export const tourMessages = catalogue(
  {
    'tour.show': 'Show the tour',
    'tour.progress': 'Step {step} of {total}',
    'tour.skip': 'Skip tour',
    'tour.back': 'Back',
    'tour.next': 'Next',
    'tour.finish': 'Finish',
    'tour.import.title': 'Import a spreadsheet',
    'tour.import.body':
      'Start here: drop a spreadsheet of transactions, or try the sample one. Every problem is shown, and can be fixed, before anything is sent.',
    'tour.run.title': 'Run the lookups',
    'tour.run.body':
      'Once the rows are checked, run the lookups from the import screen. Each run is a batch: follow it here, pause or resume it, and send failed rows again.',
    'tour.review.title': 'Review the cases',
    'tour.review.body':
      'Go through the answers (device risk, insights, similar devices) and record the outcome of the cases that need one.',
    'tour.send.title': 'Send the outcomes',
    'tour.send.body':
      'Build the response-variable file from the reviewed cases, check it and send it to the service, which learns from what you found.',
    'tour.sandbox':
      'The sandbox is active: answers are simulated on this computer, so the whole flow can be tried safely.',
  },
  {
    'tour.show': 'Mostrar o tour',
    'tour.progress': 'Passo {step} de {total}',
    'tour.skip': 'Pular o tour',
    'tour.back': 'Voltar',
    'tour.next': 'Próximo',
    'tour.finish': 'Concluir',
    'tour.import.title': 'Importe uma planilha',
    'tour.import.body':
      'Comece aqui: solte uma planilha de transações ou experimente a planilha de exemplo. Todo problema é mostrado, e pode ser corrigido, antes de qualquer envio.',
    'tour.run.title': 'Execute as consultas',
    'tour.run.body':
      'Com as linhas verificadas, execute as consultas na tela de importação. Cada execução é um lote: acompanhe-o aqui, pause-o ou retome-o e reenvie as linhas que falharam.',
    'tour.review.title': 'Revise os casos',
    'tour.review.body':
      'Analise as respostas (risco do dispositivo, insights, dispositivos semelhantes) e registre o resultado dos casos que precisam de um.',
    'tour.send.title': 'Envie os resultados',
    'tour.send.body':
      'Monte o arquivo de variáveis de resposta com os casos revisados, confira-o e envie-o ao serviço, que aprende com o que você descobriu.',
    'tour.sandbox':
      'O sandbox está ativo: as respostas são simuladas neste computador, então todo o fluxo pode ser experimentado com segurança.',
  },
);
