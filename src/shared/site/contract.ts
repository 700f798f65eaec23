import { z } from 'zod';
import { findPreset } from '../themes/presets';

/**
 * The operator's settings (issue 48 parts 5 and 6), kept in the database (`site_setting`):
 *
 *   GET  /api/brand                    → brandResponse (public: every page, e-mail and title)
 *   GET  /api/brand/logo|favicon       → the uploaded image (public; 404 when none)
 *   GET  /api/brand/icons/192|512      → the uploaded favicon as a square PNG (public; 404 when none)
 *   GET  /manifest.webmanifest         → the web app manifest, named and coloured by the brand
 *   GET  /api/admin/brand              → brandResponse (staff)
 *   PUT  /api/admin/brand              brandRequest → brandResponse (admins)
 *   POST /api/admin/brand/logo|favicon multipart `file` → brandResponse (admins)
 *   DELETE /api/admin/brand/logo|favicon → brandResponse (admins)
 *   GET  /api/admin/site               → siteSettingsResponse (staff)
 *   PUT  /api/admin/maintenance        maintenanceSchema → siteSettingsResponse (admins)
 *   PUT  /api/admin/announcement       announcementRequest → siteSettingsResponse (admins)
 *   GET  /api/site/status              → siteStatusResponse (signed in: the banner now showing,
 *                                        and whether replies are paused)
 *
 * The server puts the brand into every page's HTML as JSON in `<script type="application/json"
 * id="reverie-brand">` (and the name into `<title>`), so the web app has it without a request.
 */

export const BRAND_NAME_MAX = 40;
export const BRAND_TAGLINE_MAX = 120;
export const BRAND_LEGAL_ENTITY_MAX = 120;
export const ANNOUNCEMENT_MAX = 280;
export const MAINTENANCE_MESSAGE_MAX = 280;

export const DEFAULT_MAINTENANCE_MESSAGE =
  'Replies are paused for maintenance. Your conversations, sign-in and exports still work; please try again soon.';

/** What an operator sets; the defaults are the working name's. */
export const brandRequest = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the product a name.')
    .max(BRAND_NAME_MAX, `A name is at most ${BRAND_NAME_MAX} characters.`)
    // It goes into e-mail subjects and the page's title: one line.
    .regex(/^[^\p{Cc}]*$/u, 'A name is one line, without control characters.'),
  tagline: z
    .string()
    .trim()
    .max(BRAND_TAGLINE_MAX, `A tagline is at most ${BRAND_TAGLINE_MAX} characters.`),
  /** Shown on the contact page and in e-mails; '' for none. */
  supportEmail: z.union([z.literal(''), z.email('Enter a valid e-mail address.')]),
  /** The company named in the terms and privacy pages ('' → the product's name). */
  legalEntity: z
    .string()
    .trim()
    .max(BRAND_LEGAL_ENTITY_MAX, `At most ${BRAND_LEGAL_ENTITY_MAX} characters.`),
  /** A preset theme's id (src/shared/themes/presets.ts) for visitors and users who chose none. */
  defaultThemeId: z
    .string()
    .min(1)
    .max(100)
    .refine((id) => findPreset(id) !== undefined, 'Choose one of the preset themes.'),
});
export type BrandRequest = z.infer<typeof brandRequest>;

/** The brand as pages read it: the request's fields plus the uploaded images' addresses. */
export const brandResponse = brandRequest.extend({
  /** `/api/brand/logo?v=…` when a logo was uploaded, else null (the built-in mark). */
  logoUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
});
export type Brand = z.infer<typeof brandResponse>;

export const brandImageParams = z.object({
  kind: z.enum(['logo', 'favicon'], { error: 'Not found' }),
});

/** The app icon sizes the web app manifest names (`GET /api/brand/icons/192|512`). */
export const brandIconParams = z.object({
  size: z.enum(['192', '512'], { error: 'Not found' }),
});

export const maintenanceSchema = z.object({
  enabled: z.boolean(),
  message: z
    .string()
    .trim()
    .max(MAINTENANCE_MESSAGE_MAX, `At most ${MAINTENANCE_MESSAGE_MAX} characters.`),
});
export type Maintenance = z.infer<typeof maintenanceSchema>;

/** A banner shown to every signed-in user from `startsAt` until `endsAt` (ISO date-times). */
export const announcementSchema = z
  .object({
    text: z
      .string()
      .trim()
      .min(1, 'Write the announcement.')
      .max(ANNOUNCEMENT_MAX, `An announcement is at most ${ANNOUNCEMENT_MAX} characters.`),
    startsAt: z.iso.datetime({ offset: true, error: 'Enter when it starts.' }),
    endsAt: z.iso.datetime({ offset: true, error: 'Enter when it ends.' }),
  })
  .refine((a) => Date.parse(a.endsAt) > Date.parse(a.startsAt), {
    message: 'The end must come after the start.',
    path: ['endsAt'],
  });
export type Announcement = z.infer<typeof announcementSchema>;

/** null takes the announcement down. */
export const announcementRequest = z.object({ announcement: announcementSchema.nullable() });

export const siteSettingsResponse = z.object({
  maintenance: maintenanceSchema,
  announcement: announcementSchema.nullable(),
});
export type SiteSettings = z.infer<typeof siteSettingsResponse>;

/**
 * What a signed-in page shows: the announcement if it is showing now, the pause, and which of the
 * optional services the operator configured (the chat offers only what works).
 */
export const siteStatusResponse = z.object({
  announcement: announcementSchema.nullable(),
  maintenance: maintenanceSchema,
  features: z.object({
    /** Speech to text (STT_MODEL): the composer's microphone. */
    voiceInput: z.boolean(),
    /** What one recording costs (TRANSCRIPTION_CREDITS; 0: free), shown on the microphone. */
    transcriptionCredits: z.number(),
    /** Text to speech (TTS_MODEL): 'Listen' on the character's messages, auto-play, voices. */
    voiceReplies: z.boolean(),
    /** What reading a message aloud costs (SPEECH_CREDITS; 0: free), shown on 'Listen'. */
    speechCredits: z.number(),
    /** Images (IMAGE_MODEL): 'Send me a picture' in the chat (issue 50). */
    pictures: z.boolean(),
    /** What one picture costs (PICTURE_CREDITS), shown on the button before it is asked for. */
    pictureCredits: z.number(),
  }),
});
export type SiteStatus = z.infer<typeof siteStatusResponse>;
