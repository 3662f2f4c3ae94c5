import { useId, type ReactNode } from 'react';

interface NumbersTableProps {
  caption: string;
  head: readonly string[];
  /** Each row: its name first (a row header), then the numbers as the locale writes them. */
  rows: ReadonlyArray<readonly ReactNode[]>;
  testId: string;
}

/** A table of the report's numbers; the first cell of each row names it for screen readers. */
export function NumbersTable({ caption, head, rows, testId }: NumbersTableProps) {
  const id = useId();
  // Headers stay on one line, so a narrow table scrolls sideways: the keyboard must reach it.
  return (
    <div className="report-table-wrap" tabIndex={0} role="region" aria-labelledby={id}>
      <table className="report-table" data-testid={testId}>
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, ...cells], index) => (
            <tr key={index}>
              <th scope="row">{name}</th>
              {cells.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
