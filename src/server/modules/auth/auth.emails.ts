import type { MailMessage } from '../../integrations/mail';

/**
 * The mails of sign-up, sign-in and the account, in the product's name (the brand's, read when the
 * mail is made: modules/site `brandName`).
 */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function verificationMail(
  to: string,
  name: string,
  url: string,
  product: string,
): MailMessage {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const text = [
    greeting,
    '',
    `Welcome to ${product}! Please confirm your email address to finish creating your account:`,
    '',
    url,
    '',
    'The link is valid for 24 hours. If you did not sign up, you can ignore this email.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Welcome to ${escapeHtml(product)}! Please confirm your email address to finish creating your account.</p>
<p><a href="${escapeHtml(url)}">Verify my email</a></p>
<p>The link is valid for 24 hours. If you did not sign up, you can ignore this email.</p>`;
  return { to, subject: `Verify your email for ${product}`, text, html, links: [url] };
}

export function existingAccountMail(
  to: string,
  publicUrl: string,
  verified: boolean,
  product: string,
): MailMessage {
  const next = verified
    ? 'If it was you, simply sign in with your password.'
    : 'Your address is not verified yet: sign in and choose "Resend verification email" to get a new link.';
  const text = [
    'Hi,',
    '',
    `Someone (hopefully you) tried to create a ${product} account with this email address, but an`,
    'account already exists for it.',
    '',
    next,
    '',
    publicUrl,
    '',
    'If it was not you, you can ignore this email: nothing has changed on your account.',
  ].join('\n');
  return { to, subject: `You already have a ${product} account`, text, links: [publicUrl] };
}

export function passwordResetMail(
  to: string,
  name: string,
  url: string,
  product: string,
): MailMessage {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const text = [
    greeting,
    '',
    `Someone (hopefully you) asked to reset the password of your ${product} account. Choose a new`,
    'password here:',
    '',
    url,
    '',
    'The link works once, within one hour. Setting a new password signs you out on every device.',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Someone (hopefully you) asked to reset the password of your ${escapeHtml(product)} account.</p>
<p><a href="${escapeHtml(url)}">Choose a new password</a></p>
<p>The link works once, within one hour. Setting a new password signs you out on every device.
If you did not ask for this, ignore this email: your password stays as it is.</p>`;
  return { to, subject: `Reset your ${product} password`, text, html, links: [url] };
}

export function changeEmailMail(
  to: string,
  name: string,
  url: string,
  product: string,
): MailMessage {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const text = [
    greeting,
    '',
    `Please confirm that you want to use this address for your ${product} account:`,
    '',
    url,
    '',
    'Until you open the link, your account keeps its current address. The link is valid for',
    '24 hours. If you did not ask for this, ignore this email.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Please confirm that you want to use this address for your ${escapeHtml(product)} account.</p>
<p><a href="${escapeHtml(url)}">Use this address</a></p>
<p>Until you open the link, your account keeps its current address. The link is valid for
24 hours. If you did not ask for this, ignore this email.</p>`;
  return { to, subject: `Confirm your new email for ${product}`, text, html, links: [url] };
}

export function emailChangeNoticeMail(
  to: string,
  newEmail: string,
  publicUrl: string,
  product: string,
): MailMessage {
  const text = [
    'Hi,',
    '',
    `Someone signed in to your ${product} account asked to change its email address to ${newEmail}.`,
    'The change happens only once the link sent to that address is opened.',
    '',
    'If it was you, there is nothing to do here. If it was not, sign in and change your password',
    '(or use "Forgot password?"), then sign out your other devices on the Account page:',
    '',
    publicUrl,
  ].join('\n');
  return {
    to,
    subject: `Your ${product} email address is being changed`,
    text,
    links: [publicUrl],
  };
}
