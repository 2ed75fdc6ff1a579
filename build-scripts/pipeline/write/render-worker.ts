/**
 * A render thread: serializes each record of a task in every format, writes
 * the record's own files and the search's record files of the task, and sends
 * back its list entries (UTF-8, so the main thread only appends bytes) and
 * search terms. Two of these share the build's rendering and most of its
 * file creation; the main thread assembles the lists and search indexes.
 */
import { parentPort } from "node:worker_threads";
import { findCollection } from "../../core/catalogue/collections.ts";
import { FIELD_ORDER } from "../../core/catalogue/resource.ts";
import { FORMATS } from "../../core/formats/formats.ts";
import { renderResource } from "../../core/formats/render-resource.ts";
import { listEntry } from "../../core/formats/renderer.ts";
import { addTextTerms, searchTexts } from "../../core/search/search-fields.ts";
import { TermNumbers } from "../../core/search/term-numbers.ts";
import type { FormatEntries, RenderReply, RenderTask } from "./render-messages.ts";
import { openWriter } from "./file-writer.ts";
import { segmentDigest, writeRecordFiles } from "./query-files.ts";
import { Utf8Bytes } from "./utf8-bytes.ts";

/**
 * Per format (and per format and field, for columns), the bytes of the last
 * task's, and a quarter more: the next task's buffers start that big, so they
 * seldom grow (growing copies what a buffer holds).
 */
const SMALLEST_ENTRY_BUFFER = 64 * 1024;
const SMALLEST_COLUMN_BUFFER = 4 * 1024;
const expectedBytes = new Map<string, number>();
const nextSize = (used: number, smallest: number) => Math.max(smallest, Math.ceil(used * 1.25));
const buffer = (key: string, smallest: number) => new Utf8Bytes(expectedBytes.get(key) ?? smallest);

/** This thread's numbering of search terms, across its tasks (the main thread keeps the same table from the replies). */
const termNumbers = new TermNumbers();

function render(task: RenderTask): RenderReply {
  const collection = findCollection(task.collection);
  if (!collection) throw new Error(`No collection ${task.collection}.`);
  const fields = FIELD_ORDER[collection.kind];
  const writer = openWriter(task.target);
  const lists = FORMATS.map(({ name, renderer }) => ({
    name,
    renderer,
    entries: buffer(name, SMALLEST_ENTRY_BUFFER),
    entryBytes: new Int32Array(task.records.length),
    columns: renderer.parts ? fields.map((field) => buffer(`${name} ${field}`, SMALLEST_COLUMN_BUFFER)) : undefined,
  }));
  const jsonItems: string[] = [];
  const termEnds = new Int32Array(task.records.length);
  for (const [i, { record, translation }] of task.records.entries()) {
    let rendered;
    try {
      rendered = renderResource(collection, record, task.context, translation);
      if (!task.unchanged?.[i]) for (const { file, text } of Object.values(rendered.formats)) writer.write(file, text);
    } catch (error) {
      throw new Error(`${collection.name}/${record.uuid}: ${(error as Error).stack ?? error}`, { cause: error });
    }
    for (const list of lists) {
      const { item, parts } = rendered.formats[list.name];
      list.entryBytes[i] = list.entries.add(listEntry(list.renderer, item, (task.start + i) % list.renderer.pageSize));
      parts?.forEach((part, k) => list.columns?.[k].addPart(part));
    }
    jsonItems.push(rendered.formats.json.item);
    termNumbers.nextRecord();
    addTextTerms(searchTexts(collection.kind, rendered.resource), termNumbers);
    termEnds[i] = termNumbers.found.length;
  }
  const recordFiles = writeRecordFiles(writer, collection, task.start, jsonItems, task.slicesPerFolder);
  const formats = Object.fromEntries(
    lists.map(({ name, entries, entryBytes, columns }): [string, FormatEntries] => {
      expectedBytes.set(name, nextSize(entries.bytes.length, SMALLEST_ENTRY_BUFFER));
      const segments = columns?.map((column, k) => {
        expectedBytes.set(`${name} ${fields[k]}`, nextSize(column.bytes.length, SMALLEST_COLUMN_BUFFER));
        return [fields[k], { bytes: column.bytes, digest: segmentDigest(column.bytes) }];
      });
      return [name, { entries: entries.bytes, entryBytes, columns: segments && Object.fromEntries(segments) }];
    }),
  );
  return { kind: "rendered", formats, recordFiles, ...termNumbers.take(), termEnds, stats: writer.stats.counts() };
}

/** The buffers a reply moves to the main thread rather than copying. */
const transferred = (formats: Readonly<Record<string, FormatEntries>>) =>
  Object.values(formats).flatMap(({ entries, entryBytes, columns }) => [
    entries.buffer,
    entryBytes.buffer,
    ...Object.values(columns ?? {}).map((segment) => segment.bytes.buffer),
  ]);

parentPort!.on("message", (task: RenderTask) => {
  let reply: RenderReply;
  try {
    reply = render(task);
  } catch (error) {
    // The terms numbered before the error go with it, so the main thread's table stays in step.
    reply = { kind: "error", message: (error as Error).message, newTerms: termNumbers.take().newTerms };
  }
  const transfer = reply.kind === "rendered" ? [...transferred(reply.formats), reply.found.buffer, reply.termEnds.buffer] : [];
  parentPort!.postMessage(reply, transfer as ArrayBuffer[]);
});
