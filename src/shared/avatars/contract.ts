import { z } from 'zod';
import { AVATAR_FILE_NAME } from '../characters/schemas';

/**
 * One contract per avatar endpoint. The server validates with these schemas and shapes its
 * answers with them; the web app's types come from the same place.
 *
 *   POST /api/avatars          multipart image (checked by the server) → uploadAvatarResponse
 *   POST /api/generate-avatar  promptSchema (../characters/contract.ts) → generateAvatarResponse
 *   GET  /avatars/{fileName}   avatarFileParams → the image bytes (locally stored avatars only)
 */

/** A stored avatar: its file name (what a character keeps) and where the browser loads it. */
export const storedAvatarSchema = z.object({ fileName: z.string(), url: z.string() });
export type StoredAvatar = z.infer<typeof storedAvatarSchema>;

/** POST /api/avatars */
export const uploadAvatarResponse = z.object({
  success: z.literal(true),
  ...storedAvatarSchema.shape,
});
export type UploadAvatarResponse = z.infer<typeof uploadAvatarResponse>;

/** POST /api/generate-avatar: the address is named `imageUrl` here (the spec's name). */
export const generateAvatarResponse = z.object({
  success: z.literal(true),
  fileName: z.string(),
  imageUrl: z.string(),
});
export type GenerateAvatarResponse = z.infer<typeof generateAvatarResponse>;

/** `{fileName}`: only a name we could have stored; anything else (a path…) is simply not found. */
export const avatarFileParams = z.object({
  fileName: z.string().regex(AVATAR_FILE_NAME, 'Not found'),
});
