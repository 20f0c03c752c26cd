import { validateEnvironment } from './validate-environment';

const minimal = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app' };
const sentinels = { REDIS_SENTINELS: '10.0.0.1:26379, sentinel-b:26379,[::1]:26380', REDIS_SENTINEL_MASTER: 'events' };
const cluster = { REDIS_CLUSTER_NODES: '10.0.0.1:7000,10.0.0.2:7000', REDIS_PREFIX: '{es}' };

describe('Redis settings', () => {
  it('reads REDIS_SENTINELS and REDIS_CLUSTER_NODES as host:port lists, IPv6 in brackets', () => {
    expect(validateEnvironment({ ...minimal, ...sentinels })).toMatchObject({
      REDIS_SENTINELS: [
        { host: '10.0.0.1', port: 26379 },
        { host: 'sentinel-b', port: 26379 },
        { host: '::1', port: 26380 },
      ],
      REDIS_SENTINEL_MASTER: 'events',
    });
    expect(validateEnvironment({ ...minimal, ...cluster }).REDIS_CLUSTER_NODES).toEqual([
      { host: '10.0.0.1', port: 7000 },
      { host: '10.0.0.2', port: 7000 },
    ]);
  });

  it('names the first entry that is not a host:port', () => {
    expect(() => validateEnvironment({ ...minimal, ...sentinels, REDIS_SENTINELS: '10.0.0.1:26379,sentinel-b' })).toThrow(
      /REDIS_SENTINELS must be host:port entries separated by commas \(not "sentinel-b"\)/,
    );
    expect(() => validateEnvironment({ ...minimal, ...cluster, REDIS_CLUSTER_NODES: '10.0.0.1:70000' })).toThrow(/not "10.0.0.1:70000"/);
    expect(() => validateEnvironment({ ...minimal, ...cluster, REDIS_CLUSTER_NODES: '10.0.0.1:7000,' })).toThrow(/an empty entry/);
  });

  it('takes one topology at a time, and no REDIS_URL beside Sentinels or a Cluster', () => {
    expect(() => validateEnvironment({ ...minimal, ...sentinels, ...cluster })).toThrow(/REDIS_SENTINELS and REDIS_CLUSTER_NODES/);
    expect(() => validateEnvironment({ ...minimal, ...sentinels, REDIS_URL: 'redis://10.0.0.1:6379' })).toThrow(
      /REDIS_URL names a single Redis server: leave it unset with REDIS_SENTINELS/,
    );
    expect(() => validateEnvironment({ ...minimal, ...cluster, REDIS_URL: 'redis://10.0.0.1:6379' })).toThrow(/with REDIS_CLUSTER_NODES/);
    // An empty REDIS_URL counts as unset, as for every setting.
    expect(validateEnvironment({ ...minimal, ...cluster, REDIS_URL: '' }).REDIS_CLUSTER_NODES).toHaveLength(2);
  });

  it('requires the master name with Sentinels, and reads the Sentinel settings only with them', () => {
    expect(() => validateEnvironment({ ...minimal, REDIS_SENTINELS: '10.0.0.1:26379' })).toThrow(
      /REDIS_SENTINEL_MASTER must name the master/,
    );
    expect(() => validateEnvironment({ ...minimal, REDIS_SENTINEL_MASTER: 'events' })).toThrow(
      /REDIS_SENTINEL_MASTER is read only with REDIS_SENTINELS/,
    );
    expect(() => validateEnvironment({ ...minimal, REDIS_SENTINEL_PASSWORD: 'secret' })).toThrow(/REDIS_SENTINEL_PASSWORD is read only/);
  });

  it('takes REDIS_PASSWORD for Sentinels or a Cluster, and a single server’s password in REDIS_URL', () => {
    expect(validateEnvironment({ ...minimal, ...sentinels, REDIS_PASSWORD: 'secret' }).REDIS_PASSWORD).toBe('secret');
    expect(() => validateEnvironment({ ...minimal, REDIS_PASSWORD: 'secret' })).toThrow(/a single Redis takes it in REDIS_URL/);
  });

  it('accepts one {hash tag} in REDIS_PREFIX, and requires one on a Cluster', () => {
    for (const prefix of ['es', '{es}', 'app:{es}', '{es}:v2', 'a.b-c_d:e'])
      expect(validateEnvironment({ ...minimal, REDIS_PREFIX: prefix }).REDIS_PREFIX).toBe(prefix);
    for (const prefix of ['{}', '{a}{b}', 'es}', '{es', 'e s', 'x'.repeat(65)])
      expect(() => validateEnvironment({ ...minimal, REDIS_PREFIX: prefix })).toThrow(/REDIS_PREFIX must be/);
    expect(() => validateEnvironment({ ...minimal, ...cluster, REDIS_PREFIX: 'es' })).toThrow(
      /REDIS_PREFIX must hold a \{hash tag\} on a Redis Cluster/,
    );
  });
});
