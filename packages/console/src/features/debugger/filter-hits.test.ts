import { describe, expect, it } from 'vitest';
import { eventsOf, filterChoices, filterHits, readFilters } from './filter-hits';
import { feedbackHit, pageView } from './test-fixtures';
import type { HitEntry } from './trace';

const entry = (beacon = pageView()): HitEntry => ({ beacon, redactions: [] });
const page = entry(pageView({ id: 'page', variables: { ...pageView().variables, events: ['event1:abc=3', 'event9'] } }));
const link = entry(feedbackHit({ id: 'link', contextData: { 'tool.name': 'BMI calculator' } }));
const ids = (filters: Parameters<typeof filterHits>[1]) => filterHits([page, link], filters).map((e) => e.beacon.id);

describe('hit filters', () => {
  it('reads only known types from the address and keeps text as typed', () => {
    expect(readFilters(new URLSearchParams('type=other&variable=eVar1&value=a%20&event='))).toEqual({ variable: 'eVar1', value: 'a ' });
    expect(readFilters(new URLSearchParams('type=link'))).toEqual({ type: 'link' });
  });

  it('takes events without their serial or value', () => {
    expect(eventsOf(page.beacon)).toEqual(['event1', 'event9']);
    expect(ids({ event: 'EVENT1 ' })).toEqual(['page']);
  });

  it('finds a variable by its long name, query key or context-data key, its value by what it contains', () => {
    expect(ids({ variable: 'eVar10', value: 'ASTH' })).toEqual(['page']);
    expect(ids({ variable: 'v10' })).toEqual(['page']);
    expect(ids({ variable: 'c.tool.name', value: 'bmi' })).toEqual(['link']);
    expect(ids({ variable: 'tool.name' })).toEqual(['link']);
    expect(ids({ variable: 'linkName', value: 'yes' })).toEqual(['link']);
    // A value alone: any variable.
    expect(ids({ value: 'calculator' })).toEqual(['link']);
    expect(ids({ variable: 'eVar10', value: 'flu' })).toEqual([]);
    expect(ids({ type: 'page', value: 'asthma' })).toEqual(['page']);
    expect(ids({ value: '   ' })).toEqual(['page', 'link']);
  });

  it('offers the variables and events the hits carry', () => {
    const choices = filterChoices([page, link]);
    expect(choices.events).toEqual(['event1', 'event9', 'event25']);
    expect(choices.variables).toContain('c.tool.name');
    expect(choices.variables).not.toContain('events');
  });
});
