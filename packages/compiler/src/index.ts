export { generateEntry, type GenerateOptions, type GeneratedEntry } from './generate';
export { BODY_CHUNK } from './emit';
export { CLICK_LIST_FROM } from './features';
export {
  COMPILE_HINT,
  buildContainer,
  buildEnvironments,
  compileContainer,
  type BuildOptions,
  type BuildSummary,
  type CompileOptions,
  type CompiledContainer,
} from './build';
export { buildAll, buildAllProperties, findProperties, type BuildAllResult } from './build-all';
export { loadProperty, resolvePropertyFile, type LoadedProperty } from './load';
export { customCodeFiles, inlineCustomCode, loadCustomCode, type CustomCode } from './custom-code';
export { findRuntime, readRuntime, type RuntimePackage } from './runtime-package';
export { CompileError } from './errors';
export type { SizeReport } from './sizes';
