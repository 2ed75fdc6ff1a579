/**
 * A file's bytes as a web stream that may be cancelled at any moment — a HEAD
 * answer or a client gone mid-answer. Node 20's `Readable.toWeb` (what
 * @netlify/static streams files with) enqueues data it had already read after
 * a cancel and throws outside any caller, which stops the process.
 */
import { open, type FileHandle } from "node:fs/promises";

const CHUNK = 64 * 1024;

export function fileBody(file: string): ReadableStream<Uint8Array<ArrayBuffer>> {
  let handle: Promise<FileHandle> | undefined;
  let done = false;
  const close = async () => {
    if (done) return;
    done = true;
    await (await handle)?.close();
  };
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    async pull(controller) {
      handle ??= open(file, "r");
      const buffer = new Uint8Array(CHUNK);
      const { bytesRead } = await (await handle).read(buffer, 0, CHUNK, null);
      if (done) return; // cancelled while reading
      if (bytesRead > 0) controller.enqueue(buffer.subarray(0, bytesRead));
      else {
        await close();
        controller.close();
      }
    },
    cancel: close,
  });
}
