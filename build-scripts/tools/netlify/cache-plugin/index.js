/**
 * Netlify build plugin: carries `npm run mirror`'s cache (`<publish>.cache/`:
 * its state, rendered chunks and archives, a handful of large files;
 * pipeline/build-state.ts) from one build to the next. Moved in before the
 * build and out after a successful one, never copied: the archives are links
 * of the published ones. The publish folder itself is never kept.
 */

/** The cache beside the publish folder, as the build names it (pipeline/build-state.ts's cacheDir). */
const cacheOf = (constants) => `${constants.PUBLISH_DIR}.cache`;

export const onPreBuild = async ({ constants, utils }) => {
  const cache = cacheOf(constants);
  const restored = await utils.cache.restore(cache, { move: true });
  console.log(restored ? `Restored ${cache}/ from Netlify's cache.` : `Netlify's cache holds no ${cache}/: the build is whole.`);
};

export const onPostBuild = async ({ constants, utils }) => {
  const cache = cacheOf(constants);
  const saved = await utils.cache.save(cache, { move: true });
  console.log(saved ? `Saved ${cache}/ in Netlify's cache.` : `No ${cache}/ to keep: the next build is whole.`);
};
