/**
 * What the admin API answers for the health site's A/B test on known counts: `results` is the
 * server's computeResults output (packages/server/src/experiments) for control 40 of 400 and
 * "Plain words" 72 of 400 on "Link click", and 3 of 400 on "Link on the home page", rounded to six
 * significant figures.
 */
import type { ActivityResultsAnswer, ListedActivity } from './types';

export const RESULTS: ActivityResultsAnswer = {
  "activity": {
    "property": "health-site",
    "id": 1001,
    "name": "Home page heading wording",
    "type": "ab",
    "location": {
      "type": "mbox",
      "name": "target-global-mbox"
    },
    "experiences": [
      {
        "name": "Control",
        "split": 50
      },
      {
        "name": "Plain words",
        "split": 50
      }
    ],
    "goals": [
      {
        "name": "Link on the home page",
        "type": "click"
      },
      {
        "name": "Link click",
        "type": "analytics-event"
      }
    ],
    "state": "active",
    "environment": "development",
    "version": 2
  },
  "counts": {
    "experiences": [
      {
        "id": "0",
        "name": "Control",
        "visitors": 400
      },
      {
        "id": "1",
        "name": "Plain words",
        "visitors": 400
      }
    ]
  },
  "results": {
    "activity": "1001",
    "control": "0",
    "comparisons": 1,
    "goals": [
      {
        "goal": "0",
        "name": "Link on the home page",
        "experiences": [
          {
            "experience": "0",
            "name": "Control",
            "isControl": true,
            "visitors": 400,
            "conversions": 0,
            "rate": 0,
            "rateInterval": {
              "lower": 0,
              "upper": 0.00951229
            },
            "comparison": null,
            "verdict": "Control: 0 of 400 visitors converted, 0.00% (95% interval 0.00% to 0.95%)."
          },
          {
            "experience": "1",
            "name": "Plain words",
            "isControl": false,
            "visitors": 400,
            "conversions": 3,
            "rate": 0.0075,
            "rateInterval": {
              "lower": 0.00255389,
              "upper": 0.0218157
            },
            "total": 3,
            "perVisitor": 0.0075,
            "comparison": {
              "difference": 0.0075,
              "differenceInterval": {
                "lower": -0.00322137,
                "upper": 0.0218157
              },
              "lift": null,
              "liftInterval": null,
              "test": null,
              "outcome": "not-enough-data"
            },
            "verdict": "Not enough data yet to compare Plain words with control Control: the comparison needs at least 10 converting visitors between them (they have 3)."
          }
        ]
      },
      {
        "goal": "1",
        "name": "Link click",
        "experiences": [
          {
            "experience": "0",
            "name": "Control",
            "isControl": true,
            "visitors": 400,
            "conversions": 40,
            "rate": 0.1,
            "rateInterval": {
              "lower": 0.0742993,
              "upper": 0.133311
            },
            "total": 40,
            "perVisitor": 0.1,
            "comparison": null,
            "verdict": "Control: 40 of 400 visitors converted, 10.0% (95% interval 7.43% to 13.3%)."
          },
          {
            "experience": "1",
            "name": "Plain words",
            "isControl": false,
            "visitors": 400,
            "conversions": 72,
            "rate": 0.18,
            "rateInterval": {
              "lower": 0.14545,
              "upper": 0.220638
            },
            "total": 72,
            "perVisitor": 0.18,
            "comparison": {
              "difference": 0.08,
              "differenceInterval": {
                "lower": 0.0320076,
                "upper": 0.128083
              },
              "lift": 0.8,
              "liftInterval": {
                "lower": 0.254802,
                "upper": 1.58208
              },
              "test": {
                "method": "two-proportion-z",
                "statistic": 3.26056,
                "pValue": 0.00111194,
                "adjustedPValue": 0.00111194
              },
              "outcome": "better"
            },
            "verdict": "Plain words converts better than control Control: 18.0% against 10.0%, a lift of +80.0% (95% interval: a lift from +25.5% to +158.2%). The difference is statistically significant (p = 0.001)."
          }
        ]
      }
    ]
  },
  "method": {
    "alpha": 0.05,
    "minVisitorsPerExperience": 100,
    "minConversions": 10
  }
};

export const ACTIVITIES: ListedActivity[] = [
  {
    property: 'health-site',
    id: 1001,
    name: 'Home page heading wording',
    type: 'ab',
    location: { type: 'mbox', name: 'target-global-mbox' },
    experiences: [
      { name: 'Control', split: 50 },
      { name: 'Plain words', split: 50 },
    ],
    goals: [
      { name: 'Link on the home page', type: 'click' },
      { name: 'Link click', type: 'analytics-event' },
    ],
    state: 'running',
    runningIn: ['development'],
    pausedIn: ['staging', 'production'],
    inLatestVersion: true,
  },
  {
    property: 'health-site',
    id: 2002,
    name: 'Symptom checker hero',
    type: 'xt',
    location: { type: 'view', name: 'home' },
    experiences: [{ name: 'Checker first', split: null }],
    goals: [{ name: 'Tool completed', type: 'analytics-event' }],
    state: 'draft',
    runningIn: [],
    pausedIn: [],
    inLatestVersion: true,
  },
];
