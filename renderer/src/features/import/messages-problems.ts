import { catalogue } from '../../i18n/define';

/** Field names, validation rules and read problems. */
export const problemMessages = catalogue(
  {
    'import.field.sessionID': 'Session ID',
    'import.field.externalID': 'External ID',
    'import.field.cpf': 'CPF',
    'import.field.email': 'E-mail',
    'import.field.phone': 'Phone (whole)',
    'import.field.phoneAny': 'Phone',
    'import.field.countryCode': 'Phone country code (DDI)',
    'import.field.cityCode': 'Phone area code (DDD)',
    'import.field.phoneNumber': 'Phone number',
    'import.field.zipCode': 'ZIP code (CEP)',
    'import.problem': '{field}: {rule}',
    'import.rule.required': 'a value is required',
    'import.rule.length': 'has the wrong length',
    'import.rule.lengthDigits': 'must have {min} to {max} digits',
    'import.rule.lengthChars': 'must have {min} to {max} characters',
    'import.rule.lengthExactDigits': 'must have {count, plural, one {# digit} other {# digits}}',
    'import.rule.lengthExactChars':
      'must have {count, plural, one {# character} other {# characters}}',
    'import.rule.checkDigits': 'check digits do not match',
    'import.rule.repeatedDigits': 'one digit repeated is not a valid number',
    'import.rule.phoneIncomplete': 'the area code (DDD) is missing',
    'import.rule.phoneNonGeographic':
      "a non-geographic number (0800, 0300, 4004 and the like) has no area code (DDD) to send; give the customer's mobile or landline with its DDD, or leave the phone out",
    'import.rule.areaCode':
      'is not a Brazilian area code (DDD): they run from 11 to 99, and none starts with 0',
    'import.rule.areaCodeUnmarked':
      'outside Brazil the area code cannot be told from the number by counting digits; write it in parentheses, as in +1 (212) 5555-1234, after the country code and a space, as in +1 212 5555-1234, or in an area code column',
    'import.rule.digitsLost':
      'Excel stored it as a number of more than 15 digits and keeps only 15, so this is not the value typed; type it again',
    'import.rule.cellError':
      'the cell holds an Excel error (such as #N/A or #NAME?), not a value; fix the formula in Excel or type the value',
    'import.rule.dateCell':
      'the cell is a date (Excel shows {shown}), not an ID; format the column as Text in Excel and type the ID again',
    'import.rule.dateCellIso':
      'the cell is a date ({date}), not an ID; format the column as Text in Excel and type the ID again',
    'import.rule.dateCellPlain':
      'the cell is a date, not an ID; format the column as Text in Excel and type the ID again',
    'import.rule.formulaCell':
      'the cell holds a formula saved without its value, so what Excel would show is not in the file; open the file in Excel or LibreOffice and save it, then import it again',
    'import.rule.mergedDown':
      'the cell is empty — {cell} is part of the merged cells {range}, whose value is on row {row}; unmerge them in Excel and fill in each row',
    'import.rule.mergedAcross':
      'the cell is empty — {cell} is part of the merged cells {range}, whose value is in {first}; unmerge them in Excel and fill in each cell',
    'import.rule.merged':
      'the cell is empty — it is part of merged cells whose value is on another row or column; unmerge them in Excel and fill in each cell',
    'import.problem.found': '{sentence} (found: {found})',
    'import.rule.format.sessionID':
      'must not contain control characters (such as tab, NUL or ESC), direction marks or invisible characters (such as a zero-width space or a soft hyphen), nor U+FFFD, a character lost when the file was decoded',
    'import.rule.format.externalID':
      'must not contain control characters (such as tab, NUL or ESC), direction marks or invisible characters (such as a zero-width space or a soft hyphen), nor U+FFFD, a character lost when the file was decoded',
    'import.rule.format.email': 'is not a valid e-mail address',
    'import.rule.format.phone': 'cannot be read; write it like +55 (11) 98765-4321',
    'import.rule.format.digits': 'must contain only digits',
    'import.rule.format.digitsPunctuation':
      'must contain only digits (dots and dashes are ignored)',
    'import.read.empty': 'The file, or the chosen sheet, is empty.',
    'import.read.unsupported': 'This is not a spreadsheet the app can read (.xlsx, .xls or .csv).',
    'import.read.password': 'This workbook is protected with a password.',
    'import.read.corrupt': 'The spreadsheet is damaged or incomplete.',
    'import.read.zip_bomb':
      'The file was refused for safety: it would unpack to far more data than a spreadsheet holds (a “zip bomb”). Nothing was unpacked.',
    'import.read.too_many_rows':
      'Too many rows: the sheet has {found, plural, one {# data row} other {# data rows}} and the limit is {limit}. Split the file, or raise “Largest spreadsheet” in Settings.',
    'import.read.too_many_columns':
      'Too many columns: {found}, and the limit is {limit}, which no setting changes. Remove the columns you do not need and choose the file again.',
    'import.read.too_large':
      'The file, or one of its cells, is larger than allowed, and no setting changes that. Split the file, or check the cell named in the details (a quote left open in a CSV file can do this).',
    'import.read.no_sheet': 'The workbook has no sheet that can be read.',
    'import.read.mixed_encoding':
      'The file mixes two text encodings (UTF-8 and another, such as Windows-1252), so some of its characters would change however it is read; it was not read. Line {line} holds a character that is not UTF-8: export the file again from its source, or fix that line in an editor that saves UTF-8.',
    'import.read.worker': 'The app failed while processing the file.',
    'import.read.detail': 'Details: {message}',
  },
  {
    'import.field.sessionID': 'ID da sessão',
    'import.field.externalID': 'ID externo (pedido)',
    'import.field.cpf': 'CPF',
    'import.field.email': 'E-mail',
    'import.field.phone': 'Telefone (completo)',
    'import.field.phoneAny': 'Telefone',
    'import.field.countryCode': 'Código do país (DDI)',
    'import.field.cityCode': 'Código de área (DDD)',
    'import.field.phoneNumber': 'Número do telefone',
    'import.field.zipCode': 'CEP',
    'import.problem': '{field}: {rule}',
    'import.rule.required': 'valor obrigatório',
    'import.rule.length': 'tamanho inválido',
    'import.rule.lengthDigits': 'deve ter de {min} a {max} dígitos',
    'import.rule.lengthChars': 'deve ter de {min} a {max} caracteres',
    'import.rule.lengthExactDigits': 'deve ter {count, plural, one {# dígito} other {# dígitos}}',
    'import.rule.lengthExactChars':
      'deve ter {count, plural, one {# caractere} other {# caracteres}}',
    'import.rule.checkDigits': 'dígitos verificadores não conferem',
    'import.rule.repeatedDigits': 'um só dígito repetido não é um número válido',
    'import.rule.phoneIncomplete': 'falta o código de área (DDD)',
    'import.rule.phoneNonGeographic':
      'um número não geográfico (0800, 0300, 4004 e semelhantes) não tem código de área (DDD) para enviar; informe o celular ou o fixo do cliente com o DDD, ou deixe o telefone de fora',
    'import.rule.areaCode':
      'não é um código de área (DDD) do Brasil: eles vão de 11 a 99, e nenhum começa com 0',
    'import.rule.areaCodeUnmarked':
      'fora do Brasil o código de área não se separa do número pela contagem de dígitos; escreva-o entre parênteses, como em +1 (212) 5555-1234, depois do DDI e de um espaço, como em +1 212 5555-1234, ou numa coluna de código de área',
    'import.rule.digitsLost':
      'o Excel gravou como número de mais de 15 dígitos e guarda só 15, então este não é o valor digitado; digite-o de novo',
    'import.rule.cellError':
      'a célula contém um erro do Excel (como #N/D ou #NOME?), não um valor; corrija a fórmula no Excel ou digite o valor',
    'import.rule.dateCell':
      'a célula é uma data (o Excel mostra {shown}), não um ID; formate a coluna como Texto no Excel e digite o ID de novo',
    'import.rule.dateCellIso':
      'a célula é uma data ({date}), não um ID; formate a coluna como Texto no Excel e digite o ID de novo',
    'import.rule.dateCellPlain':
      'a célula é uma data, não um ID; formate a coluna como Texto no Excel e digite o ID de novo',
    'import.rule.formulaCell':
      'a célula contém uma fórmula salva sem o valor, então o que o Excel mostraria não está no arquivo; abra o arquivo no Excel ou no LibreOffice e salve-o, depois importe-o de novo',
    'import.rule.mergedDown':
      'a célula está vazia — {cell} faz parte das células mescladas {range}, cujo valor está na linha {row}; desfaça a mesclagem no Excel e preencha cada linha',
    'import.rule.mergedAcross':
      'a célula está vazia — {cell} faz parte das células mescladas {range}, cujo valor está em {first}; desfaça a mesclagem no Excel e preencha cada célula',
    'import.rule.merged':
      'a célula está vazia — ela faz parte de células mescladas cujo valor está em outra linha ou coluna; desfaça a mesclagem no Excel e preencha cada célula',
    'import.problem.found': '{sentence} (encontrado: {found})',
    'import.rule.format.sessionID':
      'não pode conter caracteres de controle (como tabulação, NUL ou ESC), marcas de direção nem caracteres invisíveis (como espaço de largura zero ou hífen condicional), nem U+FFFD, um caractere perdido ao decodificar o arquivo',
    'import.rule.format.externalID':
      'não pode conter caracteres de controle (como tabulação, NUL ou ESC), marcas de direção nem caracteres invisíveis (como espaço de largura zero ou hífen condicional), nem U+FFFD, um caractere perdido ao decodificar o arquivo',
    'import.rule.format.email': 'não é um endereço de e-mail válido',
    'import.rule.format.phone': 'ilegível; escreva como +55 (11) 98765-4321',
    'import.rule.format.digits': 'deve conter apenas dígitos',
    'import.rule.format.digitsPunctuation':
      'deve conter apenas dígitos (pontos e traços são ignorados)',
    'import.read.empty': 'O arquivo, ou a aba escolhida, está vazio.',
    'import.read.unsupported':
      'Este arquivo não é uma planilha que o app lê (.xlsx, .xls ou .csv).',
    'import.read.password': 'Esta pasta de trabalho está protegida por senha.',
    'import.read.corrupt': 'A planilha está danificada ou incompleta.',
    'import.read.zip_bomb':
      'O arquivo foi recusado por segurança: ele se expandiria em muito mais dados do que uma planilha contém (uma “bomba zip”). Nada foi descompactado.',
    'import.read.too_many_rows':
      'Linhas demais: a planilha tem {found, plural, one {# linha de dados} other {# linhas de dados}} e o limite é {limit}. Divida o arquivo ou aumente “Maior planilha” nas Configurações.',
    'import.read.too_many_columns':
      'Colunas demais: {found}, e o limite é {limit}, que nenhuma configuração muda. Remova as colunas de que não precisa e escolha o arquivo de novo.',
    'import.read.too_large':
      'O arquivo, ou uma de suas células, é maior que o permitido, e nenhuma configuração muda isso. Divida o arquivo ou confira a célula indicada nos detalhes (uma aspa aberta num arquivo CSV pode causar isso).',
    'import.read.no_sheet': 'A pasta de trabalho não tem nenhuma aba legível.',
    'import.read.mixed_encoding':
      'O arquivo mistura duas codificações de texto (UTF-8 e outra, como Windows-1252), então alguns caracteres mudariam de qualquer forma que fosse lido; ele não foi lido. A linha {line} contém um caractere que não é UTF-8: exporte o arquivo de novo do sistema de origem ou corrija essa linha num editor que salve em UTF-8.',
    'import.read.worker': 'O app falhou ao processar o arquivo.',
    'import.read.detail': 'Detalhe (em inglês): {message}',
  },
);
