import { UserDetail } from './UserDetail';
import { UserSearch } from './UserSearch';

/** Users: the search, or one account's page (/admin/users/<userId>). */
export function UsersSection({ userId }: { userId: string | null }) {
  return userId ? <UserDetail userId={userId} /> : <UserSearch />;
}
