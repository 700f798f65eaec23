import { z } from 'zod';

/**
 * The contact form's contract: the form's schema is also the request body.
 *
 *   POST /api/contact  contactSchema → 201 successResponse (../responses.ts)
 */

export const CONTACT_REASONS = [
  { value: 'support', label: 'Support' },
  { value: 'feedback', label: 'Feedback' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'bug', label: 'Report a bug' },
  { value: 'other', label: 'Other' },
] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number]['value'];
const reasonValues = CONTACT_REASONS.map((r) => r.value) as [ContactReason, ...ContactReason[]];

export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** The 'Get in Touch' form, and the body of POST /api/contact (signed in or not). */
export const contactSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name too long'),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .pipe(z.email('Enter a valid email address')),
  reason: z.enum(reasonValues, { error: 'Choose a reason from the list' }).optional(),
  message: z
    .string()
    .trim()
    .min(1, 'Message is required')
    .max(CONTACT_MESSAGE_MAX_LENGTH, 'Message too long'),
});
export type ContactInput = z.input<typeof contactSchema>;
