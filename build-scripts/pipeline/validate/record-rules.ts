/**
 * Rules a JSON Schema cannot say: dates that exist on the calendar, modified
 * not before created, fields still to fill in, versions of this resource's
 * collection, UUIDs unique, units' lessons that resolve. Positions may be
 * shared: the list orders ties by file name (core/catalogue/catalogue.ts).
 */
import type { CatalogueEntry } from "../../core/catalogue/catalogue.ts";
import type { Collection, ResourceKind } from "../../core/catalogue/collections.ts";
import { isJsonObject } from "../../core/catalogue/resource.ts";
import { unfilledProblems } from "./fill-in.ts";
import { describeValue, jsonPointer, problem, warning, type Problem } from "./problems.ts";

const DATE_FIELDS = ["create_date", "modified_date"] as const;

/** Checks on one record (run only on objects; the schema reports other shapes). */
export function recordProblems(kind: ResourceKind, file: string, value: unknown): Problem[] {
  if (!isJsonObject(value)) return [];
  const record = value;
  const problems: Problem[] = unfilledProblems(kind, file, record);
  const times: Partial<Record<(typeof DATE_FIELDS)[number], number>> = {};
  for (const field of DATE_FIELDS) {
    const date = record[field];
    if (typeof date !== "string") continue;
    const time = calendarTime(date);
    if (time === undefined) {
      if (/^\d{4}-\d{2}-\d{2}T/.test(date)) {
        problems.push(problem(file, `/${field}`, "a date that exists on the calendar", describeValue(date)));
      }
    } else {
      times[field] = time;
    }
  }
  if (times.create_date !== undefined && times.modified_date !== undefined && times.modified_date < times.create_date) {
    const expected = `a date not before create_date (${record.create_date})`;
    problems.push(problem(file, "/modified_date", expected, describeValue(record.modified_date)));
  }
  return problems;
}

/** The collection a version address names, {base_url}/<lang>/api/<collection>/<uuid> (its shape is the schema's). */
const VERSION_COLLECTION = /\/api\/([a-z-]+)\/[^/]+$/;

/** A record's own versions address the resource in its own collection, as the API serves them. */
export function versionProblems(collection: Collection, file: string, value: unknown): Problem[] {
  const versions = isJsonObject(value) ? value.versions : undefined;
  if (!isJsonObject(versions)) return [];
  return Object.entries(versions).flatMap(([language, address]) => {
    const named = typeof address === "string" ? VERSION_COLLECTION.exec(address)?.[1] : undefined;
    if (named === undefined || named === collection.name) return [];
    const expected = `the address of this resource in ${language}, {base_url}/${language}/api/${collection.name}/<uuid>`;
    return [problem(file, jsonPointer(["versions", language]), expected, `${describeValue(address)}, an address in ${named}`)];
  });
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number that the digits text[at…at + length) spell. */
function digits(text: string, at: number, length: number): number {
  let value = 0;
  for (let i = at; i < at + length; i++) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
}

/**
 * Milliseconds since the epoch if every part of the date is in range, else
 * undefined. Read digit by digit rather than by a regular expression's groups
 * (four times faster; two dates per record).
 */
function calendarTime(date: string): number | undefined {
  if (!ISO_DATE_TIME.test(date)) return undefined;
  const year = digits(date, 0, 4),
    month = digits(date, 5, 2),
    day = digits(date, 8, 2);
  const hour = digits(date, 11, 2),
    minute = digits(date, 14, 2),
    second = digits(date, 17, 2);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysInMonth = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour < 24 && minute < 60 && second < 60)) return undefined;
  const fraction = date.length > 20 ? Number(date.slice(19, -1)) : 0; // ".5" of "…:00.5Z"
  // setUTCFullYear, unlike Date.UTC, takes years 0–99 as they are (not as 1900–1999).
  return new Date(0).setUTCFullYear(year, month - 1, day) + ((hour * 60 + minute) * 60 + second + fraction) * 1000;
}

/** Checks across records: duplicates and references. */
export function crossRecordProblems(entries: readonly CatalogueEntry[]): Problem[] {
  const problems: Problem[] = [];
  const byUuid = new Map<string, CatalogueEntry>();
  // Entries may have errors of their own: only values of the right type take part. The first entry to hold a UUID keeps it.
  for (const entry of entries) {
    const { uuid } = entry.record as Record<string, unknown>;
    if (typeof uuid !== "string") continue;
    const first = byUuid.get(uuid);
    if (first) problems.push(problem(entry.file, "/uuid", "a UUID no other record uses", `"${uuid}", already used by ${first.file}`));
    else byUuid.set(uuid, entry);
  }
  for (const entry of entries) {
    const lessons = entry.record.lessons;
    if (entry.collection.kind !== "unit" || !Array.isArray(lessons)) continue;
    lessons.forEach((uuid, i) => {
      if (typeof uuid !== "string") return;
      const target = byUuid.get(uuid);
      if (!target) {
        const expected = "the UUID of a record in content/lessons/ (its link would lead nowhere)";
        problems.push(warning("missing-lesson", entry.file, `/lessons/${i}`, expected, `"${uuid}", which no lesson record has`));
      } else if (target.collection.name !== "lessons") {
        const found = `"${uuid}", the UUID of ${target.file} in ${target.collection.name}`;
        problems.push(problem(entry.file, `/lessons/${i}`, "the UUID of a lesson", found));
      }
    });
  }
  return problems;
}
