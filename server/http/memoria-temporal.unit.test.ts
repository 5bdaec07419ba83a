import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoriaTemporal } from './memoria-temporal';

const T0 = new Date('2026-11-22T12:00:00Z').getTime();

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe('MemoriaTemporal', () => {
  it('gives a value back until its time, and forgets it then', () => {
    const m = new MemoriaTemporal<string>(10);
    m.guardar('/products', 'página', T0 + 2000);
    vi.setSystemTime(T0 + 1999);
    expect(m.get('/products')).toBe('página');
    vi.setSystemTime(T0 + 2000);
    expect(m.get('/products')).toBeUndefined();
    expect(m.size).toBe(0);
  });

  it('drops the values that are due when another is stored, even if nobody asks for them again', () => {
    const m = new MemoriaTemporal<number>(100);
    for (let i = 0; i < 50; i++) m.guardar(`/products?q=${i}`, i, T0 + 2000);
    vi.setSystemTime(T0 + 1000);
    for (let i = 50; i < 60; i++) m.guardar(`/products?q=${i}`, i, T0 + 3000);
    expect(m.size).toBe(60);

    vi.setSystemTime(T0 + 2500);
    m.guardar('/products?q=nuevo', -1, T0 + 4500);
    expect(m.size).toBe(11);
    expect(m.get('/products?q=0')).toBeUndefined();
    expect(m.get('/products?q=55')).toBe(55);
  });

  it('keeps at most `maximo`, forgetting the oldest first', () => {
    const m = new MemoriaTemporal<number>(3);
    for (let i = 0; i < 5; i++) m.guardar(`k${i}`, i, T0 + 60_000);
    expect(m.size).toBe(3);
    expect(m.get('k0')).toBeUndefined();
    expect(m.get('k1')).toBeUndefined();
    expect([m.get('k2'), m.get('k3'), m.get('k4')]).toEqual([2, 3, 4]);
  });

  it('storing a key again makes it the newest, with its new time', () => {
    const m = new MemoriaTemporal<string>(2);
    m.guardar('a', 'vieja', T0 + 1000);
    m.guardar('b', 'b', T0 + 60_000);
    m.guardar('a', 'nueva', T0 + 60_000);
    m.guardar('c', 'c', T0 + 60_000);
    expect(m.get('a')).toBe('nueva');
    expect(m.get('b')).toBeUndefined();
    vi.setSystemTime(T0 + 5000);
    expect(m.get('a')).toBe('nueva');
  });

  it('clear forgets everything', () => {
    const m = new MemoriaTemporal<number>(5);
    m.guardar('a', 1, T0 + 1000);
    m.clear();
    expect(m.get('a')).toBeUndefined();
    expect(m.size).toBe(0);
  });
});
