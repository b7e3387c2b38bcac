import { Navigate, Route, Routes } from 'react-router';
import { RequireSession, SessionProvider, SignInPage } from '../features/auth';
import { ActivitiesRoutes } from '../features/activities';
import { AuditPage } from '../features/audit';
import { DebuggerPage } from '../features/debugger';
import { PropertiesRoutes } from '../features/properties';
import { ReportsPage } from '../features/reports';
import { UsersPage } from '../features/users';
import { Layout } from './layout';
import { RouteFocus } from './route-focus';

/** One route per feature folder (ARCHITECTURE "Console shape"); each feature owns its sub-routes. */
export function App() {
  return (
    <SessionProvider>
      <RouteFocus />
      <Routes>
        <Route path="/sign-in" element={<SignInPage />} />
        <Route element={<Layout />}>
          <Route index element={<Navigate to="/properties" replace />} />
          <Route path="/properties/*" element={<RequireSession><PropertiesRoutes /></RequireSession>} />
          <Route path="/debugger" element={<RequireSession><DebuggerPage /></RequireSession>} />
          <Route path="/reports" element={<RequireSession><ReportsPage /></RequireSession>} />
          <Route path="/activities/*" element={<RequireSession><ActivitiesRoutes /></RequireSession>} />
          <Route path="/audit" element={<RequireSession><AuditPage /></RequireSession>} />
          <Route path="/users" element={<RequireSession permission="manage-users"><UsersPage /></RequireSession>} />
          <Route path="*" element={<p role="alert">There is no such page in the console.</p>} />
        </Route>
      </Routes>
    </SessionProvider>
  );
}
