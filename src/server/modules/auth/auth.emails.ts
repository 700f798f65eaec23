import type { MailMessage } from '../../integrations/mail';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function verificationMail(to: string, name: string, url: string): MailMessage {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const text = [
    greeting,
    '',
    'Welcome to Reverie! Please confirm your email address to finish creating your account:',
    '',
    url,
    '',
    'The link is valid for 24 hours. If you did not sign up, you can ignore this email.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Welcome to Reverie! Please confirm your email address to finish creating your account.</p>
<p><a href="${escapeHtml(url)}">Verify my email</a></p>
<p>The link is valid for 24 hours. If you did not sign up, you can ignore this email.</p>`;
  return { to, subject: 'Verify your email for Reverie', text, html, links: [url] };
}
