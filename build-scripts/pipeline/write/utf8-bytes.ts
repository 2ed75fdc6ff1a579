/**
 * A chunk's list entries in one format, or its parts of one field (a column's
 * segment), encoded to UTF-8 as each is rendered (cheaper than keeping the
 * texts and encoding them joined at the end) into a buffer of its own, so it
 * can be transferred to the main thread rather than copied.
 */
export class Utf8Bytes {
  private buffer: Buffer;
  private used = 0;

  /** `expected`: the bytes the entries or parts will likely take (growing the buffer copies what it holds). */
  constructor(expected: number) {
    this.buffer = Buffer.allocUnsafeSlow(expected);
  }

  /** Returns the bytes the text took. */
  add(text: string): number {
    this.makeRoom(3 * text.length); // UTF-8 takes at most 3 bytes per UTF-16 unit
    const written = this.buffer.write(text, this.used);
    this.used += written;
    return written;
  }

  /**
   * A column's part, as a netstring: its length in bytes, ":", the part, ",".
   * The text is written where a length of as many digits as its UTF-16 length
   * would end, and moved in the rare case its UTF-8 length has more digits:
   * cheaper than measuring every part before writing it.
   */
  addPart(text: string): void {
    const guess = digitsOf(text.length);
    this.makeRoom(3 * text.length + 13); // the longest length, ":" and ","
    const start = this.used;
    const written = this.buffer.write(text, start + guess + 1);
    const digits = digitsOf(written);
    if (digits !== guess) this.buffer.copyWithin(start + digits + 1, start + guess + 1, start + guess + 1 + written);
    this.buffer.write(`${written}:`, start, "latin1");
    this.used = start + digits + 1 + written;
    this.buffer[this.used++] = 0x2c; // ","
  }

  private makeRoom(bytes: number): void {
    const room = this.used + bytes;
    if (room > this.buffer.length) {
      const bigger = Buffer.allocUnsafeSlow(Math.max(room, 2 * this.buffer.length));
      this.buffer.copy(bigger, 0, 0, this.used);
      this.buffer = bigger;
    }
  }

  get bytes(): Uint8Array {
    return new Uint8Array(this.buffer.buffer, 0, this.used);
  }
}

const digitsOf = (n: number) => (n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10_000 ? 4 : String(n).length);
