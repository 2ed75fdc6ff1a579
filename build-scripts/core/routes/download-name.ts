/**
 * The name a view's file is saved under when it is downloaded: the API address
 * in one word (`api.xliff`, `units.xliff`, `videos-<uuid>.xliff`), where the
 * output tree names every file `index.xliff`, so a translator who collects
 * several would get `index (1).xliff`, `index (2).xliff`… The HTML view's
 * format link carries it (`download`), the edge sends it (Content-Disposition).
 */
import type { ApiRoute } from "./api-path.ts";

/** The formats a browser downloads rather than shows: XLIFF is for translation tools, and browsers have no viewer for it. */
export const isDownloaded = (format: { readonly name: string }) => format.name === "xliff";

export function downloadName(route: ApiRoute, extension: string): string {
  switch (route.view) {
    case "root":
      return `api.${extension}`;
    case "list":
      return `${route.collection.name}.${extension}`;
    case "instance":
      return `${route.collection.name}-${route.uuid}.${extension}`;
  }
}

/** The Content-Disposition of a downloaded view (collection names and uuids need no quoting). */
export const attachment = (route: ApiRoute, extension: string) => `attachment; filename="${downloadName(route, extension)}"`;
