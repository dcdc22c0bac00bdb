#!/usr/bin/env node
// unrar.js ARCHIVE TARGET_DIR PASSWORD: extracts every file of a RAR set (its first volume named)
// with RARLAB's unrar compiled to WebAssembly, the reference the RAR writer tests check against.
const { createExtractorFromFile } = require('node-unrar-js');
(async () => {
  const [archive, target, password] = process.argv.slice(2);
  const extractor = await createExtractorFromFile({ filepath: archive, targetPath: target, password });
  const { files } = extractor.extract();
  for (const f of files) console.log(f.fileHeader.name);
})().catch(e => { console.error('unrar: ' + (e && (e.reason || e.message) || e)); process.exit(1); });
