import { availableParallelism } from 'node:os';
import { InvalidEnvironmentError, validateEnvironment } from './validate-environment';

const minimal = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app', JWT_SECRET: 'x'.repeat(32) };

describe('validateEnvironment', () => {
  it('applies the documented defaults', () => {
    const config = validateEnvironment(minimal);
    expect(config).toMatchObject({
      PORT: 3000,
      REDIS_URL: 'redis://127.0.0.1:6379',
      RATE_LIMIT_REQUESTS_PER_MINUTE: 1000,
      RATE_LIMIT_EVENTS_PER_MINUTE: 10000,
      WS_MAX_CONNECTIONS_PER_KEY: 100,
      WEBHOOK_TIMEOUT_MS: 10000,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: false,
      RETENTION_SWEEP_INTERVAL_MS: 3600000,
    });
  });

  it('converts numbers and booleans from their string form', () => {
    const config = validateEnvironment({ ...minimal, PORT: '8080', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
    expect(config.PORT).toBe(8080);
    expect(config.WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(false);
    expect(validateEnvironment({ ...minimal, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }).WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(true);
  });

  it('stops on a boolean it cannot read rather than taking it as false', () => {
    expect(() => validateEnvironment({ ...minimal, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'ture' })).toThrow(/WEBHOOK_ALLOW_PRIVATE_TARGETS/);
    expect(validateEnvironment({ ...minimal, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'no' }).WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(false);
  });

  it('stops on an ADMIN_TOKEN or METRICS_TOKEN that no Authorization header could carry', () => {
    expect(() => validateEnvironment({ ...minimal, ADMIN_TOKEN: 'has spaces and !#@ marks' })).toThrow(
      /ADMIN_TOKEN must be a bearer token/,
    );
    expect(() => validateEnvironment({ ...minimal, METRICS_TOKEN: 'metrics#token#0123456789' })).toThrow(
      /METRICS_TOKEN must be a bearer token/,
    );
    expect(validateEnvironment({ ...minimal, ADMIN_TOKEN: 'abc-DEF_123.456~789+0/1=' }).ADMIN_TOKEN).toBe('abc-DEF_123.456~789+0/1=');
  });

  it('rejects a JWT_PUBLIC_KEY that is not a readable PEM key', () => {
    const mangled = '-----BEGIN PUBLIC KEY-----\\nnot-a-key\\n-----END PUBLIC KEY-----';
    expect(() => validateEnvironment({ ...minimal, JWT_PUBLIC_KEY: mangled })).toThrow(/JWT_PUBLIC_KEY/);
  });

  it('rejects a missing DATABASE_URL with one line naming it', () => {
    expect(() => validateEnvironment({ JWT_SECRET: minimal.JWT_SECRET })).toThrow(InvalidEnvironmentError);
    expect(() => validateEnvironment({ JWT_SECRET: minimal.JWT_SECRET })).toThrow(/DATABASE_URL/);
  });

  it('says DATABASE_URL is not set when it is absent, and malformed when it is not a postgres:// URL', () => {
    expect(() => validateEnvironment({ JWT_SECRET: minimal.JWT_SECRET })).toThrow(/DATABASE_URL is not set/);
    expect(() => validateEnvironment({ ...minimal, DATABASE_URL: 'mysql://db/app' })).toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
  });

  it('reads LOG_FORMAT as json (the default) or pretty, nothing else', () => {
    expect(validateEnvironment(minimal).LOG_FORMAT).toBe('json');
    expect(validateEnvironment({ ...minimal, LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(() => validateEnvironment({ ...minimal, LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT must be json or pretty/);
  });

  it('rejects a malformed number and names the variable', () => {
    expect(() => validateEnvironment({ ...minimal, PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('runs an API process per two CPUs (at least 1) unless WEB_CONCURRENCY says how many (at least 1, whole)', () => {
    expect(validateEnvironment(minimal).WEB_CONCURRENCY).toBe(Math.max(1, Math.floor(availableParallelism() / 2)));
    expect(validateEnvironment({ ...minimal, WEB_CONCURRENCY: '3' }).WEB_CONCURRENCY).toBe(3);
    expect(validateEnvironment({ ...minimal, WEB_CONCURRENCY: '1' }).WEB_CONCURRENCY).toBe(1);
    for (const wrong of ['0', '-2', '1.5', 'two'])
      expect(() => validateEnvironment({ ...minimal, WEB_CONCURRENCY: wrong })).toThrow(/WEB_CONCURRENCY/);
  });

  it('reads CORS_ALLOWED_ORIGINS as a comma-separated list of exact origins, none by default', () => {
    expect(validateEnvironment(minimal).CORS_ALLOWED_ORIGINS).toEqual([]);
    expect(
      validateEnvironment({ ...minimal, CORS_ALLOWED_ORIGINS: 'https://app.example.com, http://localhost:5173,http://[::1]:8080' })
        .CORS_ALLOWED_ORIGINS,
    ).toEqual(['https://app.example.com', 'http://localhost:5173', 'http://[::1]:8080']);
    expect(validateEnvironment({ ...minimal, CORS_ALLOWED_ORIGINS: '*' }).CORS_ALLOWED_ORIGINS).toEqual(['*']);
  });

  it.each([
    ['https://app.example.com/', /did you mean "https:\/\/app\.example\.com"/],
    ['https://App.Example.com', /did you mean "https:\/\/app\.example\.com"/],
    ['https://app.example.com:443', /did you mean "https:\/\/app\.example\.com"/],
    ['https://app.example.com/console', /no path/],
    ['app.example.com', /is not an origin \(scheme:\/\/host\[:port\]/],
    ['null', /is not an origin/],
    ['ftp://files.example.com', /must be an http:\/\/ or https:\/\/ origin/],
    ['https://a.example.com,,https://b.example.com', /empty entry/],
    ['*,https://app.example.com', /"\*" allows every origin and must stand alone/],
  ])('stops on CORS_ALLOWED_ORIGINS=%s with one line saying what is wrong', (value, message) => {
    expect(() => validateEnvironment({ ...minimal, CORS_ALLOWED_ORIGINS: value })).toThrow(InvalidEnvironmentError);
    expect(() => validateEnvironment({ ...minimal, CORS_ALLOWED_ORIGINS: value })).toThrow(message);
  });

  it('requires a way to sign or verify tokens', () => {
    expect(() => validateEnvironment({ DATABASE_URL: minimal.DATABASE_URL }, { tokenKeys: true })).toThrow(/JWT_SECRET/);
    expect(validateEnvironment({ DATABASE_URL: minimal.DATABASE_URL }).JWT_SECRET).toBeUndefined();
  });
});
