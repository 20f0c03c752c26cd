import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ApiClient } from '../support/api-client';
import { startTestApp, TestApp } from '../support/test-app';

const REDOCLY = path.resolve(__dirname, '../../node_modules/@redocly/cli/bin/cli.js');

interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  responses: Record<string, { headers?: Record<string, unknown> }>;
}

/**
 * The document generated clients are built from (DECISIONS §12). What each operation answers is
 * held to it on real traffic by every suite (test/support/openapi-contract.ts); this suite holds
 * the document itself: the lint, method names, the discriminator and the headers.
 */
describe('The OpenAPI document', () => {
  let testApp: TestApp;
  let document: {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, { oneOf?: unknown; discriminator?: unknown }> };
  };
  const operations = () =>
    Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ route, method, operation })),
    );

  beforeAll(async () => {
    testApp = await startTestApp();
    document = (await new ApiClient(testApp.server).http().get('/docs-json').expect(200)).body;
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('passes redocly lint with no errors', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'openapi-'));
    const file = path.join(directory, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', file, '--format=json'], {
        maxBuffer: 16 * 1024 * 1024,
      }).catch((failure: { stdout: string }) => failure);
      const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
        totals: { errors: number };
        problems: { severity: string; message: string }[];
      };
      expect(report.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('names every operation with a unique lowerCamelCase operationId', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => /^[a-z][A-Za-z]+$/.test(id ?? ''))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining(['appendToStream', 'readStream', 'queryEvents', 'createWebhookSubscription', 'appendEvents']),
    );
  });

  it('takes Min-Global-Position on exactly the reads a standby may serve', () => {
    const taking = operations()
      .filter(({ operation }) => operation.parameters?.some((p) => p.in === 'header' && p.name === 'Min-Global-Position'))
      .map(({ operation }) => operation.operationId)
      .sort();
    expect(taking).toEqual(['listStreams', 'queryEvents', 'readEvents', 'readStream', 'readStreamWithToken']);
  });

  it('maps the subscription discriminator values to their schemas', () => {
    const list = document.paths['/event-stores/{eventStoreId}/subscriptions'].get.responses['200'] as unknown as {
      content: { 'application/json': { schema: { $ref: string } } };
    };
    const listSchema = document.components.schemas[list.content['application/json'].schema.$ref.split('/').pop()!] as unknown as {
      properties: { subscriptions: { items: { discriminator: unknown } } };
    };
    expect(listSchema.properties.subscriptions.items.discriminator).toEqual({
      propertyName: 'subscriberType',
      mapping: {
        webhook: '#/components/schemas/SubscriptionResponseDto',
        websocket: '#/components/schemas/WebSocketSubscriptionResponseDto',
      },
    });
  });

  it('declares X-Request-Id on every response, and the X-RateLimit-* trio on those of key and token routes but their 401', () => {
    for (const { route, method, operation } of operations()) {
      const counted = (operation.security ?? []).some((requirement) =>
        Object.keys(requirement as object).some((scheme) => scheme === 'api-key' || scheme === 'jwt'),
      );
      for (const [status, response] of Object.entries(operation.responses)) {
        const headers = Object.keys(response.headers ?? {});
        expect({ at: `${method} ${route} ${status}`, requestId: headers.includes('X-Request-Id') }).toEqual({
          at: `${method} ${route} ${status}`,
          requestId: true,
        });
        const expected = counted && status !== '401';
        expect({ at: `${method} ${route} ${status}`, rateLimit: headers.includes('X-RateLimit-Remaining') }).toEqual({
          at: `${method} ${route} ${status}`,
          rateLimit: expected,
        });
      }
    }
  });

  it('gives /health and /health/ready response schemas, and public routes an explicit empty security', () => {
    for (const route of ['/health', '/health/ready']) {
      const ok = document.paths[route].get.responses['200'] as unknown as {
        content: { 'application/json': { schema: { $ref?: string } } };
      };
      expect(ok.content['application/json'].schema.$ref).toMatch(/^#\/components\/schemas\//);
      expect(document.paths[route].get.security).toEqual([]);
    }
  });
});
