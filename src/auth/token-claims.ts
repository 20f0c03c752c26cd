import type { Scope } from './principal';

/** Claims of a family B access token (DECISIONS §6). */
export interface TokenClaims {
  sub: string;
  tenantId: string;
  scopes: Scope[];
  /** Set by the signer; verified tokens without it are refused. */
  exp?: number;
}
