import type { LoggerService } from '@nestjs/common';
import pg from 'pg';
import type { DatabaseHosts } from './database-hosts';

type ConnectCallback = ((error: Error) => void) | ((error: null, client: pg.Client) => void);

/**
 * A pg Client that connects to whichever host `hosts` has chosen when it connects (a pool hands it
 * its settings once, at creation, so the host is settled at connect time), and that no error can
 * crash the process with: node-postgres emits 'error' on a client whose server goes away, and an
 * 'error' event nobody listens to ends a Node process (a pooled client in use has no listener of the
 * pool's). Connecting fails with NoDatabaseHostError while no host qualifies.
 */
export function hostBoundClient(hosts: DatabaseHosts, logger: LoggerService): typeof pg.Client {
  return class HostBoundClient extends pg.Client {
    /** `config` adds to the hosts' own settings (credentials, database, timeouts); the host itself is settled on connect. */
    constructor(config: pg.ClientConfig = {}) {
      super({ ...hosts.clientSettings(), ...config });
      this.on('error', (error: Error) => logger.warn(`A database connection failed: ${error.message}`));
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: ConnectCallback): void;
    override connect(callback?: ConnectCallback): Promise<pg.Client> | void {
      const connected = this.connectToChosenHost();
      if (!callback) return connected;
      connected.then(
        (client) => (callback as (error: null, client: pg.Client) => void)(null, client),
        (error: Error) => (callback as (error: Error) => void)(error),
      );
    }

    private async connectToChosenHost(): Promise<pg.Client> {
      const host = await hosts.current();
      const self = this as unknown as { host: string; port: number; connectionParameters: { host: string; port: number } };
      self.host = self.connectionParameters.host = host.host;
      self.port = self.connectionParameters.port = host.port;
      try {
        await super.connect();
      } catch (error) {
        // The server answered and refused (a wrong password, no such database): that is no outage of the host.
        if (!(error instanceof pg.DatabaseError)) hosts.connectFailed(host, error as Error);
        throw error;
      }
      hosts.track(this, host);
      return this;
    }
  };
}
