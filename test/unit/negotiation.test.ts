/** Given a request's query and Accept header, content negotiation picks this format (or this error). */
import { describe, expect, it } from "vitest";
import { FORMAT_TABLE } from "../../build-scripts/core/format-table.ts";
import { parseAccept } from "../../build-scripts/core/negotiation/accept-header.ts";
import { negotiate } from "../../build-scripts/core/negotiation/negotiate.ts";

const choose = (query: string, accept: string | null = null) => {
  const result = negotiate(FORMAT_TABLE, new URLSearchParams(query), accept);
  return result.status === 200 ? result.format.name : result.status;
};

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

describe("negotiate", () => {
  it.each([
    ["no parameter, no header: the HTML view", "", null, "api"],
    ["*/*: the first format of the table", "", "*/*", "api"],
    ["an empty header counts as none", "", "  ", "api"],
    ["a browser's Accept: the HTML view", "", BROWSER, "api"],
    ["Accept: application/json", "", "application/json", "json"],
    ["Accept is case-insensitive", "", "Application/XML", "xml"],
    ["Accept: XLIFF", "", "application/x-xliff+xml", "xliff"],
    ["a more specific range beats */* at equal quality", "", "*/*, application/xml", "xml"],
    ["application/* picks the first application/ format", "", "application/*", "json"],
    ["quality decides", "", "application/json;q=0.5, application/xml", "xml"],
    ["q=0 refuses a type", "", "application/json;q=0, application/*;q=0.9", "xml"],
    ["media type parameters still match", "", "application/json; indent=4", "json"],
    ["malformed ranges are ignored", "", "garbage, /, application/json", "json"],
    ["nothing acceptable: 406", "", "text/plain", 406],
    ["only refusals: 406", "", "*/*;q=0", 406],
    ["format picks by name", "format=xml", null, "xml"],
    ["format wins over the accept parameter and the header", "format=json&accept=application%2Fxml", "application/xliff+xml", "json"],
    ["format=api is the HTML view", "format=api", "application/json", "api"],
    ["an unknown format: 404", "format=yaml", null, 404],
    ["format names are case-sensitive", "format=JSON", null, 404],
    ["an empty format is ignored", "format=", "application/json", "json"],
    ["accept replaces the header", "accept=application%2Fx-xliff%2Bxml", "application/json", "xliff"],
    ["accept may be unencoded", "accept=application/xml", null, "xml"],
    ["accept is read like a header", "accept=text%2Fplain%2C%20application%2Fjson%3Bq%3D0.4", null, "json"],
    ["an unsatisfiable accept: 406", "accept=text%2Fcsv", null, 406],
    ["a repeated format: its last value, as Django's QueryDict", "format=json&format=xml", null, "xml"],
    ["a repeated format whose last value is unknown: 404", "format=json&format=yaml", null, 404],
    ["a repeated accept: its last value", "accept=application%2Fjson&accept=application%2Fxml", null, "xml"],
  ])("%s", (_name, query, accept, expected) => {
    expect(choose(query, accept)).toBe(expected);
  });

  it("every format of the table can be chosen by name, by accept parameter and by header", () => {
    for (const f of FORMAT_TABLE) {
      expect(choose(`format=${f.name}`)).toBe(f.name);
      expect(choose(`accept=${encodeURIComponent(f.mediaType)}`)).toBe(f.name);
      expect(choose("", f.mediaType)).toBe(f.name);
    }
  });

  it("says how the format was chosen", () => {
    expect(negotiate(FORMAT_TABLE, new URLSearchParams("format=json"), null)).toMatchObject({ by: "format" });
    expect(negotiate(FORMAT_TABLE, new URLSearchParams("accept=application/json"), null)).toMatchObject({ by: "accept" });
    expect(negotiate(FORMAT_TABLE, new URLSearchParams(""), "application/json")).toMatchObject({ by: "header" });
    expect(negotiate(FORMAT_TABLE, new URLSearchParams(""), null)).toMatchObject({ by: "default" });
  });
});

describe("parseAccept", () => {
  it("reads quality and DRF's precedence of each range", () => {
    expect(parseAccept("*/*;q=0.1, text/*, application/json, application/json;indent=2;q=0.5")).toEqual([
      { type: "*", subtype: "*", q: 0.1, precedence: 0 },
      { type: "text", subtype: "*", q: 1, precedence: 1 },
      { type: "application", subtype: "json", q: 1, precedence: 2 },
      { type: "application", subtype: "json", q: 0.5, precedence: 3 },
    ]);
  });

  it("drops ranges with an invalid quality or shape", () => {
    expect(parseAccept("application/json;q=2, */json, text/html;q=abc, text")).toEqual([]);
  });
});
