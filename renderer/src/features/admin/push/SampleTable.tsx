import { plural } from '../../../lib/format.ts';
import type { ImportPreview } from '../../../../../shared/contract/imports.ts';

/** The first valid items as read, for a person to see that the file was read as meant. */
export function SampleTable({ sample }: { sample: ImportPreview['sample'] }) {
  if (sample.rows.length === 0) return null;
  return (
    <details className="sample" data-testid="sample">
      <summary>The first {plural(sample.rows.length, 'valid item')} as read</summary>
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              {sample.columns.map((c) => (
                <th scope="col" key={c}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sample.rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) => (
                  <td key={j}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
