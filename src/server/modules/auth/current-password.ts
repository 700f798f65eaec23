import type { Auth } from './auth';

/** Whether `password` is the current password of the session's account (better-auth checks). */
export function isCurrentPassword(auth: Auth, headers: Headers, password: string) {
  return auth.api.verifyPassword({ body: { password }, headers }).then(
    () => true,
    () => false,
  );
}
