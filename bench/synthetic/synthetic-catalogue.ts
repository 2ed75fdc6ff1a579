/**
 * A synthetic catalogue for the benchmark: lessons, units (which reference
 * lessons) and videos in the content format of content/<collection>/*.json,
 * valid against build-scripts/schemas/. Deterministic per seed. Yields records
 * one by one; the caller writes them.
 */
import { recordKeys, type JsonObject } from "../../build-scripts/core/catalogue/resource.ts";
import { slugify, timestamp } from "../../build-scripts/core/catalogue/new-record.ts";
import type { ResourceKind } from "../../build-scripts/core/catalogue/collections.ts";
import { description, note, overview, shortSentence, title } from "./prose.ts";
import VALUES from "./record-values.json" with { type: "json" };
import { withOtherScript } from "./other-scripts.ts";
import { Random } from "./random.ts";

export interface SyntheticOptions {
  readonly videos: number;
  readonly units: number;
  /** Lessons the units draw from (each unit lists 2–6). */
  readonly lessons: number;
  readonly seed: number;
  /** The share of records, 0–1, given a title and a paragraph in Japanese, Chinese or Thai (other-scripts.ts); 0 by default. */
  readonly otherScripts?: number;
}

export interface SyntheticRecord {
  readonly collection: "lessons" | "units" | "videos";
  /** File name without the extension, unique in its collection. */
  readonly name: string;
  readonly record: JsonObject;
}

/** The sizes the benchmark uses for `resources` in total: 85 % videos, 10 % units, 5 % lessons. */
export function sizeMix(resources: number, seed: number, otherScripts = 0): SyntheticOptions {
  const units = Math.round(resources * 0.1);
  const lessons = Math.max(units > 0 ? 1 : 0, Math.round(resources * 0.05));
  return { videos: resources - units - lessons, units, lessons, seed, otherScripts };
}

/** The subjects, credit roles, people's names and affiliations records draw from. */
const HTML_SHARE = { videos: 0.35, lessons: 0.8, units: 1 } as const;
const DAY_MS = 86_400_000;
/** Seeds the generator of other scripts' text apart from the main one. */
const OTHER_SCRIPTS_SALT = 0x5c1e7;
const START_MS = Date.UTC(2010, 0, 1);

const gradeLabel = (grade: number) =>
  grade === 0
    ? "Kindergarten"
    : grade === 13
      ? "Higher Education"
      : `${grade}${grade === 1 ? "st" : grade === 2 ? "nd" : grade === 3 ? "rd" : "th"} Grade`;

function audience(random: Random): { appropriate_for: string[]; grades: string[] } {
  const from = random.int(0, 12);
  const to = Math.min(13, from + random.int(0, 6));
  const grades = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return { appropriate_for: ["Educator", ...grades.map(gradeLabel)], grades: grades.map(String) };
}

function credits(random: Random): JsonObject {
  const out: JsonObject = {};
  for (const role of random.sample(VALUES.roles, random.int(1, 4))) {
    out[role] = Array.from({ length: random.int(1, 2) }, () => {
      const name = `${random.pick(VALUES.firstNames)} ${random.pick(VALUES.lastNames)}`;
      return role.endsWith("Reviewer") ? `${name}, ${random.pick(VALUES.affiliations)}` : name;
    });
  }
  return out;
}

/** Created and modified dates between 2010 and 2020, modified not before created. */
function dates(random: Random, kind: ResourceKind): { create_date: string; modified_date: string } {
  const created = START_MS + random.int(0, 3650) * DAY_MS + random.int(0, DAY_MS / 1000 - 1) * 1000;
  const modified = created + random.int(0, 1500) * DAY_MS + random.int(0, DAY_MS / 1000 - 1) * 1000;
  // In the kind's precision, as `npm run new` writes them: units' microseconds are drawn.
  const format = (ms: number) => timestamp(kind, ms * 1000 + (kind === "unit" ? random.int(0, 999_999) : 0));
  return { create_date: format(created), modified_date: format(modified) };
}

function common(random: Random, position: number, htmlPrefix: string) {
  const recordTitle = title(random);
  const name = `${slugify(recordTitle)}-${position}`;
  return {
    name,
    title: recordTitle,
    head: {
      position,
      uuid: random.uuid(),
      html_path: `${htmlPrefix}/${name}/`,
    },
  };
}

/** The fields every kind of record has; `ordered` puts them in place. */
function sharedFields(random: Random, kind: ResourceKind): JsonObject {
  return {
    credits: credits(random),
    ...audience(random),
    geologic_time: null,
    subjects: random.sample(VALUES.subjects, random.int(1, 3)),
    eras: [],
    ...dates(random, kind),
    versions: {},
  };
}

function lesson(random: Random, position: number): SyntheticRecord {
  const { name, title: recordTitle, head } = common(random, position, "education/lesson");
  const record: JsonObject = {
    ...head,
    title: recordTitle,
    description: description(random, HTML_SHARE.lessons),
    ...sharedFields(random, "generic"),
  };
  return { collection: "lessons", name, record: ordered(record, recordKeys("generic")) };
}

function unit(random: Random, position: number, lessonUuids: readonly string[]): SyntheticRecord {
  const { name, title: recordTitle, head } = common(random, position, "education/unit");
  const record: JsonObject = {
    ...head,
    title: recordTitle,
    subtitle: random.chance(0.5) ? "" : shortSentence(random),
    description: description(random, HTML_SHARE.units),
    key_image: `https://media.example.org/images/${name}.jpg`,
    overview: overview(random),
    ...sharedFields(random, "unit"),
    lessons: random.sample(lessonUuids, Math.min(lessonUuids.length, random.int(2, 6))),
  };
  if (random.chance(0.3)) (record.credits as JsonObject).Other = note(random);
  return { collection: "units", name, record: ordered(record, recordKeys("unit")) };
}

function video(random: Random, position: number): SyntheticRecord {
  const { name, title: recordTitle, head } = common(random, position, "media");
  const videoId = String(10_000 + position);
  const minutes = random.chance(0.03) ? random.int(60, 95) : random.int(1, 25);
  const record: JsonObject = {
    ...head,
    video_id: videoId,
    formats: {},
    title: recordTitle,
    length: `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}:${String(random.int(0, 59)).padStart(2, "0")}`,
    description: description(random, HTML_SHARE.videos),
    content: random.chance(0.05) ? "" : `https://player.example.com/embed/${videoId}`,
    relevant_start: null,
    relevant_end: null,
    ...sharedFields(random, "video"),
  };
  return { collection: "videos", name, record: ordered(record, recordKeys("video")) };
}

// Source records keep the key order of the sample records in content/.

const ordered = (record: JsonObject, order: readonly string[]): JsonObject => Object.fromEntries(order.map((key) => [key, record[key]]));

/**
 * Every record: lessons first (units reference them), then units, then videos.
 * Which records get text in other scripts, and that text, come from a second
 * generator, so every record is otherwise the same whatever the share.
 */
export function* syntheticCatalogue(options: SyntheticOptions): Generator<SyntheticRecord> {
  const random = new Random(options.seed);
  const otherRandom = new Random(options.seed ^ OTHER_SCRIPTS_SALT);
  const share = options.otherScripts ?? 0;
  const finish = (made: SyntheticRecord): SyntheticRecord =>
    otherRandom.chance(share) ? { ...made, record: withOtherScript(otherRandom, made.record) } : made;
  const lessonUuids: string[] = [];
  for (let i = 1; i <= options.lessons; i++) {
    const made = lesson(random, i);
    lessonUuids.push(made.record.uuid as string);
    yield finish(made);
  }
  for (let i = 1; i <= options.units; i++) yield finish(unit(random, i, lessonUuids));
  for (let i = 1; i <= options.videos; i++) yield finish(video(random, i));
}
