import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { once } from 'node:events';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { StaticToken } from '../auth/strategies/static-token';
import { EnvironmentVariables } from '../config/environment-variables';
import { Metrics } from './metrics';

/**
 * The worker's `/metrics` (webhook deliveries by outcome, process metrics): a plain HTTP listener
 * on WORKER_METRICS_PORT, guarded by METRICS_TOKEN like the API's. Not started without the port,
 * so several workers on one host do not collide by default.
 */
@Injectable()
export class WorkerMetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server?: Server;
  private readonly metricsToken: StaticToken;

  constructor(
    private readonly config: EnvironmentVariables,
    private readonly metrics: Metrics,
  ) {
    this.metricsToken = new StaticToken(config.METRICS_TOKEN);
  }

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.WORKER_METRICS_PORT;
    if (port === undefined) return;
    this.server = createServer((request, response) => void this.answer(request, response));
    this.server.listen(port);
    await once(this.server, 'listening');
    this.logger.log(`Metrics at http://0.0.0.0:${port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server!.close(resolve));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') return this.reply(response, 404, 'Not found\n');
    if (!this.metricsToken.isIn(request.headers.authorization)) return this.reply(response, 401, 'Missing or invalid metrics token\n');
    try {
      response.setHeader('Content-Type', this.metrics.registry.contentType);
      response.end(await this.metrics.registry.metrics());
    } catch (error) {
      this.logger.error(`Collecting metrics failed: ${(error as Error).message}`);
      this.reply(response, 500, 'Collecting metrics failed\n');
    }
  }

  private reply(response: ServerResponse, status: number, text: string): void {
    response.statusCode = status;
    response.setHeader('Content-Type', 'text/plain; charset=utf-8');
    response.end(text);
  }
}
