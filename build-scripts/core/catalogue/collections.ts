/**
 * The 31 collections of the API root, in the order the spec lists them.
 *
 * `kind` picks the resource shape (and JSON Schema): only videos and units are
 * specified in detail; every other collection uses the common fields ("generic").
 * `label` is the singular name Django REST Framework derives view names from
 * ("Video List", "Video Instance").
 */
import type { ResourceKind } from "../../schemas/resource-kind.ts";

export type { ResourceKind };

export interface Collection {
  readonly name: string;
  readonly kind: ResourceKind;
  readonly label: string;
  /** The `content_type` value of this collection's resources. */
  readonly contentType: string;
}

const generic = (name: string, label: string, contentType: string): Collection => ({
  name,
  kind: "generic",
  label,
  contentType,
});

export const COLLECTIONS: readonly Collection[] = [
  generic("activities", "Activity", "activity"),
  generic("applications", "Application", "application"),
  generic("articles", "Article", "article"),
  generic("audio", "Audio", "audio"),
  generic("concept", "Concept", "concept"),
  generic("encyclopedia", "Encyclopedia", "encyclopedia"),
  generic("entity", "Entity", "entity"),
  generic("service-events", "Service Event", "event"),
  generic("files", "File", "file"),
  generic("galleries", "Gallery", "gallery"),
  generic("glossary", "Glossary", "glossary"),
  generic("grades", "Grade", "grade"),
  generic("hiresimage", "Hiresimage", "hiresimage"),
  generic("historic-articles", "Historic Article", "historic_article"),
  generic("ideacategories", "Ideacategory", "ideacategory"),
  generic("interactive", "Interactive", "interactive"),
  generic("lessons", "Lesson", "lesson"),
  generic("mediastreams", "Mediastream", "mediastream"),
  generic("photoark", "Photoark", "photoark"),
  generic("photoark-education", "Photoark Education", "photoark_education"),
  generic("photocamp", "Photocamp", "photocamp"),
  generic("photos", "Photo", "photo"),
  generic("place", "Place", "place"),
  generic("richmedia", "Richmedia", "richmedia"),
  generic("skills", "Skill", "skill"),
  generic("standards", "Standard", "standard"),
  generic("subjects", "Subject", "subject"),
  generic("tease", "Tease", "tease"),
  generic("timeline", "Timeline", "timeline"),
  { name: "units", kind: "unit", label: "Unit", contentType: "unit" },
  { name: "videos", kind: "video", label: "Video", contentType: "Video" },
];

const BY_NAME = new Map(COLLECTIONS.map((c) => [c.name, c]));

export function findCollection(name: string): Collection | undefined {
  return BY_NAME.get(name);
}
