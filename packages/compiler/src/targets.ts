/**
 * The browsers a container must run in (2021 onwards); custom code is checked against the same
 * list it is bundled for. Safari starts at 14.1: before it WebKit mishandles destructuring,
 * which esbuild will not lower; Chrome 91 is the first whose optional chaining esbuild keeps.
 */
export const BROWSER_TARGETS = ['es2020', 'chrome91', 'edge91', 'firefox90', 'safari14.1'];
