/**
 * What the results computation reads and returns (issue 14 item 3). The input is counts only, so
 * it can be fed from the experiment aggregates (experiments/counts-store.ts) or from any test.
 */
import { z } from 'zod';

const count = z.number().int('must be a whole number').nonnegative('must not be negative');

export const goalCountsSchema = z.object({
  /** Visitors of this experience who converted on the goal at least once. */
  conversions: count,
  /** For a goal that counts events (clicks, completions): all of them, for events per visitor. */
  total: count.optional(),
});

export const experienceCountsSchema = z.object({
  id: z.string().min(1, 'is required'),
  name: z.string().optional(),
  /** Visitors exposed to (shown) the experience: each visitor counted once. */
  visitors: count,
  /** Per goal id. A goal missing here has no conversions. */
  goals: z.record(z.string(), goalCountsSchema),
});

export const goalSchema = z.object({
  id: z.string().min(1, 'is required'),
  name: z.string().optional(),
});

export const activityCountsSchema = z
  .object({
    activity: z.string().min(1, 'is required'),
    /** The id of the control experience, against which every other experience is compared. */
    control: z.string().min(1, 'is required'),
    goals: z.array(goalSchema).min(1, 'at least one goal is required'),
    experiences: z.array(experienceCountsSchema).min(2, 'at least two experiences are required'),
  })
  .superRefine((a, ctx) => {
    const ids = a.experiences.map((e) => e.id);
    if (!ids.includes(a.control)) ctx.addIssue({ code: 'custom', path: ['control'], message: `names no experience (experiences: ${ids.join(', ')})` });
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i) ctx.addIssue({ code: 'custom', path: ['experiences', i, 'id'], message: `"${id}" is used by two experiences` });
    });
    const goalIds = new Set(a.goals.map((g) => g.id));
    a.experiences.forEach((e, i) => {
      for (const [goal, counts] of Object.entries(e.goals)) {
        if (!goalIds.has(goal)) ctx.addIssue({ code: 'custom', path: ['experiences', i, 'goals', goal], message: 'is not a goal of the activity' });
        else if (counts.conversions > e.visitors)
          ctx.addIssue({ code: 'custom', path: ['experiences', i, 'goals', goal, 'conversions'], message: `${counts.conversions} converting visitors is more than the ${e.visitors} visitors` });
      }
    });
  });

export type ActivityCounts = z.infer<typeof activityCountsSchema>;
export type ExperienceCounts = z.infer<typeof experienceCountsSchema>;

export type { ActivityResults, Comparison, ExperienceResult, GoalResult, Interval, Outcome } from '@tagwell/schema';
