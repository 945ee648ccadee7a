/**
 * Which return format is in force for a spec: the file config names (`returnFormat`, top level
 * or in an override), else the format document the spec references (`@.claude/context/formats/
 * return-metadata-file.md`, `- Path: ...`), else the one document the project's specs
 * reference, else the standard's. Reads the named and referenced files (bounded); the specs
 * themselves come from the project view, as text.
 */
import { path, pathInfo, readTextFile } from './platform/host.js';
import { ConfigError } from './config/error.js';
import type { ResolvedConfig } from './config/resolve.js';
import type { ProjectView } from './model/project.js';
import type { DocumentModel } from './model/document.js';
import { looksLikeReturnText } from './model/json/blocks.js';
import type { Profile } from './standard/profiles.js';
import { withReturnFormat, type ReturnFormat } from './standard/return-format/format.js';
import { correctFormat, mergeFormats } from './standard/return-format/merge.js';
import { formatFromDocument, formatFromSchemaText, type TemplateResult } from './standard/return-format/template.js';
import { relPosix } from './util/paths.js';
import { agentSystemOf } from './model/agent-system.js';
import { referencedDocuments } from './model/file-references.js';

/** The profile fields a project's return format sets (see withReturnFormat). */
const FORMAT_FIELDS = ['returnFormat', 'statusValues', 'artifactTypes', 'errorTypes', 'requiredReturnFields', 'requiredMetadataFields'] as const;

/** Where a file's profile keeps the function that finds its format (on first use). */
const RESOLVE = Symbol('resolve');

/** A profile whose format fields are read from `this[RESOLVE]()`: the prototype of every file's profile. */
function lazyFormatProfile(base: Profile): Profile {
  const props: PropertyDescriptorMap = {};
  for (const key of FORMAT_FIELDS) {
    props[key] = {
      get(this: { [RESOLVE]: () => Profile }) {
        return this[RESOLVE]()[key];
      },
      enumerable: true,
    };
  }
  return Object.create(base, props) as Profile;
}

/** Largest format document or schema read. */
const MAX_FORMAT_BYTES = 1024 * 1024;
/**
 * At most this many bytes of referenced documents are read per project: a bound on the work,
 * far above what a project's context documents hold (a count of documents made the format
 * depend on which specs a run reached first).
 */
const MAX_REFERENCED_BYTES = 64 * 1024 * 1024;

const formatReferences = (doc: DocumentModel) => referencedDocuments(doc.text);

/**
 * A format file's text through the host (the disk, or the playground's files): at most 1 MB, a
 * regular file only, and with `root` only a file whose real place is inside it.
 */
function readBounded(file: string, root?: string): string | { problem: string } {
  const info = pathInfo(file, root);
  if (!info) return { problem: 'no such file' };
  if (info.kind === 'outside') return { problem: 'outside the project' };
  if (info.kind !== 'file') return { problem: 'not a regular file' };
  const text = readTextFile(file, MAX_FORMAT_BYTES + 1);
  if (text === null) return { problem: 'not readable' };
  if (text.length > MAX_FORMAT_BYTES) return { problem: `over the ${MAX_FORMAT_BYTES}-byte limit` };
  return text;
}

/** Reads a format file: a JSON Schema (.json) or a markdown format document. */
export function loadFormatFile(abs: string, shown: string, profile: Profile, origin: ReturnFormat['origin'], within?: string): TemplateResult {
  const text = readBounded(abs, within);
  if (typeof text !== 'string') return text;
  if (/\.json$/i.test(abs)) return formatFromSchemaText(text, shown, origin);
  return formatFromDocument(text, shown, profile, origin);
}

/**
 * The documents whose structure and required keys hold for one channel: for a return written to
 * a file, those that describe a file, and of them the file's own (titled after it) when there
 * is one (a console format that mentions the file, an extension, a guide add only their
 * vocabularies); for a console reply, those that do not describe a file. Either falls back to
 * every document when none fits.
 */
function channelFormats(all: readonly ReturnFormat[], file: boolean): ReturnFormat[] {
  const fit = all.filter((f) => !!f.describesFile === file);
  if (fit.length === 0) return [...all];
  const own = file ? fit.filter((f) => f.titledFile) : fit;
  return own.length > 0 ? own : fit;
}

/** Writes its return to a file (a metadata file) rather than answering with it. */
function writesFile(doc: DocumentModel): boolean {
  return doc.returnChannel.metadataFile || doc.fileReturns.length > 0;
}

export class ProjectFormats {
  readonly #root: string;
  readonly #config: ResolvedConfig;
  readonly #base: Profile;
  #lazy?: Profile;
  readonly #named = new Map<string, ReturnFormat>();
  readonly #referenced = new Map<string, ReturnFormat | null>();
  readonly #readText?: (abs: string) => string | undefined;
  #referencedBytes = 0;
  readonly #profiles = new Map<ReturnFormat, Profile>();
  /** The format documents each agent system's specs reference, by system. */
  readonly #systems = new Map<string, Set<ReturnFormat>>();
  /** Merged formats, by the files they merge. */
  readonly #merged = new Map<string, ReturnFormat>();

  /**
   * Loads the files config names now (a bad one is a config error before anything is linted),
   * with config's `protocol` corrections. `readText` gives the text of a document where it
   * differs from the disk (the editor's unsaved buffer), or undefined to read the file.
   */
  constructor(root: string, config: ResolvedConfig, base: Profile, readText?: (abs: string) => string | undefined) {
    this.#root = root;
    this.#config = config;
    this.#base = base;
    this.#readText = readText;
    // A config inside the project names files of the project only (a repository's config must not
    // read the machine's files); a config outside it (the user's), files below its own folder.
    const configInside = config.file !== null && !relPosix(root, config.file).startsWith('../');
    const within = configInside ? root : config.dir;
    for (const abs of config.returnFormatFiles) {
      const shown = relPosix(root, abs).startsWith('..') ? relPosix(config.dir, abs) : relPosix(root, abs);
      const r = loadFormatFile(abs, shown, base, 'config', within);
      if ('problem' in r) throw new ConfigError(`returnFormat: ${shown}: ${r.problem}`, config.file ?? undefined);
      try {
        r.format.validator();
      } catch (e) {
        throw new ConfigError(`returnFormat: ${shown} is not a JSON Schema ajv can compile: ${(e as Error).message}`, config.file ?? undefined);
      }
      this.#named.set(abs, this.#corrected(r.format));
    }
  }

  /**
   * The project's own format in force for a spec, if any: the format documents its agent system
   * declares (those its specs, this one among them, reference), merged. A spec that writes its
   * return to a file is judged by the documents that describe such a file, when there are some;
   * a spec that answers on the console by the others, when there are some.
   */
  formatFor(doc: DocumentModel, project: ProjectView): ReturnFormat | undefined {
    const named = this.#config.returnFormatFor(relPosix(this.#config.dir, doc.filePath));
    if (named) return this.#named.get(named);
    // The spec is one of the project's documents: its own references are among its system's.
    const all = [...this.#systemFormats(agentSystemOf(doc.relPath), project)];
    if (all.length === 0) return undefined;
    return this.#merge(channelFormats(all, writesFile(doc)), all);
  }

  /** The format documents an agent system's specs reference, in the order of their files. */
  systemDocuments(system: string, project: ProjectView): ReturnFormat[] {
    return [...this.#systemFormats(system, project)].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  }

  /** The format in force for an agent system's returns on one channel (written to a file, or on the console). */
  channelFormat(system: string, file: boolean, project: ProjectView): ReturnFormat | undefined {
    const all = [...this.#systemFormats(system, project)];
    return all.length > 0 ? this.#merge(channelFormats(all, file), all) : undefined;
  }

  /**
   * The profile for a spec: the standard's, with the project's format when one is in force.
   * Lazy: only reading a field a return format sets (statusValues, returnFormat, ...) finds the
   * format, so the rules that read depth limits or timeouts never make it read the project.
   */
  profileFor(doc: DocumentModel, project: ProjectView): Profile {
    let resolved: Profile | undefined;
    const full = () => {
      if (!resolved) {
        const f = this.formatFor(doc, project);
        resolved = this.#base;
        if (f) {
          let p = this.#profiles.get(f);
          if (!p) this.#profiles.set(f, (p = withReturnFormat(this.#base, f)));
          resolved = p;
        }
      }
      return resolved;
    };
    // The format's fields are getters on one prototype per project (made once): an object made
    // from a descriptor map per file was 1% of a whole-corpus run.
    this.#lazy ??= lazyFormatProfile(this.#base);
    const profile = Object.create(this.#lazy) as Profile & { [RESOLVE]: () => Profile };
    profile[RESOLVE] = full;
    return Object.freeze(profile);
  }

  /**
   * The format in force for the project as a whole (a reply checked outside any spec,
   * --print-schema): the file config names for `relPath`, else the documents the specs of the
   * agent system at `relPath` reference (of every system, outside one), merged.
   */
  projectFormat(project: ProjectView, relPath: string): ReturnFormat | undefined {
    const named = this.#config.returnFormatFor(relPath);
    if (named) return this.#named.get(named);
    let all = [...this.#systemFormats(agentSystemOf(relPath), project)];
    // A reply checked where no agent system's specs are (the project root): every system's.
    if (all.length === 0) all = [...new Set(project.documents.flatMap((d) => [...this.#formatsReferencedBy(d)]))];
    return all.length > 0 ? this.#merge(channelFormats(all, false), all) : undefined;
  }

  /** Every format document the specs of one agent system reference. */
  #systemFormats(system: string, project: ProjectView): Set<ReturnFormat> {
    let out = this.#systems.get(system);
    if (!out) {
      out = new Set();
      for (const d of project.documents) {
        if (agentSystemOf(d.relPath) === system) for (const f of this.#formatsReferencedBy(d)) out.add(f);
      }
      this.#systems.set(system, out);
    }
    return out;
  }

  /** A format with config's `protocol` corrections, when config has some. */
  #corrected(format: ReturnFormat): ReturnFormat {
    const c = this.#config.protocol;
    if (!c) return format;
    return correctFormat(format, c, this.#config.file ? relPosix(this.#root, this.#config.file) : 'config');
  }

  /** The formats as one, in the order of their files (the same whichever spec asks). */
  #merge(primary: ReturnFormat[], vocabulary: ReturnFormat[]): ReturnFormat {
    const byFile = (a: ReturnFormat, b: ReturnFormat) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
    primary.sort(byFile);
    vocabulary.sort(byFile);
    const key = `${primary.map((f) => f.file).join('\0')}\n${vocabulary.map((f) => f.file).join('\0')}`;
    let m = this.#merged.get(key);
    if (!m) this.#merged.set(key, (m = this.#corrected(mergeFormats(primary, vocabulary))));
    return m;
  }

  #formatsReferencedBy(doc: DocumentModel): Set<ReturnFormat> {
    const out = new Set<ReturnFormat>();
    for (const ref of doc.fact('formatReferences', formatReferences)) {
      const f = this.#referencedFormat(ref, path.dirname(doc.filePath));
      if (f) out.add(f);
    }
    return out;
  }

  /** The format a referenced document declares (resolved from the root, then the spec's folder). */
  #referencedFormat(ref: string, specDir: string): ReturnFormat | undefined {
    for (const base of [this.#root, specDir]) {
      const abs = path.resolve(base, ref);
      const cached = this.#referenced.get(abs);
      if (cached !== undefined) {
        if (cached) return cached;
        continue;
      }
      if (this.#referencedBytes >= MAX_REFERENCED_BYTES) return undefined;
      this.#referenced.set(abs, this.#readReferenced(abs));
      const f = this.#referenced.get(abs);
      if (f) return f;
    }
    return undefined;
  }

  #readReferenced(abs: string): ReturnFormat | null {
    const rel = relPosix(this.#root, abs);
    if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
    // An open buffer, else the file; a symlink that leads out of the project is not the project's document.
    const open = this.#readText?.(abs);
    const text = open !== undefined && open.length <= MAX_FORMAT_BYTES ? open : readBounded(abs, this.#root);
    if (typeof text === 'string') this.#referencedBytes += text.length;
    if (typeof text !== 'string' || !looksLikeReturnText(text)) return null;
    const r = formatFromDocument(text, rel, this.#base, 'referenced');
    return 'format' in r ? r.format : null;
  }
}
