/**
 * The answer to OPTIONS, as Django REST Framework's SimpleMetadata gives it:
 * the view's name ("Api Root", "Video List", "Video Instance"), a
 * description, the media types it renders and those it would parse. Pure.
 */
import { FORMAT_TABLE } from "../format-table.ts";
import { instanceName, listName, ROOT_NAME, type MetadataView } from "./views.ts";
import type { ApiRoute } from "../routes/api-path.ts";

/** DRF's default parsers; this read-only API accepts no body, but DRF lists them all the same. */
const PARSES = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"];

function describe(route: ApiRoute): { name: string; description: string } {
  switch (route.view) {
    case "root":
      return { name: ROOT_NAME, description: "The collections of the catalogue, each with the address of its list." };
    case "list":
      return {
        name: listName(route.collection),
        description: `Every ${route.collection.label.toLowerCase()} of the catalogue, in list order.`,
      };
    case "instance":
      return {
        name: instanceName(route.collection),
        description: `One ${route.collection.label.toLowerCase()} of the catalogue, by its UUID.`,
      };
  }
}

export function metadataView(route: ApiRoute, path: string): MetadataView {
  const { name, description } = describe(route);
  return {
    kind: "metadata",
    name,
    path,
    data: { name, description, renders: FORMAT_TABLE.map((f) => f.mediaType), parses: PARSES },
  };
}
