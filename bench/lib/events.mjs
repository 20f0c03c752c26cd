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

// ---------------------------------------------------------------------------------------------------
// The 1 KB group (k–o): an order as a shop would record it, ~985 bytes of compact JSON data (customer,
// shipping address, four line items, totals, payment) and ~128 bytes of metadata (correlation and
// causation ids, user, source). Ids, names, quantities, amounts and timestamps vary with the index; the
// values are drawn from lists of similar lengths, so the size stays within about ±1 % (ORDER_EVENT_SIZES).

/** Ten event types of an order's life: the read scenarios' store cycles through them. */
export const ORDER_EVENT_TYPES = [
  'order.placed',
  'order.paid',
  'order.packed',
  'order.shipped',
  'order.delivered',
  'order.invoiced',
  'order.updated',
  'order.returned',
  'order.refunded',
  'order.cancelled',
];

const CATALOGUE = [
  ['SKU-10042-NVY-M', 'Merino crew neck sweater', 8900],
  ['SKU-20311-WHT-42', 'Leather low-top sneakers', 12900],
  ['SKU-30007-BLK-OS', 'Canvas weekender bag', 7450],
  ['SKU-41880-GRY-L', 'Organic cotton hoodie', 5990],
  ['SKU-52019-IND-32', 'Selvedge denim jeans', 10900],
  ['SKU-60555-OLV-M', 'Waxed field jacket', 18900],
  ['SKU-71234-RED-OS', 'Lambswool beanie', 2990],
  ['SKU-80990-BLU-40', 'Oxford button-down shirt', 6490],
];
const CITIES = [
  ['10115', 'Berlin'],
  ['80331', 'Munich'],
  ['20095', 'Hamburg'],
  ['50667', 'Cologne'],
  ['60311', 'Frankfurt'],
];
const STREETS = ['Invalidenstrasse', 'Leopoldstrasse', 'Kastanienallee', 'Schillerstrasse', 'Goethestrasse'];
const FIRST_NAMES = ['Jonas', 'Lukas', 'Marie', 'Sofia', 'Elias', 'Clara', 'Felix', 'Hanna'];
const LAST_NAMES = ['Schmidt', 'Fischer', 'Wagner', 'Becker', 'Hoffmann', 'Richter', 'Schulz', 'Krueger'];
const ORDERS_FROM = Date.UTC(2026, 10, 24, 8, 0, 0);

const pad = (value, width) => String(value).padStart(width, '0');
const hex = (value, width) => (value >>> 0).toString(16).padStart(width, '0').slice(-width);
/** A UUID-shaped id that depends only on (seed, salt): reproducible runs, no randomness needed. */
const idOf = (seed, salt) => {
  const a = Math.imul(seed ^ salt, 2654435761) >>> 0;
  const b = Math.imul(seed + salt, 40503) >>> 0;
  return `${hex(a, 8)}-${hex(b, 4)}-4${hex(a >>> 4, 3)}-8${hex(b >>> 3, 3)}-${hex(seed, 6)}${hex(a ^ b, 6)}`;
};

/** Order number `index` as an event of `type`: `{ type, data, metadata }`, as the API takes it. */
export function orderEventAt(index, type = 'order.placed') {
  const customer = 10000 + ((index * 7919) % 90000);
  const first = FIRST_NAMES[index % FIRST_NAMES.length];
  const last = LAST_NAMES[(index >> 3) % LAST_NAMES.length];
  const [postalCode, city] = CITIES[index % CITIES.length];
  const items = [0, 1, 2, 3].map((k) => {
    const [sku, name, unitPrice] = CATALOGUE[(index + k * 2) % CATALOGUE.length];
    const qty = 1 + ((index + k) % 3);
    return { sku, name, qty, unitPrice, lineTotal: unitPrice * qty };
  });
  const subtotal = items.reduce((sum, item) => sum + item.lineTotal, 0);
  const discount = Math.round(subtotal / 10);
  const shipping = 495;
  const placedAt = new Date(ORDERS_FROM + index * 1500).toISOString();
  return {
    type,
    data: {
      orderId: `ord_${pad(index, 10)}`,
      orderNumber: `WEB-2026-${pad(index % 1e7, 7)}`,
      status: 'placed',
      placedAt,
      customer: {
        id: `cus_${pad(customer, 8)}`,
        email: `${first}.${last}.${customer}@example.com`.toLowerCase(),
        name: `${first} ${last}`,
        tier: index % 2 ? 'silver' : 'bronze',
      },
      shippingAddress: {
        name: `${first} ${last}`,
        line1: `${STREETS[index % STREETS.length]} ${1 + (index % 99)}`,
        postalCode,
        city,
        country: 'DE',
      },
      items,
      totals: {
        subtotal,
        discount,
        shipping,
        tax: Math.round(((subtotal - discount + shipping) * 19) / 119),
        grandTotal: subtotal - discount + shipping,
      },
      currency: 'EUR',
      payment: { method: 'card', brand: 'visa', last4: pad(index % 10000, 4) },
      channel: 'web',
      updatedAt: placedAt,
    },
    metadata: {
      correlationId: idOf(index, 1),
      causationId: `cmd_${hex(Math.imul(index, 2246822519), 8)}${hex(index, 8)}`,
      userId: `usr_${customer}`,
      source: 'web',
    },
  };
}

/** An order event with its compact JSON texts and its size as the service counts it (data + metadata bytes). */
export function orderEventTexts(index, type) {
  const event = orderEventAt(index, type);
  const dataText = JSON.stringify(event.data);
  const metadataText = JSON.stringify(event.metadata);
  const json = `{"type":${JSON.stringify(event.type)},"data":${dataText},"metadata":${metadataText}}`;
  return {
    event,
    type: event.type,
    dataText,
    metadataText,
    json,
    sizeBytes: Buffer.byteLength(dataText) + Buffer.byteLength(metadataText),
  };
}

const stats = (values) => ({
  min: Math.min(...values),
  mean: Math.round(values.reduce((a, b) => a + b, 0) / values.length),
  max: Math.max(...values),
});

/**
 * The byte sizes of orders 0..count-1 (compact JSON, UTF-8), checked against the intended ~985 + ~128
 * bytes: throws if the generator has drifted, so that no run measures other events by mistake.
 */
export function orderEventSizes(count = 10_000) {
  const data = [];
  const metadata = [];
  for (let i = 0; i < count; i++) {
    const { dataText, metadataText } = orderEventTexts(i);
    data.push(Buffer.byteLength(dataText));
    metadata.push(Buffer.byteLength(metadataText));
  }
  const sizes = { sampled: count, dataBytes: stats(data), metadataBytes: stats(metadata) };
  const within = ({ min, max }, lo, hi) => min >= lo && max <= hi;
  if (!within(sizes.dataBytes, 950, 1020) || !within(sizes.metadataBytes, 115, 140)) {
    throw new Error(`the 1 KB order events are off their intended size: ${JSON.stringify(sizes)}`);
  }
  return sizes;
}
