/**
 * Where `npm run cms`'s local backend listens, which the admin page works out
 * from its own address: the site's port + 1 on the same host (127.0.0.1),
 * at the path Decap's proxy protocol uses.
 */
export const LOCAL_BACKEND_PATH = "/api/v1";
export const localBackendPort = (sitePort: number) => sitePort + 1;
