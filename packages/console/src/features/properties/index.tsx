import { Route, Routes } from 'react-router';
import { RequireSession } from '../auth';
import { DataElementPage } from './data-element-page';
import { DataElementsPage } from './data-elements-page';
import { DataElementEditorPage } from './editor/data-element-editor';
import { RuleEditorPage } from './editor/rule-editor';
import { OverviewPage } from './overview-page';
import { PropertyLayout } from './property-layout';
import { PropertyListPage } from './property-list-page';
import { RulePage } from './rule-page';
import { RulesPage } from './rules-page';
import { SdrPage } from './sdr-page';
import { VersionsPage } from './versions-page';

/** Mounted at `/properties/*` (app/app.tsx); the paths are in paths.ts. */
export function PropertiesRoutes() {
  return (
    <Routes>
      <Route index element={<PropertyListPage />} />
      <Route path=":name" element={<PropertyLayout />}>
        <Route index element={<OverviewPage />} />
        <Route path="rules" element={<RulesPage />} />
        <Route path="rules/new" element={<RequireSession permission="edit"><RuleEditorPage /></RequireSession>} />
        <Route path="rules/:rule" element={<RulePage />} />
        <Route path="rules/:rule/edit" element={<RequireSession permission="edit"><RuleEditorPage /></RequireSession>} />
        <Route path="data-elements" element={<DataElementsPage />} />
        <Route path="data-elements/new" element={<RequireSession permission="edit"><DataElementEditorPage /></RequireSession>} />
        <Route path="data-elements/:element" element={<DataElementPage />} />
        <Route path="data-elements/:element/edit" element={<RequireSession permission="edit"><DataElementEditorPage /></RequireSession>} />
        <Route path="sdr" element={<SdrPage />} />
        <Route path="versions" element={<VersionsPage />} />
        <Route path="*" element={<p role="alert">This property has no such page.</p>} />
      </Route>
    </Routes>
  );
}
