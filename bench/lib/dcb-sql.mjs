// The DCB SQL the benchmarks run: the service's own (dcb_matching_positions, append_batch, the read of
// src/event-log/read/dcb-event-reader.ts) and, for the comparison of tag indexes, the same questions asked of a GIN index
// on events.tags.
import { eventAt } from './events.mjs';

/** The columns of an event a read returns, as stored (the service renders them as text: src/event-log/read/stored-event.ts). */
export const EVENT_COLUMNS =
  'stream_id, stream_position, global_position, event_id, type, data, metadata, tags, schema_version, transaction_id, created_at';

/** Copy of READ in src/event-log/read/dcb-event-reader.ts ($1 store, $2 items JSON, $3 after, $4 limit). */
export const SERVICE_DCB_READ = `
  SELECT ${EVENT_COLUMNS}
    FROM unnest(dcb_matching_positions($1, $2::jsonb, $3, $4)) AS matched(position)
    JOIN events ON events.event_store_id = $1 AND events.global_position = matched.position
   ORDER BY global_position`;

/** The condition check append_batch performs for a DCB append (limit 100 = the conflicting positions it reports). */
export const SERVICE_DCB_CONDITION = `SELECT dcb_matching_positions($1, $2::jsonb, $3, 100) AS positions`;

const literal = (value) => `'${String(value).replace(/'/g, "''")}'`;
const arrayLiteral = (values) => `${literal(`{${values.map((v) => `"${String(v).replace(/(["\\])/g, '\\$1')}"`).join(',')}}`)}::text[]`;
const distinct = (values) => [...new Set(values ?? [])].sort();

/**
 * The statement dcb_matching_positions EXECUTEs for `items` (rebuilt here so that it can be EXPLAINed:
 * EXPLAIN of the function call shows only a Result node). $1 store, $2 after, $3 limit. Tag order:
 * the function takes `ARRAY(SELECT DISTINCT …)`, which in practice is sorted; the first tag drives.
 */
export function matchingPositionsSql(items) {
  let parts = items.map((item) => {
    const types = distinct(item.types);
    const tags = distinct(item.tags);
    let part;
    if (tags.length === 0) {
      part =
        'SELECT global_position FROM events WHERE event_store_id = $1 AND global_position > $2' +
        (types.length ? ` AND type = ANY(${arrayLiteral(types)})` : '');
    } else {
      part = 'SELECT t1.global_position FROM event_tags t1';
      for (let i = 2; i <= tags.length; i++) {
        part += ` JOIN event_tags t${i} ON t${i}.event_store_id = t1.event_store_id AND t${i}.tag = ${literal(tags[i - 1])} AND t${i}.global_position = t1.global_position`;
      }
      part +=
        ` WHERE t1.event_store_id = $1 AND t1.tag = ${literal(tags[0])} AND t1.global_position > $2` +
        (types.length ? ` AND t1.type = ANY(${arrayLiteral(types)})` : '');
    }
    return `(${part} ORDER BY 1 LIMIT $3)`;
  });
  if (parts.length === 0 || items.some((item) => !item.types?.length && !item.tags?.length)) {
    parts = ['(SELECT global_position FROM events WHERE event_store_id = $1 AND global_position > $2 ORDER BY 1 LIMIT $3)'];
  }
  return `SELECT COALESCE(array_agg(global_position ORDER BY global_position), '{}') FROM (SELECT global_position FROM (${parts.join(' UNION ')}) matches ORDER BY 1 LIMIT $3) limited`;
}

/** Design A: the same positions from events with a GIN index on tags ($1 store, $2 after, $3 limit, then per item types[], tags[]). */
export function ginPositionsWhere(items, firstParam = 4) {
  let n = firstParam;
  const values = [];
  const ors = items.map((item) => {
    const conds = [];
    if (item.types?.length) {
      conds.push(`type = ANY($${n++}::text[])`);
      values.push(item.types);
    }
    if (item.tags?.length) {
      conds.push(`tags @> $${n++}::text[]`);
      values.push(item.tags);
    }
    return conds.length ? `(${conds.join(' AND ')})` : 'true';
  });
  return { where: ors.length ? `(${ors.join(' OR ')})` : 'true', values };
}

export function ginCondition(items) {
  const { where, values } = ginPositionsWhere(items);
  return {
    text: `SELECT COALESCE(array_agg(global_position ORDER BY global_position), '{}') AS positions FROM (
             SELECT global_position FROM events WHERE event_store_id = $1 AND global_position > $2 AND ${where}
              ORDER BY global_position LIMIT $3) m`,
    extra: values,
  };
}

export function ginRead(items) {
  const { where, values } = ginPositionsWhere(items);
  return {
    text: `SELECT ${EVENT_COLUMNS} FROM events WHERE event_store_id = $1 AND global_position > $2 AND ${where}
            ORDER BY global_position LIMIT $3`,
    extra: values,
  };
}

/**
 * A DCB append as the service commits it, alone in its batch: `append_batch` with one request
 * (events $2, condition $3 or null, the events' size $4), an event budget out of reach.
 */
export const SERVICE_APPEND_DCB = `SELECT detail FROM append_batch($1, jsonb_build_array(jsonb_build_object('kind', 'dcb', 'events', $2::jsonb, 'condition', $3::jsonb, 'sizeBytes', $4::bigint)), 9223372036854775807)`;

/** One DCB event as append_batch takes it (see src/event-log/append/event-payload.ts: data as a string of its JSON), and its size. */
export function dcbEventJson(tags, type = 'order.placed', index = 0) {
  const data = JSON.stringify(eventAt(index, type).data);
  return { event: { type, data, tags }, sizeBytes: Buffer.byteLength(data) };
}
