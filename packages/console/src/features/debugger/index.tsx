export function DebuggerPage() { return <h1>Debugger</h1>; }
