// Eleventy's dev server ships JavaScript without type declarations; this is the part `npm run dev` uses.
declare module "@11ty/eleventy-dev-server" {
  interface DevServerOptions {
    port?: number;
    liveReload?: boolean;
    domDiff?: boolean;
    portReassignmentRetryCount?: number;
    /** URL patterns answered by these functions; undefined passes the request on. */
    onRequest?: Record<string, (request: { url: URL }) => Promise<Response | string | undefined>>;
    logger?: { info(message: string): void; log(message: string): void; error(message: string): void };
  }
  export default class EleventyDevServer {
    static getServer(name: string, dir: string, options?: DevServerOptions): EleventyDevServer;
    serve(port: number): Promise<void>;
    getServerUrl(host: string): string;
    reload(event?: object): void;
    close(): Promise<void>;
  }
}
