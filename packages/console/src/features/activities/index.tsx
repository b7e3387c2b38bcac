import { Route, Routes } from 'react-router';
import { ActivitiesPage } from './activities-page';
import { activityEditorRoutes } from './activity-editor-routes';
import { ResultsPage } from './results-page';

/** Mounted at `/activities/*` (app/app.tsx). */
export function ActivitiesRoutes() {
  return (
    <Routes>
      <Route index element={<ActivitiesPage />} />
      <Route path=":id" element={<ResultsPage />} />
      {activityEditorRoutes}
    </Routes>
  );
}
