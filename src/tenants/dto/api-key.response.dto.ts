import { ApiProperty, PickType } from '@nestjs/swagger';
import { SCOPES, type Scope } from '../../auth/principal';
import type { CreatedApiKey } from '../commands/create-api-key.command';
import type { ApiKeyEntity } from '../entities/api-key.entity';

export class ApiKeyResponseDto {
  @ApiProperty({ example: 'key_5e0f2a9c7b1d4e6f8a2b3c4d' })
  id!: string;

  @ApiProperty({ example: 'billing-service' })
  name!: string;

  @ApiProperty({ enum: SCOPES, isArray: true, example: ['read', 'write'] })
  scopes!: Scope[];

  @ApiProperty({ example: 'esk_Qm9vbGVh', description: 'First 12 characters of the key, to recognise it' })
  prefix!: string;

  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' })
  createdAt!: string;

  @ApiProperty({ nullable: true, type: String, example: null, description: 'Updated at most once a minute' })
  lastUsedAt!: string | null;

  @ApiProperty({ nullable: true, type: String, example: null })
  revokedAt!: string | null;

  static from(apiKey: ApiKeyEntity): ApiKeyResponseDto {
    return {
      id: apiKey.id,
      name: apiKey.name,
      scopes: apiKey.scopes,
      prefix: apiKey.prefix,
      createdAt: apiKey.createdAt.toISOString(),
      lastUsedAt: apiKey.lastUsedAt?.toISOString() ?? null,
      revokedAt: apiKey.revokedAt?.toISOString() ?? null,
    };
  }
}

/** What creating a key returns: the listed fields that exist yet, plus the secret, shown this once. */
export class CreatedApiKeyResponseDto extends PickType(ApiKeyResponseDto, ['id', 'name', 'scopes', 'prefix', 'createdAt']) {
  @ApiProperty({
    description: 'The secret key. Shown only in this response; store it now.',
    example: 'esk_Qm9vbGVhbi1rZXktZXhhbXBsZS1vbmx5LW5vdC1yZWFs',
  })
  key!: string;

  static from({ apiKey, key }: CreatedApiKey): CreatedApiKeyResponseDto {
    const { id, name, scopes, prefix, createdAt } = ApiKeyResponseDto.from(apiKey);
    return { id, name, scopes, prefix, key, createdAt };
  }
}

export class ApiKeyListResponseDto {
  @ApiProperty({ type: [ApiKeyResponseDto] })
  apiKeys!: ApiKeyResponseDto[];

  @ApiProperty({ example: 1 })
  totalCount!: number;

  static from(apiKeys: ApiKeyEntity[]): ApiKeyListResponseDto {
    return { apiKeys: apiKeys.map(ApiKeyResponseDto.from), totalCount: apiKeys.length };
  }
}
