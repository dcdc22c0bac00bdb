// Drives NZBMount's SABnzbd API with the npm library sabnzbd-api (found through NODE_PATH) and
// prints what the library made of the answers as one JSON object on standard output.
// Usage: node drive-sabnzbd-api.js BASE_URL API_KEY NZB_FILE TITLE CATEGORY
const fs = require("fs");
const path = require("path");
const FormData = require("form-data");
const sabnzbd = require("sabnzbd-api");

async function main() {
  const [base, apiKey, nzbFile, title, category] = process.argv.slice(2);
  const client = new sabnzbd.Client(base, apiKey);
  const out = {};
  out.version = await client.version();
  const form = new FormData();
  // NZBMount reads a form's key only from the fields before its first file (so a caller without a
  // key costs it a few KiB, not the upload); the library appends its own after the caller's fields.
  form.append("apikey", apiKey);
  form.append("name", fs.readFileSync(nzbFile), { filename: title + ".nzb", contentType: "application/x-nzb" });
  out.added = await client.addFile(form, undefined, undefined, category);
  out.queue = await client.queue();
  out.history = await client.history(undefined, undefined, category);
  // The library hands back the answer's "history" field, which a refusal does not have.
  const refused = await new sabnzbd.Client(base, "not-the-key").history();
  out.wrongKeyHistory = refused === undefined ? null : refused;
  process.stdout.write(JSON.stringify(out));
}

main().catch(e => {
  process.stderr.write(String(e && e.stack || e));
  process.exit(1);
});
