/**
 * The offline reader's answers: from a list's search files alone, the only
 * files of the API it carries beside each tree's root (no list file, no
 * resource file). A whole list in a data format is joined from the columns of
 * all its fields, as a `fields` answer is joined from some, so it is byte for
 * byte the list file; a resource is found by its uuid in the uuid index's
 * bucket that holds it (core/search/uuid-index.ts) and read from its record slice.
 */
import { FIELD_ORDER, type JsonObject } from "../catalogue/resource.ts";
import { queryFile } from "../routes/output-tree.ts";
import { uuidBucket, uuidPosition } from "../search/uuid-index.ts";
import { RecordSliceAnswers, type AnswerBody, type WholeList } from "./answer.ts";

const decoder = new TextDecoder();

export class SearchDataAnswers extends RecordSliceAnswers {
  protected listBody(list: WholeList): Promise<AnswerBody> {
    return this.joinedColumns(list, undefined, new Set(FIELD_ORDER[list.view.collection.kind]));
  }

  protected async resource(collection: string, uuid: string): Promise<JsonObject | undefined> {
    const manifest = await this.manifest(collection);
    if (!manifest?.records) return undefined;
    const bucket = uuidBucket(uuid, manifest.uuidBits);
    if (bucket < 0) return undefined;
    const text = decoder.decode(await this.requiredBytes(queryFile(collection, manifest.files.uuids[bucket])));
    const position = uuidPosition(text, uuid);
    return position === undefined ? undefined : (await this.records(collection, manifest, [position]))[0];
  }
}
