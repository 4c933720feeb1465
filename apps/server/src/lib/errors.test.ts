import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors.ts';

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
      expect(res.json(), code).toEqual({ detail: 'A value is out of range or malformed.' });
    }
    expect((await app.inject('/fail/23505')).statusCode).toBe(409);
    expect((await app.inject('/fail/XX000')).statusCode).toBe(500);
    await app.close();
  });
});
