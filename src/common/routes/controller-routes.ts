import type { Type } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import type { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import type { FastifyContextConfig } from 'fastify';

/** One route handler of a controller: what Nest registers with Fastify. */
export interface ControllerRoute {
  controller: Type;
  methodName: string;
  handler: (...args: unknown[]) => unknown;
}

/** Every route handler of every controller of the application. */
export function controllerRoutes(discovery: DiscoveryService, metadataScanner: MetadataScanner): ControllerRoute[] {
  return discovery.getControllers().flatMap(({ metatype }) => {
    if (!metatype) return [];
    const prototype = metatype.prototype as Record<string, (...args: unknown[]) => unknown>;
    return metadataScanner
      .getAllMethodNames(prototype)
      .filter((methodName) => Reflect.getMetadata(PATH_METADATA, prototype[methodName]) !== undefined)
      .map((methodName) => ({ controller: metatype as Type, methodName, handler: prototype[methodName] }));
  });
}

/**
 * Adds to a route's Fastify route config, which Fastify hooks read as `request.routeOptions.config`:
 * how a hook that runs before Nest (before the body is read) learns what a route declared. Must
 * run before the application registers its routes (app.init()).
 */
export function addRouteConfig(route: ControllerRoute, config: Partial<FastifyContextConfig>): void {
  const current = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, route.handler) ?? {};
  Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...current, ...config }, route.handler);
}
