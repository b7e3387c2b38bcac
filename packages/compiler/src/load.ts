import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseProperty, type Property } from '@tagwell/schema';
import { CompileError } from './errors';

export interface LoadedProperty {
  property: Property;
  /** The JSON file read. */
  file: string;
  /** Its folder: custom-code files are relative to it. */
  dir: string;
}

/** A property folder (holding property.json) or a JSON file. */
export function resolvePropertyFile(target: string): string {
  try {
    return statSync(target).isDirectory() ? path.join(target, 'property.json') : target;
  } catch {
    return target;
  }
}

/** Reads and validates a property document; every problem is reported at once as `path: message`. */
export function loadProperty(target: string): LoadedProperty {
  const file = resolvePropertyFile(target);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new CompileError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new CompileError(`${file}: not valid JSON (${(e as Error).message})`);
  }
  const result = parseProperty(json);
  if (!result.ok) throw new CompileError(`${file} is invalid:`, result.errors);
  return { property: result.property, file, dir: path.dirname(path.resolve(file)) };
}
