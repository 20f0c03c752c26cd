import { DynamicModule, Global, Module } from '@nestjs/common';
import { Metrics } from './metrics';
import { MetricsController } from './metrics.controller';
import { WorkerMetricsServer } from './worker-metrics-server';

/** The process's metrics registry, injectable everywhere, and the way each process serves it. */
@Global()
@Module({
  providers: [Metrics],
  exports: [Metrics],
})
export class MetricsModule {
  /** The API serves `GET /metrics` on its own port. */
  static forApi(): DynamicModule {
    return { module: MetricsModule, controllers: [MetricsController] };
  }

  /** The worker has no HTTP server: a metrics-only listener on WORKER_METRICS_PORT, when set. */
  static forWorker(): DynamicModule {
    return { module: MetricsModule, providers: [WorkerMetricsServer] };
  }
}
