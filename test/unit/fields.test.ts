/** `fields`: given a resource and a fields value, these are the fields the user gets. */
import { describe, expect, it } from "vitest";
import { parseFields, selectFields } from "../../build-scripts/core/query/fields.ts";

const video = { url: "u", html_url: "h", uuid: "id", title: "t", length: "0:01:00", subjects: ["S"] };
const pick = (value: string | null) => selectFields(video, parseFields(value));

describe("fields", () => {
  it("keeps only the named fields, in the resource's own order, not the order asked", () => {
    expect(Object.keys(pick("title,uuid"))).toEqual(["uuid", "title"]);
    expect(pick("title,uuid")).toEqual({ uuid: "id", title: "t" });
  });

  it("ignores unknown names, as DRF does; only unknown names leave an empty object", () => {
    expect(pick("title,colour")).toEqual({ title: "t" });
    expect(pick("colour")).toEqual({});
  });

  it("gives every field when absent or empty", () => {
    expect(pick(null)).toEqual(video);
    expect(pick("")).toEqual(video);
    expect(pick(" , ")).toEqual(video);
  });

  it("allows spaces around names and the spec's {field1,field2} braces", () => {
    expect(pick(" title , length ")).toEqual({ title: "t", length: "0:01:00" });
    expect(pick("{title,length}")).toEqual({ title: "t", length: "0:01:00" });
  });

  it("matches names exactly (case matters, as field names are keys)", () => {
    expect(pick("Title")).toEqual({});
  });
});
