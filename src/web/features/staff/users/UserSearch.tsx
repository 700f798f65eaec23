import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/form';
import { messageOf } from '../console/access';
import { formatDate } from '../format';
import { useUserSearch } from './users-api';

/** The last search, kept for the way back from an account's page. */
let lastQuery = '';

/** Accounts by address or name (blank: the newest), each a link to its page. */
export function UserSearch() {
  const [typed, setTyped] = useState(lastQuery);
  const [query, setQuery] = useState(lastQuery);
  const search = useUserSearch(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    lastQuery = typed.trim();
    setQuery(lastQuery);
  };
  return (
    <div className="space-y-4">
      <form role="search" onSubmit={submit} className="flex gap-2">
        <label htmlFor="staff-user-search" className="sr-only">
          E-mail or name
        </label>
        <Input
          id="staff-user-search"
          type="search"
          placeholder="E-mail or name"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          className="h-11"
        />
        <Button type="submit" className="h-11">
          Search
        </Button>
      </form>
      {search.isPending ? (
        <p className="text-muted">Searching...</p>
      ) : search.isError ? (
        <p role="alert" className="text-error">
          {messageOf(search.error)}
        </p>
      ) : search.data.users.length === 0 ? (
        <p className="text-muted">No accounts match.</p>
      ) : (
        <ul
          aria-label="Accounts"
          className="divide-y divide-border rounded-xl border border-border"
        >
          {search.data.users.map((u) => (
            <li key={u.id}>
              <Link
                href={`/admin/users/${encodeURIComponent(u.id)}`}
                className="flex min-h-11 flex-col gap-0.5 px-4 py-3 hover:bg-hover-strong sm:flex-row sm:items-center sm:gap-4"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{u.email}</span>
                  <span className="block truncate text-sm text-muted">{u.name || 'No name'}</span>
                </span>
                <span className="flex flex-wrap gap-x-3 text-sm text-muted">
                  <span>{u.plan}</span>
                  <span>{u.role}</span>
                  <span>since {formatDate(u.createdAt)}</span>
                  {u.suspended && <span className="font-semibold text-danger">Suspended</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
