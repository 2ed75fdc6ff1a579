/**
 * The ZIM file's illustration, which Kiwix shows in its library: the site's
 * favicon (assets/favicon.svg: a blue rounded square, three white lines)
 * drawn at 48 × 48 pixels as a PNG, the format and size the ZIM metadata asks
 * for (Illustration_48x48@1). Drawn here, as the build has no SVG renderer:
 * each pixel's colour is the share of 4 × 4 samples inside each shape.
 */
import { crc32, deflateSync } from "node:zlib";

const SIZE = 48;
/** The favicon's units (its viewBox is 32 wide) in pixels. */
const SCALE = SIZE / 32;
const SAMPLES = 4;
const BLUE = [0x2c, 0x6e, 0x9b];
const WHITE = [0xff, 0xff, 0xff];
/** The favicon's square (rx 6) and its lines (from x1 to x2 at y, 3 wide, round caps), in its units. */
const CORNER = 6;
const LINES = [
  [9, 23, 10],
  [9, 23, 16],
  [9, 18, 22],
];
const LINE_WIDTH = 3;

function insideSquare(x: number, y: number): boolean {
  const dx = Math.max(CORNER - x, x - (32 - CORNER), 0);
  const dy = Math.max(CORNER - y, y - (32 - CORNER), 0);
  return dx * dx + dy * dy <= CORNER * CORNER;
}

const onLine = (x: number, y: number) =>
  LINES.some(([x1, x2, ly]) => {
    const dx = Math.max(x1 - x, x - x2, 0);
    return dx * dx + (y - ly) ** 2 <= (LINE_WIDTH / 2) ** 2;
  });

/** The illustration's PNG bytes (8-bit RGBA, one IDAT). */
export function illustrationPng(): Uint8Array {
  const rows = Buffer.alloc(SIZE * (1 + 4 * SIZE));
  for (let py = 0; py < SIZE; py++) {
    for (let px = 0; px < SIZE; px++) {
      let [square, line] = [0, 0];
      for (let s = 0; s < SAMPLES * SAMPLES; s++) {
        const x = (px + ((s % SAMPLES) + 0.5) / SAMPLES) / SCALE;
        const y = (py + (Math.floor(s / SAMPLES) + 0.5) / SAMPLES) / SCALE;
        if (!insideSquare(x, y)) continue;
        square++;
        if (onLine(x, y)) line++;
      }
      const at = py * (1 + 4 * SIZE) + 1 + 4 * px;
      // Over the square's colour, the lines' share of its samples is white.
      const white = square ? line / square : 0;
      for (let c = 0; c < 3; c++) rows[at + c] = Math.round(BLUE[c] + (WHITE[c] - BLUE[c]) * white);
      rows[at + 3] = Math.round((255 * square) / (SAMPLES * SAMPLES));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, adaptive filters, no interlace
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
