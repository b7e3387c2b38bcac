import { createHash } from 'node:crypto';

// rules.bin (SPEC §9: artifact formats bin and json): the JSON artifact behind a 40-byte header,
// `<prefix>:<version>` in 8 bytes then a 32-character key, XORed byte by byte with the
// organisation id followed by that key, as the Target SDK's obfuscation provider reads it.

const HEADER_BYTES = 40;
/** The obfuscation version the SDK reads (1), in the header's 8 leading bytes. */
const PREFIX = 'TWAR:001';

export function obfuscate(json: string, organizationId: string): Buffer {
  // The key follows from the content: every server process writes the same bytes (and ETag).
  const key = createHash('sha256').update(json).digest('hex').slice(0, HEADER_BYTES - PREFIX.length);
  const body = Buffer.from(json, 'utf8');
  const secret = Buffer.from(organizationId + key, 'utf8');
  for (let i = 0; i < body.length; i++) body[i] = body[i]! ^ secret[i % secret.length]!;
  return Buffer.concat([Buffer.from(PREFIX + key, 'utf8'), body]);
}

/** The inverse, for tests and tools. */
export function deobfuscate(bin: Buffer, organizationId: string): string {
  const key = bin.subarray(PREFIX.length, HEADER_BYTES).toString('utf8');
  const secret = Buffer.from(organizationId + key, 'utf8');
  const body = Buffer.from(bin.subarray(HEADER_BYTES));
  for (let i = 0; i < body.length; i++) body[i] = body[i]! ^ secret[i % secret.length]!;
  return body.toString('utf8');
}
