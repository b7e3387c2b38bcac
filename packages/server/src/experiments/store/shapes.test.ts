// The store reads activities through small structural shapes; the property document's Activity
// must keep fitting them (a type error here, at `tsc`, means the two have drifted apart).
import type { Activity } from '@tagwell/schema';
import { describe, expect, it } from 'vitest';
import type { ActivityGoals, ActivityShape, ClickGoalShape } from './index';

const fits = (activity: Activity): [ActivityShape, ClickGoalShape, ActivityGoals] => [activity, activity, activity];

describe('the shapes the store reads', () => {
  it('are fitted by the schema Activity', () => {
    expect(typeof fits).toBe('function');
  });
});
