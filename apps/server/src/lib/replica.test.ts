import { describe, expect, it } from 'vitest';
import { DatabaseSilent } from '../db/connection.ts';
import { dataAsOf, lsnValue, type ReplicaPosition, replicaFailed } from './replica.ts';

// DESIGN.md section 24: a report from a replica says "as of" only when the replica really is
// behind by more than the limit, measured by what it has replayed, not by its last commit's age.

const T0 = Date.parse('2026-03-01T09:00:00Z');
const standby = (replay: string, replayedAt: number | null): ReplicaPosition => ({
  standby: true,
  replay,
  replayed_at: replayedAt === null ? null : new Date(replayedAt),
});

describe('dataAsOf', () => {
  it('is current when the replica has replayed all the primary had written, however old its last commit', () => {
    // An idle primary: the last commit an hour ago, nothing written since.
    const position = standby('0/3001120', T0 - 3_600_000);
    expect(dataAsOf(position, lsnValue('0/3001120'), [], T0, 5000)).toBeNull();
  });

  it('is current while it is behind by no more than the limit', () => {
    const samples = [{ at: T0 - 3000, lsn: lsnValue('0/3000000') }];
    expect(dataAsOf(standby('0/3000000', T0 - 60_000), lsnValue('0/3100000'), samples, T0, 5000)).toBeNull();
  });

  it('is as of the last time the primary was where the replica is, when that is beyond the limit', () => {
    const samples = [
      { at: T0 - 20_000, lsn: lsnValue('0/2000000') },
      { at: T0 - 9000, lsn: lsnValue('0/3000000') },
      { at: T0 - 4000, lsn: lsnValue('0/3100000') },
    ];
    const asOf = dataAsOf(standby('0/3000010', T0 - 60_000), lsnValue('1/0'), samples, T0, 5000);
    expect(asOf).toBe(new Date(T0 - 9000).toISOString());
  });

  it("is as of the last replayed commit's time when that is later than any sample it has reached", () => {
    const samples = [{ at: T0 - 30_000, lsn: lsnValue('0/1000000') }];
    const asOf = dataAsOf(standby('0/2000000', T0 - 7000), lsnValue('0/3000000'), samples, T0, 5000);
    expect(asOf).toBe(new Date(T0 - 7000).toISOString());
  });

  it('is current for a server that is not a standby', () => {
    expect(
      dataAsOf({ standby: false, replay: null, replayed_at: null }, lsnValue('0/5'), [], T0, 5000),
    ).toBeNull();
  });
});

describe('lsnValue', () => {
  it('orders LSNs across the high word', () => {
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
    expect(lsnValue('0/3001120')).toBe(0x3001120n);
  });
});

describe('replicaFailed', () => {
  it('sends a lost or silent connection and a recovery conflict to the primary, nothing else', () => {
    expect(
      replicaFailed(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(replicaFailed(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // A connection closed because the replica went silent (db/connection.ts's query deadline).
    expect(replicaFailed(new DatabaseSilent(1000))).toBe(true);
    expect(replicaFailed(Object.assign(new Error('conflict with recovery'), { code: '40001' }))).toBe(true);
    expect(replicaFailed(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
  });
});
