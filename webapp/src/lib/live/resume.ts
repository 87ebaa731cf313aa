/**
 * Resume of the live channel (issue 14): each notification has an id; the tab remembers the
 * newest it has seen and, when its socket comes back (or the server says it lost messages,
 * {"type":"resync"}), asks GET /api/notifications/missed?after=<id> for what it missed. The
 * server answers in id order and also re-sends notifications created shortly before that id (ids
 * are not in commit order), and a redelivered event is pushed again: so the tab shows a toast only
 * for an id it has not shown yet. Pure of React and of the app: the fetch is injected.
 */

/** One page of GET /api/notifications/missed. */
export interface MissedPage<N> {
  data: N[];
  more: boolean;
  last_id: number;
}

/** How many shown ids a tab remembers (far more than one resume answers: 500). */
export const SEEN_CAPACITY = 2000;
/** Pages one catch-up reads at most (100 each): a tab away for longer refreshes its lists only. */
export const MAX_PAGES = 5;

/** What the tab has shown. */
export class Seen {
  /** The newest notification id seen, undefined before the first connection's answer. */
  lastId: number | undefined;
  /** The tab's starting point: ids up to it predate the tab (they are in the list, not toasts). */
  private floor: number | undefined;
  private readonly ids = new Set<number>();

  constructor(private readonly capacity = SEEN_CAPACITY) {}

  /** Records a notification id; true the first time (show it), false for a repeat (drop it). */
  accept(id: number): boolean {
    if (this.ids.has(id) || (this.floor !== undefined && id <= this.floor)) return false;
    this.ids.add(id);
    // A Set iterates in insertion order: the first is the oldest.
    if (this.ids.size > this.capacity) this.ids.delete(this.ids.values().next().value as number);
    if (this.lastId === undefined || id > this.lastId) this.lastId = id;
    return true;
  }

  /**
   * Sets the starting point (the first connection's last_id): a resume's grace window may answer
   * older notifications, which came before the tab opened and are never toasted.
   */
  startAt(lastId: number): void {
    if (this.floor === undefined) this.floor = lastId;
    if (this.lastId === undefined || lastId > this.lastId) this.lastId = lastId;
  }
}

/**
 * Asks for what the tab missed since seen.lastId and hands each notification it has not shown yet
 * to show, oldest first. Without a position yet, it only learns one (nothing is shown: what came
 * before the tab opened is in the list, not a toast). Returns how many were shown.
 */
export async function catchUp<N extends { id: number }>(
  seen: Seen,
  fetchMissed: (after: number) => Promise<MissedPage<N>>,
  show: (notification: N) => void,
): Promise<number> {
  if (seen.lastId === undefined) {
    seen.startAt((await fetchMissed(0)).last_id);
    return 0;
  }
  let shown = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await fetchMissed(seen.lastId ?? 0);
    for (const n of answer.data) {
      if (seen.accept(n.id)) {
        show(n);
        shown++;
      }
    }
    if (!answer.more || answer.data.length === 0) break;
  }
  return shown;
}
