import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { startTestApp, TestApp } from '../support/test-app';

describe('Errors, request ids, health and API docs', () => {
  let testApp: TestApp;
  let api: ApiClient;
  let tenant: TenantKey;

  beforeAll(async () => {
    testApp = await startTestApp();
    api = new ApiClient(testApp.server);
    tenant = await api.tenantWithKey();
  });
  afterAll(() => testApp.close());

  it('answers an unknown route with 404 NOT_FOUND in the envelope', async () => {
    const response = await api.http().get('/no/such/route').set(bearer(tenant.key)).expect(404);
    expect(response.body).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String), details: {} } });
  });

  it('answers malformed JSON with 400 VALIDATION_ERROR on field body', async () => {
    const response = await api
      .http()
      .post('/event-stores')
      .set(bearer(tenant.key))
      .set('Content-Type', 'application/json')
      .send('{"name":')
      .expect(400);
    expect(response.body.error).toEqual({
      code: 'VALIDATION_ERROR',
      message: expect.any(String),
      details: { fields: [{ field: 'body', message: expect.any(String) }] },
    });
  });

  it('never echoes an unreadable body back, and gives parse failures a request id', async () => {
    const response = await api
      .http()
      .post('/event-stores')
      .set(bearer(tenant.key))
      .set('Content-Type', 'application/json')
      .send('{"secret": hunter2}')
      .expect(400);
    expect(JSON.stringify(response.body)).not.toContain('hunter2');
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('answers a badly percent-encoded path with 400 on field path', async () => {
    const response = await api.http().get('/event-stores/%FF').set(bearer(tenant.key)).expect(400);
    expect(response.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { fields: [{ field: 'path' }] } });
  });

  it('answers input Postgres cannot store (a NUL character) with 400, not 500', async () => {
    await api.http().get('/event-stores/a%00b').set(bearer(tenant.key)).expect(400);
    await api.http().get('/event-stores').query({ filter: 'a\u0000b' }).set(bearer(tenant.key)).expect(400);
    const response = await api.createStore(tenant.key, { name: 'nul-check', description: 'a\u0000b' }).expect(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('refuses JSON nested deeper than 64 levels, or with numbers out of range, with 400 on field body', async () => {
    const nested = (depth: number) => {
      let value: unknown = 1;
      for (let i = 0; i < depth; i++) value = { a: value };
      return value;
    };
    const deep = await api.createStore(tenant.key, { name: 'deep', settings: nested(100) }).expect(400);
    expect(deep.body.error.details.fields).toEqual([{ field: 'body', message: expect.stringMatching(/nested/) }]);
    // Far deeper than that, the JSON parser itself refuses; either way a 400, never a stack overflow.
    const deeper = `{"name":"deeper","settings":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`;
    await api.http().post('/event-stores').set(bearer(tenant.key)).set('Content-Type', 'application/json').send(deeper).expect(400);
    const huge = await api
      .http()
      .post('/event-stores')
      .set(bearer(tenant.key))
      .set('Content-Type', 'application/json')
      .send('{"name":"huge","settings":{"maxStreamSizeBytes":1e400}}')
      .expect(400);
    expect(huge.body.error.details.fields).toEqual([{ field: 'body', message: expect.stringMatching(/finite/) }]);
  });

  it('uses the flat envelope for family B paths whatever their case', async () => {
    const response = await api.http().get('/API/event-stores').expect(401);
    expect(response.body).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String), details: {} });
  });

  it('answers a body over 10 MiB with 413 PAYLOAD_TOO_LARGE', async () => {
    const body = JSON.stringify({ name: 'big', description: 'x'.repeat(10 * 1024 * 1024) });
    const response = await api
      .http()
      .post('/event-stores')
      .set(bearer(tenant.key))
      .set('Content-Type', 'application/json')
      .send(body)
      .expect(413);
    expect(response.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('gives every response a request id, keeping a sane one sent by the caller', async () => {
    const generated = await api.http().get('/health').expect(200);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await api.http().get('/health').set('X-Request-Id', 'trace-42').expect(200);
    expect(echoed.headers['x-request-id']).toBe('trace-42');
    const replaced = await api.http().get('/health').set('X-Request-Id', 'bad id with spaces').expect(200);
    expect(replaced.headers['x-request-id']).not.toBe('bad id with spaces');
  });

  it('reports liveness and readiness without authentication', async () => {
    expect((await api.http().get('/health').expect(200)).body).toEqual({ status: 'ok' });
    const ready = await api.http().get('/health/ready').expect(200);
    expect(ready.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' }, redis: { status: 'up' } } });
  });

  it('serves the API explorer at /docs', async () => {
    const response = await api.http().get('/docs/').expect(200);
    expect(response.text).toContain('swagger');
  });

  describe('OpenAPI document', () => {
    let document: {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };

    beforeAll(async () => {
      document = (await api.http().get('/docs-json').expect(200)).body;
    });

    const operations: [string, string, string[]][] = [
      ['/admin/tenants', 'post', ['201', '400', '401', '409', '413', '500']],
      ['/admin/tenants', 'get', ['200', '401', '500']],
      ['/admin/tenants/{tenantId}/api-keys', 'post', ['201', '400', '401', '404', '413', '500']],
      ['/admin/tenants/{tenantId}/api-keys', 'get', ['200', '401', '404', '500']],
      ['/admin/api-keys/{apiKeyId}', 'delete', ['204', '401', '404', '500']],
      ['/api/auth/token', 'post', ['200', '401', '429', '500', '501']],
      ['/api-keys/current', 'get', ['200', '401', '429', '500']],
      ['/event-stores', 'post', ['201', '400', '401', '403', '409', '413', '429', '500']],
      ['/event-stores', 'get', ['200', '400', '401', '403', '429', '500']],
      ['/event-stores/{eventStoreId}', 'get', ['200', '401', '403', '404', '429', '500']],
      ['/event-stores/{eventStoreId}', 'delete', ['204', '401', '403', '404', '429', '500']],
      ['/event-stores/{eventStoreId}/activity', 'get', ['200', '401', '403', '404', '429', '500']],
      ['/api/event-stores', 'post', ['201', '400', '401', '403', '409', '413', '429', '500']],
      ['/api/event-stores', 'get', ['200', '400', '401', '403', '429', '500']],
      ['/api/event-stores/{eventStoreName}', 'get', ['200', '401', '403', '404', '429', '500']],
      ['/api/event-stores/{eventStoreName}', 'delete', ['204', '401', '403', '404', '429', '500']],
      ['/event-stores/{eventStoreId}/streams/{streamId}', 'post', ['200', '400', '401', '403', '404', '409', '413', '429', '500']],
      ['/event-stores/{eventStoreId}/streams/{streamId}', 'get', ['200', '400', '401', '403', '404', '429', '500']],
      ['/event-stores/{eventStoreId}/streams', 'get', ['200', '400', '401', '403', '404', '429', '500']],
      ['/event-stores/{eventStoreId}/events', 'get', ['200', '400', '401', '403', '404', '429', '500']],
      [
        '/api/event-stores/{eventStoreName}/streams/{streamId}/events',
        'post',
        ['201', '400', '401', '403', '404', '409', '413', '429', '500'],
      ],
      ['/api/event-stores/{eventStoreName}/streams/{streamId}/events', 'get', ['200', '400', '401', '403', '404', '429', '500']],
      ['/event-stores/{eventStoreId}/events', 'post', ['200', '400', '401', '403', '404', '409', '413', '429', '500']],
      ['/event-stores/{eventStoreId}/query', 'post', ['200', '400', '401', '403', '404', '413', '429', '500']],
      ['/event-stores/{eventStoreId}/subscribe', 'post', ['200', '201', '400', '401', '403', '404', '413', '429', '500']],
      ['/event-stores/{eventStoreId}/subscriptions', 'get', ['200', '401', '403', '404', '429', '500', '503']],
      ['/event-stores/{eventStoreId}/subscriptions/{subscriptionId}', 'get', ['200', '401', '403', '404', '429', '500', '503']],
      ['/event-stores/{eventStoreId}/subscriptions/{subscriptionId}', 'delete', ['200', '401', '403', '404', '429', '500', '503']],
      ['/event-stores/{eventStoreId}/subscriptions/{subscriptionId}/dead-letters', 'get', ['200', '401', '403', '404', '429', '500']],
      [
        '/event-stores/{eventStoreId}/subscriptions/{subscriptionId}/dead-letters/replay',
        'post',
        ['202', '401', '403', '404', '429', '500'],
      ],
      [
        '/event-stores/{eventStoreId}/subscriptions/{subscriptionId}/dead-letters/{deadLetterId}/replay',
        'post',
        ['202', '401', '403', '404', '429', '500'],
      ],
      ['/event-stores/{eventStoreId}/events/ws', 'get', ['101', '400', '401', '403', '404', '426', '429', '500', '503']],
      ['/event-stores/{eventStoreId}/websocket-connections', 'get', ['200', '401', '403', '404', '429', '500', '503']],
      ['/event-stores/{eventStoreId}/websocket-connections/{clientId}', 'delete', ['200', '400', '401', '403', '404', '429', '500', '503']],
      ['/event-stores/{eventStoreId}/consumers', 'post', ['201', '400', '401', '403', '404', '409', '413', '429', '500']],
      ['/event-stores/{eventStoreId}/consumers', 'get', ['200', '400', '401', '403', '404', '429', '500']],
      ['/event-stores/{eventStoreId}/consumers/{consumerName}', 'get', ['200', '400', '401', '403', '404', '429', '500']],
      ['/event-stores/{eventStoreId}/consumers/{consumerName}', 'delete', ['204', '400', '401', '403', '404', '429', '500']],
      [
        '/event-stores/{eventStoreId}/consumers/{consumerName}/checkpoint',
        'put',
        ['200', '400', '401', '403', '404', '409', '413', '429', '500'],
      ],
      ['/event-stores/{eventStoreId}/consumers/{consumerName}/parked', 'get', ['200', '400', '401', '403', '404', '429', '500']],
      [
        '/event-stores/{eventStoreId}/consumers/{consumerName}/parked/{position}/replay',
        'post',
        ['202', '400', '401', '403', '404', '429', '500'],
      ],
      [
        '/event-stores/{eventStoreId}/consumers/{consumerName}/parked/{position}',
        'delete',
        ['204', '400', '401', '403', '404', '429', '500'],
      ],
      ['/event-stores/{eventStoreId}/consumers/{consumerName}/ack', 'post', ['200', '400', '401', '403', '404', '413', '429', '500']],
      ['/event-stores/{eventStoreId}/consumers/{consumerName}/events', 'get', ['200', '400', '401', '403', '404', '409', '429', '500']],
      ['/api/event-stores/{eventStoreName}/consumers', 'post', ['201', '400', '401', '403', '404', '409', '413', '429', '500']],
      ['/api/event-stores/{eventStoreName}/consumers', 'get', ['200', '400', '401', '403', '404', '429', '500']],
      ['/api/event-stores/{eventStoreName}/consumers/{consumerName}', 'get', ['200', '400', '401', '403', '404', '429', '500']],
      ['/api/event-stores/{eventStoreName}/consumers/{consumerName}', 'delete', ['204', '400', '401', '403', '404', '429', '500']],
      [
        '/api/event-stores/{eventStoreName}/consumers/{consumerName}/checkpoint',
        'put',
        ['200', '400', '401', '403', '404', '409', '413', '429', '500'],
      ],
      ['/api/event-stores/{eventStoreName}/consumers/{consumerName}/parked', 'get', ['200', '400', '401', '403', '404', '429', '500']],
      [
        '/api/event-stores/{eventStoreName}/consumers/{consumerName}/parked/{position}/replay',
        'post',
        ['202', '400', '401', '403', '404', '429', '500'],
      ],
      [
        '/api/event-stores/{eventStoreName}/consumers/{consumerName}/parked/{position}',
        'delete',
        ['204', '400', '401', '403', '404', '429', '500'],
      ],
      ['/api/event-stores/{eventStoreName}/consumers/{consumerName}/ack', 'post', ['200', '400', '401', '403', '404', '413', '429', '500']],
      [
        '/api/event-stores/{eventStoreName}/consumers/{consumerName}/events',
        'get',
        ['200', '400', '401', '403', '404', '409', '429', '500'],
      ],
      ['/', 'get', ['200']],
      ['/health', 'get', ['200']],
      ['/health/ready', 'get', ['200', '503']],
      ['/metrics', 'get', ['200', '401', '500']],
    ];

    // Every operation can also get the HTTP layer's answers: 400 for an unknown query parameter, 503
    // while draining or busy, and 408, 413 and 415 when it takes a body.
    const withHttpLayer = (path: string, method: string, statuses: string[]) => {
      const takesBody = (document.paths[path]?.[method] as { requestBody?: unknown } | undefined)?.requestBody !== undefined;
      return [...new Set([...statuses, '400', '503', ...(takesBody ? ['408', '413', '415'] : [])])].sort();
    };

    it.each(operations)('documents %s %s with its responses', (path, method, statuses) => {
      expect(Object.keys(document.paths[path]?.[method]?.responses ?? {}).sort()).toEqual(withHttpLayer(path, method, statuses));
    });

    it('documents nothing beyond those operations', () => {
      const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method} ${path}`),
      );
      expect(documented.sort()).toEqual(operations.map(([path, method]) => `${method} ${path}`).sort());
    });

    it('declares the four security schemes and which one each family uses', () => {
      expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['admin-token', 'api-key', 'jwt', 'metrics-token']);
      expect(document.paths['/event-stores'].post.security).toEqual([{ 'api-key': [] }]);
      expect(document.paths['/api/event-stores'].post.security).toEqual([{ jwt: [] }]);
      expect(document.paths['/admin/tenants'].post.security).toEqual([{ 'admin-token': [] }]);
      expect(document.paths['/health'].get.security).toEqual([]);
      expect(document.paths['/metrics'].get.security).toEqual([{ 'metrics-token': [] }]);
    });

    it("documents the appends' path parameters, Idempotency-Key header and request bodies", () => {
      const describe = (path: string) => {
        const operation = document.paths[path].post as unknown as {
          parameters: { in: string; name: string }[];
          requestBody: { content: { 'application/json': { schema: { $ref: string } } } };
        };
        return {
          parameters: operation.parameters.map((p) => `${p.in}:${p.name}`).sort(),
          body: operation.requestBody.content['application/json'].schema.$ref,
        };
      };
      expect(describe('/event-stores/{eventStoreId}/streams/{streamId}')).toEqual({
        parameters: ['header:Idempotency-Key', 'path:eventStoreId', 'path:streamId'],
        body: '#/components/schemas/AppendToStreamDto',
      });
      expect(describe('/api/event-stores/{eventStoreName}/streams/{streamId}/events')).toEqual({
        parameters: ['header:Idempotency-Key', 'path:eventStoreName', 'path:streamId'],
        body: '#/components/schemas/ApiAppendToStreamDto',
      });
    });

    it('documents error bodies in the envelope each family really returns', () => {
      const schemaOf = (path: string, method: string, status: string) =>
        (document.paths[path][method].responses[status] as { content: { 'application/json': { schema: { $ref: string } } } }).content[
          'application/json'
        ].schema.$ref;
      expect(schemaOf('/event-stores', 'post', '409')).toBe('#/components/schemas/ErrorResponseDto');
      expect(schemaOf('/api/event-stores', 'post', '409')).toBe('#/components/schemas/FlatErrorResponseDto');
      expect(schemaOf('/health/ready', 'get', '503')).toBe('#/components/schemas/ErrorResponseDto');
    });
  });
});

describe('Readiness with a dependency down', () => {
  it('answers 503 SERVICE_UNAVAILABLE naming the dependency that is down', async () => {
    const testApp = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const response = await new ApiClient(testApp.server).http().get('/health/ready').expect(503);
      expect(response.body.error).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        details: { status: 'error', info: { database: { status: 'up' } }, error: { redis: { status: 'down' } } },
      });
    } finally {
      await testApp.close();
    }
  });
});

describe('Unexpected failures', () => {
  it('answer 500 INTERNAL_ERROR with a request id and nothing internal', async () => {
    const testApp = await startTestApp();
    const api = new ApiClient(testApp.server);
    const tenant = await api.tenantWithKey();
    // Pull the database out from under the running app: the next query fails in a way no handler expects.
    await testApp.database.drop();

    const response = await api.http().get('/event-stores').set(bearer(tenant.key)).set('X-Request-Id', 'failure-1').expect(500);
    expect(response.body).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'An internal error occurred', details: { requestId: 'failure-1' } },
    });
    await testApp.app.close();
  });
});
