import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';

export interface SizeReport {
  /** Bytes of the bundle before minification. */
  raw: number;
  /** Bytes of the shipped file. */
  min: number;
  /** The shipped file gzipped at level 9: the number the size budget is about. */
  gzip: number;
  brotli: number;
  /** Minified bytes each input contributes, by path relative to the workspace root. */
  modules: Record<string, number>;
}

export function gzipSize(data: Uint8Array): number {
  return gzipSync(data, { level: 9 }).length;
}

export function brotliSize(data: Uint8Array): number {
  return brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  }).length;
}

export function sizeReport(raw: Uint8Array, min: Uint8Array, metafile: Metafile): SizeReport {
  const modules: Record<string, number> = {};
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) modules[input] = (modules[input] ?? 0) + bytesInOutput;
  }
  const sorted = Object.fromEntries(Object.entries(modules).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { raw: raw.length, min: min.length, gzip: gzipSize(min), brotli: brotliSize(min), modules: sorted };
}
