import { Injectable } from '@nestjs/common';
import { DatabaseHosts } from '../database/connection/database-hosts';
import { TenantDatabase } from '../database/tenant-shares/tenant-database';

/**
 * Whether the database the service writes to takes writes now: a host is chosen (DatabaseHosts)
 * and a connection of the pool, where appends would go, is not read-only. An old primary back
 * read-only at its address answers every query but no write: ready it is not.
 */
@Injectable()
export class DatabaseWritability {
  constructor(
    private readonly database: TenantDatabase,
    private readonly hosts: DatabaseHosts,
  ) {}

  /** Resolves when writes would go through; otherwise rejects saying why. */
  async check(): Promise<void> {
    const { up, problems } = this.hosts.status;
    if (!up) throw new Error(problems.map(({ host, problem }) => `${host}: ${problem}`).join('; ') || 'no database host chosen');
    const [{ read_only }] = await this.database.for(null).query(`SELECT current_setting('transaction_read_only') = 'on' AS read_only`);
    if (read_only) throw new Error(`${this.hosts.status.host ?? 'the database'} is read-only`);
  }
}
