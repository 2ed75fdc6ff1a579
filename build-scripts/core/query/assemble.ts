/**
 * Answers made of published bytes: the pieces of an answer (text the renderer
 * gives around items, and slices of published files) joined into one buffer,
 * with nothing parsed or rendered again.
 */

export type Piece = string | Uint8Array;

const encoder = new TextEncoder();
/** The text between items is a handful of short strings: each is encoded once. */
const encoded = new Map<string, Uint8Array>();
const MAX_ENCODED = 256;

function bytesOf(piece: Piece): Uint8Array {
  if (typeof piece !== "string") return piece;
  let bytes = encoded.get(piece);
  if (!bytes) {
    bytes = encoder.encode(piece);
    if (piece.length < 200 && encoded.size < MAX_ENCODED) encoded.set(piece, bytes);
  }
  return bytes;
}

/** Collects pieces and joins them into one buffer. */
export class Assembly {
  private readonly pieces: Uint8Array[] = [];
  private size = 0;

  /** Bytes collected so far. */
  get length(): number {
    return this.size;
  }

  add(piece: Piece): void {
    const bytes = bytesOf(piece);
    if (bytes.length === 0) return;
    this.pieces.push(bytes);
    this.size += bytes.length;
  }

  addAll(pieces: readonly Piece[]): void {
    for (const piece of pieces) this.add(piece);
  }

  bytes(): Uint8Array<ArrayBuffer> {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const piece of this.pieces) {
      out.set(piece, at);
      at += piece.length;
    }
    return out;
  }
}
