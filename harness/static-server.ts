/** Serves a built site with http-server (as `npx http-server` would, query strings ignored) on a free port. */
import type { AddressInfo, Server } from "node:net";
import { createServer } from "http-server";

export interface StaticServer {
  /** The site root, ending in "/". */
  readonly url: string;
  close(): Promise<void>;
}

/** `port`: 0 for any free one. */
export async function serveStatic(root: string, port = 0): Promise<StaticServer> {
  const wrapper = createServer({ root, cache: -1, showDir: false, logFn: () => {} }) as unknown as { server: Server };
  await new Promise<void>((resolve) => wrapper.server.listen(port, "127.0.0.1", resolve));
  const { port: listening } = wrapper.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${listening}/`,
    close: () =>
      new Promise<void>((resolve) => {
        (wrapper.server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
        wrapper.server.close(() => resolve());
      }),
  };
}
