import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { OpenAPIObject } from '@nestjs/swagger';

type OpenApiDocument = Pick<OpenAPIObject, 'paths'>;

/** One answer the service gave in a test. */
interface Exchange {
  method: string;
  route: string;
  status: number;
  contentType: string;
  body: string;
}

/** `/event-stores/:eventStoreRef/streams/:streamId` and `/event-stores/{eventStoreId}/streams/{streamId}` both become `/event-stores/{}/streams/{}`. */
const templateOf = (route: string) =>
  route
    .replace(/:\w+|\{\w+\}/g, '{}')
    .replace(/\/$/, '')
    .toLowerCase();

const pointer = (...segments: string[]) => segments.map((segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

const DOCUMENT_FILE = 'openapi.json';

/** Where the suites of one run leave the operations they exercised, for the global teardown. */
export const coverageDirectory = (runId: string) => path.join(tmpdir(), `es-contract-${runId}`);

/**
 * Holds the service to its OpenAPI document on real traffic: every response an in-process test
 * app sends is recorded (an onSend hook), and when the app closes each one must be a status its
 * operation documents, with a body its schema accepts. The operations exercised are written down,
 * so that a whole run can tell which operation no test ever called.
 */
export class OpenApiContract {
  private readonly exchanges: Exchange[] = [];

  readonly onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const route = request.routeOptions.url;
    if (route && (typeof payload === 'string' || payload === null || payload === undefined)) {
      this.exchanges.push({
        method: request.method.toLowerCase(),
        route,
        status: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? ''),
        body: payload ?? '',
      });
    }
    return payload;
  };

  /** What the recorded answers did that the document does not allow; the operations they exercised go to `coverage`. */
  check(document: OpenApiDocument, coverage: { runId: string; suite: string }): string[] {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(document, 'openapi');
    const operations = new Map(
      Object.entries(document.paths).flatMap(([template, methods]) =>
        Object.entries(methods).map(
          ([method, operation]) => [`${method} ${templateOf(template)}`, { template, method, operation }] as const,
        ),
      ),
    );
    const validators = new Map<string, ValidateFunction>();
    const exercised = new Set<string>();
    const problems = new Set<string>();

    for (const exchange of this.exchanges) {
      const found = operations.get(`${exchange.method} ${templateOf(exchange.route)}`);
      if (!found) continue; // the API explorer's own routes, and HEAD
      const { template, method, operation } = found;
      exercised.add(operation.operationId);
      const response = operation.responses[String(exchange.status)] ?? operation.responses.default;
      const where = `${method.toUpperCase()} ${template} → ${exchange.status}`;
      if (!response) {
        problems.add(`${where}: status not documented (body ${exchange.body.slice(0, 200)})`);
        continue;
      }
      if (!response.content?.['application/json'] || !exchange.contentType.startsWith('application/json')) continue;
      const key = pointer(
        'paths',
        template,
        method,
        'responses',
        exchange.status in operation.responses ? String(exchange.status) : 'default',
        'content',
        'application/json',
        'schema',
      );
      let validate = validators.get(key);
      if (!validate) {
        validate = ajv.compile({ $ref: `openapi#/${key}` });
        validators.set(key, validate);
      }
      if (!validate(JSON.parse(exchange.body))) {
        problems.add(`${where}: ${ajv.errorsText(validate.errors)} (body ${exchange.body.slice(0, 200)})`);
      }
    }

    const directory = coverageDirectory(coverage.runId);
    mkdirSync(directory, { recursive: true });
    writeFileSync(path.join(directory, `${coverage.suite}-${process.pid}-${Date.now()}.json`), JSON.stringify([...exercised]));
    writeFileSync(path.join(directory, DOCUMENT_FILE), JSON.stringify(document));
    return [...problems];
  }
}

/** Every operation of the run's document that no suite of the run exercised (none when no suite recorded any). */
export function unexercisedOperations(runId: string): string[] {
  const directory = coverageDirectory(runId);
  if (!existsSync(path.join(directory, DOCUMENT_FILE))) return [];
  const files = readdirSync(directory).filter((file) => file !== DOCUMENT_FILE);
  const exercised = new Set(files.flatMap((file) => JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as string[]));
  const document = JSON.parse(readFileSync(path.join(directory, DOCUMENT_FILE), 'utf8')) as OpenApiDocument;
  return Object.values(document.paths)
    .flatMap((methods) => Object.values(methods as Record<string, { operationId: string }>).map((operation) => operation.operationId))
    .filter((operationId) => !exercised.has(operationId));
}
