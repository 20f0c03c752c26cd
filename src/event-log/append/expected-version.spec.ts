import { expectedVersionArgument, isExpectedVersion } from './expected-version';

describe('expected stream versions', () => {
  it.each([0, 5, -1, 'any', 'no_stream', 'stream_exists'])('accepts %p', (value) => expect(isExpectedVersion(value)).toBe(true));
  it.each([-2, 1.5, '3', 'latest', null, true, Number.MAX_SAFE_INTEGER + 1])('rejects %p', (value) =>
    expect(isExpectedVersion(value)).toBe(false),
  );

  it('maps -1 to no_stream and an omitted value to any', () => {
    expect(expectedVersionArgument(-1)).toBe('no_stream');
    expect(expectedVersionArgument(undefined)).toBe('any');
    expect(expectedVersionArgument(7)).toBe('7');
    expect(expectedVersionArgument('stream_exists')).toBe('stream_exists');
  });
});
