/** Decodes quoted-printable bodies so links can be read out of a raw RFC 822 message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function extractLinks(raw: string): string[] {
  const text = decodeQuotedPrintable(raw);
  return [...new Set(text.match(/https?:\/\/[^\s"<>]+/g) ?? [])];
}

export function verificationLink(raw: string): string {
  const link = extractLinks(raw).find((l) => l.includes('/api/auth/verify-email'));
  if (!link) throw new Error('no verification link in mail');
  return link.replace(/&amp;/g, '&');
}
