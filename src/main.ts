import cluster from 'node:cluster';
import { limitHeapGrowth } from './common/heap-growth';
import { exitOnInvalidEnvironment, runEntryPoint } from './config/entry-point';
import { readEnvironment } from './config/validate-environment';

limitHeapGrowth();

// `node dist/main.js`: the API in this process (WEB_CONCURRENCY=1), or a primary that runs
// WEB_CONCURRENCY of them as node:cluster workers, each of which runs this file again. Each loads
// only what it runs: the primary, which serves nothing, never loads the application's modules.
runEntryPoint('API', async () => {
  const config = exitOnInvalidEnvironment(() => readEnvironment({ tokenKeys: true }));
  if (cluster.isWorker) await (await import('./cluster/api-worker.js')).runApiWorker(config);
  else if (config.WEB_CONCURRENCY > 1) await (await import('./cluster/api-primary.js')).runApiPrimary(config);
  else await (await import('./start-api.js')).startApi(config, { migrate: true });
});
