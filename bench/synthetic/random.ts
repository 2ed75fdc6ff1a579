/**
 * A seeded pseudo-random generator (sfc32, seeded through splitmix32) and the
 * draws the synthetic catalogue needs. Same seed, same sequence, on any platform.
 */

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.float();
  }

  /** A float in [0, 1). */
  float(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)];
  }

  /** `count` distinct items, in the order they were drawn. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    for (let i = 0; i < count && pool.length; i++) out.push(pool.splice(Math.floor(this.float() * pool.length), 1)[0]);
    return out;
  }

  /** A version 4 UUID in lower case. */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.float() * 16).toString(16));
    hex[12] = "4";
    hex[16] = "89ab"[Math.floor(this.float() * 4)];
    const h = hex.join("");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
}

/**
 * Draws items by rank with probability ∝ 1 / (rank + offset)^exponent: the
 * Zipf–Mandelbrot law of word frequencies (the offset flattens the head, as
 * in real prose where "the" is about 6 % of words).
 */
export class ZipfDraw<T> {
  private readonly cumulative: Float64Array;

  constructor(
    private readonly items: readonly T[],
    exponent = 1.05,
    offset = 2.7,
  ) {
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    items.forEach((_, i) => {
      sum += 1 / (i + 1 + offset) ** exponent;
      this.cumulative[i] = sum;
    });
  }

  draw(random: Random): T {
    const target = random.float() * this.cumulative[this.cumulative.length - 1];
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return this.items[lo];
  }
}
