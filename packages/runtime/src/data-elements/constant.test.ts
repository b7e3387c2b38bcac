// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { element, makeConfig, resetPage, startContainer } from '../core/test-helpers';
import constant from './constant';

beforeEach(() => resetPage());

describe('constant data element', () => {
  it('gives its value, through the usual options', () => {
    const satellite = startContainer(
      makeConfig({
        dataElements: {
          Currency: element('constant', constant, { value: 'GBP' }),
          Lower: element('constant', constant, { value: 'Web' }, { forceLowerCase: true }),
          Empty: element('constant', constant, { value: '' }, { default: 'N/A' }),
        },
      }),
    );
    expect(satellite.getVar('Currency')).toBe('GBP');
    expect(satellite.getVar('Lower')).toBe('web');
    expect(satellite.getVar('Empty')).toBe('N/A');
  });

  it('its value is not itself resolved (a % in a constant stays)', () => {
    const satellite = startContainer(makeConfig({ dataElements: { Other: element('constant', constant, { value: 'x' }), Raw: element('constant', constant, { value: '%Other% 100%' }) } }));
    expect(satellite.getVar('Raw')).toBe('%Other% 100%');
  });
});
