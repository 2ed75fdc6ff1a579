/**
 * A render thread: serializes each record of a task in every format, writes
 * the record's own files and the search's record files of the task, and sends
 * back its list entries (UTF-8, so the main thread only appends bytes) and
 * search terms. Two of these share the build's rendering and most of its
 * file creation; the main thread assembles the lists and search indexes.
 */
import { parentPort } from "node:worker_threads";
import { findCollection } from "../../core/catalogue/collections.ts";
import { FORMATS, JSON_ITEM } from "../../core/formats/formats.ts";
import { addTextTerms, searchTexts } from "../../core/search/search-fields.ts";
import { TermNumbers } from "../../core/search/term-numbers.ts";
import type { RenderReply, RenderTask } from "./render-messages.ts";
import { FileWriter } from "./file-writer.ts";
import { segmentDigest, writeRecordFiles } from "./query-files.ts";
import { Utf8Bytes } from "./utf8-bytes.ts";
import { writeResource } from "./write-resource.ts";

/**
 * Per format (and per format and field, for columns), the bytes of the last
 * task's, and a quarter more: the next task's buffers start that big, so they
 * seldom grow (growing copies what a buffer holds).
 */
const SMALLEST_ENTRY_BUFFER = 64 * 1024;
const SMALLEST_COLUMN_BUFFER = 4 * 1024;
const expectedBytes = FORMATS.map(() => SMALLEST_ENTRY_BUFFER);
const expectedColumnBytes = FORMATS.map(() => [] as number[]);
const nextSize = (used: number, smallest: number) => Math.max(smallest, Math.ceil(used * 1.25));

/** This thread's numbering of search terms, across its tasks (the main thread keeps the same table from the replies). */
const termNumbers = new TermNumbers();

function render(task: RenderTask): RenderReply {
  const collection = findCollection(task.collection);
  if (!collection) throw new Error(`No collection ${task.collection}.`);
  const context = { config: task.config, language: task.translations?.language };
  const writer = new FileWriter(task.outDir);
  const entries = FORMATS.map((_, f) => new Utf8Bytes(expectedBytes[f]));
  const entryBytes = FORMATS.map(() => new Int32Array(task.records.length));
  const columns = FORMATS.map(() => [] as Utf8Bytes[]);
  const items: string[][] = [];
  const parts: (readonly string[] | undefined)[][] = [];
  const jsonItems: string[] = [];
  const termEnds = new Int32Array(task.records.length);
  for (const [i, record] of task.records.entries()) {
    let rendered;
    try {
      rendered = writeResource(writer, collection, record, context, task.translations?.records[i]);
    } catch (error) {
      throw new Error(`${collection.name}/${record.uuid}: ${(error as Error).stack ?? error}`, { cause: error });
    }
    for (const [f, { renderer }] of FORMATS.entries()) {
      entryBytes[f][i] = entries[f].add(renderer.listEntry(rendered.items[f], (task.start + i) % renderer.pageSize));
      const recordParts = rendered.parts[f];
      if (recordParts)
        recordParts.forEach((part, k) =>
          (columns[f][k] ??= new Utf8Bytes(expectedColumnBytes[f][k] ?? SMALLEST_COLUMN_BUFFER)).addPart(part),
        );
    }
    if (task.keepItems) {
      items.push(rendered.items);
      parts.push(rendered.parts);
    }
    jsonItems.push(rendered.items[JSON_ITEM]);
    termNumbers.nextRecord();
    addTextTerms(searchTexts(collection.kind, rendered.resource), termNumbers);
    termEnds[i] = termNumbers.found.length;
  }
  const recordFiles = writeRecordFiles(writer, collection, task.start, jsonItems);
  const columnParts = columns.map((byField) => byField.map((column) => column.bytes));
  for (const [f, list] of entries.entries()) expectedBytes[f] = nextSize(list.bytes.length, SMALLEST_ENTRY_BUFFER);
  columnParts.forEach((byField, f) =>
    byField.forEach((bytes, k) => (expectedColumnBytes[f][k] = nextSize(bytes.length, SMALLEST_COLUMN_BUFFER))),
  );
  return {
    kind: "rendered",
    id: task.id,
    entries: entries.map((list) => list.bytes),
    entryBytes,
    columns: columnParts,
    columnDigests: columnParts.map((byField) => byField.map(segmentDigest)),
    recordFiles,
    items,
    parts,
    ...termNumbers.take(),
    termEnds,
    stats: writer.stats.counts(),
  };
}

parentPort!.on("message", (task: RenderTask) => {
  let reply: RenderReply;
  try {
    reply = render(task);
  } catch (error) {
    // The terms numbered before the error go with it, so the main thread's table stays in step.
    reply = { kind: "error", id: task.id, message: (error as Error).message, newTerms: termNumbers.take().newTerms };
  }
  const transfer =
    reply.kind === "rendered"
      ? [...reply.entries, ...reply.entryBytes, ...reply.columns.flat(), reply.found, reply.termEnds].map(
          (array) => array.buffer as ArrayBuffer,
        )
      : [];
  parentPort!.postMessage(reply, transfer);
});
