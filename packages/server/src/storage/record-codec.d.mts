import type { ZlibOptions } from 'node:zlib';

/** A hit record's bytes from its text: the format byte, then the text DEFLATEd with `zlib`. */
export function recordBytes(text: string, format: number, zlib: ZlibOptions): Buffer;
