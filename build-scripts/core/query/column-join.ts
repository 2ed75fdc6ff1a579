/**
 * A whole list narrowed by `fields`, joined from the published columns of
 * those fields and streamed a chunk at a time. An item's text between its
 * parts depends only on which of its parts are empty (XLIFF leaves empty
 * fields out), so it is asked of the format once per such shape and encoded
 * once; then each item is the copy of a few byte ranges, found by the
 * lengths the column gives (netstrings), not by scanning. A column is read
 * whole when a search picks items from it, or as a stream, part after part,
 * when every item is joined.
 */
import type { ItemParts } from "../formats/renderer.ts";
import type { ListFrame } from "./list-frame.ts";
import { Pieces } from "./pieces.ts";

/**
 * Where the parts of one field are: after `locate(p)` returns true, part p is
 * bytes[from, to). A streamed column may have to `fill()` first, and is
 * located in order only.
 */
export interface PartSource {
  readonly field: string;
  bytes: Uint8Array;
  from: number;
  to: number;
  locate(p: number): boolean;
  fill(): Promise<void>;
}

/**
 * A column's parts are netstrings (`5:hello,`): each part's length comes
 * first, so a reader jumps from part to part without looking at their bytes.
 */
const COLON = 0x3a;
const COMMA = 0x2c;
const ZERO = 0x30;

const broken = (field: string, why: string) => new Error(`The column of ${field} is not a list of netstrings: ${why}.`);

/** A column read whole: every item's part of one field. */
export class WholeColumn implements PartSource {
  from = 0;
  to = 0;
  private readonly starts: Uint32Array;
  private readonly ends: Uint32Array;

  constructor(
    readonly field: string,
    public bytes: Uint8Array,
    count: number,
  ) {
    this.starts = new Uint32Array(count);
    this.ends = new Uint32Array(count);
    let at = 0;
    for (let i = 0; i < count; i++) {
      let length = 0;
      for (; at < bytes.length && bytes[at] !== COLON; at++) length = 10 * length + digit(bytes[at], field);
      const end = at + 1 + length;
      if (end >= bytes.length) throw new Error(`The column of ${field} holds fewer than ${count} parts.`);
      if (bytes[end] !== COMMA) throw broken(field, `no "," after part ${i}`);
      this.starts[i] = at + 1;
      this.ends[i] = end;
      at = end + 1;
    }
  }

  locate(p: number): boolean {
    this.from = this.starts[p];
    this.to = this.ends[p];
    return true;
  }

  fill(): Promise<void> {
    return Promise.resolve();
  }
}

function digit(byte: number, field: string): number {
  const value = byte - ZERO;
  if (value < 0 || value > 9) throw broken(field, `"${String.fromCharCode(byte)}" in a length`);
  return value;
}

/** A column read as it arrives, its parts in order. */
export class StreamedColumn implements PartSource {
  bytes: Uint8Array = new Uint8Array(0);
  from = 0;
  to = 0;
  private chunk: Uint8Array = new Uint8Array(0);
  private at = 0;
  /** The next part's length once its ":" is read; until then, the digits read so far (a length split across chunks). */
  private length = -1;
  private digits = 0;
  /** The start of a part (and its ",") whose end is in a later chunk. */
  private readonly carried = new Pieces();
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;

  constructor(
    readonly field: string,
    body: ReadableStream<Uint8Array>,
  ) {
    this.reader = body.getReader();
  }

  locate(): boolean {
    const chunk = this.chunk;
    if (this.length < 0) {
      let at = this.at;
      let digits = this.digits;
      for (; at < chunk.length && chunk[at] !== COLON; at++) digits = 10 * digits + digit(chunk[at], this.field);
      if (at === chunk.length) {
        [this.at, this.digits] = [at, digits];
        return false;
      }
      this.length = digits;
      this.digits = 0;
      this.at = at + 1;
    }
    // The part and its ",".
    const missing = this.length + 1 - this.carried.length;
    if (chunk.length - this.at < missing) {
      this.carried.add(chunk.subarray(this.at));
      this.at = chunk.length;
      return false;
    }
    if (this.carried.length === 0) {
      this.bytes = chunk;
      this.from = this.at;
    } else {
      this.carried.add(chunk.subarray(this.at, this.at + missing));
      this.bytes = this.carried.take();
      this.from = 0;
    }
    this.to = this.from + this.length;
    if (this.bytes[this.to] !== COMMA) throw broken(this.field, 'a part without its ","');
    this.at += missing;
    this.length = -1;
    return true;
  }

  async fill(): Promise<void> {
    const { done, value } = await this.reader.read();
    if (done) throw new Error(`The column of ${this.field} ended before its last part.`);
    [this.chunk, this.at] = [value, 0];
  }

  cancel(): Promise<void> {
    return this.reader.cancel();
  }
}

export interface ColumnJoin {
  readonly parts: ItemParts;
  /** The chosen fields' columns, in the resource's field order. */
  readonly columns: readonly PartSource[];
  /** The items to join: every position of the list, or those a search found, in order. */
  readonly positions: readonly number[] | number;
  readonly frame: ListFrame;
}

/** A part of the format's join: which column it stands for. */
interface Slot {
  readonly length: number;
  readonly column: number;
}

/** Text between parts, as bytes, or the index of the column whose part goes there. */
type Template = readonly (Uint8Array | number)[];

/**
 * The templates by shape (which parts are empty), as a binary tree walked one
 * column at a time: [empty, not empty] below each node. Any number of fields.
 */
interface Shapes {
  template?: Template;
  readonly next: [Shapes?, Shapes?];
}

const CHUNK = 256 * 1024;
/** Ranges shorter than this are copied byte by byte: cheaper than a view per range. */
const SHORT = 48;
const encoder = new TextEncoder();

export function joinColumns(join: ColumnJoin): ReadableStream<Uint8Array<ArrayBuffer>> {
  const { parts, columns, positions, frame } = join;
  const count = typeof positions === "number" ? positions : positions.length;
  const shapes: Shapes = { next: [] };
  const fields = columns.map((column) => column.field);
  /** The template of the located parts' shape. */
  const template = (): Template => {
    const slots = columns.map((part, column) => ({ length: part.to > part.from ? 1 : 0, column }));
    return parts.join<Slot>(fields, slots).map((piece) => (typeof piece === "string" ? encoder.encode(piece) : piece.column));
  };
  let k = -1; // -1: the head is next
  let located = 0; // how many columns have item k's part located
  let buffer = new Uint8Array(0);
  let at = 0;
  const put = (source: Uint8Array, from: number, to: number) => {
    if (to - from < SHORT) for (let i = from; i < to; i++) buffer[at++] = source[i];
    else {
      buffer.set(source.subarray(from, to), at);
      at += to - from;
    }
  };
  const putAll = (bytes: Uint8Array) => put(bytes, 0, bytes.length);

  const closeColumns = async () => {
    await Promise.all(columns.map((column) => (column instanceof StreamedColumn ? column.cancel() : undefined)));
  };

  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    /** One chunk of about CHUNK bytes: the items that fit (at least one), after the head, before the tail. */
    async pull(controller) {
      const head = k < 0 ? frame.head : undefined;
      buffer = new Uint8Array(CHUNK);
      at = 0;
      if (head) {
        buffer = head.length > CHUNK ? new Uint8Array(head.length + CHUNK) : buffer;
        putAll(head);
        k = 0;
      }
      for (; k < count; k++) {
        const p = typeof positions === "number" ? k : positions[k];
        let shape = shapes;
        for (let c = 0; c < columns.length; c++) {
          const column = columns[c];
          // The part of a streamed column stays located while its item waits for the next chunk.
          if (located <= c) {
            while (!column.locate(p)) await column.fill();
            located = c + 1;
          }
          shape = shape.next[column.to > column.from ? 1 : 0] ??= { next: [] };
        }
        const pieces = (shape.template ??= template());
        const [before, after] = k === 0 ? frame.first : frame.rest;
        let size = before.length + after.length;
        for (const piece of pieces) size += typeof piece === "number" ? columns[piece].to - columns[piece].from : piece.length;
        if (at + size > buffer.length) {
          if (at > 0) break;
          buffer = new Uint8Array(size);
        }
        located = 0;
        putAll(before);
        for (const piece of pieces) {
          if (typeof piece === "number") put(columns[piece].bytes, columns[piece].from, columns[piece].to);
          else putAll(piece);
        }
        putAll(after);
      }
      if (k === count) {
        const { tail } = frame;
        if (at + tail.length > buffer.length) {
          controller.enqueue(buffer.subarray(0, at));
          buffer = new Uint8Array(tail.length);
          at = 0;
        }
        putAll(tail);
        controller.enqueue(buffer.subarray(0, at));
        controller.close();
        await closeColumns();
        return;
      }
      controller.enqueue(buffer.subarray(0, at));
    },
    cancel: closeColumns,
  });
}
