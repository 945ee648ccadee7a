/**
 * The tree the template-tolerant JSON parser builds. Every node carries its offset range in
 * the text that was parsed (absolute offsets when the parser is given a base offset).
 */
import type { Range } from '../../types.js';

export type JsonNode =
  | JsonObject
  | JsonArray
  | JsonString
  | JsonNumber
  | JsonBoolean
  | JsonNull
  | JsonPlaceholder;

interface NodeBase {
  range: Range;
}

export interface JsonProperty {
  key: string;
  keyRange: Range;
  /** The value; a bare key without a value (`{type, path, summary}`) gets a placeholder. */
  value: JsonNode;
  /** From the key's start to the value's end. */
  range: Range;
}

export interface JsonObject extends NodeBase {
  type: 'object';
  properties: JsonProperty[];
  /** The object holds a `...` line: it is open, more keys may exist. */
  hasEllipsis: boolean;
}

export interface JsonArray extends NodeBase {
  type: 'array';
  items: JsonNode[];
  /** The array holds `...` (more items like these). */
  hasEllipsis: boolean;
}

export interface JsonString extends NodeBase {
  type: 'string';
  value: string;
  /**
   * `"completed|failed|partial"`: the alternatives of an enumeration written as one string
   * (set only when the value is two or more simple words joined by `|`).
   */
  alternatives?: string[];
  /** The string contains a template placeholder such as `{timestamp}`, `${x}`, `<name>` or `[path]`. */
  templated: boolean;
}

export interface JsonNumber extends NodeBase {
  type: 'number';
  value: number;
}

export interface JsonBoolean extends NodeBase {
  type: 'boolean';
  value: boolean;
}

export interface JsonNull extends NodeBase {
  type: 'null';
}

/** A bare template value: `N`, `{duration}`, `true|false`, `${x}`, `{delegation_depth + 1}`. */
export interface JsonPlaceholder extends NodeBase {
  type: 'placeholder';
  text: string;
}

export interface JsonParseError {
  message: string;
  /** Absolute offset of the problem. */
  offset: number;
}

export type JsonParseResult =
  | { ok: true; value: JsonNode; /** absolute offset just after the value */ end: number }
  | { ok: false; error: JsonParseError; /** absolute offset up to which the parser read (at least error.offset) */ reached?: number };

export interface JsonParseOptions {
  /** Offset added to every range (the position of `text[0]` in the document). */
  base?: number;
  /** Treat `\"` as a string delimiter (JSON written inside a quoted prompt string). */
  escapedQuotes?: boolean;
}
