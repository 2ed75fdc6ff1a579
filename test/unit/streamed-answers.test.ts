/**
 * Answers streamed out of published files: a search answer cut from a list
 * file holds exactly the matching entries in their frames, whatever the chunks
 * the file arrives in and wherever a range request began, and the file is not
 * read past the last; a fields answer joined from columns is the same whether
 * the columns are read whole or streamed.
 */
import { describe, expect, it } from "vitest";
import type { ItemParts } from "../../build-scripts/core/formats/renderer.ts";
import { joinColumns, StreamedColumn, WholeColumn, type PartSource } from "../../build-scripts/core/query/column-join.ts";
import { cutEntries } from "../../build-scripts/core/query/entry-stream.ts";
import { encodedFrame } from "../../build-scripts/core/query/list-frame.ts";
import { Utf8Bytes } from "../../build-scripts/pipeline/write/utf8-bytes.ts";
import { inChunks } from "../../harness/static-host.ts";

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
  const ranges = { starts: positions.map((p) => starts[p]), ends: positions.map((p) => ends[p]) };
  const body = cutEntries(stream, from, ranges, encodedFrame({ head: "<", first: ["", ""], rest: ["|", ""], tail: ">" }));
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
    const body = cutEntries(stream, 0, { starts: [40], ends: [44] }, encodedFrame({ head: "", first: ["", ""], rest: ["", ""], tail: "" }));
    await expect(new Response(body).text()).rejects.toThrow(/ended at byte/);
  });
});

describe("a fields answer joined from columns", () => {
  // Netstrings, as the build writes columns: length, ":", part, ",".
  const netstrings = (parts: string[]) => parts.map((part) => `${encoder.encode(part).length}:${part},`).join("");
  const columnText = [netstrings(["a", "bb", "", "dddd"]), netstrings(["1", "", "333", "x"])];
  const parts: ItemParts = {
    part: () => "",
    join: (fields, parts) => ["(", ...parts.flatMap((part, i) => (part.length > 0 ? [`${fields[i]}=`, part, ";"] : [])), ")"],
  };
  const expected = "[(f=a;g=1;),(f=bb;),(g=333;),(f=dddd;g=x;)]";
  const join = (columns: PartSource[], positions: number[] | number = 4) =>
    new Response(
      joinColumns({ parts, columns, positions, frame: encodedFrame({ head: "[", first: ["", ""], rest: [",", ""], tail: "]" }) }),
    ).text();

  it("joins whole columns, and picks the items a search found", async () => {
    const whole = () => columnText.map((text, i) => new WholeColumn(["f", "g"][i], encoder.encode(text), 4));
    expect(await join(whole())).toBe(expected);
    expect(await join(whole(), [1, 3])).toBe("[(f=bb;),(f=dddd;g=x;)]");
  });

  it("reads a part's length and bytes across chunks, of any length and in any script", async () => {
    const long = ["é".repeat(70), "", "🌋 x", "y".repeat(1234)];
    const text = netstrings(long);
    for (const size of [1, 2, 7, 100, 5000]) {
      const column = new StreamedColumn("f", inChunks(encoder.encode(text), size));
      const got: string[] = [];
      for (let i = 0; i < long.length; i++) {
        while (!column.locate()) await column.fill();
        got.push(new TextDecoder().decode(column.bytes.subarray(column.from, column.to)));
      }
      expect(got, `chunks of ${size}`).toEqual(long);
    }
    const whole = new WholeColumn("f", encoder.encode(text), long.length);
    expect(long.map((_, i) => (whole.locate(i), new TextDecoder().decode(whole.bytes.subarray(whole.from, whole.to))))).toEqual(long);
  });

  it("is written by the build as netstrings, whatever the script and however the UTF-8 length's digits differ from the text's", () => {
    const texts = [
      "",
      "a",
      "é".repeat(5),
      "x".repeat(9),
      "🌋".repeat(3),
      "€".repeat(40),
      "y".repeat(99),
      "é".repeat(500),
      "z".repeat(12_345),
    ];
    const column = new Utf8Bytes(4);
    for (const text of texts) column.addPart(text);
    expect(new TextDecoder().decode(column.bytes)).toBe(netstrings(texts));
    const whole = new WholeColumn("f", column.bytes, texts.length);
    expect(texts.map((_, i) => (whole.locate(i), new TextDecoder().decode(whole.bytes.subarray(whole.from, whole.to))))).toEqual(texts);
  });

  it("refuses a column that is not netstrings", () => {
    expect(() => new WholeColumn("f", encoder.encode("1:a;"), 1)).toThrow(/not a list of netstrings/);
    expect(() => new WholeColumn("f", encoder.encode("x:a,"), 1)).toThrow(/not a list of netstrings/);
    expect(() => new WholeColumn("f", encoder.encode("1:a,"), 2)).toThrow(/fewer than 2 parts/);
  });

  it("tells apart items whose empty parts differ only past the 32nd field", async () => {
    const names = Array.from({ length: 40 }, (_, c) => `f${c}`);
    // Item 0 leaves field 32 empty, item 1 field 0, item 2 both.
    const items = [0, 1, 2].map((i) => names.map((_, c) => (((i === 0 || i === 2) && c === 32) || (i >= 1 && c === 0) ? "" : `${i}`)));
    const columns = names.map((name, c) => new WholeColumn(name, encoder.encode(netstrings(items.map((item) => item[c]))), items.length));
    const wanted = (item: string[]) => `(${item.flatMap((part, c) => (part ? [`${names[c]}=${part};`] : [])).join("")})`;
    expect(await join(columns, 3)).toBe(`[${items.map(wanted).join(",")}]`);
  });

  it("joins streamed columns the same, whatever their chunks", async () => {
    for (const size of [1, 2, 3, 5, 64]) {
      const streamed = columnText.map((text, i) => new StreamedColumn(["f", "g"][i], inChunks(encoder.encode(text), size)));
      expect(await join(streamed), `chunks of ${size}`).toBe(expected);
    }
  });
});
