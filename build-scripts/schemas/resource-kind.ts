/** The shapes of a resource, one schema each: videos and units as the spec details them, every other collection "generic". */
export type ResourceKind = "video" | "unit" | "generic";
