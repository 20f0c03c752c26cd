import { rmSync } from 'node:fs';
import { coverageDirectory, OpenApiContract } from './openapi-contract';

/** The contract check itself must be able to fail: an undocumented status and a body off its schema are reported. */
describe('OpenApiContract', () => {
  // check() records what it saw for the run's teardown; this spec's own run is removed here, not left in the temporary directory.
  const coverage = { runId: `unit-${process.pid}`, suite: 'contract' };
  afterAll(() => rmSync(coverageDirectory(coverage.runId), { recursive: true, force: true }));
  const document = {
    paths: {
      '/things/{thingId}': {
        get: {
          operationId: 'getThing',
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          },
        },
      },
    },
    components: {
      schemas: {
        Thing: {
          type: 'object',
          required: ['id', 'createdAt'],
          properties: { id: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' } },
        },
      },
    },
  };

  const answer = (contract: OpenApiContract, statusCode: number, body: unknown) =>
    contract.onSend(
      { routeOptions: { url: '/things/:id' }, method: 'GET' } as never,
      { statusCode, getHeader: () => 'application/json; charset=utf-8' } as never,
      JSON.stringify(body),
    );

  it('accepts a documented status with a body its schema accepts', async () => {
    const contract = new OpenApiContract();
    await answer(contract, 200, { id: 't1', createdAt: '2026-11-24T12:00:00.000Z' });
    expect(contract.check(document, coverage)).toEqual([]);
  });

  it('reports an undocumented status and a body its schema refuses', async () => {
    const contract = new OpenApiContract();
    await answer(contract, 404, { error: {} });
    await answer(contract, 200, { id: 1, createdAt: 'yesterday' });
    const problems = contract.check(document, coverage);
    expect(problems).toEqual([
      expect.stringMatching(/^GET \/things\/\{thingId\} → 404: status not documented/),
      expect.stringMatching(/^GET \/things\/\{thingId\} → 200: .*id must be string.*createdAt must match format "date-time"/),
    ]);
  });
});
