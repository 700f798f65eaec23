import { describe, expect, it } from 'vitest';
import { signInSchema, signUpSchema } from '../../src/shared/auth/contract';
import { contactSchema } from '../../src/shared/contact/contract';
import { PROFILE_PREFERENCES, userProfileSchema } from '../../src/shared/profile/contract';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('userProfileSchema', () => {
  it('requires a name and a gender with the spec messages', () => {
    const result = userProfileSchema.safeParse({ name: '   ', gender: '' });
    expect(messages(result)).toEqual(['Name is required', 'Gender is required']);
  });

  it('reports a missing gender as required', () => {
    expect(messages(userProfileSchema.safeParse({ name: 'Ann' }))).toEqual(['Gender is required']);
  });

  it('trims the name, defaults preferences to empty and removes duplicates', () => {
    expect(userProfileSchema.parse({ name: ' Ann ', gender: 'Female' })).toEqual({
      name: 'Ann',
      gender: 'Female',
      sexualPreferences: [],
    });
    expect(
      userProfileSchema.parse({ name: 'A', gender: 'Other', sexualPreferences: ['BDSM', 'BDSM'] })
        .sexualPreferences,
    ).toEqual(['BDSM']);
  });

  it('offers exactly the 18 profile preferences and refuses others', () => {
    expect(PROFILE_PREFERENCES).toHaveLength(18);
    const result = userProfileSchema.safeParse({
      name: 'A',
      gender: 'Male',
      sexualPreferences: ['Step-sibling'],
    });
    expect(result.success).toBe(false);
  });

  it('accepts every profile gender', () => {
    for (const gender of ['Male', 'Female', 'Non-binary', 'Other']) {
      expect(userProfileSchema.safeParse({ name: 'A', gender }).success).toBe(true);
    }
  });
});

describe('signUpSchema', () => {
  const valid = {
    name: '',
    email: 'ann@example.com',
    password: 'a long passphrase',
    acceptTerms: true,
    acceptPrivacy: true,
  };

  it('accepts an optional empty name', () => {
    expect(signUpSchema.safeParse(valid).success).toBe(true);
  });

  it('needs 8 to 128 characters without composition rules', () => {
    expect(messages(signUpSchema.safeParse({ ...valid, password: 'short' }))).toEqual([
      'Password must be at least 8 characters',
    ]);
    expect(signUpSchema.safeParse({ ...valid, password: 'alllowercase' }).success).toBe(true);
    expect(signUpSchema.safeParse({ ...valid, password: 'x'.repeat(128) }).success).toBe(true);
    expect(messages(signUpSchema.safeParse({ ...valid, password: 'x'.repeat(129) }))).toEqual([
      'Password must be at most 128 characters',
    ]);
  });

  it('requires both the Terms and the Privacy boxes', () => {
    const result = signUpSchema.safeParse({
      ...valid,
      acceptTerms: false,
      acceptPrivacy: undefined,
    });
    expect(messages(result)).toEqual([
      'You must accept the Terms & Conditions',
      'You must accept the Privacy Policy',
    ]);
  });

  it('requires a valid email', () => {
    expect(messages(signUpSchema.safeParse({ ...valid, email: 'nope' }))).toEqual([
      'Enter a valid email address',
    ]);
  });
});

describe('signInSchema', () => {
  it('needs both email and password', () => {
    expect(messages(signInSchema.safeParse({ email: '', password: '' }))).toEqual([
      'Email is required',
      'Password is required',
    ]);
  });
});

describe('contactSchema', () => {
  it('requires name, email and message; reason is optional', () => {
    expect(messages(contactSchema.safeParse({ name: '', email: '', message: ' ' }))).toEqual([
      'Name is required',
      'Email is required',
      'Message is required',
    ]);
    expect(
      contactSchema.safeParse({ name: 'A', email: 'a@b.co', message: 'Hello there' }).success,
    ).toBe(true);
  });

  it('only accepts the listed reasons', () => {
    const base = { name: 'A', email: 'a@b.co', message: 'Hi' };
    for (const reason of ['support', 'feedback', 'partnership', 'bug', 'other']) {
      expect(contactSchema.safeParse({ ...base, reason }).success).toBe(true);
    }
    expect(contactSchema.safeParse({ ...base, reason: 'spam' }).success).toBe(false);
  });
});
