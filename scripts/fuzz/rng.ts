/**
 * A small seeded generator (mulberry32) for the fuzzer's own choices (which endpoint, which
 * identity, which hostile shape); fast-check draws the schema-valid values from a seed taken
 * from it. Request i depends on the seed and i only, whatever the server answers or how the
 * concurrent requests interleave.
 */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [min, max). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min));
  }
  bool(p = 0.5): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(0, xs.length)]!;
  }
  /** A 31-bit seed for fast-check. */
  seed(): number {
    return this.int(0, 2 ** 31 - 1);
  }
}

/** The generator of request `i` of a run seeded `seed`. */
export function requestRng(seed: number, i: number): Rng {
  return new Rng(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(i + 1, 0xc2b2ae35));
}
