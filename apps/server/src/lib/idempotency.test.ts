import { describe, expect, it } from 'vitest';
import { canonicalJson } from './idempotency.ts';

// The body an Idempotency-Key's hash covers (lib/idempotency.ts): the same text for the same body
// whatever order its keys came in.

describe('canonicalJson', () => {
  it('sorts the keys of every object, at every depth, and keeps the order of arrays', () => {
    const sent = { b: [{ y: 1, x: 'a' }, 2], a: { d: null, c: true } };
    const reordered = { a: { c: true, d: null }, b: [{ x: 'a', y: 1 }, 2] };
    expect(canonicalJson(sent)).toBe('{"a":{"c":true,"d":null},"b":[{"x":"a","y":1},2]}');
    expect(canonicalJson(reordered)).toBe(canonicalJson(sent));
    expect(canonicalJson({ b: [2, 1] })).not.toBe(canonicalJson({ b: [1, 2] }));
  });

  it('writes what JSON.stringify writes for values, empty containers and odd keys', () => {
    for (const value of [null, 0, -1.5, 'tekst "q"\n', [], {}, [[], {}], { 'a"b': ['\u2028'] }]) {
      expect(canonicalJson(value)).toBe(JSON.stringify(value));
    }
  });

  it('writes a body nested deeper than the call stack would allow', () => {
    const depth = 100_000;
    const nested = JSON.parse(`${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`);
    expect(canonicalJson(nested)).toHaveLength(depth * 8 + 1);
  });
});
