/**
 * A held-back row's problems in the results exports the window makes. English files keep the
 * sentences the command line prints (`describeFieldProblem`); Portuguese ones use the window's own
 * words, those of the Import screen and a row's details (renderer/src/features/import/
 * messages-problems.ts), so a problem reads the same on screen and in the file. The core cannot
 * import the renderer's catalogue: tests/integration/results-export-problems.test.ts holds the two
 * to the same words for every field and rule.
 */
import {
  describeFieldProblem,
  isIsoShown,
  mergedValueCell,
  type FieldProblem,
  type TransactionField,
} from '../../../shared/domain/field-problem';
import type { ExportLanguage } from './export-labels';

const fieldNames: Record<TransactionField, string> = {
  sessionID: 'ID da sessão',
  externalID: 'ID externo (pedido)',
  cpf: 'CPF',
  email: 'E-mail',
  phone: 'Telefone',
  'phone.countryCode': 'Código do país (DDI)',
  'phone.cityCode': 'Código de área (DDD)',
  'phone.number': 'Número do telefone',
  zipCode: 'CEP',
};

const idFormat =
  'não pode conter caracteres de controle (como tabulação, NUL ou ESC), marcas de direção nem ' +
  'caracteres invisíveis (como espaço de largura zero ou hífen condicional), nem U+FFFD, um ' +
  'caractere perdido ao decodificar o arquivo';
const onlyDigits = 'deve conter apenas dígitos';
const digitsPunctuation = 'deve conter apenas dígitos (pontos e traços são ignorados)';

const formatRules: Record<TransactionField, string> = {
  sessionID: idFormat,
  externalID: idFormat,
  cpf: digitsPunctuation,
  email: 'não é um endereço de e-mail válido',
  phone: 'ilegível; escreva como +55 (11) 98765-4321',
  'phone.countryCode': onlyDigits,
  'phone.cityCode': onlyDigits,
  'phone.number': onlyDigits,
  zipCode: digitsPunctuation,
};

/** Fields whose length counts digits rather than characters. */
const digitFields = new Set<TransactionField>([
  'cpf',
  'zipCode',
  'phone.countryCode',
  'phone.cityCode',
  'phone.number',
]);

const asDate = 'não um ID; formate a coluna como Texto no Excel e digite o ID de novo';

function lengthRule({ field, min, max }: FieldProblem): string {
  if (min === undefined || max === undefined) return 'tamanho inválido';
  const digits = digitFields.has(field);
  if (min !== max)
    return `deve ter de ${String(min)} a ${String(max)} ${digits ? 'dígitos' : 'caracteres'}`;
  const noun = digits ? (min === 1 ? 'dígito' : 'dígitos') : min === 1 ? 'caractere' : 'caracteres';
  return `deve ter ${String(min)} ${noun}`;
}

function mergedRule({ cell, range }: FieldProblem): string {
  const value =
    cell === undefined || range === undefined ? undefined : mergedValueCell(cell, range);
  if (cell === undefined || range === undefined || value === undefined)
    return (
      'a célula está vazia — ela faz parte de células mescladas cujo valor está em outra linha ' +
      'ou coluna; desfaça a mesclagem no Excel e preencha cada célula'
    );
  const where = value.sameRow ? `em ${value.first}` : `na linha ${String(value.row)}`;
  return (
    `a célula está vazia — ${cell} faz parte das células mescladas ${range}, cujo valor está ` +
    `${where}; desfaça a mesclagem no Excel e preencha cada ${value.sameRow ? 'célula' : 'linha'}`
  );
}

function ruleText(problem: FieldProblem): string {
  switch (problem.rule) {
    case 'required':
      return 'valor obrigatório';
    case 'length':
      return lengthRule(problem);
    case 'format':
      return formatRules[problem.field];
    case 'check_digits':
      return 'dígitos verificadores não conferem';
    case 'repeated_digits':
      return 'um só dígito repetido não é um número válido';
    case 'phone_incomplete':
      return 'falta o código de área (DDD)';
    case 'phone_non_geographic':
      return (
        'um número não geográfico (0800, 0300, 4004 e semelhantes) não tem código de área (DDD) ' +
        'para enviar; informe o celular ou o fixo do cliente com o DDD, ou deixe o telefone de fora'
      );
    case 'area_code':
      return 'não é um código de área (DDD) do Brasil: eles vão de 11 a 99, e nenhum começa com 0';
    case 'area_code_unmarked':
      return (
        'fora do Brasil o código de área não se separa do número pela contagem de dígitos; ' +
        'escreva-o entre parênteses, como em +1 (212) 5555-1234, depois do DDI e de um espaço, ' +
        'como em +1 212 5555-1234, ou numa coluna de código de área'
      );
    case 'digits_lost':
      return (
        'o Excel gravou como número de mais de 15 dígitos e guarda só 15, então este não é o ' +
        'valor digitado; digite-o de novo'
      );
    case 'cell_error':
      return (
        'a célula contém um erro do Excel (como #N/D ou #NOME?), não um valor; corrija a ' +
        'fórmula no Excel ou digite o valor'
      );
    case 'formula_cell':
      return (
        'a célula contém uma fórmula salva sem o valor, então o que o Excel mostraria não está ' +
        'no arquivo; abra o arquivo no Excel ou no LibreOffice e salve-o, depois importe-o de novo'
      );
    case 'merged_cell':
      return mergedRule(problem);
    case 'date_cell':
      if (problem.shown === undefined) return `a célula é uma data, ${asDate}`;
      // A built-in format's date is kept as ISO: what the analyst's Excel shows is not known.
      return isIsoShown(problem.shown)
        ? `a célula é uma data (${problem.shown}), ${asDate}`
        : `a célula é uma data (o Excel mostra ${problem.shown}), ${asDate}`;
  }
}

/** `CPF: dígitos verificadores não conferem`, or the command line's English sentence. */
export function describeExportProblem(problem: FieldProblem, language: ExportLanguage): string {
  if (language === 'en') return describeFieldProblem(problem);
  const sentence = `${fieldNames[problem.field]}: ${ruleText(problem)}`;
  return problem.found === undefined ? sentence : `${sentence} (encontrado: ${problem.found})`;
}
