import { useEffect, useState } from 'react';
import type { OperationOutput } from '../../../../shared/contract/operations.ts';
import { Icon } from '../../components/Icon.tsx';
import { personName } from '../../../../shared/domain/person-name.ts';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useSession } from '../../stores/session.ts';

type Groups = OperationOutput<'groups.list'>;
type EmployeesPage = OperationOutput<'employees.browse'>;

const PAGE = 50;

function GroupsCard() {
  const mirrorVersion = useSession((s) => s.mirrorVersion);
  const [groups, setGroups] = useState<Groups | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    void api.call('groups.list', {}).then(setGroups, () => setGroups([]));
  }, [mirrorVersion]);
  return (
    <section className="card" data-testid="groups">
      <header className="card-head">
        <div>
          <h2>Access profile groups</h2>
          <p className="muted">
            The groups mapped to this integration, with the profiles last delivered from this machine.
          </p>
        </div>
      </header>
      {groups && groups.length === 0 ? (
        <div className="empty">
          <Icon name="shield" size={32} />
          <p>No access profile groups are mapped to this integration, or none has been synced yet.</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Group</th>
                <th scope="col">Location</th>
                <th scope="col">Profiles last uploaded</th>
              </tr>
            </thead>
            <tbody>
              {(groups ?? []).map((g) => (
                <tr key={g.sourceId} data-testid="group-row">
                  <td>
                    <div className="cell-stack">
                      <span>{g.name ?? g.sourceId}</span>
                      <code className="muted">{g.sourceId}</code>
                    </div>
                  </td>
                  <td>
                    {g.locationName
                      ? `${g.locationName} (${g.locationId})`
                      : (g.locationId ?? <span className="muted">none</span>)}
                  </td>
                  <td className="wrap">
                    {g.lastUpload ? (
                      <>
                        <button
                          type="button"
                          className="link-button"
                          aria-expanded={open === g.sourceId}
                          onClick={() => setOpen(open === g.sourceId ? null : g.sourceId)}
                        >
                          {g.lastUpload.profiles.length} profile{g.lastUpload.profiles.length === 1 ? '' : 's'},
                          delivered {formatDateTime(g.lastUpload.deliveredAt)}
                        </button>
                        {open === g.sourceId && (
                          <ul className="profile-list">
                            {g.lastUpload.profiles.map((p) => (
                              <li key={p.sourceId}>
                                <code>{p.sourceId}</code> {p.name}
                              </li>
                            ))}
                          </ul>
                        )}
                      </>
                    ) : (
                      <span className="muted">Nothing uploaded from this machine yet</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function EmployeesCard() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<'service' | 'email-asc' | 'email-desc'>('email-asc');
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<EmployeesPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    // Typing settles before asking the service.
    const timer = setTimeout(() => {
      api
        .call('employees.browse', {
          ...(search.trim() ? { searchQuery: search.trim() } : {}),
          ...(sort !== 'service' ? { sortField: 'EMAIL' as const, sortAscending: sort === 'email-asc' } : {}),
          offset,
          limit: PAGE,
        })
        .then(
          (p) => {
            if (current) {
              setPage(p);
              setError(null);
            }
          },
          (e: Error) => current && setError(e.message),
        );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [search, sort, offset]);
  const total = page?.totalCount ?? 0;
  return (
    <section className="card" data-testid="employees">
      <header className="card-head">
        <div>
          <h2>Employees</h2>
          <p className="muted">
            {page?.source === 'mirror'
              ? 'The service cannot be reached: this is the copy from the last sync.'
              : 'Asked from the service as you search.'}
          </p>
        </div>
      </header>
      <div className="browse-controls">
        <label className="field">
          <span>Search by name or email</span>
          <input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setOffset(0);
            }}
            data-testid="employee-search"
          />
        </label>
        <label className="field">
          <span>Order</span>
          <select
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as typeof sort);
              setOffset(0);
            }}
            data-testid="employee-sort"
          >
            <option value="email-asc">Email, A to Z</option>
            <option value="email-desc">Email, Z to A</option>
            <option value="service">As the service lists them</option>
          </select>
        </label>
      </div>
      {error && (
        <div className="banner banner-error" role="alert">
          <Icon name="alert" />
          {error}
        </div>
      )}
      <div className="table-wrap">
        <table className="data-table" data-testid="employee-table">
          <thead>
            <tr>
              <th scope="col" className="num">
                Number
              </th>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
            </tr>
          </thead>
          <tbody>
            {(page?.employees ?? []).map((e) => (
              <tr key={e.id} data-testid="employee-row">
                <td className="num muted">{e.id}</td>
                <td>{personName(e) || <span className="muted">no name</span>}</td>
                <td>{e.email ?? <span className="muted">none</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {page && page.employees.length === 0 && <p className="muted">No employee matches “{search}”.</p>}
      <div className="pager">
        <span className="muted" data-testid="employee-count">
          {total === 0 ? 'None' : `${offset + 1}–${Math.min(total, offset + PAGE)} of ${total.toLocaleString('en-GB')}`}
        </span>
        <button
          type="button"
          className="button-secondary button-small"
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - PAGE))}
        >
          Previous
        </button>
        <button
          type="button"
          className="button-secondary button-small"
          disabled={offset + PAGE >= total}
          onClick={() => setOffset(offset + PAGE)}
          data-testid="employee-next"
        >
          Next
        </button>
      </div>
    </section>
  );
}

/** What the service holds for this integration: groups and employees. */
export function BrowsePanel() {
  return (
    <div className="browse" data-testid="browse-panel">
      <GroupsCard />
      <EmployeesCard />
    </div>
  );
}
