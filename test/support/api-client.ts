import request from 'supertest';
import type { App } from 'supertest/types';
import type { Scope } from '../../src/auth/principal';
import { TEST_ADMIN_TOKEN } from './test-app';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export interface TenantKey {
  tenantId: string;
  apiKeyId: string;
  key: string;
}

/** Small typed helpers over supertest for the set-up steps tests repeat; assertions stay in tests. */
export class ApiClient {
  constructor(private readonly server: App) {}

  http() {
    return request(this.server);
  }

  admin() {
    const http = this.http();
    const auth = bearer(TEST_ADMIN_TOKEN);
    return {
      createTenant: (name: string) => http.post('/admin/tenants').set(auth).send({ name }),
      listTenants: () => http.get('/admin/tenants').set(auth),
      createApiKey: (tenantId: string, body: { name: string; scopes: Scope[] }) =>
        http.post(`/admin/tenants/${tenantId}/api-keys`).set(auth).send(body),
      listApiKeys: (tenantId: string) => http.get(`/admin/tenants/${tenantId}/api-keys`).set(auth),
      revokeApiKey: (apiKeyId: string) => http.delete(`/admin/api-keys/${apiKeyId}`).set(auth),
    };
  }

  /** A new tenant with one key holding the given scopes. */
  async tenantWithKey(
    scopes: Scope[] = ['read', 'write', 'admin'],
    tenantName = `tenant-${Math.random().toString(36).slice(2, 10)}`,
  ): Promise<TenantKey> {
    const tenant = await this.admin().createTenant(tenantName).expect(201);
    return this.keyFor(tenant.body.id, scopes);
  }

  async keyFor(tenantId: string, scopes: Scope[]): Promise<TenantKey> {
    const created = await this.admin()
      .createApiKey(tenantId, { name: `key-${scopes.join('-')}`, scopes })
      .expect(201);
    return { tenantId, apiKeyId: created.body.id, key: created.body.key };
  }

  async accessToken(key: string): Promise<string> {
    const response = await this.http().post('/api/auth/token').set(bearer(key)).expect(200);
    return response.body.accessToken;
  }

  createStore(key: string, body: Record<string, unknown>) {
    return this.http().post('/event-stores').set(bearer(key)).send(body);
  }
}
