/** What every view receives, and what it returns. */
import type { ChalkInstance } from 'chalk';
import type { Obj, Reader } from './read.js';

export interface ViewContext {
  /** Terminal width in columns (already made sane: at least 20). */
  width: number;
  /** `--wide`: never shorten text; wrap it at spaces instead (only a word wider than its room exceeds the width). */
  wide: boolean;
  /** The only source of colour: level 0 when colour is off. */
  chalk: ChalkInstance;
  /** Typed access to `data` that remembers what was shown. */
  read: Reader;
  /** The brand's name (`meta.brand.name`), sanitised; null when unknown or empty. */
  brand: string | null;
  /** The endpoint's noun for empty sentences ("No tasks match."). */
  noun: string;
  /**
   * Topic names by id (the API's text, unsanitised) where the run found them without a
   * read (src/services/topic-names.ts); absent: topics are shown by their ids.
   */
  topicNames?: ReadonlyMap<string, string> | undefined;
}

/** A group of lines; blocks are separated by one blank line. */
export type Block = string[];

/**
 * A view draws `data` for a person on a terminal. It throws ShapeError (through the
 * Reader) when `data` is not the shape it was built for; whatever it does not read is
 * shown generically after it.
 */
export type View = (data: Obj, ctx: ViewContext) => Block[];
