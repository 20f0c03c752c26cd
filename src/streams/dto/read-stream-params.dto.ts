import { DirectionParam, EventLimitParam, PositionParam, ReadDirection } from '../../common/decorators/query-params.decorators';
import { DEFAULT_READ_LIMIT, MAX_READ_LIMIT } from '../../event-log/event-log.constants';

export class ReadStreamParamsDto {
  @DirectionParam()
  direction: ReadDirection = 'forward';

  @EventLimitParam(
    DEFAULT_READ_LIMIT,
    MAX_READ_LIMIT,
    'Read on from the position after the last event returned (`fromStreamPosition`; backward: `toStreamPosition` before it).',
  )
  limit: number = DEFAULT_READ_LIMIT;

  @PositionParam('Lowest stream position to return (inclusive)')
  fromStreamPosition?: number;

  @PositionParam('Highest stream position to return (inclusive); a backward read starts here')
  toStreamPosition?: number;
}

export class JwtReadStreamParamsDto {
  @PositionParam('First stream position (inclusive)', 0)
  from: number = 0;

  @PositionParam('Stream position to stop before (exclusive)')
  to?: number;

  @EventLimitParam(DEFAULT_READ_LIMIT, MAX_READ_LIMIT, "Read on with `from` one past the last event's `streamPosition`.")
  maxCount: number = DEFAULT_READ_LIMIT;
}
