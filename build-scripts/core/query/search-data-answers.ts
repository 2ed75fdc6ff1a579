/**
 * The offline reader's answers: from a list's search files alone, the only
 * files of the API it carries beside each tree's root (no list file, no
 * resource file). A whole list in a data format is joined from the columns of
 * all its fields, as a `fields` answer is joined from some, so it is byte for
 * byte the list file; a resource is found by its uuid in the list's uuid
 * column and read from the record slice that holds it.
 */
import { FIELD_ORDER, type JsonObject } from "../catalogue/resource.ts";
import { queryFile } from "../routes/output-tree.ts";
import type { SearchManifest } from "../search/build-index.ts";
import { RecordSliceAnswers, type AnswerBody, type WholeList } from "./answer.ts";
import { WholeColumn } from "./column-join.ts";
import { memoized } from "../memo.ts";

const decoder = new TextDecoder();
/** What comes before a uuid in its part of the JSON column. */
const UUID_KEY = '"uuid":"';

export class SearchDataAnswers extends RecordSliceAnswers {
  /** Per collection: each uuid's position in its list. */
  private readonly positions = new Map<string, Promise<Map<string, number>>>();

  protected listBody(list: WholeList): Promise<AnswerBody> {
    return this.joinedColumns(list, undefined, new Set(FIELD_ORDER[list.view.collection.kind]));
  }

  protected async resource(collection: string, uuid: string): Promise<JsonObject | undefined> {
    const manifest = await this.manifest(collection);
    if (!manifest?.records) return undefined;
    const position = (await this.uuidPositions(collection, manifest)).get(uuid);
    return position === undefined ? undefined : (await this.records(collection, manifest, [position]))[0];
  }

  /** The JSON column of `uuid` read once: each part is `"uuid":"<uuid>"`, ASCII, so its bytes are its characters. */
  private uuidPositions(collection: string, manifest: SearchManifest): Promise<Map<string, number>> {
    return memoized(this.positions, collection, async () => {
      const bytes = await this.requiredBytes(queryFile(collection, manifest.files.columns.json.uuid));
      const column = new WholeColumn("uuid", bytes, manifest.records);
      const text = decoder.decode(bytes);
      const found = new Map<string, number>();
      for (let p = 0; p < manifest.records; p++) {
        column.locate(p);
        found.set(text.slice(column.from + UUID_KEY.length, column.to - 1), p);
      }
      return found;
    });
  }
}
