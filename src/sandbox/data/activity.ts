/** The activity feed: what happened to the brand in the period, newest first. */
import { modelOf, periodOf, type DataRequest, type Payload } from './context.js';
import { addDays, eachDay, timeOnDay } from './dates.js';
import { visibilityOver } from './metrics.js';
import { ENGINES } from './model.js';
import { prospectName } from './pitches.js';
import { latestPerceptionWeek, perceptionSummary } from './perception.js';
import { allTasks } from './tasks.js';
import { technicalScan } from './technical.js';

/** Visibility moves smaller than this (percentage points, week on week) are noise. */
const NOTABLE_MOVE = 10;

interface ActivityEvent {
  at: string;
  type: string;
  title: string;
  ref: { kind: string; id: string | number } | null;
}

function isMonday(day: string): boolean {
  return new Date(`${day}T00:00:00Z`).getUTCDay() === 1;
}

export function activityPayload(request: DataRequest): Payload {
  const model = modelOf(request);
  const period = periodOf(request);
  const brand = model.brand;
  // Perception, the technical scan's tasks and tasks themselves are Pro and Growth features.
  const pro = request.account.plan !== 'monitor';
  const events: ActivityEvent[] = [];

  for (const day of eachDay(period.from, period.to)) {
    if (model.scanned(day)) {
      const runs = model.runs(day, day).filter((run) => run.answered);
      const named = runs.filter((run) => run.position !== null).length;
      events.push({
        at: timeOnDay(day, 4, 0),
        type: 'scan',
        title: `Daily scan: ${runs.length} answers from ${ENGINES.length} engines; ${brand.name} named in ${named}`,
        ref: null,
      });
    }
    if (!isMonday(day) || day > model.scanDate) continue;
    for (const topic of model.topics) {
      const now = visibilityOver(model, addDays(day, -6), day, topic.questions);
      const before = visibilityOver(model, addDays(day, -13), addDays(day, -7), topic.questions);
      if (now === null || before === null || Math.abs(now - before) < NOTABLE_MOVE) continue;
      events.push({
        at: timeOnDay(day, 4, 5),
        type: 'visibility',
        title: `Visibility in “${topic.name}” ${now > before ? 'rose' : 'fell'} from ${before}% to ${now}% week on week`,
        ref: { kind: 'topic', id: topic.id },
      });
    }
    const scan = technicalScan(brand, new Date(`${day}T12:00:00Z`));
    events.push({
      at: scan.scannedAt,
      type: 'technical_scan',
      title: `Technical scan: AI readiness ${scan.readiness}/100, ${scan.issues.length} issues`,
      ref: null,
    });
    if (pro) {
      const week = latestPerceptionWeek(day, new Date(`${day}T12:00:00Z`));
      const summary = perceptionSummary(brand, week);
      events.push({
        at: timeOnDay(week, 5, 0),
        type: 'perception_scan',
        title: `Perception scan: ${summary.knows} of ${summary.engines} engines know ${brand.name}, ${summary.recommends} recommend it`,
        ref: null,
      });
    }
  }

  const inPeriod = (at: string) => at.slice(0, 10) >= period.from && at.slice(0, 10) <= period.to;
  if (pro) {
    for (const task of allTasks(model)) {
      if (inPeriod(task.createdAt))
        events.push({ at: task.createdAt, type: 'task_created', title: `New task: ${task.title}`, ref: { kind: 'task', id: task.id } });
      if (task.status === 'done' && inPeriod(task.updatedAt)) {
        events.push({ at: task.updatedAt, type: 'task_done', title: `Task done: ${task.title}`, ref: { kind: 'task', id: task.id } });
      }
    }
  }
  for (const pitch of request.state.pitchesOf(request.account, brand.id)) {
    if (!inPeriod(pitch.createdAt)) continue;
    events.push({
      at: pitch.createdAt,
      type: 'pitch_created',
      title: `Pitch report created for ${prospectName(pitch.domain)} (${pitch.market})`,
      ref: { kind: 'pitch', id: pitch.id },
    });
  }

  const now = request.now.toISOString();
  const feed = events
    .filter((event) => event.at <= now)
    .sort((a, b) => b.at.localeCompare(a.at) || a.type.localeCompare(b.type) || a.title.localeCompare(b.title));
  return { data: { period, events: feed } };
}
