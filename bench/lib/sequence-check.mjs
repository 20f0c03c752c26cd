// One receiver's positions against 1..last, shared by the webhook receiver (h, i) and the WebSocket
// clients (j), so both scenarios count missed, duplicated and reordered events the same way.

/**
 * `positions` in arrival order against a store whose every event the receiver should get, 1..`last`:
 * - delivered: distinct positions in 1..last; missing: last − delivered;
 * - duplicates: arrivals of a position in 1..last already received;
 * - outOfOrder: arrivals below the highest position received so far (a repeat of an older position
 *   counts here too, once, as well as a duplicate);
 * - unexpected: arrivals outside 1..last;
 * - inOrderGapFree: the first arrivals of the positions were exactly 1, 2, …, last and nothing unexpected
 *   came (duplicates, which at-least-once delivery allows, are counted apart).
 */
export function checkPositions(positions, last) {
  const seen = new Uint8Array(last + 1);
  let delivered = 0;
  let duplicates = 0;
  let outOfOrder = 0;
  let unexpected = 0;
  let highest = 0;
  let nextExpected = 1;
  let firstArrivalsInOrder = true;
  for (const position of positions) {
    // Not a position at all (a malformed frame): unexpected, and no part of the order.
    if (!Number.isInteger(position)) {
      unexpected++;
      continue;
    }
    if (position < highest) outOfOrder++;
    highest = Math.max(highest, position);
    if (position < 1 || position > last) unexpected++;
    else if (seen[position]) duplicates++;
    else {
      seen[position] = 1;
      delivered++;
      if (position !== nextExpected) firstArrivalsInOrder = false;
      nextExpected = position + 1;
    }
  }
  return {
    arrivals: positions.length,
    delivered,
    missing: last - delivered,
    duplicates,
    outOfOrder,
    unexpected,
    inOrderGapFree: firstArrivalsInOrder && delivered === last && unexpected === 0,
  };
}
