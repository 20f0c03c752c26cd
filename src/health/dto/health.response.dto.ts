import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';

export class LivenessResponseDto {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  status!: 'ok';
}

/** One dependency's check, as Terminus reports it. */
export class DependencyCheckDto {
  @ApiProperty({ enum: ['up', 'down'], example: 'up' })
  status!: 'up' | 'down';

  @ApiPropertyOptional({ example: 4, description: 'Milliseconds the check took' })
  responseTime?: number;

  @ApiPropertyOptional({ example: 'timeout of 1000ms exceeded', description: 'Why a dependency is down' })
  message?: string;
}

const CHECKS_BY_NAME = {
  type: 'object',
  additionalProperties: { $ref: getSchemaPath(DependencyCheckDto) },
  example: { database: { status: 'up', responseTime: 3 }, redis: { status: 'up', responseTime: 1 } },
} as const;

/** `GET /health/ready` when every dependency answers; when one does not, the 503 carries this report as its `details`. */
@ApiExtraModels(DependencyCheckDto)
export class ReadinessResponseDto {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  status!: 'ok';

  @ApiProperty({ ...CHECKS_BY_NAME, description: 'The dependencies that are up: `database` (PostgreSQL) and `redis`' })
  info!: Record<string, DependencyCheckDto>;

  @ApiProperty({ ...CHECKS_BY_NAME, example: {}, description: 'The dependencies that are down (none on a 200)' })
  error!: Record<string, DependencyCheckDto>;

  @ApiProperty({ ...CHECKS_BY_NAME, description: 'Every dependency checked' })
  details!: Record<string, DependencyCheckDto>;
}
