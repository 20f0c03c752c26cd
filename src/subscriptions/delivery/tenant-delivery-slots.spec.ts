import { EnvironmentVariables } from '../../config/environment-variables';
import { TenantDeliverySlots } from './tenant-delivery-slots';

describe('TenantDeliverySlots', () => {
  const slots = (perTenant: number) =>
    new TenantDeliverySlots(Object.assign(new EnvironmentVariables(), { WEBHOOK_MAX_IN_FLIGHT_PER_TENANT: perTenant }));
  const sub = (id: string) => ({ eventStoreId: 'es_1', subscriptionId: id });

  it('gives a tenant its cap of slots and lines up the rest, without touching other tenants', () => {
    const shared = slots(2);
    expect(['a', 'b', 'c', 'd'].map((id) => shared.take('ten_1', sub(id)))).toEqual([true, true, false, false]);
    expect(shared.take('ten_2', sub('x'))).toBe(true);
    expect([shared.isWaiting('ten_1', 'c'), shared.isWaiting('ten_1', 'a'), shared.isWaiting('ten_2', 'c')]).toEqual([true, false, false]);
  });

  it('serves the line in arrival order, each subscription once however often it was woken', () => {
    const shared = slots(1);
    shared.take('ten_1', sub('a'));
    for (const id of ['b', 'c', 'b', 'd']) shared.take('ten_1', sub(id));
    expect([1, 2, 3, 4].map(() => shared.nextInLine('ten_1')?.subscriptionId)).toEqual(['b', 'c', 'd', undefined]);
  });

  it('sends a subscription to the back of the line when its turn is over', () => {
    const shared = slots(1);
    shared.take('ten_1', sub('a'));
    shared.take('ten_1', sub('b'));
    const next = shared.nextInLine('ten_1');
    shared.join('ten_1', sub('a'));
    expect([next?.subscriptionId, shared.nextInLine('ten_1')?.subscriptionId]).toEqual(['b', 'a']);
  });

  it('lets a waiting subscription woken another way take a freed slot, leaving the line', () => {
    const shared = slots(1);
    shared.take('ten_1', sub('a'));
    shared.take('ten_1', sub('b'));
    shared.release('ten_1');
    expect(shared.take('ten_1', sub('b'))).toBe(true);
    expect(shared.isWaiting('ten_1', 'b')).toBe(false);
    expect(shared.take('ten_1', sub('c'))).toBe(false);
  });
});
