#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, registered in this process: the workspace ships .ts sources, not a build.
import { register } from 'tsx/esm/api';

register();
const { main } = await import(new URL('../src/cli.ts', import.meta.url).href);
process.exitCode = await main(process.argv.slice(2));
