/**
 * The document model: one per file, built once and shared by every rule. Each view is built
 * the first time a rule asks for it, so a run pays only for the views its rules use; the
 * markdown tree (the costliest) is never built unless asked for.
 */
import type { FileKind, Range } from '../types.js';
import { scanDelegations, type DelegationView } from './delegations.js';
import { readReturnChannel, type ReturnChannel } from './return-channel.js';
import { scanFences, type FencedBlock } from './fences.js';
import { parseFrontmatter, type Frontmatter } from './frontmatter.js';
import type { JsonNode, JsonObject } from './json/ast.js';
import { classifyObjects, extractJson, isReturnFormat, mayHoldShapedObjects, mayNameKey, type ExtractedJson, type ShapedObject } from './json/blocks.js';
import { isStatusObject, returnRole } from './json/return-roles.js';
import { parseStrictJson } from './json/strict.js';
import { blankJsonComments } from './json/jsonc.js';
import { parse as parseToml } from 'smol-toml';
import { tomlTree } from './toml/tree.js';
import { getsDefaultRules, isJsonKind, kindEntry, type KindFormat } from './kinds.js';
import { scanAssignments, type Assignment } from './call-args.js';
import type { ChannelWord } from './agent-system.js';
import { LineIndex } from './lines.js';
import { parseMarkdown, type MdRoot } from './markdown.js';
import { findStages, type Stage } from './stages.js';
import { buildXmlDocument } from './xml/tree.js';
import type { XmlDocument } from './xml/types.js';

export interface DocumentInit {
  /** Absolute path (or a stand-in such as `<stdin>`). */
  filePath: string;
  /** Path relative to the project root, with forward slashes. */
  relPath: string;
  kind: FileKind;
  /** The raw text as read (a BOM is removed here and remembered). */
  text: string;
  /**
   * The document is one JSON value rather than a spec: a subagent's reply, parsed by the caller
   * (strictly) from `text` (ranges point into the text; give a text without a BOM). The `json`
   * view then holds just this value, read literally (`literal`), a root object is the return
   * format whatever keys it has, and there is no frontmatter.
   */
  value?: JsonNode;
}

/**
 * The answers about a document that depend only on its text, kind and path, and that a run can
 * take from an earlier run instead of reading the file (see `DocumentModel.fact`; the project
 * index keeps every one of them, src/project-index.ts): JSON values.
 */
export type FactName = 'name' | 'references' | 'holdsStandardObjects' | 'namesStandardKeys' | 'formatReferences' | 'channel';
export type Facts = Map<FactName, unknown>;

/** A document whose text is read only when something asks for it (its facts came from an earlier run). */
export interface LazyDocumentInit extends Omit<DocumentInit, 'text' | 'value'> {
  load: () => string;
  facts: Facts;
}

/**
 * A JSON file (manifest, hooks, settings, MCP servers) as its tool reads it: strict JSON
 * (`JSON.parse`), so a trailing comma is an error, reported where it is, and so is a comment
 * unless the tool strips comments first (the kind's `jsonComments`).
 */
export type JsonFileView = { ok: true; root: JsonNode } | { ok: false; message: string; offset: number };

/** A TOML file's value (smol-toml's plain objects: no positions), or where it stops parsing (one-based). */
export type TomlFileView = { ok: true; root: Record<string, unknown> } | { ok: false; message: string; line: number; column: number };

/** A spec's name: frontmatter `name`, else the file name. */
function nameOf(doc: DocumentModel): string {
  const n = doc.frontmatter?.data?.['name'];
  return typeof n === 'string' && n.trim() ? n.trim() : doc.fileStem;
}

export class DocumentModel {
  readonly filePath: string;
  readonly relPath: string;
  readonly kind: FileKind;
  // Declared, not defined: a lazy document (below) has no own `text` or `hasBom` but a getter
  // on its prototype, and a class field would shadow it.
  /** The text without a leading BOM: every offset and position refers to it. */
  declare readonly text: string;
  declare readonly hasBom: boolean;
  #lines?: LineIndex;
  /**
   * The JSON is a real value (a subagent's reply), not a template: `"a|b"` is one string and
   * there are no placeholders. Rules that understand templates read it literally.
   */
  readonly literal: boolean;
  readonly #value?: JsonNode;
  #assignments?: Map<string, Assignment[]>;

  #frontmatter?: Frontmatter | null;
  #fences?: FencedBlock[];
  #json?: ExtractedJson;
  #shaped?: { returns: ShapedObject[]; contexts: ShapedObject[] };
  #fileReturns?: ShapedObject[];
  #markdown?: MdRoot;
  #delegations?: DelegationView;
  #returnChannel?: ReturnChannel;
  #xml?: XmlDocument;
  #stages?: Stage[];
  #jsonFile?: JsonFileView | null;
  #tomlFile?: TomlFileView | null;
  #tomlTree?: JsonObject | null;

  /** Answers asked of this document so far, by name (see `fact`). */
  readonly facts: Facts;

  constructor(init: DocumentInit) {
    this.filePath = init.filePath;
    this.relPath = init.relPath;
    this.kind = init.kind;
    if (!(this instanceof LazyDocument)) {
      const bom = init.text.charCodeAt(0) === 0xfeff;
      (this as { hasBom: boolean }).hasBom = bom;
      (this as { text: string }).text = bom ? init.text.slice(1) : init.text;
    }
    this.literal = init.value !== undefined;
    this.#value = init.value;
    this.facts = new Map();
  }

  /**
   * A document whose facts are known (from an earlier run of the same text): its text is read
   * through `load` only when something asks for more than those facts.
   */
  static lazy(init: LazyDocumentInit): DocumentModel {
    return new LazyDocument(init);
  }

  /**
   * The answer named `name`, computed once: a fact depends on the text, kind and path alone, so
   * an earlier run's answer for the same file stands (see src/project-index.ts).
   */
  fact<T>(name: FactName, compute: (doc: DocumentModel) => T): T {
    const known = this.facts.get(name);
    if (known !== undefined || this.facts.has(name)) return known as T;
    const v = compute(this);
    this.facts.set(name, v);
    return v;
  }

  /** Line starts, for offsets <-> line and column (built on first use). */
  get lines(): LineIndex {
    this.#lines ??= new LineIndex(this.text);
    return this.#lines;
  }

  /** How the file is written (the kinds table's `format`): markdown, JSON, TOML or plain text. */
  get format(): KindFormat {
    return kindEntry(this.kind).format;
  }

  /** Whether the rules that name no kinds run on the file (the kinds table's `defaultRules`). */
  get getsDefaultRules(): boolean {
    return getsDefaultRules(this.kind);
  }

  /** A JSON file of a JSON kind (not a markdown spec). */
  get isJson(): boolean {
    return isJsonKind(this.kind);
  }

  /** The file as one TOML value; null for a file of another format. */
  get tomlFile(): TomlFileView | null {
    if (this.#tomlFile === undefined) {
      if (this.format !== 'toml') this.#tomlFile = null;
      else {
        try {
          this.#tomlFile = { ok: true, root: parseToml(this.text) as Record<string, unknown> };
        } catch (e) {
          const err = e as Error & { line?: number; column?: number };
          this.#tomlFile = { ok: false, message: err.message.split('\n')[0]!.replace(/^Invalid TOML document: /, ''), line: err.line ?? 1, column: err.column ?? 1 };
        }
      }
    }
    return this.#tomlFile;
  }

  /** The TOML file's value as a tree with positions (see toml/tree.ts); null when it does not parse or is not TOML. */
  get tomlTree(): JsonObject | null {
    if (this.#tomlTree === undefined) {
      const view = this.tomlFile;
      this.#tomlTree = view?.ok ? tomlTree(this.text, view.root) : null;
    }
    return this.#tomlTree;
  }

  /** The file as one strict JSON value with positions; null for a markdown file. */
  get jsonFile(): JsonFileView | null {
    if (this.#jsonFile === undefined) {
      if (!this.isJson) this.#jsonFile = null;
      else {
        // Comments become spaces: offsets stay those of the text.
        const text = kindEntry(this.kind).jsonComments ? blankJsonComments(this.text) : this.text;
        const r = parseStrictJson(text);
        if (!r.ok) this.#jsonFile = { ok: false, message: r.error.message, offset: r.error.offset };
        else {
          const rest = /\S/.exec(text.slice(r.end));
          this.#jsonFile = rest ? { ok: false, message: 'text after the end of the JSON value', offset: r.end + rest.index } : { ok: true, root: r.value };
        }
      }
    }
    return this.#jsonFile;
  }

  /** The frontmatter, parsed with positions; null when the file has none. */
  get frontmatter(): Frontmatter | null {
    if (this.#frontmatter === undefined) this.#frontmatter = this.#value || this.format !== 'markdown' ? null : parseFrontmatter(this.text);
    return this.#frontmatter;
  }

  /** Where the body (after the frontmatter) starts. */
  get bodyStart(): number {
    const fm = this.frontmatter;
    return fm ? Math.min(this.text.length, fm.range.end + 1) : 0;
  }

  /** Fenced code blocks of the body, indented ones included. */
  get fences(): FencedBlock[] {
    if (!this.#fences) this.#fences = this.format !== 'markdown' ? [] : scanFences(this.text, this.lines, this.bodyStart);
    return this.#fences;
  }

  /** JSON blocks (fenced, in prose, and inside quoted prompts) parsed with positions. */
  get json(): ExtractedJson {
    if (!this.#json && this.#value) {
      this.#json = { blocks: [{ value: this.#value, range: this.#value.range, source: 'text', escaped: false }], failures: [] };
    }
    if (!this.#json && this.isJson) this.#json = { blocks: [], failures: [] };
    if (!this.#json) {
      const fm = this.frontmatter;
      const exclude: Range[] = fm ? [fm.range] : [];
      this.#json = extractJson(this.text, this.lines, this.fences, exclude);
    }
    return this.#json;
  }

  /** Return-format objects (status plus two of summary, artifacts, metadata, errors). */
  get returnFormats(): ShapedObject[] {
    return this.#classified().returns;
  }

  /**
   * Blocks the spec says it writes to a (metadata) file that hold a status but not the shape of
   * a console return (`{"status": "in_progress", "started_at": ...}`): returns in the project's
   * own format, when one is in force (see standard/objects.ts `returnsOf`).
   */
  get fileReturns(): ShapedObject[] {
    if (!this.#fileReturns) {
      this.#fileReturns = [];
      if (!this.#value && mayNameKey(this.text, 'status')) {
        for (const block of this.json.blocks) {
          const v = block.value;
          if (v.type !== 'object' || isReturnFormat(v) || !isStatusObject(v)) continue;
          if (returnRole(v, block, this.text, this.lines) === 'file') this.#fileReturns.push({ node: v, block, role: 'file' });
        }
      }
    }
    return this.#fileReturns;
  }

  /** Delegation contexts (session_id plus delegation_depth or delegation_path). */
  get delegationContexts(): ShapedObject[] {
    return this.#classified().contexts;
  }

  #classified() {
    if (!this.#shaped && this.#value) {
      // A reply is judged as the return it is meant to be, whatever keys it has.
      const root = this.#value;
      this.#shaped = { returns: root.type === 'object' ? [{ node: root, block: this.json.blocks[0]! }] : [], contexts: [] };
    }
    if (!this.#shaped && !mayHoldShapedObjects(this.text)) this.#shaped = { returns: [], contexts: [] };
    if (!this.#shaped) {
      this.#shaped = classifyObjects(this.json.blocks);
      for (const r of this.#shaped.returns) {
        const role = returnRole(r.node, r.block, this.text, this.lines, this.name);
        if (role) r.role = role;
      }
      // An entry written to a record file (state.json, a handoff) is no return.
      if (this.#shaped.returns.some((r) => r.role === 'record')) this.#shaped.returns = this.#shaped.returns.filter((r) => r.role !== 'record');
    }
    return this.#shaped;
  }

  /** How the spec says it returns, in one word (a fact: the project index keeps it). */
  channelWord(): ChannelWord {
    return this.fact('channel', (d) => (d.returnChannel.metadataFile ? 'file' : d.returnChannel.console === 'json' ? 'json' : d.returnChannel.console === 'text' ? 'text' : ''));
  }

  /** The values a variable is given in the text before `before` (see scanAssignments; scanned once). */
  assignedBefore(name: string, before: number): string[] {
    this.#assignments ??= scanAssignments(this.text);
    return (this.#assignments.get(name) ?? []).filter((a) => a.at < before).map((a) => a.text);
  }

  /** Where the spec delegates (calls, `subagent_type` data, prose, stages, markers) and its timeout statements. */
  get delegations(): DelegationView {
    if (!this.#delegations) this.#delegations = scanDelegations(this);
    return this.#delegations;
  }

  /** How the spec says its result comes back: console JSON, a text summary, a metadata file (see return-channel.ts). */
  get returnChannel(): ReturnChannel {
    this.#returnChannel ??= readReturnChannel(this);
    return this.#returnChannel;
  }

  /** The XML tags of the body (bare, and in ```xml fences) built into elements with positions. */
  get xml(): XmlDocument {
    if (!this.#xml) this.#xml = buildXmlDocument(this.text, this.fences, this.bodyStart);
    return this.#xml;
  }

  /** The `<stage>` elements of the body, each with its enclosing workflow element. */
  get stages(): Stage[] {
    if (!this.#stages) this.#stages = this.text.includes('<stage') ? findStages(this.xml) : [];
    return this.#stages;
  }

  /** The markdown tree (remark-parse with frontmatter). Costly: ask only when structure is needed. */
  markdown(): MdRoot {
    if (!this.#markdown) this.#markdown = parseMarkdown(this.text);
    return this.#markdown;
  }

  /** The spec's name: frontmatter `name`, else the file name (a skill's folder name). */
  get name(): string {
    // Asked often (every graph node, every rule that names the spec): kept in a field too.
    this.#name ??= this.fact('name', nameOf);
    return this.#name;
  }
  #name: string | undefined;

  /** The file name without `.md` (for SKILL.md, the skill's folder). */
  get fileStem(): string {
    if (this.#fileStem === undefined) {
      const parts = this.relPath.split('/');
      const base = parts[parts.length - 1] ?? '';
      this.#fileStem = /^skill\.md$/i.test(base) && parts.length > 1 ? parts[parts.length - 2]! : base.replace(/\.md$/i, '');
    }
    return this.#fileStem;
  }
  #fileStem: string | undefined;
}

/**
 * A document made from an earlier run's facts (see `DocumentModel.lazy`): its text is read on
 * first use. A class of its own, with `text` and `hasBom` getters on its prototype, so that its
 * objects keep one fixed shape (redefining an own property as a getter on each object would put
 * every one of them in V8's slow dictionary mode).
 */
class LazyDocument extends DocumentModel {
  #load?: () => string;
  #text?: string;
  #bom = false;

  constructor(init: LazyDocumentInit) {
    super({ filePath: init.filePath, relPath: init.relPath, kind: init.kind, text: '' });
    this.#load = init.load;
    init.facts.forEach((v, k) => this.facts.set(k, v));
  }

  #read(): string {
    if (this.#text === undefined) {
      const t = this.#load!();
      this.#load = undefined;
      this.#bom = t.charCodeAt(0) === 0xfeff;
      this.#text = this.#bom ? t.slice(1) : t;
    }
    return this.#text;
  }

  static {
    Object.defineProperty(LazyDocument.prototype, 'text', {
      get(this: LazyDocument) {
        return this.#read();
      },
    });
    Object.defineProperty(LazyDocument.prototype, 'hasBom', {
      get(this: LazyDocument) {
        this.#read();
        return this.#bom;
      },
    });
  }
}
