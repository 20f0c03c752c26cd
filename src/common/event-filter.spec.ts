import { matchesEventFilter, parseEventFilter } from './event-filter';

describe('event filters', () => {
  it.each([
    ['*', 'user.created', true],
    ['*', 'anything', true],
    ['user.*', 'user.created', true],
    ['user.*', 'user.profile.updated', true],
    ['user.*', 'users.created', false],
    ['user.*', 'user', false],
    ['*.created', 'user.created', true],
    ['*.created', 'order.line.created', true],
    ['*.created', 'user.recreated', false],
    ['*.created', 'created', false],
    ['user.created', 'user.created', true],
    ['user.created', 'user.created.v2', false],
  ])('%s against %s: %s', (pattern, type, expected) => {
    const filter = parseEventFilter(pattern);
    expect(filter).not.toBeNull();
    expect(matchesEventFilter(filter!, type)).toBe(expected);
  });

  it.each(['', '**', 'user*', '*user', 'a.*.b', '.*', '*.', 'has space', 'user.*.*'])('rejects the malformed pattern %p', (pattern) => {
    expect(parseEventFilter(pattern)).toBeNull();
  });
});
