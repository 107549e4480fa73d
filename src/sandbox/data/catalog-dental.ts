import type { Catalog } from './catalog.js';

/** A UK dental clinic group (an agency client with one market and no search console). */
export const DENTAL_CATALOG: Catalog = {
  vertical: 'dental',
  category: { en: 'dental clinic' },
  topics: [
    {
      id: 'teeth-whitening',
      name: { en: 'Teeth whitening' },
      bias: 0.1,
      pages: ['/treatments/whitening'],
      questions: [
        { key: 'whitening-safe', text: { en: 'Is professional teeth whitening safe, and where can I get it in London?' } },
        { key: 'whitening-cost', text: { en: 'How much does teeth whitening cost in the UK?' }, openness: 0.4 },
      ],
      queries: { en: ['teeth whitening london', 'teeth whitening cost uk', 'professional teeth whitening'] },
    },
    {
      id: 'invisalign',
      name: { en: 'Clear aligners' },
      bias: 0.05,
      pages: ['/treatments/clear-aligners'],
      questions: [
        { key: 'aligners-best-clinic', text: { en: 'Which clinics offer Invisalign with flexible payment plans?' } },
        { key: 'aligners-vs-braces', text: { en: 'Clear aligners or braces for adults, which is better?' }, openness: 0.45 },
      ],
      queries: { en: ['invisalign london', 'clear aligners cost', 'adult braces'] },
    },
    {
      id: 'emergency-dentist',
      name: { en: 'Emergency dentist' },
      bias: 0.18,
      pages: ['/emergency'],
      questions: [
        { key: 'emergency-weekend', text: { en: 'Where can I find an emergency dentist open at the weekend?' } },
        { key: 'emergency-toothache', text: { en: 'What should I do about severe toothache at night?' }, openness: 0.5 },
      ],
      queries: { en: ['emergency dentist', 'weekend dentist', 'emergency dentist near me'] },
    },
    {
      id: 'dental-implants',
      name: { en: 'Dental implants' },
      bias: -0.08,
      pages: [],
      questions: [
        { key: 'implants-cost', text: { en: 'How much do dental implants cost privately in the UK?' } },
        { key: 'implants-clinic', text: { en: 'Which UK clinics have the best reviews for implants?' } },
      ],
      queries: { en: ['dental implants cost uk', 'dental implants london', 'implant dentist'] },
    },
    {
      id: 'nhs-vs-private',
      name: { en: 'NHS and private care' },
      bias: -0.02,
      pages: ['/fees'],
      questions: [
        { key: 'nhs-find', text: { en: 'How do I find a dentist taking on NHS patients?' }, openness: 0.55 },
        { key: 'private-worth', text: { en: 'Is a private dental plan worth it?' } },
      ],
      queries: { en: ['nhs dentist near me', 'private dentist fees', 'dental plan uk'] },
    },
    {
      id: 'nervous-patients',
      name: { en: 'Nervous patients' },
      bias: 0.12,
      pages: ['/nervous-patients'],
      questions: [
        { key: 'nervous-sedation', text: { en: 'Which dentists offer sedation for anxious patients?' } },
        { key: 'nervous-tips', text: { en: 'How can I get over my fear of the dentist?' }, openness: 0.6 },
      ],
      queries: { en: ['dentist for nervous patients', 'iv sedation dentist', 'dental anxiety'] },
    },
    {
      id: 'kids-dentistry',
      name: { en: 'Children’s dentistry' },
      bias: -0.12,
      pages: [],
      questions: [
        { key: 'kids-first-visit', text: { en: 'When should a child first see a dentist?' }, openness: 0.6 },
        { key: 'kids-friendly', text: { en: 'Which dental practices are good with young children?' } },
      ],
      queries: { en: ['children dentist', 'kids dentist london', 'first dental visit child'] },
    },
    {
      id: 'cosmetic-veneers',
      name: { en: 'Veneers and bonding' },
      bias: 0.0,
      pages: ['/treatments/veneers'],
      questions: [
        { key: 'veneers-vs-bonding', text: { en: 'Composite bonding or porcelain veneers, which lasts longer?' }, openness: 0.35 },
        { key: 'veneers-clinic', text: { en: 'Who does natural-looking veneers in London?' } },
      ],
      queries: { en: ['veneers london', 'composite bonding cost', 'porcelain veneers uk'] },
    },
  ],
  competitors: [
    {
      name: 'Bright Smile Clinics',
      domain: 'brightsmile.example',
      strength: 0.52,
      knownFor: { en: 'late opening hours across 40 UK sites' },
      pages: [{ path: '/whitening', title: { en: 'Teeth whitening from £249' } }],
    },
    {
      name: 'The Harley Dental Rooms',
      domain: 'harleydental.example',
      strength: 0.41,
      knownFor: { en: 'high-end cosmetic work on Harley Street' },
      pages: [{ path: '/veneers', title: { en: 'Porcelain veneers' } }],
    },
    {
      name: 'Toothfairy Family Dental',
      domain: 'toothfairy.example',
      strength: 0.33,
      knownFor: { en: 'child-friendly practices and NHS places' },
      pages: [{ path: '/children', title: { en: 'Children’s dentistry' } }],
    },
    {
      name: 'SmileDirect Aligners',
      domain: 'smiledirect-aligners.example',
      strength: 0.38,
      knownFor: { en: 'at-home aligners with no clinic visits' },
      pages: [{ path: '/how-it-works', title: { en: 'How at-home aligners work' } }],
    },
    {
      name: 'Oakwood Dental Group',
      domain: 'oakwooddental.example',
      strength: 0.29,
      knownFor: { en: 'implants with a ten-year guarantee' },
      pages: [{ path: '/implants', title: { en: 'Dental implants' } }],
    },
  ],
  pages: [
    { path: '/', title: { en: '{brand}: modern dentistry in London' } },
    { path: '/treatments/whitening', title: { en: 'Teeth whitening' } },
    { path: '/treatments/clear-aligners', title: { en: 'Clear aligners' } },
    { path: '/treatments/veneers', title: { en: 'Veneers and composite bonding' } },
    { path: '/emergency', title: { en: 'Emergency appointments, 7 days a week' } },
    { path: '/fees', title: { en: 'Fees and dental plans' } },
    { path: '/nervous-patients', title: { en: 'Care for nervous patients' } },
  ],
  sources: [
    { domain: 'nhs.uk', kind: 'reference', lang: 'en', weight: 9, paths: ['/nhs-services/dentists/', '/conditions/dental-implants/'] },
    { domain: 'reddit.com', kind: 'forum', lang: 'en', weight: 5, paths: ['/r/london/', '/r/Dentistry/'] },
    { domain: 'trustpilot.com', kind: 'review_site', lang: 'en', weight: 6, paths: ['/categories/dentist'] },
    { domain: 'which.co.uk', kind: 'media', lang: 'en', weight: 5, paths: ['/reviews/dentists/article/private-dentist-costs'] },
    { domain: 'bda.org', kind: 'reference', lang: 'en', weight: 3, paths: ['/advice'] },
  ],
  forums: [
    { name: 'r/london', lang: 'en', style: 'reddit', base: 'https://www.reddit.com/r/london' },
    { name: 'r/AskUK', lang: 'en', style: 'reddit', base: 'https://www.reddit.com/r/AskUK' },
    { name: 'Mumsnet', lang: 'en', style: 'discourse', base: 'https://www.mumsnet.example/talk' },
  ],
  facts: ['price per treatment', 'opening hours', 'NHS or private', 'finance options', 'reviews', 'sedation available', 'location'],
};
