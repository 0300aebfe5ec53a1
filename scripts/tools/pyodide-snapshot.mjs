// Pyodide as it stands once started, saved as a memory snapshot: the page's worker restores it
// (runner-worker.js) instead of starting Python, which is seconds of work (the interpreter's
// start and its first imports) on every first run. Written gzipped, as it travels: a static host
// need not compress it. Made in Node from the same files the site ships; run by
// vendor-runtime.sh. Usage: node pyodide-snapshot.mjs DIR (the folder of pyodide.mjs)
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const folder = resolve(process.argv[2]);
const { loadPyodide } = await import(pathToFileURL(join(folder, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: folder + "/", _makeSnapshot: true });
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(join(folder, "snapshot.bin.gz"), gzipSync(snapshot, { level: 9 }));
