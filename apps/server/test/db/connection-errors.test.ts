import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/db/connection-errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a lost or refused connection on either engine, also wrapped by the query builder', () => {
    const lost = [
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('connection failure', '08006'),
      withCode('could not connect', '08001'),
      withCode('connection does not exist', '08003'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('PGlite is closed'),
      new Error("the embedded database's thread stopped (exit code 1)"),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'),
    ];
    for (const error of lost) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
      expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], error)), error.message).toBe(true);
    }
  });

  it('leaves a query that is wrong, and anything else, to be a 500', () => {
    const wrong = [
      withCode('syntax error at or near "selec"', '42601'),
      withCode('duplicate key value violates unique constraint', '23505'),
      new Error('Connection to the model was fine'),
      'a string',
      undefined,
    ];
    for (const error of wrong) expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select', [], wrong[0] as Error))).toBe(false);
  });
});
