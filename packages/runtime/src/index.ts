// The runtime's public surface. Component modules are imported one by one by the compiler's
// generated entry (packages/runtime/src/<kind>/<type>.ts), so a container ships only what it uses.
export { boot, type Satellite } from './core/boot';
export type * from './core/types';
export { guardHit, guardValue } from './privacy';
export { encode } from './analytics';
