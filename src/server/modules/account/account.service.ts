import {
  ACCOUNT_MESSAGES,
  type AccountResponse,
  type deleteAccountRequest,
} from '../../../shared/account/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { OWN_ACCOUNT_DELETION, USER_NOT_FOUND } from '../../../shared/staff/users-contract';
import { badRequest, notFound, unauthorized } from '../../errors';
import { findUser, GOOGLE_PROVIDER_ID, isCurrentPassword, signInMethods } from '../auth';
import { avatarFilesOf, removeRecordedFiles } from '../avatars';
import { cancelBillingForDeletion } from '../billing';
import { countConversations, pictureFilesOf, PICTURES_FOLDER } from '../chat';
import * as accountRepo from './account.repo';
import { exportJson, exportZip } from './export-writer';
import { transcriptDocuments } from './transcripts';
import type { ExportParts, UserData } from '../../db/user-data';

/**
 * The user's data, feature by feature (`userData` of each module's face, which modules/index.ts
 * hands to this module): the export holds it in this order, and the deletion removes it in the
 * reverse one, so the user itself (this module's own part, first) goes last (before that, every
 * foreign key between these rows cascades or sets null, so no other order is needed).
 */
export type UserDataList = readonly UserData[];

export async function getAccount(ctx: AppContext, userId: string): Promise<AccountResponse> {
  const found = await findUser(ctx.db, userId);
  if (!found) throw unauthorized();
  const methods = await signInMethods(ctx.db, userId);
  return {
    email: found.email,
    name: found.name,
    createdAt: found.createdAt.toISOString(),
    hasPassword: methods.hasPassword,
    google: methods.providers.includes(GOOGLE_PROVIDER_ID),
  };
}

/**
 * 'Download my data': a zip of the JSON (pretty-printed), a Markdown copy of each conversation
 * (transcripts.ts), the user's avatar images and the pictures sent in chats; or, for an account with no conversation and no
 * avatar, the JSON alone. Read and written as it goes (see export-writer.ts).
 */
export async function exportAccount(ctx: AppContext, userId: string, userData: UserDataList) {
  const exportedAt = new Date();
  const parts: ExportParts = {};
  for (const feature of userData) Object.assign(parts, feature.exportForUser(ctx.db, userId));
  const header = {
    format: 'reverie-export',
    version: 1,
    exportedAt: exportedAt.toISOString(),
  };
  const day = exportedAt.toISOString().slice(0, 10);
  const json = exportJson(header, parts);
  const [files, pictures, conversations] = await Promise.all([
    avatarFilesOf(ctx.db, userId),
    pictureFilesOf(ctx.db, userId),
    countConversations(ctx.db, userId),
  ]);
  if (files.length === 0 && conversations === 0) {
    return {
      fileName: `reverie-export-${day}.json`,
      contentType: 'application/json; charset=utf-8',
      chunks: json,
    };
  }
  const storage = ctx.avatarStorage;
  return {
    fileName: `reverie-export-${day}.zip`,
    contentType: 'application/zip',
    chunks: exportZip(
      (async function* () {
        yield { name: EXPORT_JSON_NAME, text: json };
        if (conversations > 0) yield* transcriptDocuments(ctx, userId, conversations);
      })(),
      [
        ...files.map((name) => ({ name: `avatars/${name}`, read: () => storage.get(name) })),
        // The pictures sent in chats (issue 50), which the messages and transcripts name.
        ...pictures.map((name) => ({
          name: `${PICTURES_FOLDER}/${name}`,
          read: () => storage.get(name),
        })),
      ],
    ),
  };
}

/** The JSON's name inside the zip. */
const EXPORT_JSON_NAME = 'reverie-export.json';

/**
 * 'Delete my account': confirmed by the password (or, for an account that signs in only with
 * Google, its e-mail typed again). Cancels live subscriptions at once, then deletes every row of
 * the user's in one transaction, keeping only an anonymous record that a deletion happened; the
 * image files are recorded for removal in that transaction and go after it commits, or, if they
 * cannot (or the server dies first), by the file-removal job (decision 0043). Another user's data
 * is never touched: every statement is scoped to this user.
 */
export async function deleteAccount(
  ctx: AppContext,
  userId: string,
  confirm: z.output<typeof deleteAccountRequest>,
  headers: Headers,
  userData: UserDataList,
) {
  const found = await findUser(ctx.db, userId);
  if (!found) throw unauthorized();
  const { hasPassword } = await signInMethods(ctx.db, userId);
  if (hasPassword) {
    if (!confirm.password) throw badRequest(ACCOUNT_MESSAGES.confirmWithPassword);
    if (!(await isCurrentPassword(ctx.auth, headers, confirm.password))) {
      throw badRequest(ACCOUNT_MESSAGES.wrongPassword);
    }
  } else if ((confirm.email ?? '').trim().toLowerCase() !== found.email.toLowerCase()) {
    throw badRequest(ACCOUNT_MESSAGES.wrongEmail);
  }

  await eraseAccount(ctx, userId, userData);
}

/** An admin deletes another account from the staff console (never their own: Account does). */
export async function deleteAccountAsStaff(
  ctx: AppContext,
  staffId: string,
  userId: string,
  userData: UserDataList,
) {
  if (userId === staffId) throw badRequest(OWN_ACCOUNT_DELETION);
  if (!(await findUser(ctx.db, userId))) throw notFound(USER_NOT_FOUND);
  await eraseAccount(ctx, userId, userData);
}

/**
 * The deletion itself, after its confirmation (the user's password, or an admin's reason on the
 * staff console): subscriptions cancelled, every feature's rows in one transaction, files after.
 */
export async function eraseAccount(ctx: AppContext, userId: string, userData: UserDataList) {
  const cancelled = await cancelBillingForDeletion(ctx, userId, {
    unreachable: ACCOUNT_MESSAGES.subscriptionNotCancelled,
    notConfigured: ACCOUNT_MESSAGES.billingNotConfigured,
  });
  const files: string[] = [];
  await ctx.db.transaction(async (tx) => {
    for (const feature of [...userData].reverse()) {
      const removed = await feature.deleteAllForUser(tx, userId);
      if (removed) files.push(...removed.storedFiles);
    }
    await accountRepo.recordDeletion(tx, cancelled > 0);
  });
  // Every remembered session check must go: this user's sessions no longer exist.
  ctx.sessions.forgetAll();
  await removeRecordedFiles(ctx, files);
  ctx.log.info({ cancelledSubscriptions: cancelled }, 'account deleted');
}
