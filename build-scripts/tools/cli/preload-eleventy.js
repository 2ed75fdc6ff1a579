/**
 * Preloaded by `npm run build` and `npm run mirror` (`node --import`), before
 * tsx: Eleventy's ~300 modules then load without a round trip each to tsx's
 * loader thread. Eleventy 3 also registers a module resolver of its own as it
 * loads, which re-imports changed code in Eleventy's watch mode; on Node 20
 * (`module.register`) it runs on a loader thread of its own. These one-shot
 * builds never re-import code, and that thread costs start-up time
 * (docs/performance.md), so Eleventy's own setting turns it off. Plain
 * JavaScript: tsx is not registered yet.
 */
process.env.ELEVENTY_SKIP_ESM_RESOLVER ??= "1";
await import("@11ty/eleventy");
