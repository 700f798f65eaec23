import { OAuth2Server } from 'oauth2-mock-server';

export interface OidcUser {
  sub: string;
  email: string;
  name: string;
  email_verified: boolean;
}

export const DEFAULT_GOOGLE_USER: OidcUser = {
  sub: 'google-oauth2|1001',
  email: 'google.user@example.com',
  name: 'Gloria Google',
  email_verified: true,
};

/**
 * A local OpenID Connect provider standing in for Google: discovery, authorize (redirects back at
 * once, as if the user consented), token (signed ID token) and userinfo, over real HTTP.
 */
export async function startOidcServer(port = 0, user: OidcUser = DEFAULT_GOOGLE_USER) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  let current = user;
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, current);
  });
  server.service.on('beforeUserinfo', (response) => {
    response.body = { ...current };
  });
  await server.start(port, '127.0.0.1');
  const issuer = server.issuer.url!.replace(/\/$/, '');
  return {
    issuer,
    setUser(next: OidcUser) {
      current = next;
    },
    stop: () => server.stop(),
  };
}
