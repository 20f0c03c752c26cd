import { Webhook } from 'standardwebhooks';
import { newWebhookSecret } from '../webhook-secret';
import { webhookSignature } from './webhook-signature';

describe('webhookSignature', () => {
  const secret = newWebhookSecret();
  const body = JSON.stringify({ event: { type: 'order.placed', data: { total: 12.5, note: 'é' } } });
  const timestamp = Math.floor(Date.now() / 1000);

  it('is accepted by the Standard Webhooks reference verifier', () => {
    const headers = {
      'webhook-id': 'sub_1:42',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': webhookSignature(secret, 'sub_1:42', timestamp, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('is refused for another body, id or secret', () => {
    const signature = webhookSignature(secret, 'sub_1:42', timestamp, body);
    const verify =
      (payload: string, id: string, key = secret) =>
      () =>
        new Webhook(key).verify(payload, { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature });
    expect(verify(body.replace('12.5', '13'), 'sub_1:42')).toThrow();
    expect(verify(body, 'sub_1:43')).toThrow();
    expect(verify(body, 'sub_1:42', newWebhookSecret())).toThrow();
  });
});
