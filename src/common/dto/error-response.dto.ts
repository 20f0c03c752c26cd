import { ApiProperty } from '@nestjs/swagger';

export class ErrorBodyDto {
  @ApiProperty({ example: 'NOT_FOUND', description: 'Stable machine-readable code' })
  code!: string;

  @ApiProperty({ example: 'Event store es_4f1c… not found' })
  message!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { eventStoreId: 'es_4f1c…' },
    description: 'Context: ids involved; for VALIDATION_ERROR `fields: [{ field, message }]`; for INTERNAL_ERROR `requestId`',
  })
  details!: Record<string, unknown>;
}

/** The envelope of family A, DCB and admin endpoints. */
export class ErrorResponseDto {
  @ApiProperty({ type: ErrorBodyDto })
  error!: ErrorBodyDto;
}

/** The flat envelope of family B (`/api/...`) endpoints. */
export class FlatErrorResponseDto {
  @ApiProperty({ example: 'UNAUTHORIZED' })
  error!: string;

  @ApiProperty({ example: 'Missing or invalid credentials' })
  message!: string;

  @ApiProperty({ type: 'object', additionalProperties: true, example: {} })
  details!: Record<string, unknown>;
}
