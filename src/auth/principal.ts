export const SCOPES = ['read', 'write', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

/** Who is calling: the tenant acted for and the key (or the key behind a JWT) that proves it. */
export interface Principal {
  tenantId: string;
  apiKeyId: string;
  scopes: Scope[];
}
