import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// waitFor and findBy* wait for the page to settle, not for a speed: Testing Library's 1 s default
// failed correct tests on a loaded two-core machine. Each test keeps its own overall timeout.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
