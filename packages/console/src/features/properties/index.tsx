export function PropertiesRoutes() { return <h1>Properties</h1>; }
