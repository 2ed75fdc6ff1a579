/**
 * Fields an editor fills in by hand (FILL_IN, schemas.ts). `npm run new` leaves
 * them empty; until they are filled in, validation warns (naming each one)
 * instead of failing, so a fresh record builds and previews while it is being written.
 */
import type { ResourceKind } from "../../core/catalogue/collections.ts";
import { FILL_IN, propertySchema, type SchemaName } from "../../schemas/schemas.ts";
import { warning, type Problem } from "./problems.ts";

/** An empty string in a field the editor has yet to fill in. */
export const isUnfilled = (kind: SchemaName, field: string, value: unknown) => value === "" && FILL_IN[kind].includes(field);

export function unfilledProblems(kind: ResourceKind, file: string, record: Record<string, unknown>): Problem[] {
  return FILL_IN[kind]
    .filter((field) => isUnfilled(kind, field, record[field]))
    .map((field) =>
      warning(
        "unfilled-field",
        file,
        `/${field}`,
        `${propertySchema(kind, field)?.description ?? "a value"}; the field is still empty: fill it in`,
        'an empty string ""',
      ),
    );
}
