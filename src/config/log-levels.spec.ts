import { logLevelsFrom } from './log-levels';

describe('logLevelsFrom', () => {
  it('enables the named level and everything more severe', () => {
    expect(logLevelsFrom('info')).toEqual(['fatal', 'error', 'warn', 'log']);
    expect(logLevelsFrom('error')).toEqual(['fatal', 'error']);
    expect(logLevelsFrom('trace')).toEqual(['fatal', 'error', 'warn', 'log', 'debug', 'verbose']);
  });
});
