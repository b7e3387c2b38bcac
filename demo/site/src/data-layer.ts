import type { DataLayerPage, DigitalData, PageInfo } from './types';

/**
 * docs/HEALTH-SITE.md: the six dose identifiers the dose lookup maps (SPEC §3), as the
 * health-site property's "Vaccine Dose" lookup table has them.
 */
export const DOSE_CODES = {
  overseas: '1324741000000101',
  dose1: '1324681000000101',
  dose2: '1324691000000104',
  dose3: '1362591000000103',
  dose4Plus: '1362601000000107',
  undefined: '1037851000000105',
} as const;

/** The lookup the property applies to `vaccination.doseCode`. */
export const DOSE_LOOKUP: ReadonlyArray<{ code: string; dose: 'Overseas' | 'Dose1' | 'Dose2' | 'Dose3' | 'Dose4Plus' | 'Undefined' }> = [
  { code: DOSE_CODES.overseas, dose: 'Overseas' },
  { code: DOSE_CODES.dose1, dose: 'Dose1' },
  { code: DOSE_CODES.dose2, dose: 'Dose2' },
  { code: DOSE_CODES.dose3, dose: 'Dose3' },
  { code: DOSE_CODES.dose4Plus, dose: 'Dose4Plus' },
  { code: DOSE_CODES.undefined, dose: 'Undefined' },
];

/** Stitching identifiers (`user.cid`) of the demo's signed-in visitors. */
export const DEMO_CIDS = {
  account: '5f2b8c1e-7d4a-4e39-9a61-0c3e8b7d2f14',
  testing: '9c41d7a2-3e8f-4b6d-8a15-72f0e9c4b3a8',
  vaccination: 'e3a97f10-52bc-4d81-b6e2-1f8d04a6c97b',
} as const;

export interface DataLayerInput extends Omit<DigitalData, 'page'> {
  pageName: string;
  primaryCategory: string;
  /** subCategory1..4 in order; missing ones are empty. */
  subCategories?: readonly string[];
  pageType?: string;
  pageGroup?: string;
  pageFunction?: string;
  pageInfo?: Partial<PageInfo>;
  page?: Partial<Omit<DataLayerPage, 'category' | 'pageInfo'>>;
}

/** A page's `window.digitalData`, with the category and page-info blocks every page carries. */
export function dataLayer(input: DataLayerInput): DigitalData {
  const { pageName, primaryCategory, subCategories = [], pageType, pageGroup, pageFunction, pageInfo, page, ...rest } = input;
  const info: PageInfo = { pageName };
  if (pageType !== undefined) info.pageType = pageType;
  if (pageGroup !== undefined) info.pageGroup = pageGroup;
  if (pageFunction !== undefined) info.pageFunction = pageFunction;
  return {
    page: {
      category: {
        primaryCategory,
        subCategory1: subCategories[0] ?? '',
        subCategory2: subCategories[1] ?? '',
        subCategory3: subCategories[2] ?? '',
        subCategory4: subCategories[3] ?? '',
      },
      pageInfo: { ...info, ...pageInfo },
      ...page,
    },
    ...rest,
  };
}
