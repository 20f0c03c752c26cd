import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, NotEquals } from 'class-validator';
import { instanceOf, isPlainObject } from '../../common/validation/precheck';
import { DCB_STREAM_ID, STREAM_ID_PATTERN } from '../../event-log/event-log.constants';

/** The stream id in a path is checked like any other input; the DCB stream is off limits here. */
class StreamIdParamDto {
  @ApiProperty({ description: '1-255 characters, no `/` or control characters; `__dcb__` is reserved', example: 'order-1001' })
  @Matches(STREAM_ID_PATTERN, { message: 'streamId must be 1-255 characters without / or control characters' })
  @NotEquals(DCB_STREAM_ID, { message: `streamId ${DCB_STREAM_ID} is reserved for DCB events` })
  streamId!: string;
}

const isStreamId = (value: unknown): value is string =>
  typeof value === 'string' && STREAM_ID_PATTERN.test(value) && value !== DCB_STREAM_ID;

export class StreamParamsDto extends StreamIdParamDto {
  @ApiProperty({ description: "The store's id (`es_…`) or its name within your tenant" })
  @IsString()
  eventStoreId!: string;

  /** The rules above as plain code (see AppValidationPipe). */
  static precheck(params: unknown): StreamParamsDto | null {
    if (!isPlainObject(params) || typeof params.eventStoreId !== 'string' || !isStreamId(params.streamId)) return null;
    return instanceOf(StreamParamsDto, { eventStoreId: params.eventStoreId, streamId: params.streamId });
  }
}

export class JwtStreamParamsDto extends StreamIdParamDto {
  @ApiProperty({ description: "The store's name (its id is accepted too)" })
  @IsString()
  eventStoreName!: string;

  /** The rules above as plain code (see AppValidationPipe). */
  static precheck(params: unknown): JwtStreamParamsDto | null {
    if (!isPlainObject(params) || typeof params.eventStoreName !== 'string' || !isStreamId(params.streamId)) return null;
    return instanceOf(JwtStreamParamsDto, { eventStoreName: params.eventStoreName, streamId: params.streamId });
  }
}
