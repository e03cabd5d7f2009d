/**
 * A seeded pseudo-random generator (sfc32, seeded through splitmix32), so the same seed
 * always yields the same data set, and uuids made from it.
 */
export interface Random {
  /** A uniform float in [0, 1). */
  next(): number;
  /** An unsigned 32-bit integer. */
  u32(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** An integer in [min, max]. */
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A version 4 (random) uuid. */
  uuid4(): string;
  /** A version 7 uuid: time-ordered by `ms`, so bulk-loaded keys arrive in index order. */
  uuid7(ms: number): string;
}

/** Mixes any list of integers into one 32-bit seed, e.g. (seed, tenant, day). */
export function seedOf(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x01000193);
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
    h ^= h >>> 12;
  }
  return h >>> 0;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function hex8(u: number): string {
  return HEX[u >>> 24]! + HEX[(u >>> 16) & 255]! + HEX[(u >>> 8) & 255]! + HEX[u & 255]!;
}

function hex4(u: number): string {
  return HEX[(u >>> 8) & 255]! + HEX[u & 255]!;
}

export function createRandom(seed: number): Random {
  let s = seed >>> 0;
  const splitmix = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();

  const u32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  const next = () => u32() / 4294967296;
  const int = (n: number) => Math.floor(next() * n);

  return {
    next,
    u32,
    int,
    between: (min, max) => min + int(max - min + 1),
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => items[int(items.length)]!,
    uuid4() {
      const r1 = u32();
      const r2 = u32();
      const r3 = u32();
      const r4 = u32();
      return (
        `${hex8(r1)}-${hex4(r2 >>> 16)}-${hex4(0x4000 | (r2 & 0x0fff))}-` +
        `${hex4(0x8000 | (r3 >>> 18))}-${hex4(r3)}${hex8(r4)}`
      );
    },
    uuid7(ms) {
      const high = Math.floor(ms / 65536) >>> 0;
      const r1 = u32();
      const r2 = u32();
      return (
        `${hex8(high)}-${hex4(ms % 65536)}-${hex4(0x7000 | (r1 & 0x0fff))}-` +
        `${hex4(0x8000 | ((r1 >>> 12) & 0x3fff))}-${hex4(r1 >>> 26)}${hex8(r2)}`
      );
    },
  };
}
