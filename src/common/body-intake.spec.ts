import { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EnvironmentVariables } from '../config/environment-variables';
import { BodyIntake } from './body-intake';

/**
 * The reservation's lifetime, which an e2e test cannot time: a client that leaves while its
 * headers are being judged (authentication awaits the database or Redis) has fired its response's
 * 'close' before preParsing runs, so a reservation made then would never be given back.
 */
describe('BodyIntake', () => {
  const config = {
    MAX_BODY_BYTES: 100,
    MAX_PENDING_BODY_BYTES: 250,
    MAX_PENDING_BODY_BYTES_PER_TENANT: 250,
    MIN_BODY_BYTES_PER_SECOND: 1,
  } as EnvironmentVariables;
  const caller = { tenantId: 'ten_a', apiKeyId: 'key_a', scopes: ['write'] };
  const request = (contentLength: number, user: unknown = caller) =>
    ({
      headers: { 'content-length': String(contentLength) },
      is404: false,
      user,
      raw: { socket: { bytesRead: 0 } },
    }) as unknown as FastifyRequest;
  const reply = (closed = false) => {
    const raw = Object.assign(new EventEmitter(), { closed, destroyed: closed });
    return { raw, header: () => undefined } as unknown as FastifyReply & { raw: EventEmitter };
  };
  const take = (intake: BodyIntake, contentLength: number, to: FastifyReply, user?: unknown) =>
    new Promise<Error | null>((resolve) =>
      intake.preParsing(request(contentLength, user), to, {} as never, (error?: Error | null) => resolve(error ?? null)),
    );
  afterEach(() => intakes.splice(0).forEach((intake) => intake.onModuleDestroy()));
  const intakes: BodyIntake[] = [];
  const newIntake = (settings = config) => {
    const intake = new BodyIntake(settings);
    intakes.push(intake);
    return intake;
  };

  it('reserves a body until its response closes', async () => {
    const intake = newIntake();
    const open = reply();
    expect(await take(intake, 90, open)).toBeNull();
    expect(intake.reservedBytes).toBe(90);
    open.raw.emit('close');
    expect(intake.reservedBytes).toBe(0);
  });

  it('reserves nothing for a request whose client has already left', async () => {
    const intake = newIntake();
    expect(await take(intake, 90, reply(true))).toBeNull();
    expect(intake.reservedBytes).toBe(0);
  });

  it('refuses with 503 a body that would pass MAX_PENDING_BODY_BYTES', async () => {
    const intake = newIntake();
    await take(intake, 100, reply());
    await take(intake, 100, reply());
    expect(await take(intake, 100, reply(), { tenantId: 'ten_b' })).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(intake.reservedBytes).toBe(200);
  });

  it("refuses with 429 a body that would pass its tenant's share, while other tenants' bodies still come in", async () => {
    const intake = newIntake({ ...config, MAX_PENDING_BODY_BYTES: 1000, MAX_PENDING_BODY_BYTES_PER_TENANT: 150 });
    await take(intake, 100, reply());
    expect(await take(intake, 100, reply())).toMatchObject({ status: 429, code: 'RATE_LIMITED', details: { limit: 'pendingBodyBytes' } });
    expect(await take(intake, 100, reply(), { tenantId: 'ten_b' })).toBeNull();
    expect(await take(intake, 100, reply(), { operator: true })).toBeNull();
    expect(intake.reservedBytes).toBe(300);
  });
});
