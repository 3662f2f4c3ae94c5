import { catalogue } from '../../../i18n/define';

/** The import of outcomes from a spreadsheet: mapping, the rows read, the report, the result. */
export const importMessages = catalogue(
  {
    'review.import.intro':
      'Bring outcomes from your case system: a spreadsheet with a transaction ID column and an outcome column. Nothing changes until you apply.',
    'review.import.drop': 'Drop an outcomes spreadsheet here, or',
    'review.import.choose': 'Choose a file…',
    'review.import.input': 'Outcomes spreadsheet (.xlsx, .xls or .csv)',
    'review.import.hint':
      'Excel (.xlsx, .xls) or CSV, up to {rows, plural, one {# row} other {# rows}}.',
    'review.import.file': '{name} ({size})',
    'review.import.mapping': 'Columns',
    'review.import.idColumn': 'Transaction ID',
    'review.import.outcomeColumn': 'Outcome',
    'review.import.mappingMissing': 'Choose the column of the transaction ID and of the outcome.',
    'review.import.read': 'Rows read',
    'review.import.readable': 'Rows with an ID and a known outcome',
    'review.import.unknown': 'Rows whose outcome is not one of the three',
    'review.import.blankIds': 'Rows without a transaction ID',
    'review.import.longIds': 'Rows whose ID is longer than 64 characters',
    'review.import.lostDigits': 'Rows whose ID Excel stored as a number of more than 15 digits',
    'review.import.errorCells': 'Rows whose ID or outcome is an Excel error',
    'review.import.dateCells': 'Rows whose ID Excel shows as a date',
    'review.import.dateCell':
      'Row {row}, column {column}: the cell is a date (Excel shows {shown}, read as {value}), not an ID',
    'review.import.dateCellIso':
      'Row {row}, column {column}: the cell is a date ({date}), not an ID',
    'review.import.dateCellsHint':
      'An ID column formatted as dates shows the IDs as dates, so these rows would match no transaction. Format the column as Text in Excel and type the IDs again, or save the file as CSV from the source system.',
    'review.import.formulaCells': 'Rows whose ID or outcome is a formula saved without its value',
    'review.import.formulaCell':
      'Row {row}, column {column}: a formula saved without its value, so what Excel would show is not in the file (open the file in Excel or LibreOffice and save it, so the values are computed)',
    'review.import.mergedCells': 'Rows whose ID or outcome is covered by merged cells',
    'review.import.mergedCell':
      'Row {row}, column {column}: {cell} is part of the merged cells {range}, whose value is on row {valueRow}, so the cell is empty (Excel keeps the value in the first cell only: unmerge the cells in Excel and fill in each row)',
    'review.import.hidden':
      '{count, plural, one {# of these rows is hidden in Excel (a filter or hidden rows); it is applied like the others.} other {# of these rows are hidden in Excel (a filter or hidden rows); they are applied like the others.}}',
    'review.import.errorCell':
      'Row {row}, column {column}: {error}, an Excel error, not a value (fix the formula or type the value in Excel)',
    'review.import.lostDigitsHint':
      'Excel keeps only 15 digits of a number (and may show it as 1.23457E+19), so these IDs are not the ones typed and could match the wrong transaction. Format the ID column as Text in Excel and type the IDs again, or save the file as CSV from the source system.',
    'review.import.notApplied':
      'These rows are not applied. Fix them in the spreadsheet and choose it again.',
    'review.import.value': 'outcome “{value}”',
    'review.import.blankValue': 'no outcome',
    'review.import.row': 'Row {row}',
    'review.import.listOf': '{title}: rows',
    'review.import.nothing': 'No row of this sheet can be applied: check the columns chosen.',
    'review.import.checking': 'Checking the rows against the history…',
    'review.import.report':
      'Before applying: {rows, plural, one {# row} other {# rows}} checked against the history',
    'review.import.toApply': 'New outcomes to set',
    'review.import.unchanged': 'Already stored as given (unchanged)',
    'review.import.repeated': 'Given again further down the file (counted once)',
    'review.import.notFound': 'IDs not found in the history',
    'review.import.withoutDevice': 'IDs whose lookups found no device (204)',
    'review.import.conflicts': 'IDs already reviewed with another outcome (conflicts)',
    'review.import.contradictions':
      'Rows of IDs given with different outcomes (contradictions, never applied)',
    'review.import.storedVs': 'stored “{current}”, file “{incoming}”',
    'review.import.otherVs': '“{incoming}” here, “{current}” on another row',
    'review.import.replace': 'Replace the conflicting outcomes ({count}) with those of the file',
    'review.import.apply': 'Apply the outcomes ({count})',
    'review.import.applied': 'Outcomes applied: {count}.',
    'review.import.kept': 'Conflicting outcomes kept as they were: {count}.',
  },
  {
    'review.import.intro':
      'Traga os resultados do seu sistema de casos: uma planilha com uma coluna de ID transacional e uma de resultado. Nada muda até você aplicar.',
    'review.import.drop': 'Solte aqui uma planilha de resultados, ou',
    'review.import.choose': 'Escolher um arquivo…',
    'review.import.input': 'Planilha de resultados (.xlsx, .xls ou .csv)',
    'review.import.hint':
      'Excel (.xlsx, .xls) ou CSV, com até {rows, plural, one {# linha} other {# linhas}}.',
    'review.import.file': '{name} ({size})',
    'review.import.mapping': 'Colunas',
    'review.import.idColumn': 'ID transacional',
    'review.import.outcomeColumn': 'Resultado',
    'review.import.mappingMissing': 'Escolha a coluna do ID transacional e a do resultado.',
    'review.import.read': 'Linhas lidas',
    'review.import.readable': 'Linhas com ID e resultado reconhecido',
    'review.import.unknown': 'Linhas cujo resultado não é nenhum dos três',
    'review.import.blankIds': 'Linhas sem ID transacional',
    'review.import.longIds': 'Linhas com ID de mais de 64 caracteres',
    'review.import.lostDigits': 'Linhas cujo ID o Excel gravou como número de mais de 15 dígitos',
    'review.import.errorCells': 'Linhas cujo ID ou resultado é um erro do Excel',
    'review.import.dateCells': 'Linhas cujo ID o Excel mostra como data',
    'review.import.dateCell':
      'Linha {row}, coluna {column}: a célula é uma data (o Excel mostra {shown}, lida como {value}), não um ID',
    'review.import.dateCellIso':
      'Linha {row}, coluna {column}: a célula é uma data ({date}), não um ID',
    'review.import.dateCellsHint':
      'Uma coluna de ID formatada como data mostra os IDs como datas, então estas linhas não conferem com nenhuma transação. Formate a coluna de ID como Texto no Excel e digite os IDs de novo, ou salve o arquivo como CSV no sistema de origem.',
    'review.import.formulaCells': 'Linhas cujo ID ou resultado é uma fórmula salva sem o valor',
    'review.import.formulaCell':
      'Linha {row}, coluna {column}: uma fórmula salva sem o valor, então o que o Excel mostraria não está no arquivo (abra o arquivo no Excel ou no LibreOffice e salve-o, para que os valores sejam calculados)',
    'review.import.mergedCells': 'Linhas cujo ID ou resultado está sob células mescladas',
    'review.import.mergedCell':
      'Linha {row}, coluna {column}: {cell} faz parte das células mescladas {range}, cujo valor está na linha {valueRow}, então a célula está vazia (o Excel guarda o valor só na primeira célula: desfaça a mesclagem no Excel e preencha cada linha)',
    'review.import.hidden':
      '{count, plural, one {# destas linhas está oculta no Excel (um filtro ou linhas ocultas); ela é aplicada como as outras.} other {# destas linhas estão ocultas no Excel (um filtro ou linhas ocultas); elas são aplicadas como as outras.}}',
    'review.import.errorCell':
      'Linha {row}, coluna {column}: {error}, um erro do Excel, não um valor (corrija a fórmula ou digite o valor no Excel)',
    'review.import.lostDigitsHint':
      'O Excel guarda só 15 dígitos de um número (e pode mostrá-lo como 1,23457E+19), então esses IDs não são os digitados e poderiam conferir com a transação errada. Formate a coluna de ID como Texto no Excel e digite os IDs de novo, ou salve o arquivo como CSV no sistema de origem.',
    'review.import.notApplied':
      'Estas linhas não são aplicadas. Corrija-as na planilha e escolha-a de novo.',
    'review.import.value': 'resultado “{value}”',
    'review.import.blankValue': 'sem resultado',
    'review.import.row': 'Linha {row}',
    'review.import.listOf': '{title}: linhas',
    'review.import.nothing':
      'Nenhuma linha desta aba pode ser aplicada: verifique as colunas escolhidas.',
    'review.import.checking': 'Conferindo as linhas com o histórico…',
    'review.import.report':
      'Antes de aplicar: {rows, plural, one {# linha conferida} other {# linhas conferidas}} com o histórico',
    'review.import.toApply': 'Resultados novos a marcar',
    'review.import.unchanged': 'Já guardados como na planilha (sem mudança)',
    'review.import.repeated': 'Repetidos mais abaixo na planilha (contados uma vez)',
    'review.import.notFound': 'IDs não encontrados no histórico',
    'review.import.withoutDevice': 'IDs cujas consultas não identificaram dispositivo (204)',
    'review.import.conflicts': 'IDs já revisados com outro resultado (conflitos)',
    'review.import.contradictions':
      'Linhas de IDs dados com resultados diferentes (contradições, nunca aplicadas)',
    'review.import.storedVs': 'guardado “{current}”, planilha “{incoming}”',
    'review.import.otherVs': '“{incoming}” aqui, “{current}” em outra linha',
    'review.import.replace': 'Substituir os resultados em conflito ({count}) pelos da planilha',
    'review.import.apply': 'Aplicar os resultados ({count})',
    'review.import.applied': 'Resultados aplicados: {count}.',
    'review.import.kept': 'Resultados em conflito mantidos como estavam: {count}.',
  },
);
