/**
 * SECURITY: the token of an `Authorization: Bearer <token>` header (RFC 6750: the scheme, one
 * space, the token, nothing after it), or null for any other header.
 */
export function bearerToken(header: string | undefined): string | null {
  const match = /^bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
