export function ReportsPage() { return <h1>Reports</h1>; }
