import { ApiProperty } from '@nestjs/swagger';

export class ServiceLinksDto {
  @ApiProperty({ example: '/console', description: 'The web console: sign in with an API key' })
  console!: string;

  @ApiProperty({ example: '/docs', description: 'The API explorer' })
  docs!: string;

  @ApiProperty({ example: '/docs-json', description: 'The OpenAPI document, which generated clients are built from' })
  openApi!: string;

  @ApiProperty({ example: '/health', description: 'Liveness' })
  health!: string;

  @ApiProperty({ example: '/health/ready', description: 'Readiness: PostgreSQL and Redis take writes' })
  readiness!: string;
}

/** `GET /` for programs: what the service is and where to go. */
export class ServiceIndexResponseDto {
  @ApiProperty({ example: 'Event Store Service' })
  name!: string;

  @ApiProperty({ type: ServiceLinksDto })
  links!: ServiceLinksDto;
}
