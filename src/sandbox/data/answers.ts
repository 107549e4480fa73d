/** Buyer questions and what the engines answered: the matrix, answers, runs and history. */
import { notFound } from '../errors.js';
import { modelOf, periodOf, trailingWindow, type DataRequest, type Payload } from './context.js';
import { eachDay } from './dates.js';
import { answered, byEngine, dominantState, visibilityOf } from './metrics.js';
import { ENGINES, type MarketModel, type Question } from './model.js';
import { answerText } from './text.js';

/** The rolling window the reference's states and rates are counted over. */
const ROLLING_DAYS = 7;

export function promptsPayload(request: DataRequest): Payload {
  const model = modelOf(request);
  const window = trailingWindow(model, ROLLING_DAYS);
  const runs = model.runs(window.from, window.to);
  return {
    data: {
      window,
      prompts: model.questions.map((question) => {
        const own = runs.filter((run) => run.question === question);
        return {
          id: question.key,
          prompt: question.text,
          topic_id: question.topicId,
          engines: byEngine((engine) => {
            const { state, rate, position } = dominantState(own.filter((run) => run.engine === engine));
            return { state, rate, position };
          }, ENGINES),
        };
      }),
    },
  };
}

export function answersPayload(request: DataRequest): Payload {
  const model = modelOf(request);
  const window = trailingWindow(model, ROLLING_DAYS);
  const runs = model.runs(window.from, window.to);
  return {
    data: {
      window,
      answers: model.questions.map((question) => {
        const own = runs.filter((run) => run.question === question);
        const counted = answered(own);
        return {
          id: question.key,
          prompt: question.text,
          topic_id: question.topicId,
          topic: model.topicOf(question).name,
          rate: visibilityOf(own),
          runs_counted: counted.length,
          named: counted.filter((run) => run.position !== null).length,
          engines: byEngine((engine) => dominantState(own.filter((run) => run.engine === engine)).state, ENGINES),
        };
      }),
    },
  };
}

/** Lenient match on the question text: case, surrounding and repeated spaces, and Unicode
 * normalisation do not matter, since people retype questions they copied from a table. */
function normalizePrompt(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

export function findQuestion(model: MarketModel, text: string): Question | undefined {
  const wanted = normalizePrompt(text);
  return model.questions.find((question) => normalizePrompt(question.text) === wanted);
}

export function runsPayload(request: DataRequest): Payload {
  const model = modelOf(request);
  const text = String(request.params['prompt'] ?? '');
  const question = findQuestion(model, text);
  if (!question) throw notFound(`No tracked question "${text}" in ${model.market.code}; GET /answers lists them`);
  const window = trailingWindow(model, ROLLING_DAYS);
  const runs = model.runs(window.from, window.to, [question]);
  return {
    data: {
      prompt: question.text,
      prompt_id: question.key,
      topic_id: question.topicId,
      window,
      rate: visibilityOf(runs),
      runs: runs
        .slice()
        .sort((a, b) => b.at.localeCompare(a.at))
        .map((run) => ({
          engine: run.engine,
          run_at: run.at,
          state: run.state,
          named_brand: run.position !== null,
          position: run.position,
          brands_named: run.named,
          answer: answerText(model, run),
          citations: run.citations.map((c) => c.url),
        })),
    },
  };
}

export function historyPayload(request: DataRequest): Payload {
  const model = modelOf(request);
  const period = periodOf(request);
  const history = eachDay(period.from, period.to)
    .reverse()
    .filter((day) => model.scanned(day))
    .flatMap((day) =>
      model.questions.map((question) => {
        const runs = model.runs(day, day, [question]);
        return {
          date: day,
          prompt_id: question.key,
          prompt: question.text,
          topic_id: question.topicId,
          rate: visibilityOf(runs),
          engines: byEngine((engine) => runs.find((run) => run.engine === engine)?.state ?? null, ENGINES),
        };
      }),
    );
  return { data: { period, history } };
}
