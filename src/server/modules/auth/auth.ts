// The minimal build leaves out Kysely, which the Drizzle adapter below does not use.
import { betterAuth } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { admin } from 'better-auth/plugins/admin';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { APP_NAME } from '../../../shared/brand';
import type { Logger } from 'pino';
import {
  AUTH_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../shared/auth/contract';
import { staffAccess, staffRoles } from './staff-roles';
import { promoteListedStaff } from './staff-bootstrap';
import { challengeOtherSignIns, endOtherSessionsAfterEnrolment } from './two-factor-hooks';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import type { Mailer } from '../../integrations/mail';
import {
  changeEmailMail,
  existingAccountMail,
  passwordResetMail,
  verificationMail,
} from './auth.emails';
import type { JobEnqueuer } from '../../jobs/queue';
import { findUser } from './users.repo';
import {
  addressChangeOf,
  refuseChangeOlderThanPassword,
  refuseLinkOlderThanAccount,
  refuseTakenNewAddress,
} from './email-change';
import { refuseWeakNewPassword } from './password-policy';
import { brandName } from '../site';
import { queueMail } from './queued-mail';
import { voidResetLinks } from './reset-links';
import { dropUnprovenPassword } from './unproven-password';

const DAY_SECONDS = 60 * 60 * 24;
/** How long a 'Forgot password?' link works. */
export const PASSWORD_RESET_SECONDS = 60 * 60;
export const GOOGLE_PROVIDER_ID = 'google';
export const AUTH_BASE_PATH = '/api/auth';

export interface AuthDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  /** Mails whose sending must not show in the answer's timing go through the job queue. */
  jobs: JobEnqueuer;
  log: Logger;
}

/**
 * better-auth on our database: e-mail + password with verification, Google through OpenID
 * Connect with a configurable issuer, database sessions in HttpOnly cookies; staff roles (the
 * admin plugin) and two-factor authentication (the TOTP plugin), decision 0055.
 */
export function createAuth({ config, db, mailer, jobs, log }: AuthDeps) {
  return betterAuth({
    appName: 'Reverie',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    telemetry: { enabled: false },
    // Our own limiter (Redis-capable, tuned per endpoint) runs in front of better-auth.
    rateLimit: { enabled: false },
    logger: {
      log: (level, message) => {
        if (level === 'error') log.error({ component: 'auth' }, message);
        else if (level === 'warn') log.warn({ component: 'auth' }, message);
        else log.debug({ component: 'auth' }, message);
      },
    },
    advanced: {
      cookiePrefix: 'reverie',
      // The Fastify layer overwrites this header with the client address it trusts.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    session: {
      // No 'fresh session' rule: the device list works on a session of any age, and the
      // actions that matter ask for the password (change password, change e-mail, delete).
      freshAge: 0,
      expiresIn: 30 * DAY_SECONDS,
      // Sliding expiry: a session used after a day is extended by another 30 days.
      updateAge: DAY_SECONDS,
    },
    user: {
      // A new address is used once its owner opens the link sent to it (better-auth's
      // change-email-verification flow); until then the old one stays.
      changeEmail: { enabled: true },
      additionalFields: {
        termsAcceptedAt: { type: 'date', required: false, input: false },
        ageConfirmedAt: { type: 'date', required: false, input: false },
      },
    },
    account: {
      // Google is linked to an account with the same address only when Google has verified the
      // address (no provider is trusted without), and then also to an account whose address was
      // never verified: its owner is not locked out by whoever registered it first, whose
      // password goes (unproven-password.ts).
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: false },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      // 'Forgot password?': a one-time link, valid for an hour (better-auth deletes it when used).
      resetPasswordTokenExpiresIn: PASSWORD_RESET_SECONDS,
      // The account's other reset links end with it: an older mail cannot set a password again.
      onPasswordReset: async ({ user }) => {
        await voidResetLinks(db, user.id);
      },
      // Queued, not sent here: an unknown address gets no mail, and the answer must not take
      // longer for a known one.
      sendResetPassword: async ({ user, url }) => {
        await queueMail(
          db,
          jobs,
          passwordResetMail(user.email, user.name, url, await brandName(db)),
        );
      },
      // Sign-up answers the same whether or not the address is taken (no account enumeration);
      // the owner of the address learns about the attempt by mail instead.
      onExistingUserSignUp: async ({ user }) => {
        const product = await brandName(db);
        await mailer.send(
          existingAccountMail(user.email, config.publicUrl, user.emailVerified, product),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      // The link signs the user in and lands in the app (issue 45), but only in the browser that
      // signed up: a session made for a link opened elsewhere is taken back (sign-up-browser.ts).
      // A change of address is better-auth's other path through the same endpoint, which this
      // setting does not touch: its link signs in the account whose address it changes, and is
      // refused in a browser signed in to another account (INVALID_USER).
      autoSignInAfterVerification: true,
      expiresIn: DAY_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        // A change of address verifies the new address: better-auth hands us the user with the
        // new address while the stored one is still the old.
        const stored = await findUser(db, user.id);
        const changing = stored !== null && stored.email !== user.email;
        // A change to a taken address sends nothing: queued, its answer takes as long as one
        // that sends a mail.
        const product = await brandName(db);
        if (changing)
          await queueMail(db, jobs, changeEmailMail(user.email, user.name, url, product));
        else await mailer.send(verificationMail(user.email, user.name, url, product));
      },
      // A new address in use: reset links mailed to the old one no longer reach the account.
      afterEmailVerification: async (user, request) => {
        const token = request ? new URL(request.url).searchParams.get('token') : null;
        if (await addressChangeOf(token, config.authSecret)) await voidResetLinks(db, user.id);
      },
    },
    databaseHooks: {
      session: {
        create: {
          // STAFF_EMAILS makes the first admins: a verified listed address becomes admin when it
          // signs in (never demoted here; decision 0055).
          before: async (newSession) => {
            await promoteListedStaff(db, config.staffEmails, newSession.userId);
          },
        },
      },
      account: {
        create: {
          // Before: better-auth marks the address verified right after the link, and runs
          // 'after' hooks once its transaction is done.
          before: async (linked) => {
            if (linked.providerId === GOOGLE_PROVIDER_ID) {
              await dropUnprovenPassword(db, linked.userId);
            }
          },
        },
      },
      user: {
        create: {
          // Every path to an account passes an 18+ attestation and the terms: the sign-up form's
          // required boxes, or the statement under the Google buttons.
          before: async (newUser) => {
            const now = new Date();
            return { data: { ...newUser, termsAcceptedAt: now, ageConfirmedAt: now } };
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // A changed password ends every other session unless the user chose to keep them.
        if (ctx.path === '/change-password' && ctx.body && typeof ctx.body === 'object') {
          const body = ctx.body as Record<string, unknown>;
          body.revokeOtherSessions = body.revokeOtherSessions !== false;
        }
        await refuseWeakNewPassword(ctx);
        await refuseLinkOlderThanAccount(ctx);
        await refuseChangeOlderThanPassword(ctx);
        await refuseTakenNewAddress(ctx);
      }),
      after: createAuthMiddleware(async (ctx) => {
        // A changed password voids the reset links asked for before it (a reset does the same,
        // in onPasswordReset above).
        if (ctx.path === '/change-password') {
          const returned = ctx.context.returned as { user?: { id?: unknown } } | undefined;
          const userId = returned && !isAPIError(returned) ? returned.user?.id : undefined;
          if (typeof userId === 'string') await voidResetLinks(db, userId);
        }
        // Enrolment's first code: the account's other sessions end (two-factor-hooks.ts).
        await endOtherSessionsAfterEnrolment(ctx);
      }),
    },
    plugins: [
      admin({
        ac: staffAccess,
        roles: staffRoles,
        defaultRole: 'user',
        adminRoles: ['admin', 'moderator'],
        bannedUserMessage: AUTH_MESSAGES.suspended,
      }),
      challengeOtherSignIns(
        twoFactor({
          issuer: APP_NAME,
          // A Google-only account enrols too: it has no password to give.
          allowPasswordless: true,
          twoFactorCookieMaxAge: 600,
          backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
          accountLockout: { maxFailedAttempts: 10, durationSeconds: 900 },
        }),
      ),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: `${config.google.issuer}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  mapProfileToUser: (profile) => ({
                    name: typeof profile.name === 'string' ? profile.name : '',
                    emailVerified: profile.email_verified === true,
                  }),
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

declare module '../../context' {
  interface AppContext {
    /** better-auth: sign-in, sessions and accounts; the auth module's own, added here. */
    auth: Auth;
  }
}
