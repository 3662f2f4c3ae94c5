import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sampleTransaction } from './transactions';

/** A temp folder removed by `remove()`. */
export function tempDir(prefix = 'dcdesk-'): {
  dir: string;
  file: (name: string) => string;
  remove: () => void;
} {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return {
    dir,
    file: (name) => path.join(dir, name),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A CSV of `n` valid transactions with Portuguese headers, as an analyst's export would be. */
export function writeTransactionsCsv(file: string, n: number): void {
  const lines = ['Pedido;Sessão;CPF;E-mail;Celular;CEP'];
  for (let index = 0; index < n; index += 1) {
    const t = sampleTransaction(index);
    lines.push(
      [t.externalID, t.sessionID, t.cpf, t.email, '+55 (11) 98765-4321', '01310-100'].join(';'),
    );
  }
  writeFileSync(file, `${lines.join('\r\n')}\r\n`, 'utf8');
}
