// SPEC §2 /book-a-coronavirus-vaccination flow and the check-in page (SPEC §4 check-in events).
import { backLink, button, buttonLink, definePage, inset, radios, stepForm, summaryList, warningCallout } from '../components';
import { DEMO_CIDS, DOSE_CODES, dataLayer, type DataLayerInput } from '../data-layer';
import { html } from '../html';
import type { DemoPage, NbsBooking } from '../types';

export const BOOK = '/book-a-coronavirus-vaccination';

const nbs = (extra: NbsBooking = {}): NbsBooking => ({
  source: 'nhs.uk',
  type: 'covid-19 vaccination',
  group: 'national booking service',
  data: 'booking journey',
  origin: 'nbs web',
  ...extra,
});

function vaccinationData(pageName: string, pageFunction: string, extra: Partial<DataLayerInput> = {}) {
  const [primaryCategory = BOOK.slice(1), ...subCategories] = pageName.split(':');
  return dataLayer({ pageName, primaryCategory, subCategories, pageType: 'transaction', pageFunction, page: { nbs: nbs() }, ...extra });
}

const start = definePage({
  path: BOOK,
  title: 'Book, cancel or change a COVID-19 vaccination appointment',
  digitalData: vaccinationData('book-a-coronavirus-vaccination:start', 'start'),
  body: html`<div class="nhsuk-grid-row"><div class="nhsuk-grid-column-two-thirds">
<h1>Book, cancel or change a COVID-19 vaccination appointment</h1>
<p class="nhsuk-lede-text">You can book a COVID-19 vaccination appointment online if you’re eligible.</p>
<p>You’ll need your NHS number, but you can still book without it. You can book for yourself or for someone else.</p>
${buttonLink(`${BOOK}/are-you-pregnant?code=${DOSE_CODES.dose3}`, 'Start now')}
${inset(html`<p>Already booked? You can <a href="${BOOK}/check-in">check in for your appointment</a> when you arrive.</p>`)}
</div></div>`,
});

const pregnant = definePage({
  path: `${BOOK}/are-you-pregnant`,
  title: 'Are you pregnant?',
  digitalData: vaccinationData('book-a-coronavirus-vaccination:are-you-pregnant', 'question', { vaccination: { doseCode: DOSE_CODES.dose3 } }),
  body: html`${backLink(BOOK)}${stepForm(`${BOOK}/are-you-high-risk`, radios('pregnant', 'Are you pregnant?', [
    { value: 'Yes', label: 'Yes' },
    { value: 'No', label: 'No' },
    { value: 'Not sure', label: 'I’m not sure' },
  ], { hint: 'Pregnant women are at higher risk of getting seriously ill from COVID-19.', question: 'Are You Pregnant' }))}`,
});

const highRisk = definePage({
  path: `${BOOK}/are-you-high-risk`,
  title: 'Are you at high risk from COVID-19?',
  digitalData: vaccinationData('book-a-coronavirus-vaccination:are-you-high-risk', 'question', { vaccination: { doseCode: DOSE_CODES.dose3 } }),
  body: html`${backLink(`${BOOK}/are-you-pregnant`)}${stepForm(`${BOOK}/check`, radios('high-risk', 'Do you have a health condition that puts you at high risk from COVID-19?', [
    { value: 'Yes', label: 'Yes' },
    { value: 'No', label: 'No' },
  ], { hint: 'For example, a weakened immune system or a long-term lung condition.', question: 'Are You High Risk' }))}`,
});

const check = definePage({
  path: `${BOOK}/check`,
  title: 'Check your answers',
  digitalData: vaccinationData('book-a-coronavirus-vaccination:check', 'check answers', {
    vaccination: { doseCode: DOSE_CODES.dose3, proxyReasonCode: 'carer' },
    page: { nbs: nbs({ attendees: '2', numberOfAttendeesRequested: '2' }) },
  }),
  body: html`${backLink(`${BOOK}/are-you-high-risk`)}<h1>Check your answers</h1>
${summaryList([
  ['Booking for', 'Yourself and 1 other person you care for'],
  ['Dose', 'Booster dose'],
  ['Pregnant', 'No'],
  ['High risk', 'Yes'],
])}
${buttonLink(`${BOOK}/book/Appointment/Index/`, 'Continue to choose an appointment')}`,
});

const appointment = definePage({
  path: `${BOOK}/book/Appointment/Index/`,
  title: 'Choose an appointment',
  digitalData: vaccinationData('book-a-coronavirus-vaccination:book:appointment', 'appointment', {
    vaccination: { doseCode: DOSE_CODES.dose3, proxyReasonCode: 'carer' },
    user: { cid: DEMO_CIDS.vaccination },
    page: { nbs: nbs({ attendees: '2', appointmentType: 'booster', numberOfAttendeesRequested: '2', numberOfAttendeesAccepted: '2' }) },
  }),
  body: html`<div class="nhsuk-grid-row"><div class="nhsuk-grid-column-two-thirds">
${stepForm(`${BOOK}/check-in`, radios('slot', 'Choose an appointment at Leeds Pharmacy Vaccination Centre', [
  { value: '0930', label: 'Tuesday 14 May, 9:30am' },
  { value: '1115', label: 'Tuesday 14 May, 11:15am' },
  { value: '1440', label: 'Wednesday 15 May, 2:40pm' },
], { hint: 'Both people will be vaccinated at the same appointment.' }), 'Book appointment')}
</div></div>`,
});

/** SPEC §4: check-in request live/offline and expand booking details, from real buttons. */
const checkIn = definePage({
  path: `${BOOK}/check-in`,
  title: 'Check in for your vaccination',
  digitalData: vaccinationData('book-a-coronavirus-vaccination:check-in', 'check in', {
    pageInfo: { checkinPage: 'check-in', checkinlocationId: 'fla12', checkinbookingReference: 'nbs-4821-7730' },
    vaccination: { doseCode: DOSE_CODES.dose3, proxyReasonCode: 'carer' },
    page: { nbs: nbs({ appointmentType: 'booster', attendees: '2', numberOfAttendeesRequested: '2', numberOfAttendeesAccepted: '2' }) },
  }),
  body: html`<div class="nhsuk-grid-row"><div class="nhsuk-grid-column-two-thirds">
<h1>Check in for your vaccination</h1>
<p class="nhsuk-lede-text">Leeds Pharmacy Vaccination Centre, Tuesday 14 May at 9:30am.</p>
${button('View booking details', { id: 'expand-booking-details', class: 'nhsuk-button--secondary', 'aria-expanded': 'false', 'aria-controls': 'booking-details' })}
<div id="booking-details" class="app-booking-details" hidden>${summaryList([
  ['Booking reference', 'NBS-4821-7730'],
  ['Booked for', 'You and 1 person you care for'],
  ['Vaccine', 'COVID-19 booster'],
  ['Location', 'Leeds Pharmacy Vaccination Centre, 12 Park Square East, Leeds'],
])}</div>
<div class="nhsuk-form-group"><div class="nhsuk-checkboxes"><div class="nhsuk-checkboxes__item">
<input class="nhsuk-checkboxes__input" id="checkin-simulate-offline" type="checkbox">
<label class="nhsuk-label nhsuk-checkboxes__label" for="checkin-simulate-offline">My phone has no signal (save my check-in and send it later)</label>
</div></div></div>
${button('Check in', { id: 'checkin-submit' })}
<div class="app-checkin-status" id="checkin-status" role="status" hidden></div>
${warningCallout('Before you check in', html`<p>Only check in when you are at the vaccination centre. Tell staff if you feel unwell.</p>`)}
</div></div>`,
});

export const vaccinationPages: DemoPage[] = [start, pregnant, highRisk, check, appointment, checkIn];
