/**
 * The A/B test editor's routes, placed in ActivitiesRoutes (index.tsx): inside the property layout,
 * which loads the property the test is saved into (the rule and data element editors' context).
 */
import { Route } from 'react-router';
import { RequireSession } from '../auth';
import { PropertyLayout } from '../properties/property-layout';
import { ActivityEditorPage } from './activity-editor';

export const activityEditorRoutes = (
  <Route path="property/:name" element={<PropertyLayout />}>
    <Route path="new" element={<RequireSession permission="edit"><ActivityEditorPage /></RequireSession>} />
    <Route path=":activity/edit" element={<RequireSession permission="edit"><ActivityEditorPage /></RequireSession>} />
  </Route>
);
