import type { ClientConfig } from 'pg';
import { parse } from 'pg-connection-string';

/** libpq's `target_session_attrs`: what a host must be for a session to stay on it. */
export const TARGET_SESSION_ATTRS = ['any', 'read-write', 'read-only', 'primary', 'standby', 'prefer-standby'] as const;
export type TargetSessionAttrs = (typeof TARGET_SESSION_ATTRS)[number];

export interface DatabaseHost {
  host: string;
  port: number;
}

/** A `DATABASE_URL` taken apart: the hosts to try, in order, what a host must be, and the rest of the settings every host shares. */
export interface DatabaseTarget {
  hosts: DatabaseHost[];
  targetSessionAttrs: TargetSessionAttrs;
  /** user, password, database, ssl, application_name…: what pg-connection-string reads from the URL, without its host. */
  settings: ClientConfig;
}

export class InvalidDatabaseUrlError extends Error {}

const DEFAULT_PORT = 5432;
const URL_PARTS = /^(postgres(?:ql)?:\/\/)([^/?#]*)(.*)$/;
const HOST_AND_PORT = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/;

/**
 * Reads a PostgreSQL URL as libpq does, the multi-host form included:
 * `postgres://user:secret@h1:5432,h2:5433/db?target_session_attrs=read-write`. node-postgres takes one
 * host, so the hosts and `target_session_attrs` are read here and the rest (credentials, database,
 * sslmode…) by pg-connection-string from the URL with its first host. Messages never repeat the URL,
 * which holds the password.
 */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  const parts = URL_PARTS.exec(url);
  if (!parts) throw new InvalidDatabaseUrlError('must be a postgres:// URL');
  const [, scheme, authority, rest] = parts;
  const at = authority.lastIndexOf('@');
  const userInfo = at >= 0 ? authority.slice(0, at + 1) : '';
  const hosts = authority
    .slice(at + 1)
    .split(',')
    .map(parseHost);
  const query = new URLSearchParams(rest.includes('?') ? rest.slice(rest.indexOf('?') + 1).split('#')[0] : '');
  const targetSessionAttrs = (query.get('target_session_attrs') ?? 'any') as TargetSessionAttrs;
  if (!TARGET_SESSION_ATTRS.includes(targetSessionAttrs)) {
    throw new InvalidDatabaseUrlError(
      `has target_session_attrs=${targetSessionAttrs}; it must be one of ${TARGET_SESSION_ATTRS.join(', ')}`,
    );
  }
  query.delete('target_session_attrs');
  const path = rest.split('?')[0];
  const single = `${scheme}${userInfo}${formatHost(hosts[0])}${path}${query.size > 0 ? `?${query.toString()}` : ''}`;
  let settings: ClientConfig;
  try {
    const { host: _host, port: _port, ...shared } = parse(single);
    settings = shared as ClientConfig;
  } catch {
    throw new InvalidDatabaseUrlError('is not a readable postgres:// URL');
  }
  return { hosts, targetSessionAttrs, settings };
}

function parseHost(text: string): DatabaseHost {
  const match = HOST_AND_PORT.exec(text);
  if (!match)
    throw new InvalidDatabaseUrlError(`names a host that is not host or host:port (${text ? 'check its list of hosts' : 'an empty host'})`);
  const port = match[2] === undefined ? DEFAULT_PORT : Number(match[2]);
  if (port < 1 || port > 65535) throw new InvalidDatabaseUrlError(`names port ${port}, outside 1-65535`);
  return { host: match[1].replace(/^\[(.+)\]$/, '$1'), port };
}

function formatHost({ host, port }: DatabaseHost): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** `host:port` of each host, for log lines and messages (never the credentials). */
export const describeHosts = (hosts: DatabaseHost[]): string => hosts.map(formatHost).join(',');
