// class-transformer reads the design:type metadata of EnvironmentVariables; entry points such as
// migrate.ts may reach this module before anything else has loaded the polyfill.
import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { createPublicKey } from 'node:crypto';
import { InvalidDatabaseUrlError, parseDatabaseUrl } from '../database/connection/database-url';
import { replicaUrls } from '../database/replicas/replica-urls';
import { developmentDatabaseUrl, developmentDataDir } from './development-database';
import { EnvironmentVariables } from './environment-variables';
import { redisSettingsProblems } from './redis-settings';

/** Thrown at boot when the environment is unusable; its message is one line meant for the operator. */
export class InvalidEnvironmentError extends Error {}

export interface EnvironmentRequirements {
  /** The API signs and verifies family B tokens; the worker and the CLI do not need keys for that. */
  tokenKeys?: boolean;
  /** The CLI: with no DATABASE_URL, the embedded database that `npm start` runs from DATA_DIR. */
  developmentDatabase?: boolean;
}

export function validateEnvironment(raw: Record<string, unknown>, requirements: EnvironmentRequirements = {}): EnvironmentVariables {
  const present = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined && value !== ''));
  const dataDir = typeof present.DATA_DIR === 'string' ? present.DATA_DIR : '.data';
  if (requirements.developmentDatabase && present.DATABASE_URL === undefined) {
    const url = developmentDatabaseUrl(dataDir);
    if (url) present.DATABASE_URL = url;
  }
  const config = plainToInstance(EnvironmentVariables, present, { enableImplicitConversion: true });
  const problems = validateSync(config, { whitelist: false, skipMissingProperties: false }).flatMap((error) =>
    Object.values(error.constraints ?? {}),
  );
  if (requirements.developmentDatabase && config.DATABASE_URL === undefined) {
    problems.push(
      `npm start has not run an embedded database from ${developmentDataDir(dataDir)} yet (start it once, or set DATABASE_URL)`,
    );
  }
  if (config.DATABASE_URL !== undefined && !problems.some((problem) => problem.startsWith('DATABASE_URL'))) {
    try {
      parseDatabaseUrl(config.DATABASE_URL);
    } catch (error) {
      if (!(error instanceof InvalidDatabaseUrlError)) throw error;
      problems.push(`DATABASE_URL ${error.message}`);
    }
  }
  for (const [index, url] of replicaUrls(config.DATABASE_REPLICA_URLS).entries()) {
    try {
      parseDatabaseUrl(url);
    } catch (error) {
      if (!(error instanceof InvalidDatabaseUrlError)) throw error;
      problems.push(`DATABASE_REPLICA_URLS: URL ${index + 1} ${error.message}`);
    }
  }
  problems.push(...redisSettingsProblems(config, present));
  if (config.JWT_PUBLIC_KEY && !isPublicKey(config.JWT_PUBLIC_KEY)) {
    problems.push('JWT_PUBLIC_KEY is not a readable PEM public key');
  }
  if (requirements.tokenKeys && !config.JWT_SECRET && !config.JWT_PUBLIC_KEY) {
    problems.push('JWT_SECRET (or JWT_PUBLIC_KEY) must be set to sign or verify the tokens of the /api paths');
  }
  if (config.MAX_PENDING_BODY_BYTES < config.MAX_BODY_BYTES) {
    problems.push('MAX_PENDING_BODY_BYTES must be at least MAX_BODY_BYTES, or the largest body allowed could never be received');
  }
  if (config.MAX_PENDING_BODY_BYTES_PER_TENANT < config.MAX_BODY_BYTES) {
    problems.push('MAX_PENDING_BODY_BYTES_PER_TENANT must be at least MAX_BODY_BYTES, or the largest body allowed could never be received');
  }
  if (config.MAX_PENDING_BODY_BYTES_PER_TENANT > config.MAX_PENDING_BODY_BYTES) {
    problems.push('MAX_PENDING_BODY_BYTES_PER_TENANT must be at most MAX_PENDING_BODY_BYTES');
  }
  if (config.DATABASE_MAX_CONNECTIONS_PER_TENANT > config.DATABASE_POOL_SIZE) {
    problems.push('DATABASE_MAX_CONNECTIONS_PER_TENANT must be at most DATABASE_POOL_SIZE');
  }
  if (config.DATABASE_CONNECTIONS_RESERVED_FOR_APPENDS >= config.DATABASE_POOL_SIZE) {
    problems.push('DATABASE_CONNECTIONS_RESERVED_FOR_APPENDS must be less than DATABASE_POOL_SIZE, or no read could ever run');
  }
  if (problems.length > 0) {
    throw new InvalidEnvironmentError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return config;
}

function isPublicKey(pem: string): boolean {
  try {
    createPublicKey(pem);
    return true;
  } catch {
    return false;
  }
}

/** The only place that reads process.env, so every entry point sees the same validated settings. */
export function readEnvironment(requirements: EnvironmentRequirements = {}): EnvironmentVariables {
  return validateEnvironment(process.env, requirements);
}
