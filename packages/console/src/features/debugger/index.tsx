export { DebuggerPage } from './debugger-page';
