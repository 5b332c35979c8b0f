import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

export interface GoogleIdentity {
  email: string;
  name: string;
}

export interface GoogleVerifier {
  clientId: string;
  verify(idToken: string): Promise<GoogleIdentity>;
}

/**
 * Verifies a Google ID token: signature against the key set (Google's by default, a local
 * one in tests), audience = our client id, issuer, expiry, and a verified e-mail.
 */
export function googleVerifier(opts: {
  clientId: string;
  jwksUrl: string;
  issuers?: string[];
  keys?: JWTVerifyGetKey;
}): GoogleVerifier {
  const keys = opts.keys ?? createRemoteJWKSet(new URL(opts.jwksUrl));
  const issuer = opts.issuers?.length
    ? opts.issuers
    : ['accounts.google.com', 'https://accounts.google.com'];
  return {
    clientId: opts.clientId,
    async verify(idToken) {
      const { payload } = await jwtVerify(idToken, keys, { audience: opts.clientId, issuer });
      const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : '';
      if (!email || payload.email_verified !== true) throw new Error('e-mail not verified');
      const name = typeof payload.name === 'string' ? payload.name : '';
      return { email, name };
    },
  };
}
