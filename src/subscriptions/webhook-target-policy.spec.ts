import { EnvironmentVariables } from '../config/environment-variables';
import { isPublicAddress, refusedTarget, WebhookTargetPolicy } from './webhook-target-policy';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::',
    '::7f00:1',
    '::a00:1',
    '64:ff9b::a00:1',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );
});

describe('WebhookTargetPolicy', () => {
  const policy = (allowPrivate: boolean) =>
    new WebhookTargetPolicy(Object.assign(new EnvironmentVariables(), { WEBHOOK_ALLOW_PRIVATE_TARGETS: allowPrivate }));

  it('refuses loopback, private and metadata addresses in every spelling when private targets are off', async () => {
    const urls = [
      'http://127.0.0.1:8080/hook',
      'http://[::1]/hook',
      'https://169.254.169.254/latest',
      'http://localhost/hook',
      'http://[::ffff:127.0.0.1]/',
      'http://[::127.0.0.1]/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://017700000001/',
    ];
    for (const url of urls)
      expect([url, await policy(false).refusal(url)]).toEqual([url, expect.stringMatching(/is not an allowed webhook target/)]);
  });

  it('refuses a name resolving to a private address and one that does not resolve alike, naming no address', async () => {
    expect(await policy(false).refusal('http://localhost/hook')).toBe(refusedTarget('localhost'));
    expect(await policy(false).refusal('https://no-such-host.invalid/hook')).toBe(refusedTarget('no-such-host.invalid'));
  });

  it('pre-checks literal addresses only at delivery, leaving names to the connection lookup', () => {
    expect(policy(false).literalRefusal('http://[::1]:9/x')).toBe(refusedTarget('::1'));
    expect(policy(false).literalRefusal('http://localhost:9/x')).toBeNull();
    expect(policy(true).literalRefusal('http://127.0.0.1:9/x')).toBeNull();
  });

  it('accepts a public address, and anything when private targets are allowed', async () => {
    expect(await policy(false).refusal('https://93.184.216.34/hook')).toBeNull();
    expect(await policy(true).refusal('http://127.0.0.1:8080/hook')).toBeNull();
  });

  it('fails a connection whose name resolves to a private address, or does not resolve, with the same refusal', async () => {
    const lookup = policy(false).connectionLookup()!;
    const failure = (host: string) =>
      new Promise<NodeJS.ErrnoException | null>((resolve) => lookup(host, { all: false }, (error) => resolve(error)));
    expect(await failure('localhost')).toMatchObject({ code: 'EREFUSEDTARGET', message: refusedTarget('localhost') });
    expect(await failure('no-such-host.invalid')).toMatchObject({ code: 'EREFUSEDTARGET', message: refusedTarget('no-such-host.invalid') });
    expect(policy(true).connectionLookup()).toBeUndefined();
  });
});
