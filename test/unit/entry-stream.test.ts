/**
 * A search answer streamed out of a list file: whatever the chunks the file
 * arrives in, and wherever a range request began, the answer holds exactly
 * the matching entries in their frames, and the file is not read past the last.
 */
import { describe, expect, it } from "vitest";
import { cutEntries } from "../../build-scripts/core/query/entry-stream.ts";

const encoder = new TextEncoder();
const file = encoder.encode("[" + ["{a}", "{bb}", "{ccc}", "{dddd}", "{e}"].join(",") + "]");
// Entry i's item lies at [starts[i], ends[i]) of the file.
const starts = [1, 5, 10, 16, 23];
const ends = [4, 9, 15, 22, 26];

/** The file from `from` on, in chunks of `size` bytes; counts the chunks read. */
function chunked(from: number, size: number) {
  const read = { chunks: 0 };
  let at = from;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (at >= file.length) return controller.close();
        read.chunks++;
        controller.enqueue(file.subarray(at, Math.min(at + size, file.length)));
        at += size;
      },
    },
    { highWaterMark: 0 },
  ); // no chunk read ahead: the count is what the cut asked for
  return { stream, read };
}

async function answer(positions: number[], from = 0, size = 3) {
  const { stream, read } = chunked(from, size);
  const body = cutEntries(stream, from, {
    starts: positions.map((p) => starts[p]),
    ends: positions.map((p) => ends[p]),
    head: "<",
    frame: (k) => [k === 0 ? "" : "|", ""],
    tail: ">",
  });
  return { text: await new Response(body).text(), read };
}

describe("an answer cut from a streamed list file", () => {
  it("holds the matching items in order, whatever the chunk size", async () => {
    for (const size of [1, 2, 3, 5, 7, 64]) {
      expect((await answer([0, 2, 3], 0, size)).text, `chunks of ${size}`).toBe("<{a}|{ccc}|{dddd}>");
      expect((await answer([4], 0, size)).text).toBe("<{e}>");
    }
  });

  it("starts where a range request began", async () => {
    expect((await answer([2, 3], 10, 4)).text).toBe("<{ccc}|{dddd}>");
  });

  it("stops reading after the last match", async () => {
    const { read } = await answer([0], 0, 2);
    expect(read.chunks).toBe(2);
  });

  it("answers no match with the head and tail alone", async () => {
    expect((await answer([])).text).toBe("<>");
  });

  it("fails when the file ends before an entry", async () => {
    const { stream } = chunked(20, 4);
    const body = cutEntries(stream, 0, { starts: [40], ends: [44], head: "", frame: () => ["", ""], tail: "" });
    await expect(new Response(body).text()).rejects.toThrow(/ended at byte/);
  });
});
