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

export class StoryForest {
  readonly #parent = new Map<string, string>();
  readonly #depth = new Map<string, number>();
  readonly #uf = new Map<string, string>();
  readonly #size = new Map<string, number>();
  /** The root story of each set, by its representative. */
  readonly #rootOf = new Map<string, string>();

  parentOf(story: string): string | undefined {
    return this.#parent.get(story);
  }

  /** The depth logged for a story when it was delegated (undefined for a root or an unseen story). */
  loggedDepth(story: string): number | undefined {
    return this.#depth.get(story);
  }

  setDepth(story: string, depth: number): void {
    if (!this.#depth.has(story)) this.#depth.set(story, depth);
  }

  #find(x: string): string {
    if (!this.#uf.has(x)) {
      this.#uf.set(x, x);
      this.#size.set(x, 1);
      this.#rootOf.set(x, x);
      return x;
    }
    let r = x;
    for (let up = this.#uf.get(r)!; up !== r; up = this.#uf.get(r)!) {
      const grand = this.#uf.get(up)!;
      this.#uf.set(r, grand);
      r = grand;
    }
    return r;
  }

  /** The root story of the tree a story is in (itself when it has no parent). */
  rootOf(story: string): string {
    return this.#uf.has(story) ? this.#rootOf.get(this.#find(story))! : story;
  }

  /** How many delegations the tree of a story holds (its stories less the root). */
  delegationsInTree(story: string): number {
    return this.#uf.has(story) ? this.#size.get(this.#find(story))! - 1 : 0;
  }

  /** What linking parent -> child would be, without linking. */
  classify(parent: string, child: string): LinkKind {
    const known = this.#parent.get(child);
    if (known !== undefined) return known === parent ? 'repeat' : 'other-parent';
    // The child has no parent, so it is the root of its own tree: an ancestor of `parent` iff
    // it is the root of parent's tree (a story delegating to itself included).
    if (parent === child || (this.#uf.has(child) && this.rootOf(parent) === child)) return 'cycle';
    return 'new';
  }

  /** Links parent -> child when that is new (and no cycle); returns what the link was. */
  link(parent: string, child: string): LinkKind {
    const kind = this.classify(parent, child);
    if (kind !== 'new') return kind;
    this.#parent.set(child, parent);
    const a = this.#find(parent);
    const b = this.#find(child);
    const root = this.#rootOf.get(a)!;
    const [big, small] = this.#size.get(a)! >= this.#size.get(b)! ? [a, b] : [b, a];
    this.#uf.set(small, big);
    this.#size.set(big, this.#size.get(a)! + this.#size.get(b)!);
    this.#rootOf.set(big, root);
    return kind;
  }
}
