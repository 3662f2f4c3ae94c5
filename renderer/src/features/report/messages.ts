import { catalogue } from '../../i18n/define';

/**
 * The Report screen's own words. The report's words and number formats (figures, charts, tables)
 * come from `shared/report/report-text.ts`, so the screen and the exported page say the same.
 */
export const reportMessages = catalogue(
  {
    'nav.report': 'Report',
    'report.title': 'Score report',
    'report.intro':
      'How well the score, the risk levels and the insight codes separate the cases reviewed as fraud from the legitimate ones.',
    'report.scope': 'Cases',
    'report.scope.environment': 'Every batch of {name}',
    'report.scope.batch': 'Batch {id} · {name}',
    'report.filtered': 'Only the rows of the results filter',
    'report.filtered.hint': 'The filter you set on the results of batch {id}.',
    'report.suspeito': 'Suspeito',
    'report.suspeito.fraud': 'counts as fraud',
    'report.suspeito.exclude': 'is left out',
    'report.unreviewed': 'Answered, not reviewed',
    'report.unreviewed.legit': 'counts as legitimate',
    'report.unreviewed.exclude': 'is left out',
    'report.refresh': 'Compute again',
    'report.loading': 'Computing the report in the background ({seconds} s)…',
    'report.export.title': 'Save the report',
    'report.export.html': 'Save as HTML',
    'report.export.pdf': 'Save as PDF',
    'report.export.print': 'Print…',
    'report.export.codes': 'Save every code as CSV',
    'report.export.working': 'Preparing the file…',
    'report.export.done': 'Saved {name}.',
    'report.export.noPdf':
      'This window cannot save PDF itself. Use Print… and choose "Save as PDF", or save as HTML and print it from a browser.',
    'report.export.changed':
      'Nothing was saved: outcomes changed the figures while this screen was open. It now shows the new figures; check them and save again.',
    'report.fromResults': 'Report on these rows',
  },
  {
    'nav.report': 'Relatório',
    'report.title': 'Relatório do score',
    'report.intro':
      'O quanto o score, os níveis de risco e os códigos de insight separam os casos revisados como fraude dos legítimos.',
    'report.scope': 'Casos',
    'report.scope.environment': 'Todos os lotes de {name}',
    'report.scope.batch': 'Lote {id} · {name}',
    'report.filtered': 'Só as linhas do filtro dos resultados',
    'report.filtered.hint': 'O filtro que você definiu nos resultados do lote {id}.',
    'report.suspeito': 'Suspeito',
    'report.suspeito.fraud': 'conta como fraude',
    'report.suspeito.exclude': 'fica de fora',
    'report.unreviewed': 'Respondidas, não revisadas',
    'report.unreviewed.legit': 'contam como legítimas',
    'report.unreviewed.exclude': 'ficam de fora',
    'report.refresh': 'Calcular de novo',
    'report.loading': 'Calculando o relatório em segundo plano ({seconds} s)…',
    'report.export.title': 'Salvar o relatório',
    'report.export.html': 'Salvar como HTML',
    'report.export.pdf': 'Salvar como PDF',
    'report.export.print': 'Imprimir…',
    'report.export.codes': 'Salvar todos os códigos em CSV',
    'report.export.working': 'Preparando o arquivo…',
    'report.export.done': '{name} salvo.',
    'report.export.noPdf':
      'Esta janela não salva PDF sozinha. Use Imprimir… e escolha "Salvar como PDF", ou salve como HTML e imprima pelo navegador.',
    'report.export.changed':
      'Nada foi salvo: resultados mudaram os números com esta tela aberta. Ela agora mostra os números novos; confira e salve de novo.',
    'report.fromResults': 'Relatório destas linhas',
  },
);
