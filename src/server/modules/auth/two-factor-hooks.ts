import type { GenericEndpointContext } from 'better-auth';
import type { twoFactor } from 'better-auth/plugins/two-factor';

type TwoFactorPlugin = ReturnType<typeof twoFactor>;
type HookContext = GenericEndpointContext;

/** The paths other than a password sign-in that create a session (decision 0055). */
const OTHER_SIGN_IN_PATHS = new Set(['/oauth2/callback/:providerId', '/verify-email']);

/**
 * The two-factor plugin asks for a code only after a password sign-in (its hook names the
 * /sign-in/* paths). Google's callback and a change-of-address link opened signed out also create
 * a session: the plugin's own challenge runs after them too, so that session is replaced by the
 * same ten-minute challenge cookie (the gate then sends the browser to the code step).
 */
export function challengeOtherSignIns(plugin: TwoFactorPlugin): TwoFactorPlugin {
  const challenge = plugin.hooks.after[0]!.handler;
  return {
    ...plugin,
    hooks: {
      ...plugin.hooks,
      after: [
        ...plugin.hooks.after,
        { matcher: (context) => OTHER_SIGN_IN_PATHS.has(context.path ?? ''), handler: challenge },
      ],
    },
  };
}

/**
 * Enrolment's first right code replaces the session it was typed in (the plugin does that); the
 * account's other sessions end here, so every session of an account with two-factor on has
 * passed a code — the staff check then needs only `twoFactorEnabled`.
 */
export async function endOtherSessionsAfterEnrolment(ctx: HookContext) {
  if (ctx.path !== '/two-factor/verify-totp') return;
  const before = ctx.context.session;
  const created = ctx.context.newSession;
  // Signed in before and a new session now: an enrolment (a sign-in's code has no session before).
  if (!before || !created) return;
  const sessions = await ctx.context.internalAdapter.listSessions(created.user.id);
  const others = sessions.map((s) => s.token).filter((token) => token !== created.session.token);
  if (others.length > 0) await ctx.context.internalAdapter.deleteSessions(others);
}
