/**
 * Reads one file as UTF-8 text, or says in words why it cannot: what was
 * expected there and what was found instead (a folder, a named pipe, a file
 * it may not read, bytes that are not UTF-8, nothing at all). Never throws
 * for what a folder of files can hold, and never blocks on a named pipe.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";

export type ReadOutcome = { readonly text: string } | { readonly expected: string; readonly found: string };

/** Windows has neither flag; there a FIFO cannot be listed in a folder anyway. */
const NO_WAIT = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
// ignoreBOM keeps a byte order mark in the text, so JSON.parse names it as a character no JSON may start with.
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * `expected` names what belongs at the path (e.g. "a JSON file"). A symbolic
 * link is followed only with `followLinks` (else the caller decides where
 * links may lead), and a named pipe is opened without waiting for a writer,
 * seen for what it is, and closed unread.
 */
export function readTextFile(file: string, expected: string, { followLinks = false } = {}): ReadOutcome {
  let fd: number;
  try {
    fd = openSync(file, followLinks ? NO_WAIT : NO_WAIT | NO_FOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const found =
      code === "ENOENT" && followLinks ? "nothing: no such file, or a link to none" : openFailure(error as NodeJS.ErrnoException);
    return { expected, found };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { expected, found: describeEntry(stats) };
    const bytes = readAll(fd, stats.size);
    try {
      return { text: utf8.decode(bytes) };
    } catch {
      return {
        expected: `${expected} in UTF-8`,
        found: `bytes that are not UTF-8 on line ${firstBadLine(bytes)} (saved in another encoding?)`,
      };
    }
  } catch (error) {
    return { expected, found: `a file that could not be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  } finally {
    closeSync(fd);
  }
}

/** What an entry that is not a plain file is, in words. */
export function describeEntry(stats: Pick<Stats, "isDirectory" | "isFIFO" | "isSocket" | "isSymbolicLink">): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a named pipe (FIFO)";
  if (stats.isSocket()) return "a socket";
  if (stats.isSymbolicLink()) return "a symbolic link";
  return "a device";
}

function openFailure(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case "ENOENT":
      return "nothing: the file was removed while the content was being read";
    case "EACCES":
    case "EPERM":
      return "a file the build may not read (permission denied)";
    case "ENXIO":
      return "a socket";
    case "ELOOP":
      return "a symbolic link";
    default:
      return `a file that could not be opened (${error.code ?? error.message})`;
  }
}

/** The file's bytes, as many as fstat counted (as readFileSync reads them: no extra read to find the end). */
function readAll(fd: number, size: number): Uint8Array {
  const buffer = Buffer.allocUnsafe(size);
  let length = 0;
  while (length < size) {
    const read = readSync(fd, buffer, length, size - length, null);
    if (read === 0) break; // it shrank meanwhile
    length += read;
  }
  return buffer.subarray(0, length);
}

/** The line of the first byte sequence that is not UTF-8 (a newline byte is never part of a multi-byte character). */
function firstBadLine(bytes: Uint8Array): number {
  let line = 1;
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 0x0a) continue;
    try {
      utf8.decode(bytes.subarray(start, i));
    } catch {
      return line;
    }
    line++;
    start = i + 1;
  }
  return line;
}
