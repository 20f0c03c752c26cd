import { eventsQuery } from './events-query';

const squash = (sql: string) => sql.replace(/\s+/g, ' ').trim();
const base = { direction: 'forward' as const, limit: 100, offset: 0 };

describe('eventsQuery', () => {
  it('reads the whole store in order with no filter, fetching one row more than the limit', () => {
    const { text, values } = eventsQuery('es_1', base);
    expect(squash(text)).toMatch(/WHERE event_store_id = \$1 ORDER BY global_position ASC OFFSET \$2 LIMIT \$3$/);
    expect(values).toEqual(['es_1', 0, 101]);
  });

  it('ORs exact types and patterns, escaping LIKE wildcards in them', () => {
    const { text, values } = eventsQuery('es_1', {
      ...base,
      types: [
        { kind: 'exact', type: 'a.created' },
        { kind: 'exact', type: 'b.created' },
        { kind: 'prefix', prefix: 'my_app.' },
        { kind: 'suffix', suffix: '.100%' },
      ],
    });
    expect(squash(text)).toContain('AND (type = ANY($2::text[]) OR type LIKE $3 OR type LIKE $4)');
    expect(values.slice(1, 4)).toEqual([['a.created', 'b.created'], 'my\\_app.%', '%.100\\%']);
  });

  it('drops the type condition when any filter is *', () => {
    const { text, values } = eventsQuery('es_1', { ...base, types: [{ kind: 'exact', type: 'x' }, { kind: 'all' }] });
    expect(squash(text)).toContain('WHERE event_store_id = $1 ORDER BY');
    expect(values).toEqual(['es_1', 0, 101]);
  });

  it('ANDs streams, time bounds and the starting position, which flips with the direction', () => {
    const { text, values } = eventsQuery('es_1', {
      ...base,
      direction: 'backward',
      streams: ['s-1'],
      after: '2026-01-01T00:00:00Z',
      before: '2026-02-01T00:00:00Z',
      fromGlobalPosition: 50,
    });
    expect(squash(text)).toContain(
      'stream_id = ANY($2::text[]) AND created_at > $3::timestamptz AND created_at < $4::timestamptz AND global_position <= $5 ORDER BY global_position DESC',
    );
    expect(values).toEqual(['es_1', ['s-1'], '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', 50, 0, 101]);
  });
});
