/**
 * The browsers a container must run in; custom code is checked against the same list it is
 * bundled for. Safari starts at 14.1: before it WebKit mishandles destructuring, which esbuild
 * will not lower.
 */
export const BROWSER_TARGETS = ['es2020', 'chrome80', 'firefox78', 'safari14.1'];
