import { Injectable } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../errors/common.errors';
import { addRouteConfig, controllerRoutes } from '../routes/controller-routes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads its query string through a `@Query()` DTO, which names what it accepts. */
    takesQuery?: boolean;
  }
}

/**
 * Unknown query parameters are refused (400 naming them) on every route. Routes with a `@Query()`
 * DTO refuse them in validation (forbidNonWhitelisted); this hook refuses any query parameter on
 * the routes that take none, from the URL alone, before the body is read, in the validation's own words.
 */
@Injectable()
export class QueryParameterCheck {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly metadataScanner: MetadataScanner,
  ) {}

  /** Must run before the application registers its routes (app.init()). */
  declareRoutes(): void {
    for (const route of controllerRoutes(this.discovery, this.metadataScanner)) {
      const parameters: Record<string, unknown> = Reflect.getMetadata(ROUTE_ARGS_METADATA, route.controller, route.methodName) ?? {};
      const takesQuery = Object.keys(parameters).some((key) => key.split(':')[0] === String(RouteParamtypes.QUERY));
      addRouteConfig(route, { takesQuery });
    }
  }

  /** An onRequest hook; routes Nest did not declare (unknown paths, the API explorer) are left alone. */
  readonly onRequest = async (request: FastifyRequest): Promise<void> => {
    if (request.routeOptions.config?.takesQuery !== false) return;
    const names = Object.keys(request.query as Record<string, unknown>);
    if (names.length > 0) {
      throw new ValidationError(names.map((name) => ({ field: name, message: `property ${name} should not exist` })));
    }
  };
}
