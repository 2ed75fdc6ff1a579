/** Positioned reads of a file already open: an archive's records, the end of one, an old file's bytes to compare. */
import { readSync } from "node:fs";

/** `length` bytes of the open file from byte `at`; throws, saying where, if the file ends before them. */
export function readAt(fd: number, at: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  for (let done = 0; done < length;) {
    const read = readSync(fd, bytes, done, length - done, at + done);
    if (read === 0) throw new Error(`ends at ${at + done} bytes, where ${at + length} were expected`);
    done += read;
  }
  return bytes;
}
