import { Module } from '@nestjs/common';
import { RequestRateLimiter } from './request-rate-limiter';

/** The request limit per API key, for HTTP authentication and the WebSocket upgrade. */
@Module({
  providers: [RequestRateLimiter],
  exports: [RequestRateLimiter],
})
export class LimitsModule {}
