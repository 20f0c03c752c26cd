import { ApiProperty } from '@nestjs/swagger';
import { SCOPES, type Scope } from '../principal';
import type { CurrentApiKey } from '../queries/get-current-api-key.query';

/** The key a request was made with: what a client may do with it, without asking an operator. */
export class CurrentApiKeyResponseDto {
  @ApiProperty({ example: 'key_5e0f2a9c7b1d4e6f8a2b3c4d' })
  apiKeyId!: string;

  @ApiProperty({ example: 'billing-service', description: 'The name the key was created with' })
  apiKeyName!: string;

  @ApiProperty({ example: 'ten_1a2b3c4d5e6f7a8b9c0d1e2f' })
  tenantId!: string;

  @ApiProperty({ example: 'acme', description: "The tenant's name" })
  tenantName!: string;

  @ApiProperty({ enum: SCOPES, isArray: true, example: ['read', 'write'], description: 'What the key may do: `read`, `write`, `admin`' })
  scopes!: Scope[];

  static from(key: CurrentApiKey): CurrentApiKeyResponseDto {
    return {
      apiKeyId: key.apiKeyId,
      apiKeyName: key.apiKeyName,
      tenantId: key.tenantId,
      tenantName: key.tenantName,
      scopes: [...key.scopes],
    };
  }
}
