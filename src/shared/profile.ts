import { z } from 'zod';

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
