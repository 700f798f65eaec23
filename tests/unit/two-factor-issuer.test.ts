import { describe, expect, it } from 'vitest';
import { withIssuer } from '../../src/web/features/account/two-factor-api';

/**
 * The authenticator app's label follows the operator's brand (issue 48 part 5): the server's TOTP
 * plugin names the product it started with; the secret and every other field stay as they were.
 */
describe('withIssuer', () => {
  const served =
    'otpauth://totp/Reverie:ada%40example.com?secret=KVKFKRCP&issuer=Reverie&digits=6&period=30';

  it('renames the label and the issuer, keeping the account, the secret and the rest', () => {
    const renamed = withIssuer(served, 'Lumen & Co');
    expect(renamed).toBe(
      'otpauth://totp/Lumen%20%26%20Co:ada%40example.com?secret=KVKFKRCP&issuer=Lumen+%26+Co&digits=6&period=30',
    );
    const uri = new URL(renamed);
    expect(uri.searchParams.get('issuer')).toBe('Lumen & Co');
    expect(uri.searchParams.get('secret')).toBe('KVKFKRCP');
  });

  it('gives back the same URI under the working name', () => {
    expect(withIssuer(served, 'Reverie')).toBe(served);
  });
});
