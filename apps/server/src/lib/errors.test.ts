import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isConnectionLoss, registerErrorHandler } from './errors.ts';

// Which failures answer 503 "try again shortly" (a lost database) rather than a 4xx rule or a 500.

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isConnectionLoss', () => {
  it('knows a lost connection or a database that is down or restarting', () => {
    for (const err of [
      withCode('08006', 'connection failure'),
      withCode('08003'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P02'),
      withCode('57P03', 'the database system is starting up'),
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET', 'read ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated'),
      new Error('Client has encountered a connection error and is not queryable'),
    ]) {
      expect(isConnectionLoss(err), err.message).toBe(true);
    }
  });

  it('leaves rule violations, retryable conflicts and plain bugs alone', () => {
    for (const err of [
      withCode('23505'),
      withCode('40001'),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('FST_ERR_VALIDATION'),
      new Error('Cannot read properties of undefined'),
      null,
      'Connection terminated',
    ]) {
      expect(isConnectionLoss(err)).toBe(false);
    }
  });
});

// The single error handler maps what PostgreSQL refuses to 4xx (DESIGN.md section 4, never a 500).
describe('database errors in the error handler', () => {
  it('answers every data exception (SQLSTATE class 22) 400 with a detail', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/fail/:code', async (request) => {
      throw Object.assign(new Error('database refused'), { code: (request.params as { code: string }).code });
    });
    for (const code of ['22021', '22P02', '22003', '22001', '2200D', '22023']) {
      const res = await app.inject(`/fail/${code}`);
      expect(res.statusCode, code).toBe(400);
      expect(res.json(), code).toMatchObject({
        detail: "Qiymat ruxsat etilgan chegaradan tashqarida yoki noto'g'ri shaklda.",
      });
    }
    expect((await app.inject('/fail/23505')).statusCode).toBe(409);
    expect((await app.inject('/fail/XX000')).statusCode).toBe(500);
    await app.close();
  });
});
