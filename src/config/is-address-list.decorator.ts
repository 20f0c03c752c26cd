import { ValidateBy } from 'class-validator';

/** One `host:port` of REDIS_SENTINELS or REDIS_CLUSTER_NODES. */
export interface RedisAddress {
  host: string;
  port: number;
}

// A host name or IPv4 address, or an IPv6 address in brackets (`[::1]:26379`), then a port.
const ADDRESS = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]+)):(\d{1,5})$/;

/** A `host:port,host:port` list as addresses; an entry that is not one stays a string, for the validator to name. */
export function toAddressList({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  return value.split(',').map((entry) => {
    const match = ADDRESS.exec(entry.trim());
    const port = Number(match?.[3]);
    return match && port >= 1 && port <= 65535 ? { host: match[1] ?? match[2], port } : entry.trim();
  });
}

/** Every entry a `host:port` with a port from 1 to 65535; the message names the first that is not. */
export function IsAddressList(setting: string): PropertyDecorator {
  const firstBad = (value: unknown) => (Array.isArray(value) ? value.find((entry) => typeof entry === 'string') : undefined);
  return ValidateBy({
    name: 'isAddressList',
    validator: {
      validate: (value: unknown) => Array.isArray(value) && value.length > 0 && firstBad(value) === undefined,
      defaultMessage: (args) =>
        `${setting} must be host:port entries separated by commas (${firstBad(args?.value) === '' ? 'an empty entry' : `not "${String(firstBad(args?.value))}"`})`,
    },
  });
}
