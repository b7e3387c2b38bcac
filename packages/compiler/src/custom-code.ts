import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync, type Message } from 'esbuild';
import type { Property } from '@tagwell/schema';
import { CompileError } from './errors';
import { BROWSER_TARGETS } from './targets';

/** One custom-code snippet, found at `path` (the settings object's document path, e.g. `rules[3].actions[1].settings`). */
export interface CustomCode {
  path: string;
  body: string;
  /** The file the body was read from, as the document gives it. */
  file?: string;
}

type CodeSettings = { source?: string; file?: string };

/**
 * The function a snippet becomes. Emitted as code, not a string: the page never evals anything
 * (ARCHITECTURE: "compile custom code to functions").
 */
export const wrapCustomCode = (body: string): string => `function (event) {\n${body}\n}`;

/** Every custom-code setting in the document, with its document path. Disabled rules too: the document must be valid as a whole. */
function findCustomCode(property: Property): Array<{ path: string; settings: CodeSettings }> {
  const found: Array<{ path: string; settings: CodeSettings }> = [];
  property.dataElements.forEach((element, i) => {
    if (element.type === 'custom-code') found.push({ path: `dataElements[${i}].settings`, settings: element.settings });
  });
  property.rules.forEach((rule, i) => {
    for (const part of ['conditions', 'exceptions', 'actions'] as const) {
      rule[part].forEach((component, j) => {
        if (component.type === 'custom-code') found.push({ path: `rules[${i}].${part}[${j}].settings`, settings: component.settings });
      });
    }
  });
  return found;
}

/**
 * Reads (files relative to `propertyDir`) and syntax-checks every snippet on its own, so an error
 * names the document path rather than a line of the generated bundle. Throws one CompileError
 * listing every problem.
 */
export function loadCustomCode(property: Property, propertyDir: string): Map<string, CustomCode> {
  const code = new Map<string, CustomCode>();
  const errors: string[] = [];
  for (const { path: at, settings } of findCustomCode(property)) {
    if (settings.file !== undefined) {
      let body: string;
      try {
        body = readFileSync(path.resolve(propertyDir, settings.file), 'utf8');
      } catch (e) {
        errors.push(`${at}.file: cannot read ${settings.file} (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
        continue;
      }
      const problem = checkSyntax(body);
      if (problem) errors.push(`${at}.file: ${problem.text} (${settings.file} line ${problem.line})`);
      else code.set(at, { path: at, body, file: settings.file });
    } else {
      const body = settings.source ?? '';
      const problem = checkSyntax(body);
      if (problem) errors.push(`${at}.source: ${problem.text} (line ${problem.line})`);
      else code.set(at, { path: at, body });
    }
  }
  if (errors.length) throw new CompileError('custom code does not compile:', errors);
  return code;
}

/** The first syntax error of a snippet, with its line in the snippet (not in the wrapper). */
function checkSyntax(body: string): { text: string; line: number } | undefined {
  // First as a declaration: an unclosed block then ends at "end of file" rather than at the
  // wrapper's `)`. Then as the expression the entry holds, which also catches a body that closes
  // the function early. Both as ESM for the bundle's targets, as the bundler will parse it.
  for (const code of [`function f${wrapCustomCode(body).slice('function '.length)}`, `(${wrapCustomCode(body)});`]) {
    try {
      transformSync(code, { loader: 'js', format: 'esm', target: BROWSER_TARGETS, logLevel: 'silent' });
    } catch (e) {
      const message = (e as { errors?: Message[] }).errors?.[0];
      if (!message) throw e;
      const lines = body.split('\n').length;
      // The wrapper adds one line before the body; an error in its closing line belongs to the body's end.
      const line = Math.min(Math.max((message.location?.line ?? 2) - 1, 1), lines);
      return { text: message.text, line };
    }
  }
  return undefined;
}

/**
 * The document with every custom-code `file` read and stored inline as `source`: a self-contained
 * snapshot, as the server keeps its versions (a rollback then runs exactly the code it ran).
 * Throws a CompileError naming each file that cannot be read.
 */
export function inlineCustomCode<T extends Property>(property: T, propertyDir: string): T {
  const copy = structuredClone(property);
  const errors: string[] = [];
  for (const { path: at, settings } of findCustomCode(copy)) {
    if (settings.file === undefined) continue;
    try {
      settings.source = readFileSync(path.resolve(propertyDir, settings.file), 'utf8');
      delete settings.file;
    } catch (e) {
      errors.push(`${at}.file: cannot read ${settings.file} (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
    }
  }
  if (errors.length) throw new CompileError('custom code cannot be read:', errors);
  return copy;
}

/** Document paths of custom code kept in files: a document that arrives over the network may not name files on the server. */
export function customCodeFiles(property: Property): string[] {
  return findCustomCode(property)
    .filter(({ settings }) => settings.file !== undefined)
    .map(({ path: at }) => `${at}.file`);
}
