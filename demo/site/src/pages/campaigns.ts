// Lifestyle areas of SPEC §2: healthier-families recipes, Change4life (swaps and cards), healthy living,
// the campaign area, one-you and the risk-check beta.
import { button, buttonLink, cardGrid, definePage, emailSignup, inset, list, pageHeading, type Card } from '../components';
import { dataLayer } from '../data-layer';
import { LIVE_HOST } from '../hosts';
import { html, hostUrl, type Html } from '../html';
import type { DemoPage } from '../types';

const C4L = 'change4life.health.localhost';
const CAMPAIGNS = 'campaigns.health.localhost';
const RECIPES_CONFIRMED = '/healthier-families/email-sign-up-confirmed';

/** The page the e-mail's confirmation link opens (event12: page function 'email sign-up complete'). */
function signUpConfirmed(host: string, path: string, primaryCategory: string, list: string, next: Html): DemoPage {
  return definePage({
    host,
    path,
    title: 'You’re signed up',
    digitalData: dataLayer({ pageName: `${primaryCategory}:email-sign-up-confirmed`, primaryCategory, subCategories: ['email-sign-up-confirmed', list], pageType: 'confirmation', pageFunction: 'email sign-up complete' }),
    body: html`${pageHeading('You’re signed up', 'Thank you for confirming your email address. Your first email will arrive in the next few days.')}${next}`,
  });
}

const recipes = definePage({
  path: '/healthier-families/recipes/',
  title: 'Healthy recipes',
  digitalData: dataLayer({ pageName: 'healthier-families:recipes', primaryCategory: 'healthier-families', subCategories: ['recipes'], pageType: 'hub' }),
  body: html`${pageHeading('Healthy recipes', 'Quick, easy and tasty recipes that are healthier for the whole family.')}
${cardGrid([
  { name: 'veggie chilli', type: 'recipe', href: '/healthier-families/recipes/', heading: 'Veggie chilli', description: 'A warming chilli packed with beans and vegetables. Ready in 30 minutes.' },
  { name: 'fish finger wraps', type: 'recipe', href: '/healthier-families/recipes/', heading: 'Fish finger wraps', description: 'Oven-baked fish fingers with crunchy salad in a wholemeal wrap.' },
  { name: 'overnight oats', type: 'recipe', href: '/healthier-families/recipes/', heading: 'Overnight oats', description: 'Make breakfast the night before with oats, milk and fruit.' },
])}
${emailSignup('healthier-families', 'Get healthy recipes by email', 'Sign up for free recipes, tips and ideas to help your family eat well.', RECIPES_CONFIRMED)}
<p>Want more ideas? Visit <a href="${hostUrl(C4L, '/')}">Change4Life</a>.</p>`,
});

/** A swap panel with a close button (SPEC §7 'Snack Swap: Close' / 'Breakfast Swap: Close'). */
function swapPanel(kind: 'snack' | 'breakfast', heading: string, text: string): Html {
  return html`<aside class="app-swap app-${kind}-swap" aria-labelledby="app-${kind}-swap-heading">
<div class="nhsuk-card app-swap__card"><div class="nhsuk-card__content">
<button type="button" class="app-swap__close app-${kind}-swap__close" aria-label="Close ${kind} swap">Close</button>
<h2 class="nhsuk-card__heading nhsuk-heading-m" id="app-${kind}-swap-heading">${heading}</h2>
<p class="nhsuk-card__description">${text}</p>
</div></div></aside>`;
}

/** Cards that demo-site.js reports as shown (`change4life-cards-shown`, event24). */
function change4lifeCards(cards: readonly Card[], more: readonly Card[] = []): Html {
  return html`<div class="app-change4life-cards" data-change4life-cards>${cardGrid(cards)}</div>${
    more.length
      ? html`<template id="change4life-more-cards">${cardGrid(more)}</template>${button('Show more activities', { class: 'nhsuk-button--secondary', id: 'change4life-show-more' })}`
      : ''
  }`;
}

const c4lHome = definePage({
  host: C4L,
  path: '/',
  title: 'Change4Life',
  digitalData: dataLayer({ pageName: 'change4life:home', primaryCategory: 'change4life', pageType: 'home page' }),
  body: html`${pageHeading('Change4Life', 'Fun ideas to help kids eat well and move more.')}
${swapPanel('snack', 'Try a snack swap', 'Swap a chocolate bar for a fruit pot or a plain rice cake. Look for 100 calorie snacks, 2 a day max.')}
${change4lifeCards([
  { name: 'sugar swaps', type: 'change4life', href: '/activities', heading: 'Sugar swaps', description: 'Kids are having 3 times more sugar than they should. Find easy swaps.' },
  { name: '10 minute shake up', type: 'change4life', href: '/activities', heading: '10 Minute Shake Up', description: 'Fun 10 minute bursts of activity inspired by favourite characters.' },
  { name: 'healthy recipes', type: 'change4life', href: hostUrl(LIVE_HOST, '/healthier-families/recipes/'), heading: 'Healthy recipes', description: 'Quick and easy recipes the whole family will enjoy.' },
])}`,
});

const c4lActivities = definePage({
  host: C4L,
  path: '/activities',
  title: 'Activities for kids',
  digitalData: dataLayer({ pageName: 'change4life:activities', primaryCategory: 'change4life', subCategories: ['activities'], pageType: 'hub' }),
  body: html`${pageHeading('Activities for kids', 'Children need at least 60 minutes of physical activity every day.')}
${swapPanel('breakfast', 'Try a breakfast swap', 'Swap sugary cereals for plain wholegrain cereal, porridge or wholemeal toast.')}
${change4lifeCards(
  [
    { name: 'indoor games', type: 'activity', href: '/activities', heading: 'Indoor games', description: 'Active games to play at home when it’s raining.' },
    { name: 'disney shake up', type: 'activity', href: '/activities', heading: 'Disney Shake Up games', description: 'Get moving with games inspired by Disney films.' },
    { name: 'walk to school', type: 'activity', href: '/activities', heading: 'Walk to school', description: 'Tips for making the journey to school more active.' },
  ],
  [
    { name: 'park games', type: 'activity', href: '/activities', heading: 'Park games', description: 'Classic games for the park: tag, hopscotch and more.' },
    { name: 'dance routines', type: 'activity', href: '/activities', heading: 'Dance routines', description: 'Easy dance routines for the whole family.' },
    { name: 'bike skills', type: 'activity', href: '/activities', heading: 'Bike skills', description: 'Help your child learn to ride a bike safely.' },
  ],
)}`,
});

const healthyLiving = definePage({
  host: 'healthy-living.health.localhost',
  path: '/',
  title: 'Healthy living',
  digitalData: dataLayer({ pageName: 'healthy-living:home', primaryCategory: 'healthy-living', pageType: 'home page' }),
  body: html`${pageHeading('Healthy living', 'Small changes can make a big difference to your health.')}
${cardGrid([
  { name: 'eat well', type: 'healthy living', href: hostUrl(LIVE_HOST, '/healthier-families/recipes/'), heading: 'Eat well', description: 'Healthy recipes and tips on a balanced diet.' },
  { name: 'move more', type: 'healthy living', href: hostUrl(LIVE_HOST, '/live-well/exercise/'), heading: 'Move more', description: 'How much activity you need and ideas to get started.' },
  { name: 'check your bmi', type: 'healthy living', href: hostUrl(LIVE_HOST, '/health-assessment-tools/calculate-your-body-mass-index/'), heading: 'Check your BMI', description: 'Find out if you are a healthy weight for your height.' },
])}`,
});

const campaign = definePage({
  host: CAMPAIGNS,
  path: '/',
  title: 'Better Health: lose weight',
  digitalData: dataLayer({ pageName: 'campaigns:better-health:lose-weight', primaryCategory: 'campaigns', subCategories: ['better-health', 'lose-weight'], pageType: 'campaign' }),
  body: html`${pageHeading('Better Health: lose weight', 'Losing weight is not always easy, but we’re here to help you get started with free tools and support.')}
${list(['download the free NHS Weight Loss Plan app', 'check your BMI to find out if you need to lose weight', 'get support from your local weight management service'])}
${emailSignup('better-health', 'Get Better Health emails', 'Sign up for 12 weeks of tips and motivation to help you lose weight.', '/email-sign-up-confirmed')}
<p><a href="${hostUrl(LIVE_HOST, '/health-assessment-tools/calculate-your-body-mass-index/')}">Calculate your BMI</a></p>`,
});

const oneYou = definePage({
  host: 'oneyou.health.localhost',
  path: '/',
  title: 'One You',
  digitalData: dataLayer({ pageName: 'oneyou:home', primaryCategory: 'oneyou', pageType: 'home page' }),
  body: html`${pageHeading('One You', 'Start the fightback to a healthier you, with free apps, tools and support.')}
${cardGrid([
  { name: 'quit smoking', type: 'oneyou', href: hostUrl(LIVE_HOST, '/live-well/exercise/'), heading: 'Move more', description: 'Free exercise ideas that fit around your day.' },
  { name: 'sleep better', type: 'oneyou', href: hostUrl(LIVE_HOST, '/mental-health/conditions/stress/'), heading: 'Sleep and stress', description: 'Tips to help you sleep better and feel less stressed.' },
  { name: 'heart age', type: 'oneyou', href: hostUrl(LIVE_HOST, '/health-assessment-tools/calculate-your-heart-age'), heading: 'Heart age', description: 'Find out your heart age in a few minutes.' },
])}`,
});

const RISK = 'risk-check-beta.health.localhost';
const riskTool = { toolName: 'type 2 diabetes risk', toolCategory: 'risk check', toolVersion: '0.9-beta' };

const riskCheck = definePage({
  host: RISK,
  path: '/',
  title: 'Know your risk of type 2 diabetes (beta)',
  digitalData: dataLayer({ pageName: 'risk-check:start', primaryCategory: 'risk-check', subCategories: ['start'], pageType: 'tool', tool: { ...riskTool, toolStage: 'start', toolStageName: 'start' } }),
  body: html`<strong class="nhsuk-tag">Beta</strong>
${pageHeading('Know your risk of type 2 diabetes', 'Find out your risk of developing type 2 diabetes within the next 10 years. It takes about 3 minutes.')}
${buttonLink('/result', 'Start now', { class: 'app-tool-start', 'data-tool-start': '' })}
${inset(html`<p>This is a new service. Your feedback will help us improve it.</p>`)}`,
});

const riskResult = definePage({
  host: RISK,
  path: '/result',
  title: 'Your type 2 diabetes risk',
  digitalData: dataLayer({ pageName: 'risk-check:result', primaryCategory: 'risk-check', subCategories: ['result'], pageType: 'tool', tool: { ...riskTool, toolStage: 'result', toolStageName: 'result', toolResult: 'moderate risk' } }),
  body: html`${pageHeading('You have a moderate risk of type 2 diabetes', 'About 1 in 10 people with this score will develop type 2 diabetes in the next 10 years.')}
<p>You can lower your risk by staying a healthy weight and being active. <a href="${hostUrl(LIVE_HOST, '/live-well/exercise/')}">Get active</a>.</p>`,
});

export const campaignPages: DemoPage[] = [
  recipes,
  signUpConfirmed(LIVE_HOST, RECIPES_CONFIRMED, 'healthier-families', 'healthier-families', html`<p><a href="/healthier-families/recipes/">Back to healthy recipes</a></p>`),
  c4lHome,
  c4lActivities,
  healthyLiving,
  campaign,
  signUpConfirmed(CAMPAIGNS, '/email-sign-up-confirmed', 'campaigns', 'better-health', html`<p><a href="/">Back to Better Health</a></p>`),
  oneYou,
  riskCheck,
  riskResult,
];
