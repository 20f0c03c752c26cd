/** A realistic small event (~110 bytes of data), numbered by the bench: what every scenario appends. */
export const eventAt = (index, type = 'order.placed') => ({
  type,
  data: {
    orderId: `order-${100000 + index}`,
    customerId: 'customer-4711',
    amount: 4200 + index,
    currency: 'EUR',
    channel: 'web',
    note: 'bench',
  },
});
