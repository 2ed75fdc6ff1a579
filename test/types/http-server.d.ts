/** The part of http-server's library the tests use (it ships no types). */
declare module "http-server" {
  export function createServer(options: { root: string; cache?: number; showDir?: boolean; logFn?: () => void }): unknown;
}
