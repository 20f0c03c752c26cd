import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { Public } from '../auth/decorators/auth.decorators';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { REDIS_CLIENT } from '../common/redis/redis.module';
import type { RedisClient } from '../common/redis/redis-topology';
import { checkRedisWrites } from '../common/redis/write-check';
import { EnvironmentVariables } from '../config/environment-variables';
import { DatabaseWritability } from './database-writability';
import { LivenessResponseDto, ReadinessResponseDto } from './dto/health.response.dto';

/**
 * Each dependency gets about a second: a load balancer's probe must hear 503 quickly when one is down,
 * not wait out ioredis's reconnection backoff or a connect timeout.
 */
const CHECK_TIMEOUT_MS = 1000;

@ApiTags('Health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: DatabaseWritability,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    private readonly config: EnvironmentVariables,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'checkLiveness', summary: 'Liveness: the process is up and serving HTTP' })
  @ApiOkResponse({ type: LivenessResponseDto })
  live(): LivenessResponseDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @HealthCheck({ swaggerDocumentation: false })
  @ApiOperation({
    operationId: 'checkReadiness',
    summary: 'Readiness: the PostgreSQL host the service writes to takes writes, and so does Redis',
  })
  @ApiOkResponse({ type: ReadinessResponseDto })
  @ApiServiceUnavailableResponse({ type: ErrorResponseDto, description: 'SERVICE_UNAVAILABLE: `details` says which dependency is down' })
  ready(): Promise<HealthCheckResult> {
    return this.health.check([
      () =>
        this.indicators
          .check('database')
          .attempt(() => this.database.check())
          .withTimeout(CHECK_TIMEOUT_MS),
      () =>
        this.indicators
          .check('redis')
          .attempt(() => checkRedisWrites(this.redis, this.config.REDIS_PREFIX))
          .withTimeout(CHECK_TIMEOUT_MS),
    ]);
  }
}
