/**
 * The five demo accounts `--demo` offers (docs/guide.md, Global options). Everything an account
 * is (plan, budget, brands, markets, integrations, pitch reports already made) is written
 * here; the per-instance state that changes (reads spent, pitches created) lives in
 * state.ts.
 */
import { DEMO_KEY_SUMMARIES } from '../domain/demo.js';
import type { Lang, Localized } from './data/catalog.js';

export type PlanName = 'monitor' | 'pro' | 'growth';

export const PLAN_LABELS: Readonly<Record<PlanName, string>> = { monitor: 'Monitor', pro: 'Pro', growth: 'Growth' };

/** Monthly read budgets per plan, as the API documents them. */
export const READ_BUDGETS: Readonly<Record<PlanName, number>> = { monitor: 10_000, pro: 50_000, growth: 200_000 };

/** Monthly pitch reports. The reference does not show them; these are the sandbox's figures. */
export const PITCH_ALLOWANCES: Readonly<Record<PlanName, number>> = { monitor: 0, pro: 3, growth: 5 };

export type Vertical = 'crm' | 'outdoor' | 'dental' | 'payments' | 'coffee';

export interface DemoMarket {
  id: number;
  /** `<COUNTRY>-<language>`. */
  code: string;
  country: string;
  language: Lang;
  label: string;
  /** Where this market's pages live on the brand's site ('' for the main site). */
  sitePrefix: string;
}

export interface DemoBrand {
  id: number;
  name: string;
  domain: string;
  vertical: Vertical;
  /** Base probability that AI names the brand in an answer of its vertical. */
  strength: number;
  /** Noun phrase: what AI says the brand is known for. */
  knownFor: Localized;
  /** What AI says about the brand, true and false (perception is the same in every market). */
  perception: { right: readonly string[]; wrong: readonly { claim: string; truth: string }[] };
  searchConsole: boolean;
  /** The first market is the primary one. */
  markets: readonly [DemoMarket, ...DemoMarket[]];
}

/** A pitch report made before the sandbox started; placed in time relative to its clock. */
export interface PitchSeed {
  id: number;
  brandId: number;
  url: string;
  market: string;
  businessType: string;
  /** 0: this month (it used this month's allowance), 1: last month. */
  monthsAgo: 0 | 1;
  /** Where in that month (or in this month so far) it was made, 0-1. */
  at: number;
}

export interface DemoAccount {
  key: string;
  name: string;
  /** One line for `vis sandbox`'s table of keys. */
  summary: string;
  plan: PlanName;
  active: boolean;
  /** Reads already used this month when the sandbox starts. */
  readsUsed: number;
  brands: readonly [DemoBrand, ...DemoBrand[]];
  pitches: readonly PitchSeed[];
}

const US_EN = { country: 'US', language: 'en', label: 'United States (English)', sitePrefix: '' } as const;
const GB_EN = { country: 'GB', language: 'en', label: 'United Kingdom (English)', sitePrefix: '/uk' } as const;

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'vis_demo_growth',
    name: 'Northwind Software',
    summary: DEMO_KEY_SUMMARIES.vis_demo_growth,
    plan: 'growth',
    active: true,
    readsUsed: 48_213,
    brands: [
      {
        id: 101,
        name: 'Northwind CRM',
        domain: 'northwindcrm.example',
        vertical: 'crm',
        strength: 0.36,
        knownFor: {
          en: 'a fast setup and a pipeline view small teams pick up in a day',
          de: 'eine schnelle Einrichtung und eine Pipeline-Ansicht, die kleine Teams an einem Tag verstehen',
        },
        perception: {
          right: [
            'Northwind CRM is built for small and mid-sized B2B sales teams',
            'It syncs both ways with Gmail and Outlook',
            'There is a 14-day free trial and no card is needed',
          ],
          wrong: [
            { claim: 'Northwind CRM has no mobile app', truth: 'the iOS and Android apps launched last year' },
            { claim: 'It costs $19 per user a month', truth: 'the price has been $25 since the spring price change' },
            { claim: 'Northwind is the sample database that shipped with Microsoft Access', truth: 'that is a different Northwind' },
          ],
        },
        searchConsole: true,
        markets: [
          { id: 1011, code: 'US-en', ...US_EN },
          { id: 1012, code: 'GB-en', ...GB_EN },
          { id: 1013, code: 'DE-de', country: 'DE', language: 'de', label: 'Germany (German)', sitePrefix: '/de' },
        ],
      },
    ],
    pitches: [
      {
        id: 4,
        brandId: 101,
        url: 'https://www.lumenlegal.example',
        market: 'US-en',
        businessType: 'Legal practice management software',
        monthsAgo: 1,
        at: 0.35,
      },
      { id: 5, brandId: 101, url: 'harbourhealth.example', market: 'GB-en', businessType: 'Private GP clinics', monthsAgo: 1, at: 0.8 },
      { id: 6, brandId: 101, url: 'https://kraftwerk-solar.example', market: 'DE-de', businessType: 'Solaranlagen für Gewerbe', monthsAgo: 0, at: 0.3 },
      { id: 7, brandId: 101, url: 'acme-analytics.example', market: 'US-en', businessType: 'B2B analytics SaaS', monthsAgo: 0, at: 0.75 },
    ],
  },
  {
    key: 'vis_demo_agency',
    name: 'Fieldstone Digital (agency)',
    summary: DEMO_KEY_SUMMARIES.vis_demo_agency,
    plan: 'pro',
    active: true,
    readsUsed: 31_877,
    brands: [
      {
        id: 201,
        name: 'Bluepeak Outdoor',
        domain: 'bluepeakoutdoor.example',
        vertical: 'outdoor',
        strength: 0.34,
        knownFor: { en: 'free gear rental with every trip plan and a no-questions repair service' },
        perception: {
          right: ['Bluepeak Outdoor rents and repairs gear as well as selling it', 'Returns are accepted for 100 days'],
          wrong: [
            { claim: 'Bluepeak only ships within the US', truth: 'it ships to Canada too' },
            { claim: 'There is a Bluepeak store in Denver', truth: 'the Denver store closed in 2023' },
          ],
        },
        searchConsole: true,
        markets: [
          { id: 2011, code: 'US-en', ...US_EN },
          { id: 2012, code: 'CA-en', country: 'CA', language: 'en', label: 'Canada (English)', sitePrefix: '/ca' },
        ],
      },
      {
        id: 202,
        name: 'Larkspur Dental',
        domain: 'larkspurdental.example',
        vertical: 'dental',
        strength: 0.3,
        knownFor: { en: 'same-day emergency appointments and calm care for nervous patients' },
        perception: {
          right: ['Larkspur Dental has three practices in London', 'Sedation is available for nervous patients'],
          wrong: [
            { claim: 'Larkspur Dental takes NHS patients', truth: 'it is a private practice only' },
            { claim: 'Appointments are booked on 020 7946 0000', truth: 'that number has been out of use since 2024' },
          ],
        },
        searchConsole: false,
        markets: [{ id: 2021, code: 'GB-en', ...GB_EN, sitePrefix: '' }],
      },
      {
        id: 203,
        name: 'Copperline Payments',
        domain: 'copperline.example',
        vertical: 'payments',
        strength: 0.32,
        knownFor: { en: 'invoices that chase themselves and same-day payouts' },
        perception: {
          right: ['Copperline does payments and invoicing for small businesses', 'Payouts can arrive the same day'],
          wrong: [
            { claim: 'Copperline has no card readers', truth: 'it has sold readers since 2022' },
            { claim: 'Card payments cost 3.4%', truth: 'the current fee is 2.9% + 30¢' },
          ],
        },
        searchConsole: true,
        markets: [
          { id: 2031, code: 'US-en', ...US_EN },
          { id: 2032, code: 'GB-en', ...GB_EN },
          { id: 2033, code: 'AU-en', country: 'AU', language: 'en', label: 'Australia (English)', sitePrefix: '/au' },
        ],
      },
    ],
    pitches: [
      { id: 11, brandId: 201, url: 'https://www.trailmix-tours.example', market: 'US-en', businessType: 'Guided hiking tours', monthsAgo: 1, at: 0.2 },
      { id: 12, brandId: 203, url: 'bakehouse.example', market: 'GB-en', businessType: 'Bakery chain with online orders', monthsAgo: 1, at: 0.6 },
      { id: 13, brandId: 202, url: 'https://brightwhite.example', market: 'GB-en', businessType: 'Cosmetic dentistry', monthsAgo: 0, at: 0.5 },
    ],
  },
  {
    key: 'vis_demo_monitor',
    name: 'Fernhill Coffee Co.',
    summary: DEMO_KEY_SUMMARIES.vis_demo_monitor,
    plan: 'monitor',
    active: true,
    readsUsed: 2_450,
    brands: [
      {
        id: 301,
        name: 'Fernhill Coffee Roasters',
        domain: 'fernhillcoffee.example',
        vertical: 'coffee',
        strength: 0.33,
        knownFor: { en: 'roast-to-order subscriptions that ship within 24 hours' },
        perception: {
          right: ['Fernhill roasts to order in Portland, Oregon', 'The subscription can be paused or skipped at any time'],
          wrong: [
            { claim: 'Fernhill sells coffee pods', truth: 'it sells whole beans and ground coffee only' },
            { claim: 'Fernhill is a café chain', truth: 'it is an online roaster with one tasting room' },
          ],
        },
        searchConsole: true,
        markets: [{ id: 3011, code: 'US-en', ...US_EN }],
      },
    ],
    pitches: [],
  },
  {
    key: 'vis_demo_inactive',
    name: 'Alder & Finch Ltd',
    summary: DEMO_KEY_SUMMARIES.vis_demo_inactive,
    plan: 'pro',
    active: false,
    readsUsed: 1_204,
    brands: [
      {
        id: 401,
        name: 'Alder & Finch Coffee',
        domain: 'alderandfinch.example',
        vertical: 'coffee',
        strength: 0.28,
        knownFor: { en: 'seasonal single origins' },
        perception: {
          right: ['Alder & Finch is a coffee roaster in London'],
          wrong: [{ claim: 'Alder & Finch closed in 2024', truth: 'it is still trading' }],
        },
        searchConsole: false,
        markets: [{ id: 4011, code: 'GB-en', ...GB_EN, sitePrefix: '' }],
      },
    ],
    pitches: [],
  },
  {
    key: 'vis_demo_exhausted',
    name: 'Harbor Trail Outfitters',
    summary: DEMO_KEY_SUMMARIES.vis_demo_exhausted,
    plan: 'growth',
    active: true,
    readsUsed: READ_BUDGETS.growth,
    brands: [
      {
        id: 501,
        name: 'Harbor Trail Outfitters',
        domain: 'harbortrail.example',
        vertical: 'outdoor',
        strength: 0.31,
        knownFor: { en: 'coastal hiking and paddling gear' },
        perception: {
          right: ['Harbor Trail Outfitters has stores in Maine'],
          wrong: [{ claim: 'It sells kayaks online only', truth: 'kayaks are sold in its stores only' }],
        },
        searchConsole: true,
        markets: [
          { id: 5011, code: 'US-en', ...US_EN },
          { id: 5012, code: 'CA-en', country: 'CA', language: 'en', label: 'Canada (English)', sitePrefix: '/ca' },
        ],
      },
    ],
    pitches: [
      { id: 21, brandId: 501, url: 'seaside-kayaks.example', market: 'US-en', businessType: 'Kayak rentals', monthsAgo: 0, at: 0.1 },
      { id: 22, brandId: 501, url: 'https://www.pinecone-camps.example', market: 'US-en', businessType: 'Summer camps', monthsAgo: 0, at: 0.3 },
      { id: 23, brandId: 501, url: 'ferrylane.example', market: 'US-en', businessType: 'Ferry operator', monthsAgo: 0, at: 0.5 },
      { id: 24, brandId: 501, url: 'https://northshore-bikes.example', market: 'CA-en', businessType: 'Bike shop', monthsAgo: 0, at: 0.7 },
      { id: 25, brandId: 501, url: 'tidewater-inn.example', market: 'US-en', businessType: 'Boutique hotel', monthsAgo: 0, at: 0.9 },
    ],
  },
];

export function accountByKey(key: string): DemoAccount | undefined {
  return DEMO_ACCOUNTS.find((account) => account.key === key);
}
