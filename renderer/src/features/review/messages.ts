import { catalogue, type Catalogue } from '../../i18n/define';
import { importMessages } from './import/messages';

/** The queue: source, filters, summary, keys, lines and what a change did. */
const queueMessages = catalogue(
  {
    'review.title': 'Review',
    'review.intro':
      'Give each transaction its outcome. The riskiest rows come first; the keys below work while the queue has the focus.',
    'review.nothing': 'Nothing to review yet. Import a spreadsheet and run its lookups first.',
    'review.open.batch': 'Review',
    'review.open.batchLabel': 'Review the results of {name}',
    'review.open.search': 'Review these results',
    'review.tabs.label': 'Review',
    'review.tabs.queue': 'Queue',
    'review.skipToQueue': 'Skip the filters, to the queue',
    'review.tabs.import': 'Import outcomes',
    'review.source.label': 'Rows to review',
    'review.source.batch':
      '{name} · {environment} · {time} · {rows, plural, one {# row} other {# rows}}',
    'review.source.search': 'Search results for “{query}”',
    'review.filter.title': 'Filters and order',
    'review.filter.risk': 'Device risk',
    'review.filter.state': 'Review state',
    'review.filter.reviewable': 'Only rows with a device (the others cannot be reviewed)',
    'review.state.none': 'Not reviewed',
    'review.state.legit': 'Legitimate',
    'review.sort.label': 'Order',
    'review.sort.risk': 'Riskiest first (risk, then score)',
    'review.sort.score': 'Highest score first',
    'review.sort.row': 'Spreadsheet row',
    'review.sort.outcome': 'Review state',
    'review.sort.externalId': 'External ID',
    'review.summary.batch': 'Reviewed transactions of this batch',
    'review.summary.search': 'Reviewed transactions among these results',
    'review.summary.outcome': 'Outcome',
    'review.summary.totals': 'Reviewed: {total} · not yet sent: {unsent}',
    'review.summary.totalsLegit':
      'Reviewed: {total} · not yet sent: {unsent} · Legitimate, never sent: {legitimate}',
    'review.summary.reviewed': 'Reviewed: {total}',
    'review.summary.reviewedLegit': 'Reviewed: {total} · Legitimate, never sent: {legitimate}',
    'review.keys.title': 'Keys',
    'review.keys.set': 'Set “{outcome}”',
    'review.keys.clear': 'Clear the outcome',
    'review.keys.next': 'Next row',
    'review.keys.previous': 'Previous row',
    'review.keys.space': 'Space',
    'review.keys.or': 'or',
    'review.keys.toggle': 'Select or unselect the row',
    'review.keys.extend': 'Extend the selection',
    'review.keys.selectAll': 'Select every loaded row',
    'review.keys.open': 'Open the row in full',
    'review.keys.close': 'Close the row, or clear the selection',
    'review.keys.hint':
      'With rows selected, 1, 2, 3 and 0 apply to all of them. After an outcome is set, the next row becomes current.',
    'review.queue.label': 'Review queue',
    'review.count': 'Rows in the queue: {count}',
    'review.empty': 'No rows match these filters.',
    'review.col.outcome': 'Outcome',
    'review.col.setAt': 'Set',
    'review.line.row': 'Row {row}',
    'review.line.noId': 'no transaction ID',
    'review.line.risk': 'risk {risk}',
    'review.line.noRisk': 'no risk',
    'review.line.score': 'score {score}',
    'review.line.noDevice': 'no device',
    'review.line.notReviewed': 'not reviewed',
    'review.line.loading': 'Loading line {row} of the queue…',
    'review.bulk.label': 'Outcome for many rows',
    'review.bulk.selectLoaded': 'Select the loaded rows ({count})',
    'review.bulk.clearSelection': 'Clear the selection',
    'review.bulk.selected': 'Selected: {count}',
    'review.bulk.outcome': 'Outcome',
    'review.bulk.clearOutcome': 'No outcome (clear)',
    'review.bulk.setSelected': 'Set for the selected ({count})',
    'review.bulk.setMatching': 'Set for every row matching the filter ({count})…',
    'review.bulk.confirmTitle': 'Change every matching row?',
    'review.bulk.confirmSet':
      '“{outcome}” will be set on {count, plural, one {the # row} other {all # rows}} matching the filter, replacing any outcome they have. Rows without a transaction ID or a device are left as they are.',
    'review.bulk.confirmClear':
      'The outcome of {count, plural, one {the # row} other {all # rows}} matching the filter will be cleared.',
    'review.bulk.confirmButton': 'Set the outcome',
    'review.keys.confirmTitle':
      'Change the {count, plural, one {# selected row} other {# selected rows}}?',
    'review.keys.confirmSet':
      '“{outcome}” will be set on the {count, plural, one {# selected row} other {# selected rows}}, including any scrolled out of view, replacing any outcome they have.',
    'review.keys.confirmClear':
      'The outcome of the {count, plural, one {# selected row} other {# selected rows}}, including any scrolled out of view, will be cleared.',
    'review.bulk.confirmClearButton': 'Clear the outcomes',
    'review.bulk.progress': 'Setting the outcomes: row {done} of {total}…',
    'review.change.rowSet': 'Row {row}: {outcome}.',
    'review.change.rowCleared': 'Row {row}: outcome cleared.',
    'review.change.noTransactionId':
      'Row {row} cannot be reviewed: it has no transaction ID, so the service could not take its outcome.',
    'review.change.noDevice':
      'Row {row} cannot be reviewed: the service found no device for it (204 No Content, or no answer).',
    'review.change.set': 'Rows set to “{outcome}”: {count}.',
    'review.change.cleared': 'Rows whose outcome was cleared: {count}.',
    'review.change.skipped':
      'Left as they were: {count} ({noId} without a transaction ID, {noDevice} without a device).',
    'review.change.otherDevice':
      '{count, plural, one {# row was left as it was: a later row of its transaction} other {# rows were left as they were: a later row of their transaction}} named another device, and a transaction’s outcome is of one device (the last row’s).',
  },
  {
    'review.title': 'Revisão',
    'review.intro':
      'Dê a cada transação o seu resultado. As linhas de maior risco vêm primeiro; as teclas abaixo funcionam enquanto a fila tem o foco.',
    'review.nothing':
      'Nada para revisar ainda. Importe uma planilha e execute as consultas primeiro.',
    'review.open.batch': 'Revisar',
    'review.open.batchLabel': 'Revisar os resultados de {name}',
    'review.open.search': 'Revisar estes resultados',
    'review.tabs.label': 'Revisão',
    'review.tabs.queue': 'Fila',
    'review.skipToQueue': 'Pular os filtros, para a fila',
    'review.tabs.import': 'Importar resultados',
    'review.source.label': 'Linhas a revisar',
    'review.source.batch':
      '{name} · {environment} · {time} · {rows, plural, one {# linha} other {# linhas}}',
    'review.source.search': 'Resultados da pesquisa “{query}”',
    'review.filter.title': 'Filtros e ordem',
    'review.filter.risk': 'Risco do dispositivo',
    'review.filter.state': 'Situação da revisão',
    'review.filter.reviewable': 'Só linhas com dispositivo (as demais não podem ser revisadas)',
    'review.state.none': 'Não revisada',
    'review.state.legit': 'Legítima',
    'review.sort.label': 'Ordem',
    'review.sort.risk': 'Maior risco primeiro (risco, depois score)',
    'review.sort.score': 'Maior score primeiro',
    'review.sort.row': 'Linha da planilha',
    'review.sort.outcome': 'Situação da revisão',
    'review.sort.externalId': 'ID externo',
    'review.summary.batch': 'Transações revisadas deste lote',
    'review.summary.search': 'Transações revisadas entre estes resultados',
    'review.summary.outcome': 'Resultado',
    'review.summary.totals': 'Revisadas: {total} · ainda não enviadas: {unsent}',
    'review.summary.totalsLegit':
      'Revisadas: {total} · ainda não enviadas: {unsent} · Legítimas, nunca enviadas: {legitimate}',
    'review.summary.reviewed': 'Revisadas: {total}',
    'review.summary.reviewedLegit': 'Revisadas: {total} · Legítimas, nunca enviadas: {legitimate}',
    'review.keys.title': 'Teclas',
    'review.keys.set': 'Marcar “{outcome}”',
    'review.keys.clear': 'Limpar o resultado',
    'review.keys.next': 'Próxima linha',
    'review.keys.previous': 'Linha anterior',
    'review.keys.space': 'Espaço',
    'review.keys.or': 'ou',
    'review.keys.toggle': 'Selecionar ou desmarcar a linha',
    'review.keys.extend': 'Estender a seleção',
    'review.keys.selectAll': 'Selecionar todas as linhas carregadas',
    'review.keys.open': 'Abrir a linha completa',
    'review.keys.close': 'Fechar a linha, ou limpar a seleção',
    'review.keys.hint':
      'Com linhas selecionadas, 1, 2, 3 e 0 valem para todas elas. Depois de marcar um resultado, a próxima linha passa a ser a atual.',
    'review.queue.label': 'Fila de revisão',
    'review.count': 'Linhas na fila: {count}',
    'review.empty': 'Nenhuma linha corresponde a estes filtros.',
    'review.col.outcome': 'Resultado',
    'review.col.setAt': 'Marcado em',
    'review.line.row': 'Linha {row}',
    'review.line.noId': 'sem ID transacional',
    'review.line.risk': 'risco {risk}',
    'review.line.noRisk': 'sem risco',
    'review.line.score': 'score {score}',
    'review.line.noDevice': 'sem dispositivo',
    'review.line.notReviewed': 'não revisada',
    'review.line.loading': 'Carregando a linha {row} da fila…',
    'review.bulk.label': 'Resultado para várias linhas',
    'review.bulk.selectLoaded': 'Selecionar as linhas carregadas ({count})',
    'review.bulk.clearSelection': 'Limpar a seleção',
    'review.bulk.selected': 'Selecionadas: {count}',
    'review.bulk.outcome': 'Resultado',
    'review.bulk.clearOutcome': 'Sem resultado (limpar)',
    'review.bulk.setSelected': 'Marcar nas selecionadas ({count})',
    'review.bulk.setMatching': 'Marcar em todas as linhas do filtro ({count})…',
    'review.bulk.confirmTitle': 'Alterar todas as linhas do filtro?',
    'review.bulk.confirmSet':
      '“{outcome}” será marcado {count, plural, one {na # linha que corresponde} other {nas # linhas que correspondem}} ao filtro, substituindo o resultado que tiverem. Linhas sem ID transacional ou sem dispositivo ficam como estão.',
    'review.bulk.confirmClear':
      'O resultado {count, plural, one {da # linha que corresponde} other {das # linhas que correspondem}} ao filtro será limpo.',
    'review.bulk.confirmButton': 'Marcar o resultado',
    'review.keys.confirmTitle':
      'Alterar {count, plural, one {a # linha selecionada} other {as # linhas selecionadas}}?',
    'review.keys.confirmSet':
      '“{outcome}” será marcado {count, plural, one {na # linha selecionada} other {nas # linhas selecionadas}}, inclusive as que estão fora da tela, substituindo o resultado que tiverem.',
    'review.keys.confirmClear':
      'O resultado {count, plural, one {da # linha selecionada} other {das # linhas selecionadas}}, inclusive as que estão fora da tela, será limpo.',
    'review.bulk.confirmClearButton': 'Limpar os resultados',
    'review.bulk.progress': 'Marcando os resultados: linha {done} de {total}…',
    'review.change.rowSet': 'Linha {row}: {outcome}.',
    'review.change.rowCleared': 'Linha {row}: resultado limpo.',
    'review.change.noTransactionId':
      'A linha {row} não pode ser revisada: não tem ID transacional, então o serviço não poderia receber o resultado.',
    'review.change.noDevice':
      'A linha {row} não pode ser revisada: o serviço não identificou um dispositivo para ela (204 No Content, ou sem resposta).',
    'review.change.set': 'Linhas marcadas como “{outcome}”: {count}.',
    'review.change.cleared': 'Linhas com o resultado limpo: {count}.',
    'review.change.skipped':
      'Ficaram como estavam: {count} ({noId} sem ID transacional, {noDevice} sem dispositivo).',
    'review.change.otherDevice':
      '{count, plural, one {# linha ficou como estava} other {# linhas ficaram como estavam}}: uma linha posterior da mesma transação indicou outro dispositivo, e o resultado de uma transação é de um só dispositivo (o da última linha).',
  },
);

function merge<A extends string, B extends string>(
  a: Catalogue<A>,
  b: Catalogue<B>,
): Catalogue<A | B> {
  return { en: { ...a.en, ...b.en }, 'pt-BR': { ...a['pt-BR'], ...b['pt-BR'] } };
}

/** The Review screen's text (keys `review.…`), in two parts to keep each file readable. */
export const reviewMessages = merge(queueMessages, importMessages);
