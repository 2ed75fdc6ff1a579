/** Byte pieces gathered, then copied into one array: a chunk of an answer, or a part that arrived in several chunks. */
export class Pieces {
  private pieces: Uint8Array[] = [];
  length = 0;

  add(piece: Uint8Array): void {
    if (piece.length === 0) return;
    this.pieces.push(piece);
    this.length += piece.length;
  }

  /** The pieces as one array; the gathering starts again empty. */
  take(): Uint8Array<ArrayBuffer> {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const piece of this.pieces) {
      out.set(piece, at);
      at += piece.length;
    }
    this.pieces = [];
    this.length = 0;
    return out;
  }
}
