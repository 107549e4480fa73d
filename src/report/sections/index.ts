/** The designed view of each section, keyed by section id: a section without one does not compile. */
import type { SectionId } from '../../domain/report.js';
import { changes } from './changes.js';
import { contentGaps } from './content-gaps.js';
import { headline } from './headline.js';
import type { SectionView } from './kit.js';
import { pages } from './pages.js';
import { perception } from './perception.js';
import { questions } from './questions.js';
import { shareOfVoice } from './share-of-voice.js';
import { technical } from './technical.js';
import { tasks } from './tasks.js';
import { topics } from './topics.js';
import { trend } from './trend.js';

export const SECTION_VIEWS: Readonly<Record<SectionId, SectionView>> = {
  headline,
  trend,
  'share-of-voice': shareOfVoice,
  topics,
  questions,
  perception,
  pages,
  'content-gaps': contentGaps,
  technical,
  tasks,
  changes,
};
