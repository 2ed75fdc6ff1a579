/**
 * admin/index.html: Decap CMS, for editors (docs/editors.md). Scripts only as
 * files: ours (cms.js) stops Decap's automatic start, then starts it with the
 * configuration generated from the schemas (config.json).
 */
import { ADMIN_FOLDER } from "../../build-scripts/core/cms/cms-config.ts";

export const data = { permalink: `${ADMIN_FOLDER}/index.html`, eleventyExcludeFromCollections: true };

export function render(): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Catalogue editor</title>
<link rel="stylesheet" href="admin.css">
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
</head>
<body>
<p id="cms-status" role="alert" hidden></p>
<script src="cms.js"></script>
<script src="decap/decap-cms.js"></script>
</body>
</html>
`;
}
