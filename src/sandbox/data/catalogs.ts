import type { Vertical } from '../accounts.js';
import type { Catalog } from './catalog.js';
import { COFFEE_CATALOG } from './catalog-coffee.js';
import { CRM_CATALOG } from './catalog-crm.js';
import { DENTAL_CATALOG } from './catalog-dental.js';
import { OUTDOOR_CATALOG } from './catalog-outdoor.js';
import { PAYMENTS_CATALOG } from './catalog-payments.js';

const CATALOGS: Readonly<Record<Vertical, Catalog>> = {
  crm: CRM_CATALOG,
  outdoor: OUTDOOR_CATALOG,
  dental: DENTAL_CATALOG,
  payments: PAYMENTS_CATALOG,
  coffee: COFFEE_CATALOG,
};

export function catalogFor(vertical: Vertical): Catalog {
  return CATALOGS[vertical];
}
