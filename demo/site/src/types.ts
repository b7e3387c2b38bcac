// docs/HEALTH-SITE.md: the data layer the container reads (field names of SPEC §3).

export interface PageCategory {
  primaryCategory: string;
  subCategory1: string;
  subCategory2: string;
  subCategory3: string;
  subCategory4: string;
}

export interface PageInfo {
  pageName: string;
  pageType?: string;
  pageGroup?: string;
  pageFunction?: string;
  checkinlocationId?: string;
  checkinbookingReference?: string;
  checkinPage?: string;
}

export interface NbsBooking {
  source?: string;
  type?: string;
  group?: string;
  data?: string;
  origin?: string;
  attendees?: string;
  appointmentType?: string;
  numberOfAttendeesRequested?: string;
  numberOfAttendeesAccepted?: string;
}

export interface DataLayerPage {
  category: PageCategory;
  pageInfo: PageInfo;
  nbs?: NbsBooking;
  search?: { procedure?: string; resultRank?: string };
  totalResultCount?: string;
  isValidSearch?: string;
  isAISiteSearch?: string;
  isAutoComplete?: string;
  AutoModerationResult?: { AutoModerationType?: string; AutoModerationTitleResult?: string; AutoModerationCommentResult?: string };
  MandatoryQuestionResult?: string;
}

export interface DataLayerSearch {
  keyword?: string;
  location?: string;
  service?: string;
  speciality?: string;
  section?: string;
  failedSearchReason?: string;
  /** The search result a visitor selects, filled by the page's script on the click. */
  link?: { name?: string };
}

export interface DataLayerTool {
  toolName: string;
  toolCategory: string;
  toolVersion: string;
  toolStage: string;
  toolStageName: string;
  toolResult?: string;
  cholesterolReadingProvided?: string;
  bpReadingProvided?: string;
}

export interface DataLayerChoices {
  careHomeRelationship?: string;
  staffGroup?: string;
  workSetting?: string;
  reportingFor?: string;
  pilotInvite?: string;
}

export interface DigitalData {
  page: DataLayerPage;
  search?: DataLayerSearch;
  error?: { type?: string; description?: string };
  user?: { odsCode?: string; cid?: string };
  orgType?: string;
  platform?: string;
  /** The card a visitor clicks, filled by the page's script on the click. */
  cardDetails?: { name?: string; type?: string; rank?: string };
  tool?: DataLayerTool;
  vaccination?: { doseCode?: string; proxyReasonCode?: string };
  choices?: DataLayerChoices;
}

export interface Breadcrumb {
  text: string;
  href: string;
}

/** One page of the demo site. `body` is the HTML inside `<main>`, already escaped. */
export interface DemoPage {
  host: string;
  path: string;
  title: string;
  digitalData: DigitalData;
  meta?: Record<string, string>;
  body: string;
  /** Filled by the registry from the page's ancestors when not given. */
  breadcrumbs?: Breadcrumb[];
}
