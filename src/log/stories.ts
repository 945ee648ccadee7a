/**
 * The delegation tree a log describes, built one parent -> child link at a time: each story's
 * first parent, its depth as logged, the root story of each tree and how many delegations each
 * tree holds. Near-constant time per link (union-find with path halving and union by size), so
 * a log of any length is checked in linear time; whether a link closes a cycle is known before
 * it is added.
 */

export type LinkKind =
  /** The child is new under this parent. */
  | 'new'
  /** The same parent -> child link again (a later event of the same delegation). */
  | 'repeat'
  /** The child is an ancestor of the parent: the link would close a cycle (it is not added). */
  | 'cycle'
  /** The child already has another parent (the first one is kept). */
  | 'other-parent';

/** What the forest knows of one story: one record, so a story costs one map entry. */
interface Story {
  parent: string | undefined;
  depth: number | undefined;
  /** Union-find: the next story up towards the set's representative (itself at the top). */
  up: Story;
  /** At a representative: the set's size and its root story. */
  size: number;
  root: string;
}

export class StoryForest {
  readonly #stories = new Map<string, Story>();

  /** Stories known so far. */
  get size(): number {
    return this.#stories.size;
  }

  has(story: string): boolean {
    return this.#stories.has(story);
  }

  parentOf(story: string): string | undefined {
    return this.#stories.get(story)?.parent;
  }

  /** The depth logged for a story when it was delegated (undefined for a root or an unseen story). */
  loggedDepth(story: string): number | undefined {
    return this.#stories.get(story)?.depth;
  }

  setDepth(story: string, depth: number): void {
    const s = this.#record(story);
    s.depth ??= depth;
  }

  #record(id: string): Story {
    let s = this.#stories.get(id);
    if (!s) {
      s = { parent: undefined, depth: undefined, up: undefined as unknown as Story, size: 1, root: id };
      s.up = s;
      this.#stories.set(id, s);
    }
    return s;
  }

  /** The representative of a story's set, halving the path on the way. */
  #find(s: Story): Story {
    while (s.up !== s) {
      s.up = s.up.up;
      s = s.up;
    }
    return s;
  }

  /** The root story of the tree a story is in (itself when it has no parent). */
  rootOf(story: string): string {
    const s = this.#stories.get(story);
    return s ? this.#find(s).root : story;
  }

  /** How many delegations the tree of a story holds (its stories less the root). */
  delegationsInTree(story: string): number {
    const s = this.#stories.get(story);
    return s ? this.#find(s).size - 1 : 0;
  }

  /** What linking parent -> child would be, without linking. */
  classify(parent: string, child: string): LinkKind {
    const known = this.#stories.get(child)?.parent;
    if (known !== undefined) return known === parent ? 'repeat' : 'other-parent';
    // The child has no parent, so it is the root of its own tree: an ancestor of `parent` iff
    // it is the root of parent's tree (a story delegating to itself included).
    if (parent === child || (this.#stories.has(child) && this.rootOf(parent) === child)) return 'cycle';
    return 'new';
  }

  /** Links parent -> child when that is new (and no cycle); returns what the link was. */
  link(parent: string, child: string): LinkKind {
    const kind = this.classify(parent, child);
    if (kind !== 'new') return kind;
    const c = this.#record(child);
    c.parent = parent;
    const a = this.#find(this.#record(parent));
    const b = this.#find(c);
    const root = a.root;
    const [big, small] = a.size >= b.size ? [a, b] : [b, a];
    small.up = big;
    big.size = a.size + b.size;
    big.root = root;
    return kind;
  }
}
