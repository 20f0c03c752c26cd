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
  const config = { MAX_BODY_BYTES: 100, MAX_PENDING_BODY_BYTES: 250 } as EnvironmentVariables;
  const request = (contentLength: number) =>
    ({ headers: { 'content-length': String(contentLength) }, is404: false }) as unknown as FastifyRequest;
  const reply = (closed = false) => {
    const raw = Object.assign(new EventEmitter(), { closed, destroyed: closed });
    return { raw, header: () => undefined } as unknown as FastifyReply & { raw: EventEmitter };
  };
  const take = (intake: BodyIntake, contentLength: number, to: FastifyReply) =>
    new Promise<Error | null>((resolve) =>
      intake.preParsing(request(contentLength), to, {} as never, (error?: Error | null) => resolve(error ?? null)),
    );

  it('reserves a body until its response closes', async () => {
    const intake = new BodyIntake(config);
    const open = reply();
    expect(await take(intake, 90, open)).toBeNull();
    expect(intake.reservedBytes).toBe(90);
    open.raw.emit('close');
    expect(intake.reservedBytes).toBe(0);
  });

  it('reserves nothing for a request whose client has already left', async () => {
    const intake = new BodyIntake(config);
    expect(await take(intake, 90, reply(true))).toBeNull();
    expect(intake.reservedBytes).toBe(0);
  });

  it('refuses with 503 a body that would pass MAX_PENDING_BODY_BYTES', async () => {
    const intake = new BodyIntake(config);
    await take(intake, 100, reply());
    await take(intake, 100, reply());
    expect(await take(intake, 100, reply())).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(intake.reservedBytes).toBe(200);
  });
});
