/**
 * What a log rule sees. A log rule is a rule of the registry whose `checkLog` returns visitors
 * that the log engine calls for each entry as it is read (so a log that is still being written
 * is judged as it grows), then once at its end.
 */
import type { Profile } from '../standard/profiles.js';
import type { Location, Range } from '../types.js';
import type { LogEntry } from './entry.js';
import type { EntryProblem } from './fields.js';
import type { ReadProblem } from './read.js';
import type { LinkKind, StoryForest } from './stories.js';

/** What the engine knows of a delegation event (one that names a parent and a child story). */
export interface DelegationFacts {
  parent: string;
  child: string;
  /** What this parent -> child link is, given the events before it. */
  link: LinkKind;
  /** The parent's depth: as logged when it was delegated, 0 for a root story, undefined when unknown. */
  parentDepth: number | undefined;
  /** The root story of the tree, after this event. */
  root: string;
  /** Delegations in that tree, after this event. */
  delegationsInTree: number;
}

export interface LogReport {
  /** The id of the finding in the rule's `meta.messages`. */
  messageId: string;
  /** The values of the message's and the help's `{{placeholders}}`. */
  data?: Record<string, string | number>;
  /** A range of the entry's object; default: where the entry starts. */
  range?: Range;
  severity?: 'warn' | 'error';
}

export interface LogRuleContext<O = Record<string, unknown>> {
  readonly options: O;
  readonly profile: Profile;
  /** The time "now", in ms since the epoch (fixed with --now). */
  readonly now: number;
  /** The log is being followed as it is written: its end is not the end of the delegations. */
  readonly following: boolean;
  /** The stories and links read so far. */
  readonly stories: StoryForest;
  report(entry: LogEntry, d: LogReport): void;
  /** A finding at a position that no entry holds (a line that is not JSON). */
  reportAt(loc: Location, lineText: string, d: Omit<LogReport, 'range'>): void;
}

export interface LogVisitor {
  /** A well-formed entry (fields present and of the right types). */
  entry?(e: LogEntry, facts: DelegationFacts | undefined): void;
  /** An entry whose fields are missing or of the wrong type (not passed to `entry`). */
  invalid?(e: LogEntry, problems: readonly EntryProblem[]): void;
  /** A line that is no entry at all. */
  unreadable?(p: ReadProblem): void;
  /** The end of the log. */
  end?(): void;
}
