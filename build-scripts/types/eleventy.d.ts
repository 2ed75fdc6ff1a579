// Eleventy ships JavaScript without type declarations; this is the part the build command uses.
declare module "@11ty/eleventy" {
  export default class Eleventy {
    constructor(input?: string, output?: string, options?: { configPath?: string; quietMode?: boolean; runMode?: string });
    write(): Promise<unknown>;
    watch(): Promise<void>;
  }
}
