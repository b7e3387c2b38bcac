// A hit record's bytes from its text: the format byte, then the text DEFLATEd with the format's
// options (storage/hit-record.ts, RECORD_CODEC). Plain JavaScript, so that SQLite's writer thread
// (engines/sqlite-worker.mjs, which Node runs as it is) and the event loop make them with the same code.
import { deflateRawSync } from 'node:zlib';

/** @param {string} text @param {number} format @param {import('node:zlib').ZlibOptions} zlib */
export function recordBytes(text, format, zlib) {
  const body = deflateRawSync(Buffer.from(text, 'utf8'), zlib);
  const out = Buffer.allocUnsafe(body.length + 1);
  out[0] = format;
  body.copy(out, 1);
  return out;
}
