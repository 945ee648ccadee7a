/**
 * The XML view of a spec: the tags written in its markdown (bare, or in ```xml fences), built
 * into elements with positions. Tolerant of content (free text, `<`, `&`, code, shell), strict
 * about tags: a tag is only `<name attr="v" ...>`, `</name>` or `<name/>`.
 */
import type { Range } from '../../types.js';
import type { FencedBlock } from '../fences.js';

export interface XmlAttribute {
  name: string;
  nameRange: Range;
  /** The value without quotes; null when the attribute has none (`<x flag>`). */
  value: string | null;
  /** The value's range without the quotes; null when there is no value. */
  valueRange: Range | null;
  /** From the name to the end of the value (closing quote included). */
  range: Range;
  /** How the value was written. */
  quote: '"' | "'" | 'none' | 'unquoted' | 'unterminated';
}

/** A part of the text that is parsed as XML on its own: the bare markdown, or one ```xml fence. */
export interface XmlRegion {
  /** The fence it sits in (null: the bare markdown around the fences). */
  fence: FencedBlock | null;
  /** Where scanning starts and ends. */
  range: Range;
}

export interface XmlElement {
  name: string;
  nameRange: Range;
  attributes: XmlAttribute[];
  /** `<name ...>` or `<name .../>`. */
  openRange: Range;
  /** `</name>`; null when self-closing or never closed. */
  closeRange: Range | null;
  selfClosing: boolean;
  /**
   * Between the open and the close tag. For an element that is never closed, up to where the
   * parser gave up on it (the close tag of an enclosing element, or the end of its region).
   */
  contentRange: Range;
  /** From the open tag to the end of the close tag (or of the content when not closed). */
  range: Range;
  children: XmlElement[];
  parent: XmlElement | null;
  region: XmlRegion;
}

/** What the parser had to recover from. Rules turn these into messages. */
export type XmlProblem =
  | {
      kind: 'unclosed';
      element: XmlElement;
      /** The close tag of an enclosing element that ended it; null at the end of its region. */
      closedBy: { name: string; range: Range; element: XmlElement } | null;
    }
  | {
      kind: 'stray-close';
      name: string;
      range: Range;
      /** The innermost element open at that point (null: none). */
      open: XmlElement | null;
    }
  | {
      kind: 'attribute';
      element: XmlElement;
      attribute: XmlAttribute;
      issue: 'unquoted' | 'no-value' | 'unterminated' | 'duplicate';
      /** For a duplicate: the first attribute of that name. */
      first?: XmlAttribute;
    };

export interface XmlDocument {
  regions: XmlRegion[];
  /** Top-level elements of every region, in document order. */
  roots: XmlElement[];
  /** Every element in document order (by open tag). */
  elements: XmlElement[];
  problems: XmlProblem[];
  /** Text that was not scanned for tags (non-XML fences, comments, CDATA), sorted. */
  opaque: Range[];
}
