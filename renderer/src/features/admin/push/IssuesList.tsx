import { Icon } from '../../../components/Icon.tsx';
import { plural } from '../../../lib/format.ts';
import { useAdmin } from '../admin-store.ts';
import type { ImportPreview } from '../../../../../shared/contract/imports.ts';

/** A file's problems: what they mean for the upload, each one with its line and column, and all of them as CSV. */
export function IssuesList({ preview: p }: { preview: ImportPreview }) {
  const downloadIssues = useAdmin((s) => s.downloadIssues);
  const { allowed } = p;
  return (
    <>
      <div className="banner banner-warn" role="alert">
        <Icon name="alert" />
        <span>
          {p.invalidRows > 0
            ? `${plural(p.invalidRows, 'row')} ${p.invalidRows === 1 ? 'has' : 'have'} errors and will not be sent.`
            : 'The file has problems.'}{' '}
          {allowed.queueValidOnly
            ? 'Fix the file and choose it again, or queue only the valid rows.'
            : 'Fix the file and choose it again.'}
        </span>
      </div>
      <div className="table-wrap issues-wrap">
        <table className="data-table" data-testid="issues">
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Line</th>
              <th scope="col">Column</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {p.issues.map((issue, i) => (
              <tr key={i}>
                <td className="nowrap">{issue.file}</td>
                <td className="num">{issue.line ?? '—'}</td>
                <td>{issue.column ? <code>{issue.column}</code> : '—'}</td>
                <td>{issue.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="button-row">
        <button
          type="button"
          className="button-secondary button-small"
          onClick={() => void downloadIssues()}
          data-testid="export-issues"
        >
          <Icon name="download" size={16} />
          Download every problem as CSV
        </button>
        {p.issues.length >= 500 && <span className="muted">Only the first 500 problems are shown here.</span>}
      </div>
    </>
  );
}
