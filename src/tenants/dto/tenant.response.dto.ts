import { ApiProperty } from '@nestjs/swagger';
import type { TenantEntity } from '../entities/tenant.entity';

export class TenantResponseDto {
  @ApiProperty({ example: 'ten_0b6a5c2e9f1d4a7b8c3e2f10' })
  id!: string;

  @ApiProperty({ example: 'acme' })
  name!: string;

  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' })
  createdAt!: string;

  static from(tenant: TenantEntity): TenantResponseDto {
    return { id: tenant.id, name: tenant.name, createdAt: tenant.createdAt.toISOString() };
  }
}

export class TenantListResponseDto {
  @ApiProperty({ type: [TenantResponseDto] })
  tenants!: TenantResponseDto[];

  @ApiProperty({ example: 1 })
  totalCount!: number;

  static from(tenants: TenantEntity[]): TenantListResponseDto {
    return { tenants: tenants.map(TenantResponseDto.from), totalCount: tenants.length };
  }
}
