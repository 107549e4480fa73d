/**
 * Pitch reports: a scan of a prospect's AI visibility with a share link. The report is
 * drawn from the prospect's domain and market, so the same prospect always gets the
 * same report.
 */
import { nextMonthStart, isoTime } from './dates.js';
import { notFound } from '../errors.js';
import { brandOf, type DataRequest, type Payload } from './context.js';
import { ENGINE_LABELS, ENGINES } from './model.js';
import { round1 } from './metrics.js';
import { hash32, rngFor } from './prng.js';
import type { PitchRecord } from '../state.js';

const RIVAL_HEADS = ['North', 'Blue', 'Bright', 'Iron', 'Silver', 'Oak', 'River', 'Summit', 'Clear', 'True', 'Harbor', 'Maple'];
const RIVAL_TAILS = ['field', 'stone', 'line', 'works', 'lane', 'point', 'bridge', 'wave', 'path', 'mark', 'gate', 'well'];

/** `us-EN` → `US-en`: the server has checked it is a code or a country. */
function normalizeMarketCode(code: string): string {
  const [country = '', language] = code.split('-');
  return language === undefined ? country.toUpperCase() : `${country.toUpperCase()}-${language.toLowerCase()}`;
}

/** "acme-analytics.example" → "Acme Analytics". */
export function prospectName(domain: string): string {
  const label = domain.split('.')[0] ?? domain;
  return label
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function shareUrl(pitch: PitchRecord): string {
  const token = (hash32(`${pitch.accountKey}|${pitch.id}|${pitch.domain}`).toString(36) + hash32(`${pitch.domain}|${pitch.createdAt}`).toString(36)).slice(
    0,
    12,
  );
  return `https://share.aivisibility.example/pitch/${token}`;
}

function summary(pitch: PitchRecord) {
  return {
    id: pitch.id,
    prospect: prospectName(pitch.domain),
    domain: pitch.domain,
    market: pitch.market,
    business_type: pitch.businessType,
    status: 'ready',
    created_at: pitch.createdAt,
    share_url: shareUrl(pitch),
  };
}

function report(pitch: PitchRecord) {
  const rng = rngFor('pitch', pitch.domain, pitch.market);
  const questions = 12;
  const engines = ENGINES.map((engine) => ({ engine, visibility: round1(rng.float(0, 45)) }));
  const rivals = rng
    .sample(RIVAL_HEADS, 4)
    .map((head) => `${head}${rng.pick(RIVAL_TAILS)}`)
    .map((name) => ({ name, share_of_voice: round1(rng.float(6, 30)) }))
    .sort((a, b) => b.share_of_voice - a.share_of_voice);
  const visibility = round1(engines.reduce((sum, e) => sum + e.visibility, 0) / engines.length);
  const prospectShare = round1(rng.float(2, 18));
  const rank = 1 + rivals.filter((r) => r.share_of_voice > prospectShare).length;
  const best = [...engines].sort((a, b) => b.visibility - a.visibility)[0];
  const worst = [...engines].sort((a, b) => a.visibility - b.visibility)[0];
  const leader = rivals[0];
  return {
    questions_tracked: questions,
    visibility,
    share_of_voice: prospectShare,
    rank,
    engines,
    rivals,
    highlights: [
      `Named in ${visibility}% of AI answers to ${questions} buyer questions across ${ENGINES.length} engines`,
      best ? `Strongest on ${ENGINE_LABELS[best.engine]} (${best.visibility}%)` : 'No engine names the prospect yet',
    ],
    opportunities: [
      leader ? `${leader.name} takes ${leader.share_of_voice}% of the share of voice; a comparison page would contest it` : 'No rival dominates yet',
      worst ? `Almost invisible on ${ENGINE_LABELS[worst.engine]} (${worst.visibility}%): check that its crawler is allowed` : 'Check crawler access',
      'Third-party review sites are cited in most answers; the prospect has few reviews there',
    ],
  };
}

export function pitchesPayload(request: DataRequest): Payload {
  const brand = brandOf(request);
  const pitches = request.state.pitchesOf(request.account, brand.id).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  return {
    data: {
      allowance: { ...request.state.allowance(request.account, request.now), resets_at: isoTime(nextMonthStart(request.now)) },
      pitches: pitches.map(summary),
    },
  };
}

export function pitchPayload(request: DataRequest): Payload {
  const brand = brandOf(request);
  const id = Number(request.pathParam);
  const pitch = request.state.pitchesOf(request.account, brand.id).find((p) => p.id === id);
  if (!pitch) throw notFound(`No pitch report ${request.pathParam} for ${brand.name}; GET /pitches lists them`);
  return { data: { ...summary(pitch), url: pitch.url, report: report(pitch) } };
}

/** POST /pitches: the server has checked the body, the plan and the allowance. */
export function createPitchPayload(request: DataRequest): Payload {
  const brand = brandOf(request);
  const body = request.body ?? {};
  const pitch = request.state.createPitch(
    request.account,
    {
      brandId: brand.id,
      url: String(body['url']),
      market: typeof body['market'] === 'string' ? normalizeMarketCode(body['market']) : brand.markets[0].code,
      businessType: typeof body['business_type'] === 'string' ? body['business_type'] : null,
    },
    request.now,
  );
  return {
    status: 201,
    data: {
      ...summary(pitch),
      url: pitch.url,
      report: report(pitch),
      allowance: request.state.allowance(request.account, request.now),
    },
  };
}
