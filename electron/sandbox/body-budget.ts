/**
 * Bytes of request bodies held in memory at once, all requests together. The sandbox runs inside
 * the app's process, and any local program may send it uploads of 20 MB on many connections; past
 * the budget a request waits for its turn (its bytes stay in the socket, which stops reading), and
 * the request time-out ends a wait that lasts too long.
 */
export class BodyBudget {
  private used = 0;
  private waiting: (() => void)[] = [];

  constructor(private readonly capacity: number) {}

  /**
   * Resolves when `bytes` fit beside the bodies held, with the function that gives them back. A
   * body larger than the whole budget waits until nothing else is held, then goes alone.
   */
  async reserve(bytes: number): Promise<() => void> {
    while (this.used > 0 && this.used + bytes > this.capacity) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.used += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= bytes;
      // Every waiter looks again: several small bodies may fit where one large one left.
      const woken = this.waiting;
      this.waiting = [];
      for (const wake of woken) wake();
    };
  }
}
