import { Client } from 'pg';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { startTestApp, TEST_ADMIN_TOKEN, TEST_METRICS_TOKEN, TestApp } from '../support/test-app';

interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  example?: unknown;
  oneOf?: Schema[];
  allOf?: Schema[];
}

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; example?: unknown }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: Record<string, string[]>[];
}

interface Details {
  fields?: { field: string; message: string }[];
}

/** Objects whose keys are the client's own: the rule stops at them. */
const FREE_FORM = new Set(['data', 'metadata', 'headers']);
const UNKNOWN = 'zzUnknown';

/**
 * DECISIONS §4 on every endpoint, generated from the OpenAPI document: an unknown query parameter
 * and an unknown field at every level of a body's own structure are 400 VALIDATION_ERROR naming
 * it, and nothing is written by any of those requests.
 */
describe('Unknown fields and query parameters, on every endpoint', () => {
  let testApp: TestApp;
  let api: ApiClient;
  let tenant: TenantKey;
  let token: string;
  let document: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
  let sql: Client;

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

  /** A path with each parameter filled by its example, or by an existing resource's name. */
  const concretePath = (path: string, operation: Operation) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const example = operation.parameters?.find((parameter) => parameter.name === name)?.example;
      if (name.startsWith('eventStore')) return 'orders';
      return encodeURIComponent(typeof example === 'string' ? example : 'order-1');
    });

  const credentialsFor = (operation: Operation): Record<string, string> => {
    const scheme = Object.keys(operation.security?.[0] ?? {})[0];
    const secret = { 'api-key': tenant.key, jwt: token, 'admin-token': TEST_ADMIN_TOKEN, 'metrics-token': TEST_METRICS_TOKEN }[
      scheme ?? ''
    ];
    return secret ? bearer(secret) : {};
  };

  const resolve = (schema: Schema): Schema => {
    if (schema.$ref) return resolve(document.components.schemas[schema.$ref.split('/').pop()!]);
    if (schema.allOf?.length === 1) return resolve(schema.allOf[0]);
    if (schema.oneOf) return resolve(schema.oneOf[0]);
    return schema;
  };

  /** A body shaped like the schema (examples where given), so each of its objects can carry an unknown field. */
  const sampleOf = (schema: Schema): unknown => {
    const resolved = resolve(schema);
    if (resolved.properties) {
      return Object.fromEntries(
        Object.entries(resolved.properties).map(([name, property]) => [name, FREE_FORM.has(name) ? {} : sampleOf(property)]),
      );
    }
    if (resolved.type === 'array' && resolved.items) return [sampleOf(resolved.items)];
    return resolved.example ?? (resolved.type === 'string' ? 'x' : resolved.type === 'integer' || resolved.type === 'number' ? 1 : null);
  };

  /** The dotted path of every object in a sample that is part of the request's own structure. */
  const objectPaths = (value: unknown, path: string[] = []): string[][] => {
    if (Array.isArray(value)) return value.flatMap((item, index) => objectPaths(item, [...path, String(index)]));
    if (value === null || typeof value !== 'object') return [];
    return [path, ...Object.entries(value).flatMap(([key, child]) => (FREE_FORM.has(key) ? [] : objectPaths(child, [...path, key])))];
  };

  const withUnknownAt = (sample: unknown, path: string[]): unknown => {
    const copy = structuredClone(sample) as Record<string, unknown>;
    const target = path.reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, copy);
    target[UNKNOWN] = 1;
    return copy;
  };

  const stored = async () =>
    (
      await sql.query(
        `SELECT (SELECT count(*) FROM events) AS events, (SELECT count(*) FROM event_stores) AS stores, (SELECT count(*) FROM subscriptions) AS subscriptions,
                (SELECT count(*) FROM tenants) AS tenants, (SELECT count(*) FROM api_keys) AS keys, (SELECT count(*) FROM api_keys WHERE revoked_at IS NOT NULL) AS revoked`,
      )
    ).rows[0];

  /** The fields a refusal names, in either envelope; none for any other answer. */
  const fieldsOf = (body: { error?: string | { details?: Details }; details?: Details }) => {
    const details = typeof body.error === 'string' ? body.details : body.error?.details;
    // One rule, one wording, whichever layer refuses: the DTO's validation or the check of routes without a query DTO.
    return (details?.fields ?? []).filter((problem) => /should not exist$/.test(problem.message)).map((problem) => problem.field);
  };

  beforeAll(async () => {
    testApp = await startTestApp();
    api = new ApiClient(testApp.server);
    tenant = await api.tenantWithKey();
    token = await api.accessToken(tenant.key);
    await api.createStore(tenant.key, { name: 'orders' }).expect(201);
    await api
      .http()
      .post('/event-stores/orders/streams/order-1')
      .set(bearer(tenant.key))
      .send({ events: [{ type: 'placed', data: {} }] })
      .expect(200);
    document = (await api.http().get('/docs-json').expect(200)).body;
    sql = new Client({ connectionString: testApp.database.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql.end();
    await testApp.close();
  });

  it('refuses an unknown query parameter on every operation with 400 naming it', async () => {
    const before = await stored();
    const answers: string[] = [];
    for (const { path, method, operation } of operations()) {
      const response = await api
        .http()
        [method as 'get'](`${concretePath(path, operation)}?${UNKNOWN}=1`)
        .set(credentialsFor(operation))
        .send(operation.requestBody ? {} : undefined);
      answers.push(
        `${method.toUpperCase()} ${path}: ${response.status} ${fieldsOf(response.body).includes(UNKNOWN) ? 'named' : 'not named'}`,
      );
    }
    expect(answers).toEqual(answers.map((answer) => answer.replace(/: .*$/, ': 400 named')));
    expect(await stored()).toEqual(before);
  });

  it('refuses an unknown field at every level of every body with 400 naming it', async () => {
    const before = await stored();
    const answers: string[] = [];
    for (const { path, method, operation } of operations().filter(({ operation }) => operation.requestBody)) {
      const sample = sampleOf(operation.requestBody!.content['application/json'].schema);
      for (const at of objectPaths(sample)) {
        const field = [...at, UNKNOWN].join('.');
        const response = await api
          .http()
          [method as 'post'](concretePath(path, operation))
          .set(credentialsFor(operation))
          .send(withUnknownAt(sample, at) as object);
        answers.push(
          `${method.toUpperCase()} ${path} ${field}: ${response.status} ${fieldsOf(response.body).includes(field) ? 'named' : 'not named'}`,
        );
      }
    }
    expect(answers.length).toBeGreaterThan(20);
    expect(answers).toEqual(answers.map((answer) => answer.replace(/: .*$/, ': 400 named')));
    expect(await stored()).toEqual(before);
  });
});
