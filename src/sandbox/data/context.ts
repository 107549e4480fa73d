/**
 * What a payload builder gets: the request after the server has checked everything the
 * reference enforces (key, brand, market, parameters, plan, budget). Builders only read
 * it; they throw an ApiError for what only they can know (an unknown topic, a missing
 * integration).
 */
import type { DemoAccount, DemoBrand, DemoMarket } from '../accounts.js';
import type { SandboxState } from '../state.js';
import { addDays } from './dates.js';
import { MarketModel } from './model.js';
import type { ApiPeriod } from '../../domain/period.js';

export type { ApiPeriod } from '../../domain/period.js';

export interface DataRequest {
  account: DemoAccount;
  /** Set for every endpoint that takes brand_id. */
  brand: DemoBrand | null;
  /** Set for every endpoint that takes market (the primary market by default). */
  market: DemoMarket | null;
  /** Set for period endpoints (days/from/to) and search-performance (days). */
  period: ApiPeriod | null;
  /** The endpoint's own query parameters, checked, with their defaults filled in. */
  params: Readonly<Record<string, string | number | undefined>>;
  /** The decoded path parameter ({id}, {name}, {pitch_id}). */
  pathParam: string | null;
  /** The checked JSON body of a POST. */
  body: Readonly<Record<string, unknown>> | null;
  now: Date;
  state: SandboxState;
}

export interface Payload {
  /** 200 unless the builder says otherwise (201 for a created pitch). */
  status?: number;
  data: Record<string, unknown>;
}

export type PayloadBuilder = (request: DataRequest) => Payload;

export function brandOf(request: DataRequest): DemoBrand {
  if (!request.brand) throw new Error('payload builder needs a brand the server did not resolve');
  return request.brand;
}

export function periodOf(request: DataRequest): ApiPeriod {
  if (!request.period) throw new Error('payload builder needs a period the server did not resolve');
  return request.period;
}

/** The simulation for the request's brand and market (the primary market when none applies). */
export function modelOf(request: DataRequest): MarketModel {
  const brand = brandOf(request);
  return new MarketModel(brand, request.market ?? brand.markets[0], request.now);
}

/** The equally long period just before `period`, for "change over the period". */
export function previousPeriod(period: ApiPeriod): ApiPeriod {
  return { from: addDays(period.from, -period.days), to: addDays(period.from, -1), days: period.days };
}

/** The trailing window of `days` scans ending with the latest one, e.g. "the last 7 days". */
export function trailingWindow(model: MarketModel, days: number): ApiPeriod {
  return { from: addDays(model.scanDate, -(days - 1)), to: model.scanDate, days };
}
