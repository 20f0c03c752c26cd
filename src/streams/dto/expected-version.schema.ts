import type { ApiPropertyOptions } from '@nestjs/swagger';

export const EXPECTED_VERSION_SCHEMA: ApiPropertyOptions = {
  oneOf: [
    { type: 'integer', minimum: -1, description: 'The exact current version; -1 means no_stream' },
    { type: 'string', enum: ['any', 'no_stream', 'stream_exists'] },
  ],
  example: 0,
  description: 'Optimistic concurrency: the version (events ever appended) the stream must be at. Default `any`.',
};
