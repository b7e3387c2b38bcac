import { expect } from 'vitest';

/** Agreement with a reference to a relative tolerance (absolute near zero), with the label in the message. */
export function expectClose(actual: number | null | undefined, expected: number, label: string, relative = 1e-9): void {
  expect(actual, label).not.toBeNull();
  const tolerance = Math.max(Math.abs(expected) * relative, 1e-15);
  expect(Math.abs((actual as number) - expected), `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}
