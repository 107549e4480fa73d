import type { Catalog } from './catalog.js';

/** Online payments for small businesses (an agency client in the US, UK and Australia). */
export const PAYMENTS_CATALOG: Catalog = {
  vertical: 'payments',
  category: { en: 'payment provider' },
  topics: [
    {
      id: 'online-payments',
      name: { en: 'Online payments for small business' },
      bias: 0.08,
      pages: ['/payments'],
      questions: [
        { key: 'pay-small-business', text: { en: 'What is the best payment provider for a small online store?' } },
        { key: 'pay-lowest-fees', text: { en: 'Which payment processor has the lowest fees?' }, openness: 0.25 },
      ],
      queries: { en: ['payment provider small business', 'online payment processing', 'lowest payment processing fees'] },
    },
    {
      id: 'invoicing',
      name: { en: 'Invoicing' },
      bias: 0.16,
      pages: ['/invoicing'],
      questions: [
        { key: 'invoice-recurring', text: { en: 'How can I send recurring invoices that get paid automatically?' } },
        { key: 'invoice-freelancer', text: { en: 'What invoicing tool is best for freelancers?' } },
      ],
      queries: { en: ['invoicing software', 'recurring invoices', 'invoice app for freelancers'] },
    },
    {
      id: 'subscriptions',
      name: { en: 'Subscription billing' },
      bias: -0.06,
      pages: ['/billing'],
      questions: [
        { key: 'subs-saas', text: { en: 'Which subscription billing platform suits an early SaaS?' } },
        { key: 'subs-dunning', text: { en: 'How do I reduce failed subscription payments?' }, openness: 0.4, uncovered: true },
      ],
      queries: { en: ['subscription billing software', 'dunning management', 'saas billing'] },
    },
    {
      id: 'in-person',
      name: { en: 'In-person card readers' },
      bias: -0.12,
      pages: [],
      questions: [
        { key: 'reader-market-stall', text: { en: 'What is the best card reader for a market stall?' } },
        { key: 'reader-tap-phone', text: { en: 'Can I take contactless payments on my phone without a reader?' } },
      ],
      queries: { en: ['card reader small business', 'tap to pay on phone', 'mobile card reader'] },
    },
    {
      id: 'cross-border',
      name: { en: 'International payments' },
      bias: 0.02,
      pages: ['/global'],
      questions: [
        { key: 'xborder-currencies', text: { en: 'Which payment provider supports the most currencies?' } },
        { key: 'xborder-fx-fees', text: { en: 'How do I avoid high FX fees when customers pay in euros?' }, openness: 0.3 },
      ],
      queries: { en: ['multi currency payments', 'fx fees payment processor', 'accept international payments'] },
    },
    {
      id: 'payouts',
      name: { en: 'Payout speed' },
      bias: 0.1,
      pages: ['/payouts'],
      questions: [
        { key: 'payout-same-day', text: { en: 'Which payment processors offer same-day payouts?' } },
        { key: 'payout-held-funds', text: { en: 'Why would a payment processor hold my funds?' }, openness: 0.5 },
      ],
      queries: { en: ['same day payouts', 'instant payouts', 'payment processor holding funds'] },
    },
    {
      id: 'fraud',
      name: { en: 'Fraud and chargebacks' },
      bias: -0.04,
      pages: ['/risk'],
      questions: [
        { key: 'fraud-chargebacks', text: { en: 'How can a small shop fight chargebacks?' }, openness: 0.4 },
        { key: 'fraud-tools', text: { en: 'Which payment provider has the best built-in fraud protection?' } },
      ],
      queries: { en: ['chargeback protection', 'fraud detection payments', 'dispute chargeback'] },
    },
    {
      id: 'ecommerce-plugins',
      name: { en: 'E-commerce plugins' },
      bias: -0.16,
      pages: [],
      questions: [
        { key: 'plugin-woocommerce', text: { en: 'What is the best payment plugin for WooCommerce?' } },
        { key: 'plugin-shopify-alt', text: { en: 'Which payment gateways work with Shopify besides Shopify Payments?' } },
      ],
      queries: { en: ['woocommerce payment gateway', 'shopify payment gateway', 'payment plugin'] },
    },
  ],
  competitors: [
    {
      name: 'Paystream',
      domain: 'paystream.example',
      strength: 0.6,
      knownFor: { en: 'developer-friendly APIs used by most startups' },
      pages: [{ path: '/pricing', title: { en: 'Paystream pricing' } }],
    },
    {
      name: 'Tillpoint',
      domain: 'tillpoint.example',
      strength: 0.46,
      knownFor: { en: 'cheap card readers and a free point-of-sale app' },
      pages: [{ path: '/readers', title: { en: 'Card readers' } }],
    },
    {
      name: 'Ledgerly',
      domain: 'ledgerly.example',
      strength: 0.35,
      knownFor: { en: 'invoicing and bookkeeping in one app' },
      pages: [{ path: '/invoices', title: { en: 'Free invoice templates' } }],
    },
    {
      name: 'Globepay',
      domain: 'globepay.example',
      strength: 0.38,
      knownFor: { en: 'low-cost multi-currency accounts' },
      pages: [{ path: '/business', title: { en: 'Globepay for business' } }],
    },
    {
      name: 'Koala Payments',
      domain: 'koalapay.example',
      strength: 0.34,
      countries: ['AU'],
      knownFor: { en: 'fast settlement for Australian merchants' },
      pages: [{ path: '/merchants', title: { en: 'Next-day settlement' } }],
    },
  ],
  pages: [
    { path: '/', title: { en: '{brand}: get paid online and in person' } },
    { path: '/payments', title: { en: 'Online payments' } },
    { path: '/invoicing', title: { en: 'Invoicing that chases itself' } },
    { path: '/billing', title: { en: 'Subscription billing' } },
    { path: '/global', title: { en: 'Accept 45 currencies' } },
    { path: '/payouts', title: { en: 'Same-day payouts' } },
    { path: '/risk', title: { en: 'Fraud protection' } },
    { path: '/pricing', title: { en: 'Pricing | {brand}' } },
  ],
  sources: [
    { domain: 'nerdwallet.com', kind: 'media', lang: 'en', weight: 8, paths: ['/article/small-business/payment-processing'] },
    { domain: 'g2.com', kind: 'review_site', lang: 'en', weight: 6, paths: ['/categories/payment-gateways'] },
    { domain: 'reddit.com', kind: 'forum', lang: 'en', weight: 6, paths: ['/r/smallbusiness/', '/r/ecommerce/'] },
    { domain: 'forbes.com', kind: 'media', lang: 'en', weight: 4, paths: ['/advisor/business/best-payment-gateways/'] },
    { domain: 'investopedia.com', kind: 'reference', lang: 'en', weight: 3, paths: ['/terms/c/chargeback.asp'] },
  ],
  forums: [
    { name: 'r/smallbusiness', lang: 'en', style: 'reddit', base: 'https://www.reddit.com/r/smallbusiness' },
    { name: 'r/ecommerce', lang: 'en', style: 'reddit', base: 'https://www.reddit.com/r/ecommerce' },
    { name: 'Hacker News', lang: 'en', style: 'hn', base: 'https://news.ycombinator.com' },
  ],
  facts: ['card fee per transaction', 'payout speed', 'supported currencies', 'card readers', 'integrations', 'chargeback handling'],
};
