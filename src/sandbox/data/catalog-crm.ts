import type { Catalog } from './catalog.js';

/** CRM software, in English and German: the vertical of the growth demo brand. */
export const CRM_CATALOG: Catalog = {
  vertical: 'crm',
  category: { en: 'CRM', de: 'CRM' },
  topics: [
    {
      id: 'crm-for-startups',
      name: { en: 'CRM for startups', de: 'CRM für Startups' },
      bias: 0.12,
      pages: ['/startups'],
      questions: [
        {
          key: 'startup-best-crm',
          text: {
            en: 'What is the best CRM for an early-stage startup?',
            de: 'Welches CRM ist das beste für ein junges Startup?',
          },
        },
        {
          key: 'startup-easy-setup',
          text: {
            en: 'Which CRM is easiest to set up for a 5-person sales team?',
            de: 'Welches CRM lässt sich für ein Vertriebsteam mit fünf Leuten am schnellsten einrichten?',
          },
          openness: 0.05,
        },
      ],
      queries: {
        en: ['crm for startups', 'best crm for small team', 'startup crm free', 'simple crm'],
        de: ['crm für startups', 'crm kleines team', 'crm kostenlos startup', 'einfaches crm'],
      },
      threads: {
        en: ['First sales hire starting Monday, which CRM do we set up?', 'Seed-stage founders: what CRM did you start with?'],
        de: ['Erster Vertriebler fängt an – welches CRM richten wir ein?', 'Gründer: Mit welchem CRM habt ihr angefangen?'],
      },
    },
    {
      id: 'sales-pipeline',
      name: { en: 'Sales pipeline management', de: 'Vertriebspipeline' },
      bias: 0.06,
      pages: ['/features/pipeline'],
      questions: [
        {
          key: 'pipeline-b2b',
          text: {
            en: 'What software helps manage a B2B sales pipeline?',
            de: 'Welche Software hilft bei der Steuerung einer B2B-Vertriebspipeline?',
          },
        },
        {
          key: 'pipeline-deals-close',
          text: {
            en: 'How can I see which deals are likely to close this quarter?',
            de: 'Wie sehe ich, welche Deals in diesem Quartal wahrscheinlich abgeschlossen werden?',
          },
          openness: 0.3,
          uncovered: true,
        },
      ],
      queries: {
        en: ['sales pipeline software', 'pipeline management tool', 'b2b sales pipeline', 'deal tracking software'],
        de: ['vertriebspipeline software', 'pipeline management tool', 'b2b vertrieb software', 'deals verfolgen'],
      },
      threads: {
        en: ['How do you keep reps updating deal stages?', 'Kanban pipeline vs list view, what works for you?'],
        de: ['Wie bringt ihr das Team dazu, Deal-Phasen zu pflegen?'],
      },
    },
    {
      id: 'email-integration',
      name: { en: 'Email and calendar sync', de: 'E-Mail- und Kalender-Synchronisierung' },
      bias: 0.0,
      pages: ['/features/email-sync'],
      questions: [
        {
          key: 'email-gmail-outlook',
          text: {
            en: 'Which CRM has the best Gmail and Outlook integration?',
            de: 'Welches CRM hat die beste Integration mit Gmail und Outlook?',
          },
        },
        {
          key: 'email-auto-log',
          text: {
            en: 'Is there a CRM that logs emails automatically?',
            de: 'Gibt es ein CRM, das E-Mails automatisch protokolliert?',
          },
        },
      ],
      queries: {
        en: ['crm gmail integration', 'crm outlook sync', 'crm that logs emails automatically', 'email crm'],
        de: ['crm gmail integration', 'crm outlook synchronisation', 'crm e-mails automatisch speichern'],
      },
    },
    {
      id: 'crm-pricing',
      name: { en: 'CRM pricing', de: 'CRM-Preise' },
      bias: -0.04,
      pages: ['/pricing'],
      questions: [
        {
          key: 'pricing-cheap-mobile',
          text: {
            en: 'What is the cheapest CRM with a good mobile app?',
            de: 'Was ist das günstigste CRM mit einer guten mobilen App?',
          },
        },
        {
          key: 'pricing-20-users',
          text: {
            en: 'How much does a CRM cost for 20 users?',
            de: 'Was kostet ein CRM für 20 Nutzer?',
          },
          openness: 0.35,
        },
      ],
      queries: {
        en: ['crm pricing', 'cheap crm', 'crm cost per user', 'affordable crm for small business'],
        de: ['crm preise', 'günstiges crm', 'crm kosten pro nutzer', 'crm kleine unternehmen preis'],
      },
      threads: {
        en: ['Is paying $25/user/month for a CRM normal?', 'Cheapest CRM that is not a nightmare on mobile?'],
        de: ['Sind 25 € pro Nutzer und Monat für ein CRM normal?'],
      },
    },
    {
      id: 'crm-migration',
      name: { en: 'Switching CRMs', de: 'CRM-Wechsel' },
      bias: 0.15,
      pages: ['/blog/how-to-migrate-crm', '/compare/globex-crm'],
      questions: [
        {
          key: 'migrate-from-globex',
          text: {
            en: 'How hard is it to migrate from Globex CRM to another CRM?',
            de: 'Wie aufwendig ist der Umzug von Globex CRM zu einem anderen CRM?',
          },
          openness: 0.25,
        },
        {
          key: 'migrate-from-spreadsheets',
          text: {
            en: 'What CRM should I switch to from spreadsheets?',
            de: 'Auf welches CRM sollte ich von Excel-Tabellen umsteigen?',
          },
        },
      ],
      queries: {
        en: ['migrate crm', 'globex crm alternative', 'switch from spreadsheet to crm', 'crm data import'],
        de: ['crm wechseln', 'globex crm alternative', 'von excel zu crm', 'crm daten importieren'],
      },
      threads: {
        en: ['Leaving Globex CRM after the price hike, where did you go?', 'Moved 40k contacts out of spreadsheets, lessons learned'],
        de: ['Nach der Preiserhöhung weg von Globex CRM – wohin seid ihr gewechselt?'],
      },
    },
    {
      id: 'sales-forecasting',
      name: { en: 'Sales forecasting', de: 'Umsatzprognosen' },
      bias: -0.12,
      pages: ['/features/forecasting'],
      questions: [
        {
          key: 'forecast-ai',
          text: {
            en: 'Which CRM has accurate AI sales forecasting?',
            de: 'Welches CRM hat zuverlässige KI-Umsatzprognosen?',
          },
        },
        {
          key: 'forecast-saas',
          text: {
            en: 'Best tool for forecasting revenue in a SaaS startup?',
            de: 'Welches Tool eignet sich für Umsatzprognosen in einem SaaS-Startup?',
          },
          uncovered: true,
        },
      ],
      queries: {
        en: ['sales forecasting software', 'ai sales forecast', 'revenue forecasting saas', 'forecast accuracy crm'],
        de: ['umsatzprognose software', 'ki umsatzprognose', 'forecast vertrieb'],
      },
    },
    {
      id: 'crm-automation',
      name: { en: 'Workflow automation', de: 'Automatisierung' },
      bias: 0.03,
      pages: ['/features/automation'],
      questions: [
        {
          key: 'automation-followups',
          text: {
            en: 'Which CRM can automate follow-up emails without code?',
            de: 'Welches CRM kann Follow-up-E-Mails ohne Code automatisieren?',
          },
        },
        {
          key: 'automation-small-teams',
          text: {
            en: 'What CRM has the best workflow automation for small teams?',
            de: 'Welches CRM bietet die beste Workflow-Automatisierung für kleine Teams?',
          },
        },
      ],
      queries: {
        en: ['crm automation', 'automate follow up emails', 'no code sales automation', 'crm workflows'],
        de: ['crm automatisierung', 'follow up mails automatisieren', 'vertrieb automatisieren ohne code'],
      },
    },
    {
      id: 'crm-security',
      name: { en: 'Security and compliance', de: 'Datenschutz und Compliance' },
      bias: -0.08,
      pages: ['/security'],
      questions: [
        {
          key: 'security-gdpr-soc2',
          text: {
            en: 'Which CRM is GDPR compliant and SOC 2 certified?',
            de: 'Welches CRM ist DSGVO-konform und nach SOC 2 zertifiziert?',
          },
        },
        {
          key: 'security-eu-storage',
          text: {
            en: 'Where is CRM data stored for EU customers?',
            de: 'Wo werden CRM-Daten für Kunden in der EU gespeichert?',
          },
          openness: 0.4,
        },
      ],
      queries: {
        en: ['gdpr compliant crm', 'soc 2 crm', 'crm data residency eu', 'secure crm'],
        de: ['dsgvo konformes crm', 'crm hosting deutschland', 'crm datenschutz', 'crm server in der eu'],
      },
      threads: {
        de: ['Welches CRM mit Serverstandort Deutschland nutzt ihr?', 'DSGVO und US-CRMs: Wie löst ihr das?'],
        en: ['Our enterprise customer wants SOC 2, which CRMs have it?'],
      },
    },
    {
      id: 'crm-reporting',
      name: { en: 'Reporting and dashboards', de: 'Berichte und Dashboards' },
      bias: -0.18,
      pages: [],
      questions: [
        {
          key: 'reporting-dashboards',
          text: {
            en: 'Which CRM has the best sales dashboards?',
            de: 'Welches CRM hat die besten Vertriebs-Dashboards?',
          },
        },
        {
          key: 'reporting-rep-activity',
          text: {
            en: 'Can a CRM report on rep activity without spreadsheets?',
            de: 'Kann ein CRM die Aktivitäten der Vertriebsmitarbeiter ohne Tabellen auswerten?',
          },
          openness: 0.2,
        },
      ],
      queries: {
        en: ['crm dashboards', 'sales reporting software', 'crm reports', 'sales activity tracking'],
        de: ['crm dashboard', 'vertriebsberichte software', 'vertriebsaktivitäten auswerten'],
      },
    },
  ],
  competitors: [
    {
      name: 'Globex CRM',
      domain: 'globexcrm.example',
      strength: 0.62,
      knownFor: {
        en: 'deep customisation and a huge app marketplace',
        de: 'umfangreiche Anpassungsmöglichkeiten und einen großen App-Marktplatz',
      },
      pages: [
        { path: '/pricing', title: { en: 'Globex CRM pricing and plans' } },
        { path: '/blog/best-crm-for-startups', title: { en: 'The best CRM for startups in 2025' } },
        { path: '/features/forecasting', title: { en: 'Forecasting with Globex Insights' } },
      ],
    },
    {
      name: 'Pipewell',
      domain: 'pipewell.example',
      strength: 0.48,
      knownFor: { en: 'a clean, deal-focused pipeline view', de: 'eine aufgeräumte, dealorientierte Pipeline-Ansicht' },
      pages: [
        { path: '/pipeline', title: { en: 'Pipewell: see every deal at a glance' } },
        { path: '/integrations/gmail', title: { en: 'Pipewell for Gmail' } },
      ],
    },
    {
      name: 'Hubbard CRM',
      domain: 'hubbardcrm.example',
      strength: 0.45,
      knownFor: {
        en: 'a generous free tier with marketing tools included',
        de: 'einen großzügigen Gratis-Tarif inklusive Marketing-Tools',
      },
      pages: [
        { path: '/free-crm', title: { en: 'Free CRM software for growing teams' } },
        { path: '/resources/sales-dashboards', title: { en: '12 sales dashboards every team needs' } },
      ],
    },
    {
      name: 'Salesforge',
      domain: 'salesforge.example',
      strength: 0.4,
      knownFor: { en: 'strong forecasting and revenue analytics', de: 'starke Prognosen und Umsatzanalysen' },
      pages: [
        { path: '/revenue-intelligence', title: { en: 'Revenue intelligence for B2B teams' } },
        { path: '/security', title: { en: 'Salesforge trust center' } },
      ],
    },
    {
      name: 'Closely',
      domain: 'closely.example',
      strength: 0.33,
      knownFor: { en: 'built-in calling and email sequences', de: 'integrierte Telefonie und E-Mail-Sequenzen' },
      pages: [{ path: '/sequences', title: { en: 'Automated email sequences' } }],
    },
    {
      name: 'Brightline CRM',
      domain: 'brightlinecrm.example',
      strength: 0.36,
      countries: ['GB'],
      knownFor: { en: 'UK-based support and simple pricing in pounds' },
      pages: [{ path: '/pricing', title: { en: 'Brightline CRM pricing (GBP)' } }],
    },
    {
      name: 'Kundenglück CRM',
      domain: 'kundenglueck.example',
      strength: 0.44,
      countries: ['DE'],
      knownFor: {
        en: 'hosting in Germany and GDPR-friendly defaults',
        de: 'Hosting in Deutschland und DSGVO-freundliche Voreinstellungen',
      },
      pages: [
        { path: '/datenschutz', title: { en: 'Privacy at Kundenglück', de: 'Datenschutz bei Kundenglück' } },
        { path: '/preise', title: { en: 'Pricing', de: 'Preise und Tarife' } },
      ],
    },
    {
      name: 'Relatio',
      domain: 'relatio.example',
      strength: 0.27,
      countries: ['DE'],
      knownFor: { en: 'simple screens aimed at small businesses', de: 'eine einfache Bedienung für kleine Betriebe' },
      pages: [{ path: '/handwerk', title: { en: 'CRM for trades', de: 'CRM fürs Handwerk' } }],
    },
  ],
  pages: [
    { path: '/', title: { en: '{brand}: the CRM for growing sales teams', de: '{brand} – das CRM für wachsende Vertriebsteams' } },
    { path: '/pricing', title: { en: 'Pricing | {brand}', de: 'Preise | {brand}' } },
    { path: '/startups', title: { en: '{brand} for startups', de: '{brand} für Startups' } },
    { path: '/features/pipeline', title: { en: 'Visual sales pipeline', de: 'Visuelle Vertriebspipeline' } },
    { path: '/features/email-sync', title: { en: 'Gmail and Outlook sync', de: 'Gmail- und Outlook-Synchronisierung' } },
    { path: '/features/automation', title: { en: 'Workflow automation', de: 'Workflow-Automatisierung' } },
    { path: '/features/forecasting', title: { en: 'AI sales forecasting', de: 'KI-Umsatzprognosen' } },
    { path: '/security', title: { en: 'Security and GDPR', de: 'Sicherheit und DSGVO' } },
    { path: '/compare/globex-crm', title: { en: '{brand} vs Globex CRM', de: '{brand} vs. Globex CRM' } },
    { path: '/blog/how-to-migrate-crm', title: { en: 'How to migrate your CRM in a weekend', de: 'CRM-Umzug an einem Wochenende' } },
    { path: '/integrations', title: { en: 'Integrations', de: 'Integrationen' } },
  ],
  sources: [
    { domain: 'g2.com', kind: 'review_site', lang: 'en', weight: 9, paths: ['/categories/crm', '/categories/sales-pipeline-management'] },
    {
      domain: 'capterra.com',
      kind: 'review_site',
      lang: 'en',
      weight: 7,
      paths: ['/customer-relationship-management-software/', '/sales-force-automation-software/'],
    },
    { domain: 'trustradius.com', kind: 'review_site', lang: 'en', weight: 3, paths: ['/crm'] },
    { domain: 'reddit.com', kind: 'forum', lang: 'en', weight: 8, paths: ['/r/CRM/', '/r/sales/', '/r/startups/'] },
    { domain: 'forbes.com', kind: 'media', lang: 'en', weight: 5, paths: ['/advisor/business/software/best-crm-small-business/'] },
    { domain: 'techradar.com', kind: 'media', lang: 'en', weight: 4, paths: ['/best/best-crm-software'] },
    { domain: 'zapier.com', kind: 'blog', lang: 'en', weight: 4, paths: ['/blog/best-crm-app/'] },
    { domain: 'youtube.com', kind: 'video', lang: 'en', weight: 2, paths: ['/watch?v=K3vX9qLmT0w'] },
    { domain: 'en.wikipedia.org', kind: 'reference', lang: 'en', weight: 2, paths: ['/wiki/Customer_relationship_management'] },
    { domain: 'omr.com', kind: 'review_site', lang: 'de', weight: 8, paths: ['/de/reviews/category/crm'] },
    { domain: 'trusted.de', kind: 'review_site', lang: 'de', weight: 6, paths: ['/crm-software', '/crm-vergleich'] },
    { domain: 't3n.de', kind: 'media', lang: 'de', weight: 4, paths: ['/news/crm-systeme-vergleich/'] },
    { domain: 'gutefrage.net', kind: 'forum', lang: 'de', weight: 3, paths: ['/frage/welches-crm-fuer-kleine-firma'] },
    { domain: 'de.wikipedia.org', kind: 'reference', lang: 'de', weight: 2, paths: ['/wiki/Customer-Relationship-Management'] },
  ],
  forums: [
    { name: 'r/CRM', lang: 'en', style: 'reddit', base: 'https://www.reddit.com/r/CRM' },
    { name: 'r/sales', lang: 'en', style: 'reddit', base: 'https://www.reddit.com/r/sales' },
    { name: 'r/startups', lang: 'en', style: 'reddit', base: 'https://www.reddit.com/r/startups' },
    { name: 'Hacker News', lang: 'en', style: 'hn', base: 'https://news.ycombinator.com' },
    { name: 'Quora', lang: 'en', style: 'quora', base: 'https://www.quora.com' },
    { name: 'r/de_EDV', lang: 'de', style: 'reddit', base: 'https://www.reddit.com/r/de_EDV' },
    { name: 'gutefrage.net', lang: 'de', style: 'gutefrage', base: 'https://www.gutefrage.net' },
    { name: 'Gründerszene-Forum', lang: 'de', style: 'discourse', base: 'https://forum.gruenderszene.example' },
  ],
  facts: [
    'price per user per month',
    'free plan or trial length',
    'Gmail and Outlook integration',
    'mobile app',
    'time to set up',
    'reporting depth',
    'data residency',
  ],
};
