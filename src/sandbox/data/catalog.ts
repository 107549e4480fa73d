/**
 * The shape of the sandbox's hand-written content. A catalog describes one vertical
 * (CRM, outdoor gear, ...): its topics and buyer questions, the rivals AI names, the
 * brand's own pages, the third-party sites AI cites and the forums buyers write in.
 * Numbers are not written here: they are simulated from these facts (see model.ts).
 *
 * Text measured in a market (questions, answers, search queries, forum threads) is in
 * the market's language; `Localized` carries the translations a catalog has. Text the
 * vendor writes (summaries, task briefs, activity) is English, like the vendor's app.
 */

export type Lang = 'en' | 'de';

export interface Localized {
  en: string;
  de?: string;
}

export interface LocalizedList {
  en: readonly string[];
  de?: readonly string[];
}

export function localize(text: Localized, lang: Lang): string {
  return text[lang] ?? text.en;
}

export function localizeList(list: LocalizedList, lang: Lang): readonly string[] {
  return list[lang] ?? list.en;
}

export interface QuestionDef {
  /** Unique within the catalog; the prompt id and the seed of its answers. */
  key: string;
  text: Localized;
  /** Share of answers that name no brand at all (the `open` state). Default 0.1. */
  openness?: number;
  /** The topic's pages do not answer this question (a content gap even where pages exist). */
  uncovered?: boolean;
}

export interface TopicDef {
  id: string;
  name: Localized;
  questions: readonly QuestionDef[];
  /** Search queries buyers type about the topic; search-performance rows grow from them. */
  queries: LocalizedList;
  /** Paths of the brand's own pages about the topic; none means AI has nothing of ours to cite. */
  pages: readonly string[];
  /** How much stronger (or weaker) the brand is here than its base strength. */
  bias: number;
  /** Forum thread titles specific to the topic; generic ones are added from templates. */
  threads?: LocalizedList;
}

export interface CompanyPage {
  path: string;
  title: Localized;
}

export interface CompetitorDef {
  name: string;
  domain: string;
  /** Base probability that AI names it in an answer of the vertical. */
  strength: number;
  /** Noun phrase: what AI says it is known for ("a generous free tier"). */
  knownFor: Localized;
  /** Countries it is present in; absent means everywhere. */
  countries?: readonly string[];
  pages: readonly CompanyPage[];
}

export type SourceKind = 'review_site' | 'forum' | 'media' | 'reference' | 'video' | 'blog';

export interface SourceDef {
  domain: string;
  kind: SourceKind;
  lang: Lang;
  /** Relative likelihood of being cited. */
  weight: number;
  paths: readonly string[];
}

export type ForumStyle = 'reddit' | 'hn' | 'quora' | 'gutefrage' | 'xenforo' | 'discourse';

export interface ForumSite {
  name: string;
  lang: Lang;
  style: ForumStyle;
  /** Origin plus the community's path, e.g. `https://www.reddit.com/r/CRM`. */
  base: string;
}

export interface Catalog {
  vertical: string;
  /** What the brand sells, as AI answers name it: "CRM", "hiking gear". */
  category: Localized;
  topics: readonly TopicDef[];
  competitors: readonly CompetitorDef[];
  /** The brand's own pages; `{brand}` in a title is replaced by the brand's name. */
  pages: readonly CompanyPage[];
  sources: readonly SourceDef[];
  forums: readonly ForumSite[];
  /** What AI answers compare companies on in this vertical (vendor-written, English). */
  facts: readonly string[];
}
