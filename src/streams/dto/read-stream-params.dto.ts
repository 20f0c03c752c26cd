import { DirectionParam, LimitParam, PositionParam, ReadDirection } from '../../common/decorators/query-params.decorators';
import { DEFAULT_READ_LIMIT, MAX_READ_LIMIT } from '../stream.constants';

export class ReadStreamParamsDto {
  @DirectionParam()
  direction: ReadDirection = 'forward';

  @LimitParam(DEFAULT_READ_LIMIT, MAX_READ_LIMIT)
  limit: number = DEFAULT_READ_LIMIT;

  @PositionParam('Lowest stream position to return (inclusive)')
  fromStreamPosition?: number;

  @PositionParam('Highest stream position to return (inclusive); a backward read starts here')
  toStreamPosition?: number;
}

export class ApiReadStreamParamsDto {
  @PositionParam('First stream position (inclusive)', 0)
  from: number = 0;

  @PositionParam('Stream position to stop before (exclusive)')
  to?: number;

  @LimitParam(DEFAULT_READ_LIMIT, MAX_READ_LIMIT)
  maxCount: number = DEFAULT_READ_LIMIT;
}
