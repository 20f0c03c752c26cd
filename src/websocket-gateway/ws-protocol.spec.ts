import { parseClientMessage, ProtocolError } from './ws-protocol';

const failure = (raw: string | null) => {
  try {
    parseClientMessage(raw);
  } catch (error) {
    if (error instanceof ProtocolError) return error.code;
    throw error;
  }
  throw new Error(`${raw} was accepted`);
};

describe('parseClientMessage', () => {
  it('reads subscribe with its filter and position, defaulting to * and latest', () => {
    expect(parseClientMessage('{"action":"subscribe","eventFilter":"order.*","position":"beginning"}')).toEqual({
      action: 'subscribe',
      eventFilter: 'order.*',
      filter: { kind: 'prefix', prefix: 'order.' },
      position: 'beginning',
    });
    expect(parseClientMessage('{"action":"subscribe"}')).toMatchObject({ eventFilter: '*', position: 'latest' });
    expect(parseClientMessage('{"action":"subscribe","eventFilter":"*.paid","position":"12"}')).toMatchObject({ position: 12 });
    expect(parseClientMessage('{"action":"subscribe","position":7}')).toMatchObject({ position: 7 });
  });

  it('reads unsubscribe and ping', () => {
    expect(parseClientMessage('{"action":"unsubscribe","subscriptionId":"wss_1"}')).toEqual({
      action: 'unsubscribe',
      subscriptionId: 'wss_1',
    });
    expect(parseClientMessage('{"action":"ping"}')).toEqual({ action: 'ping' });
  });

  it('reads the consumer actions: subscribe, ack and unsubscribe by consumer name', () => {
    expect(parseClientMessage('{"action":"subscribe","consumer":"orders","maxInFlight":5}')).toEqual({
      action: 'consume',
      consumer: 'orders',
      maxInFlight: 5,
    });
    expect(parseClientMessage('{"action":"ack","consumer":"orders","positions":[3,4],"upTo":2}')).toEqual({
      action: 'ack',
      consumer: 'orders',
      positions: [3, 4],
      upTo: 2,
    });
    expect(parseClientMessage('{"action":"unsubscribe","consumer":"orders"}')).toEqual({ action: 'release', consumer: 'orders' });
  });

  it.each([
    ['a binary frame', null, 'INVALID_MESSAGE'],
    ['not JSON', 'hello', 'INVALID_MESSAGE'],
    ['a JSON array', '[1]', 'INVALID_MESSAGE'],
    ['a JSON string', '"subscribe"', 'INVALID_MESSAGE'],
    ['null', 'null', 'INVALID_MESSAGE'],
    ['no action', '{"eventFilter":"*"}', 'INVALID_MESSAGE'],
    ['an unknown action', '{"action":"publish"}', 'UNKNOWN_ACTION'],
    ['a malformed filter', '{"action":"subscribe","eventFilter":"order*"}', 'INVALID_FILTER'],
    ['a non-string filter', '{"action":"subscribe","eventFilter":5}', 'INVALID_FILTER'],
    ['an overlong filter', `{"action":"subscribe","eventFilter":"${'a'.repeat(258)}"}`, 'INVALID_FILTER'],
    ['a negative position', '{"action":"subscribe","position":-1}', 'INVALID_POSITION'],
    ['a fractional position', '{"action":"subscribe","position":"1.5"}', 'INVALID_POSITION'],
    ['an unknown position word', '{"action":"subscribe","position":"middle"}', 'INVALID_POSITION'],
    ['unsubscribe without an id', '{"action":"unsubscribe"}', 'SUBSCRIPTION_NOT_FOUND'],
    ['a consumer that is not a name', '{"action":"subscribe","consumer":5}', 'INVALID_MESSAGE'],
    ['a zero maxInFlight', '{"action":"subscribe","consumer":"c","maxInFlight":0}', 'INVALID_MESSAGE'],
    ['an ack without positions or upTo', '{"action":"ack","consumer":"c"}', 'INVALID_MESSAGE'],
    ['an ack of a negative position', '{"action":"ack","consumer":"c","positions":[-1]}', 'INVALID_MESSAGE'],
    ['an ack of too many positions', `{"action":"ack","consumer":"c","positions":[${Array(1001).fill(1).join(',')}]}`, 'INVALID_MESSAGE'],
    ['an ack without a consumer', '{"action":"ack","upTo":3}', 'INVALID_MESSAGE'],
  ])('refuses %s with %s', (_case, raw, code) => expect(failure(raw)).toBe(code));
});
