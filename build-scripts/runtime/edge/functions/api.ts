/**
 * The Netlify Edge Function `api`, declared in netlify.toml for /api and
 * /api/*. Netlify loads it with Deno: it imports only our pure modules, with
 * explicit .ts specifiers. `context.next(request)` continues to Netlify's
 * static files with the request rewritten to the chosen file.
 */
import { handleApiRequest } from "../handle-request.ts";

/** The part of Netlify's edge Context this function uses. */
interface NetlifyContext {
  next(request?: Request): Promise<Response>;
}

export default (request: Request, context: NetlifyContext): Promise<Response> =>
  handleApiRequest(request, (rewritten) => context.next(rewritten));
