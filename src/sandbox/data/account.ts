/** Payloads about the account itself: brands, markets, usage. */
import { PLAN_LABELS } from '../accounts.js';
import { isoTime, nextMonthStart } from './dates.js';
import { brandOf, type DataRequest, type Payload } from './context.js';

export function brandsPayload(request: DataRequest): Payload {
  return {
    data: {
      brands: request.account.brands.map((brand) => ({
        id: brand.id,
        name: brand.name,
        domain: brand.domain,
        primary_market: brand.markets[0].code,
        markets: brand.markets.map((m) => m.code),
        integrations: { search_console: brand.searchConsole },
      })),
    },
  };
}

export function marketsPayload(request: DataRequest): Payload {
  const brand = brandOf(request);
  return {
    data: {
      markets: brand.markets.map((market, index) => ({
        id: market.id,
        code: market.code,
        country: market.country,
        language: market.language,
        label: market.label,
        primary: index === 0,
      })),
    },
  };
}

export function usagePayload(request: DataRequest): Payload {
  const { account, now, state } = request;
  return {
    data: {
      account: account.name,
      plan: account.plan,
      plan_label: PLAN_LABELS[account.plan],
      plan_active: account.active,
      reads: state.budget(account, now),
      resets_at: isoTime(nextMonthStart(now)),
      pitch_reports: state.allowance(account, now),
    },
  };
}
