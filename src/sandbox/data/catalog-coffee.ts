import type { Catalog } from './catalog.js';

/** Specialty coffee sold online (the monitor plan's brand). */
export const COFFEE_CATALOG: Catalog = {
  vertical: 'coffee',
  category: { en: 'coffee roaster' },
  topics: [
    {
      id: 'coffee-subscriptions',
      name: { en: 'Coffee subscriptions' },
      bias: 0.15,
      pages: ['/subscribe'],
      questions: [
        { key: 'sub-best', text: { en: 'What is the best coffee subscription in the US?' } },
        { key: 'sub-gift', text: { en: 'Which coffee subscription makes a good gift?' } },
      ],
      queries: { en: ['coffee subscription', 'coffee subscription gift', 'monthly coffee delivery'] },
    },
    {
      id: 'espresso-beans',
      name: { en: 'Espresso beans' },
      bias: 0.02,
      pages: ['/shop/espresso'],
      questions: [
        { key: 'espresso-home', text: { en: 'Which espresso beans are best for a home machine?' } },
        { key: 'espresso-milk', text: { en: 'What coffee beans taste best in a flat white?' }, openness: 0.3 },
      ],
      queries: { en: ['espresso beans', 'best espresso beans for home', 'coffee beans for milk drinks'] },
    },
    {
      id: 'single-origin',
      name: { en: 'Single-origin coffee' },
      bias: 0.06,
      pages: ['/shop/single-origin'],
      questions: [
        { key: 'origin-ethiopia', text: { en: 'Where can I buy fresh Ethiopian single-origin coffee online?' } },
        { key: 'origin-explained', text: { en: 'Is single-origin coffee better than a blend?' }, openness: 0.55 },
      ],
      queries: { en: ['ethiopian coffee beans', 'single origin coffee', 'light roast coffee'] },
    },
    {
      id: 'decaf',
      name: { en: 'Decaf' },
      bias: -0.1,
      pages: [],
      questions: [
        { key: 'decaf-swiss-water', text: { en: 'Which roasters sell Swiss Water decaf that tastes good?' } },
        { key: 'decaf-process', text: { en: 'How is decaf coffee made without chemicals?' }, openness: 0.6 },
      ],
      queries: { en: ['swiss water decaf', 'best decaf coffee beans', 'chemical free decaf'] },
    },
    {
      id: 'brewing-guides',
      name: { en: 'Brewing guides' },
      bias: 0.1,
      pages: ['/guides/pour-over', '/guides/french-press'],
      questions: [
        { key: 'brew-pourover-ratio', text: { en: 'What coffee-to-water ratio should I use for pour-over?' }, openness: 0.6 },
        { key: 'brew-french-press', text: { en: 'Which beans work best in a French press?' } },
      ],
      queries: { en: ['pour over ratio', 'french press coffee', 'how to brew pour over'] },
    },
    {
      id: 'sustainability',
      name: { en: 'Sustainable sourcing' },
      bias: -0.05,
      pages: ['/sourcing'],
      questions: [
        { key: 'sustain-direct-trade', text: { en: 'Which US roasters buy direct trade coffee?' } },
        { key: 'sustain-compostable', text: { en: 'Who ships coffee in compostable bags?' }, uncovered: true },
      ],
      queries: { en: ['direct trade coffee', 'sustainable coffee roasters', 'compostable coffee bags'] },
    },
    {
      id: 'wholesale',
      name: { en: 'Wholesale for cafés' },
      bias: -0.14,
      pages: [],
      questions: [
        { key: 'wholesale-cafe', text: { en: 'How do I choose a wholesale coffee roaster for my café?' }, openness: 0.35 },
        { key: 'wholesale-training', text: { en: 'Which roasters include barista training with wholesale?' } },
      ],
      queries: { en: ['wholesale coffee roaster', 'coffee for cafes', 'barista training'] },
    },
    {
      id: 'cold-brew',
      name: { en: 'Cold brew' },
      bias: 0.0,
      pages: ['/shop/cold-brew'],
      questions: [
        { key: 'coldbrew-beans', text: { en: 'What are the best beans for cold brew?' } },
        { key: 'coldbrew-concentrate', text: { en: 'Which cold brew concentrate is worth buying?' } },
      ],
      queries: { en: ['cold brew coffee beans', 'cold brew concentrate', 'how to make cold brew'] },
    },
  ],
  competitors: [
    {
      name: 'Driftwood Roasters',
      domain: 'driftwoodroasters.example',
      strength: 0.5,
      knownFor: { en: 'award-winning light roasts' },
      pages: [{ path: '/subscriptions', title: { en: 'Coffee subscriptions' } }],
    },
    {
      name: 'Bean Voyage',
      domain: 'beanvoyage.example',
      strength: 0.45,
      knownFor: { en: 'a rotating multi-roaster subscription' },
      pages: [{ path: '/how-it-works', title: { en: 'How Bean Voyage works' } }],
    },
    {
      name: 'Copper Kettle Coffee',
      domain: 'copperkettle.example',
      strength: 0.36,
      knownFor: { en: 'chocolatey espresso blends' },
      pages: [{ path: '/espresso', title: { en: 'Espresso blends' } }],
    },
    {
      name: 'Highline Coffee',
      domain: 'highline.example',
      strength: 0.31,
      knownFor: { en: 'wholesale programs with barista training' },
      pages: [{ path: '/wholesale', title: { en: 'Wholesale partners' } }],
    },
    {
      name: 'Stillwater Decaf Co',
      domain: 'stillwaterdecaf.example',
      strength: 0.27,
      knownFor: { en: 'decaf-only roasting' },
      pages: [{ path: '/process', title: { en: 'Our Swiss Water process' } }],
    },
  ],
  pages: [
    { path: '/', title: { en: '{brand}: small-batch coffee, roasted to order' } },
    { path: '/subscribe', title: { en: 'Coffee subscription' } },
    { path: '/shop/espresso', title: { en: 'Espresso' } },
    { path: '/shop/single-origin', title: { en: 'Single origins' } },
    { path: '/shop/cold-brew', title: { en: 'Cold brew packs' } },
    { path: '/guides/pour-over', title: { en: 'Pour-over guide' } },
    { path: '/guides/french-press', title: { en: 'French press guide' } },
    { path: '/sourcing', title: { en: 'How we source' } },
  ],
  sources: [
    { domain: 'coffeereview.com', kind: 'review_site', lang: 'en', weight: 7, paths: ['/reviews/'] },
    { domain: 'reddit.com', kind: 'forum', lang: 'en', weight: 8, paths: ['/r/Coffee/', '/r/espresso/'] },
    { domain: 'seriouseats.com', kind: 'media', lang: 'en', weight: 5, paths: ['/best-coffee-subscriptions'] },
    { domain: 'youtube.com', kind: 'video', lang: 'en', weight: 4, paths: ['/watch?v=AI4ynXOK6mA'] },
    { domain: 'sca.coffee', kind: 'reference', lang: 'en', weight: 2, paths: ['/research/coffee-standards'] },
  ],
  forums: [
    { name: 'r/Coffee', lang: 'en', style: 'reddit', base: 'https://www.reddit.com/r/Coffee' },
    { name: 'r/espresso', lang: 'en', style: 'reddit', base: 'https://www.reddit.com/r/espresso' },
    { name: 'Home-Barista', lang: 'en', style: 'xenforo', base: 'https://www.home-barista.example/forums' },
  ],
  facts: ['price per bag', 'roast date on the bag', 'shipping speed', 'subscription flexibility', 'origin transparency', 'packaging'],
};
