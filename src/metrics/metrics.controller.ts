import { Controller, Get, Header, Headers } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Registry } from 'prom-client';
import { Public } from '../auth/decorators/auth.decorators';
import { StaticToken } from '../auth/strategies/static-token';
import { ApiErrorResponses } from '../common/decorators/api-error-responses.decorator';
import { UnauthorizedError } from '../common/errors/common.errors';
import { EnvironmentVariables } from '../config/environment-variables';
import { Metrics } from './metrics';

export const METRICS_TOKEN_SCHEME = 'metrics-token';

/** Prometheus scrapes this with METRICS_TOKEN; it is not an API key route, so it is never rate limited. */
@ApiTags('Operations')
@Public()
@Controller('metrics')
export class MetricsController {
  private readonly metricsToken: StaticToken;

  constructor(
    private readonly metrics: Metrics,
    config: EnvironmentVariables,
  ) {
    this.metricsToken = new StaticToken(config.METRICS_TOKEN);
  }

  @Get()
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  @ApiBearerAuth(METRICS_TOKEN_SCHEME)
  @ApiOperation({
    operationId: 'scrapeMetrics',
    summary: 'Prometheus metrics of this API instance',
    description:
      'Requires `Authorization: Bearer <METRICS_TOKEN>`. With several API processes on the instance (`WEB_CONCURRENCY`), ' +
      'the metrics of all of them together (counters and histograms summed).',
  })
  @ApiOkResponse({ description: 'Prometheus text exposition format', content: { 'text/plain': { schema: { type: 'string' } } } })
  @ApiErrorResponses([401, 503], {
    401: 'UNAUTHORIZED: missing or wrong METRICS_TOKEN, or METRICS_TOKEN is not set',
    503: "SERVICE_UNAVAILABLE: with several API processes, their metrics could not all be gathered within the primary's 5 s",
  })
  scrape(@Headers('authorization') authorization?: string): Promise<string> {
    if (!this.metricsToken.isIn(authorization)) throw new UnauthorizedError('Missing or invalid metrics token');
    return this.metrics.scrape();
  }
}
