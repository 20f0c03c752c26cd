import { eventsQuery } from './events-query';

const squash = (sql: string) => sql.replace(/\s+/g, ' ').trim();
const base = { direction: 'forward' as const, limit: 100, offset: 0 };
const BUDGET = 65536;

describe('eventsQuery', () => {
  it('reads the whole store in order with no filter, fetching one row more than the limit, and cuts the page at the byte budget', () => {
    const { text, values } = eventsQuery('es_1', base, BUDGET);
    const sql = squash(text);
    expect(sql).toContain('WHERE event_store_id = $1 ORDER BY global_position ASC OFFSET $2 LIMIT $3) page');
    expect(sql).toContain('WINDOW w AS (ORDER BY global_position ASC ROWS UNBOUNDED PRECEDING)');
    expect(sql).toContain('n <= $4::int AND (n = 1 OR bytes_through <= $5::bigint) AS in_page');
    expect(values).toEqual(['es_1', 0, 101, 100, BUDGET]);
  });

  it("cuts the page on the events' own rows and returns one row per event, its JSON with its position, place and whether it is in the page", () => {
    const sql = squash(eventsQuery('es_1', base, BUDGET).text);
    expect(sql).toMatch(/^SELECT CASE WHEN in_page THEN .+ END AS event, global_position, n::int, in_page FROM \( SELECT sized\.\*/);
    expect(sql).toContain('SELECT stream_id, stream_position, global_position, event_id, type, data, metadata, tags,');
    // No second visit of the rows, and nothing joined or sorted in PostgreSQL: the API orders the rows by n.
    expect(sql).not.toMatch(/ctid|string_agg|GROUP BY|ORDER BY n/);
  });

  it('reads each exact type as its own ordered, limited scan and merges them', () => {
    const { text, values } = eventsQuery(
      'es_1',
      {
        ...base,
        offset: 10,
        types: [
          { kind: 'exact', type: 'a.created' },
          { kind: 'exact', type: 'b.created' },
        ],
      },
      BUDGET,
    );
    const sql = squash(text);
    expect(sql).toContain('WHERE event_store_id = $1 AND type = $3 ORDER BY global_position ASC LIMIT $2) UNION ALL (');
    expect(sql).toContain('WHERE event_store_id = $1 AND type = $4 ORDER BY global_position ASC LIMIT $2)');
    expect(sql).toContain(') matched ORDER BY global_position ASC OFFSET $5 LIMIT $6) page');
    expect(values).toEqual(['es_1', 111, 'a.created', 'b.created', 10, 101, 100, BUDGET]);
  });

  it('ORs patterns (and any exact types beside them) as filters, escaping LIKE wildcards', () => {
    const { text, values } = eventsQuery(
      'es_1',
      {
        ...base,
        types: [
          { kind: 'exact', type: 'a.created' },
          { kind: 'prefix', prefix: 'my_app.' },
          { kind: 'suffix', suffix: '.100%' },
        ],
      },
      BUDGET,
    );
    expect(squash(text)).toContain('AND (type = $2 OR type LIKE $3 OR type LIKE $4) ORDER BY');
    expect(values.slice(1, 4)).toEqual(['a.created', 'my\\_app.%', '%.100\\%']);
  });

  it('drops the type condition when any filter is *', () => {
    const { text, values } = eventsQuery('es_1', { ...base, types: [{ kind: 'exact', type: 'x' }, { kind: 'all' }] }, BUDGET);
    expect(squash(text)).toContain('WHERE event_store_id = $1 ORDER BY');
    expect(values).toEqual(['es_1', 0, 101, 100, BUDGET]);
  });

  it('ANDs streams, time bounds and the starting position, which flips with the direction, in every branch', () => {
    const { text, values } = eventsQuery(
      'es_1',
      {
        ...base,
        direction: 'backward',
        streams: ['s-1'],
        after: '2026-01-01T00:00:00Z',
        before: '2026-02-01T00:00:00Z',
        fromGlobalPosition: 50,
        types: [{ kind: 'exact', type: 'x' }],
      },
      BUDGET,
    );
    expect(squash(text)).toContain(
      'stream_id = ANY($2::text[]) AND created_at > $3::timestamptz AND created_at < $4::timestamptz AND global_position <= $5 AND type = $7 ORDER BY global_position DESC LIMIT $6',
    );
    expect(values).toEqual(['es_1', ['s-1'], '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', 50, 101, 'x', 0, 101, 100, BUDGET]);
  });
});
