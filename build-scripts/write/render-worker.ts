/**
 * A render thread: serializes each record of a task in every format, writes
 * the record's own files, and sends back the items its lists need and its
 * search terms. Two of these share the build's rendering and most of its
 * file creation; the main thread assembles the lists.
 */
import { parentPort } from "node:worker_threads";
import { findCollection } from "../catalogue/collections.ts";
import { renderResource } from "../formats/render-resource.ts";
import { resourceTerms } from "../search/search-fields.ts";
import type { RenderReply, RenderTask } from "./render-ops.ts";
import { FileWriter } from "./file-writer.ts";

function render(task: RenderTask): RenderReply {
  const collection = findCollection(task.collection);
  if (!collection) throw new Error(`No collection ${task.collection}.`);
  const context = { config: task.config };
  const writer = new FileWriter(task.outDir);
  const items: string[][] = [];
  const terms: string[] = [];
  for (const record of task.records) {
    const rendered = renderResource(collection, record, context);
    for (const { file, text } of rendered.files) writer.write(file, text);
    items.push(rendered.items);
    terms.push(resourceTerms(collection, rendered.resource).join(" "));
  }
  return { kind: "rendered", id: task.id, items, terms, byExtension: [...writer.stats.byExtension] };
}

parentPort!.on("message", (task: RenderTask) => {
  let reply: RenderReply;
  try {
    reply = render(task);
  } catch (error) {
    reply = { kind: "error", id: task.id, message: (error as Error).message };
  }
  parentPort!.postMessage(reply);
});
