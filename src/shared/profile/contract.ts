import { z } from 'zod';

/**
 * The user profile's contract (spec section 3): the form's schema is also the request body.
 *
 *   GET      /api/user-profile                       → profileResponse (404 before one is saved)
 *   GET      /api/user-profile?empty=ok              → profileResponse, or null before one is saved
 *   POST|PUT /api/user-profile  userProfileSchema    → profileResponse (either creates or updates)
 */

export const PROFILE_GENDERS = ['Male', 'Female', 'Non-binary', 'Other'] as const;
export type ProfileGender = (typeof PROFILE_GENDERS)[number];

/** The 18 preference options offered on the user profile (spec section 3). */
export const PROFILE_PREFERENCES = [
  'Romance',
  'BDSM',
  'Bondage',
  'Submissive',
  'Dominant',
  'Teasing',
  'Flirting',
  'Roleplay',
  'Rough play',
  'Gentle domination',
  'Control',
  'Psychological play',
  'Emotional intimacy',
  'Playful banter',
  'Confidence',
  'Mystery',
  'Experimental',
  'Versatile',
] as const;

export const PROFILE_NAME_MAX_LENGTH = 50;

/** The profile form, and the body of POST and PUT /api/user-profile. */
export const userProfileSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(PROFILE_NAME_MAX_LENGTH, 'Name too long'),
  gender: z.enum(PROFILE_GENDERS, { error: 'Gender is required' }),
  sexualPreferences: z
    .array(z.enum(PROFILE_PREFERENCES, { error: 'Unknown preference' }))
    .max(PROFILE_PREFERENCES.length)
    .default([])
    .transform((list) => [...new Set(list)]),
});
export type UserProfileInput = z.input<typeof userProfileSchema>;
export type UserProfile = z.output<typeof userProfileSchema>;

/** The stored profile as the API returns it. */
export const profileResponse = z.object({
  name: z.string(),
  gender: z.enum(PROFILE_GENDERS),
  sexualPreferences: z.array(z.string()),
  /**
   * How many personas the user keeps besides the profile (GET /api/personas): the chat offers a
   * choice of persona only when there is one, without reading the list on every page.
   */
  personaCount: z.number(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

/**
 * GET /api/user-profile: the profile; with `?empty=ok` (http/empty-ok.ts) null before one is
 * saved, where the plain read answers 404.
 */
export const profileOrNullResponse = profileResponse.nullable();
