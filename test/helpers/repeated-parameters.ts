/**
 * Requests that give `format`, `accept`, `search` or `fields` twice, each
 * beside the same request with the last value alone: Django's QueryDict reads
 * a repeated parameter by its last value, so both must get the same answer,
 * from every layer that reads a request (Netlify's rules, the edge, the local
 * server). Sent to every kind of path.
 */

/** One path of each kind: the root, a list, a resource, an unknown resource, a path naming nothing, a translated tree's list and resource. */
export interface PathKinds {
  readonly root: string;
  readonly list: string;
  readonly resource: string;
  readonly unknownResource: string;
  readonly unknownPath: string;
  readonly translatedList: string;
  readonly translatedResource: string;
}

export interface RepeatedParameter {
  /** The request with a parameter given twice. */
  readonly target: string;
  /** The same request with that parameter's last value alone. */
  readonly lastOnly: string;
}

/** `word`: a search that finds records in the lists (the first value, found nowhere, would answer an empty list). */
export function repeatedParameters(paths: PathKinds, word: string): RepeatedParameter[] {
  const json = "application%2Fjson";
  const pairs: [query: string, lastOnly: string][] = [
    ["format=xml&format=json", "format=json"],
    // An unknown first value does not count either.
    ["format=csv&format=xml", "format=xml"],
    ["format=json&format=api", "format=api"],
    ["format=xliff&format=json&accept=application%2Fx-xliff%2Bxml", "format=json&accept=application%2Fx-xliff%2Bxml"],
    [`accept=application%2Fxml&accept=${json}`, `accept=${json}`],
    [`search=zzqxv&search=${word}&format=json`, `search=${word}&format=json`],
    ["fields=title&fields=uuid&format=json", "fields=uuid&format=json"],
  ];
  return Object.values(paths).flatMap((path) =>
    pairs.map(([query, lastOnly]) => ({ target: `${path}?${query}`, lastOnly: `${path}?${lastOnly}` })),
  );
}
