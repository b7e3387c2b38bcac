// Starts NHS.UK frontend's components (header menu, buttons, radios, skip link).
import { initAll } from './nhsuk-frontend.min.js';

initAll();
