import { createAccessControl } from 'better-auth/plugins/access';
import { defaultStatements } from 'better-auth/plugins/admin/access';

/**
 * The staff roles, in better-auth's access control (decision 0055): what each may do. Nobody may
 * impersonate, set a password, create or delete users through the plugin: those permissions are
 * held by no role.
 */
const statements = { ...defaultStatements, audit: ['list'], safety: ['review'] } as const;

export const staffAccess = createAccessControl(statements);

export const staffRoles = {
  admin: staffAccess.newRole({
    user: ['list', 'get', 'ban', 'set-role'],
    session: ['list', 'revoke'],
    audit: ['list'],
    safety: ['review'],
  }),
  moderator: staffAccess.newRole({
    user: ['list', 'get', 'ban'],
    session: ['list', 'revoke'],
    safety: ['review'],
  }),
  user: staffAccess.newRole({ user: [], session: [] }),
};
