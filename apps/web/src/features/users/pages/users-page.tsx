import type { Role, User } from '@wac/contract/auth';
import { roles } from '@wac/contract/auth';
import { useState } from 'react';
import { useAuth } from '../../../lib/auth-context';
import { formatDate } from '../../../lib/format-date';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Button } from '../../../ui/button';
import { DataTable, RowActions } from '../../../ui/data-table';
import { EmptyList } from '../../../ui/empty-list';
import { Pager } from '../../../ui/pager';
import { QueryStatus } from '../../../ui/query-status';
import { SearchFilterToolbar } from '../../../ui/search-filter-toolbar';
import { type UsersQuery, useUsers } from '../api/list-users';
import { DeleteUserModal } from '../components/delete-user-modal';
import { RoleBadge, roleLabel } from '../components/role-badge';
import { SetPasswordModal } from '../components/set-password-modal';
import { UserFormModal } from '../components/user-form-modal';
import './users-page.css';

const PAGE_SIZE = 10;
const roleOptions = roles.map((r) => ({ value: r, label: `${roleLabel(r)}s` }));

export function UsersPage() {
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebouncedValue(search, 300);
  const query: UsersQuery = { page, limit: PAGE_SIZE, search: debouncedSearch, role };
  const users = useUsers(query);

  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [settingPassword, setSettingPassword] = useState<User | null>(null);

  const list = users.data?.users ?? [];
  const pagination = users.data?.pagination;
  const filtered = debouncedSearch.trim() !== '' || role !== '';
  const count = pagination?.total;
  const summary =
    count === undefined
      ? ''
      : `${count} ${count === 1 ? 'user' : 'users'}${filtered ? `${count === 1 ? ' matches' : ' match'} these filters` : ''}`;

  // A page left empty by a delete moves back to the last page that exists.
  if (pagination && page > pagination.totalPages) setPage(pagination.totalPages);

  return (
    <div className="page users-page">
      <div className="page-header">
        <p className="muted">{summary}</p>
        <Button variant="primary" onClick={() => setCreating(true)}>
          New user
        </Button>
      </div>

      <div className="card">
        <SearchFilterToolbar
          className="users-toolbar"
          search={{
            value: search,
            label: 'Search users',
            placeholder: 'Search by username or email',
            className: 'users-search',
            onChange: (value) => {
              setSearch(value);
              setPage(1);
            },
          }}
          filter={{
            label: 'Filter by role',
            allLabel: 'All roles',
            value: role,
            options: roleOptions,
            onChange: (value) => {
              setRole(value);
              setPage(1);
            },
          }}
          refreshing={users.isFetching && !users.isPending}
        />

        {users.isPending || users.isError ? (
          <QueryStatus query={users} loadingLabel="Loading users" />
        ) : list.length === 0 ? (
          <EmptyList
            filtered={filtered}
            what="users"
            onClearFilters={() => {
              setSearch('');
              setRole('');
              setPage(1);
            }}
          >
            <p>No users yet.</p>
          </EmptyList>
        ) : (
          <DataTable className="users-table" columns={['Username', 'Email', 'Role', 'Email verified', 'Created']} actions>
            {list.map((u) => {
              const isSelf = u.id === me?.id;
              return (
                <tr key={u.id}>
                  <td>
                    <div className="user-cell">
                      <span className="user-initial" aria-hidden="true">
                        {u.username.charAt(0) || 'U'}
                      </span>
                      <span>
                        <strong>{u.username}</strong>
                        {isSelf && <span className="muted"> (you)</span>}
                      </span>
                    </div>
                  </td>
                  <td>{u.email ?? <span className="muted">—</span>}</td>
                  <td>
                    <RoleBadge role={u.role} />
                  </td>
                  <td>
                    {u.emailVerified ? (
                      <span className="badge badge-success">Verified</span>
                    ) : (
                      <span className="badge badge-muted">Not verified</span>
                    )}
                  </td>
                  <td>{formatDate(u.createdAt)}</td>
                  <RowActions className="user-actions">
                    <Button variant="ghost" onClick={() => setEditing(u)} aria-label={`Edit ${u.username}`}>
                      Edit
                    </Button>
                    <Button variant="ghost" onClick={() => setSettingPassword(u)} aria-label={`Set password for ${u.username}`}>
                      Set password
                    </Button>
                    {!isSelf && (
                      <Button variant="ghost" className="text-danger" onClick={() => setDeleting(u)} aria-label={`Delete ${u.username}`}>
                        Delete
                      </Button>
                    )}
                  </RowActions>
                </tr>
              );
            })}
          </DataTable>
        )}

        {pagination && (
          <Pager label="Users pages" page={pagination.page} limit={pagination.limit} total={pagination.total} onPage={setPage} />
        )}
      </div>

      <UserFormModal open={creating} onClose={() => setCreating(false)} />
      <UserFormModal open={editing !== null} user={editing} isSelf={editing?.id === me?.id} onClose={() => setEditing(null)} />
      <DeleteUserModal user={deleting} onClose={() => setDeleting(null)} />
      <SetPasswordModal user={settingPassword} isSelf={settingPassword?.id === me?.id} onClose={() => setSettingPassword(null)} />
    </div>
  );
}
