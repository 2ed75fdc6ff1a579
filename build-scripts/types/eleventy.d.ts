// Eleventy ships JavaScript without type declarations; this is the part the build uses.
declare module "@11ty/eleventy" {
  /** The configuration API handed to a config file's function and to plugins. */
  export interface UserConfig {
    addExtension(extensions: string[], options: { key: string }): void;
    addTemplateFormats(format: string): void;
    addGlobalData(name: string, value: unknown): void;
    on(event: string, handler: (arg: { directories: { output: string } }) => Promise<void> | void): void;
  }

  export default class Eleventy {
    constructor(
      input?: string,
      output?: string,
      options?: { configPath?: string; quietMode?: boolean; runMode?: string; config?: (config: UserConfig) => void | Promise<void> },
    );
    /** The passthrough copies made, and the pages written. */
    write(): Promise<[unknown, { outputPath: string; content?: unknown }[]]>;
    /** Where Eleventy prints; `overrideLogger` replaces the console it prints to. */
    readonly logger: { overrideLogger(logger: Pick<Console, "log" | "warn" | "error">): void };
  }
}
