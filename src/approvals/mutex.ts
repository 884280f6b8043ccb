// A FIFO async mutex. Approval state changes await the audit log between checking and
// publishing; holding this lock across that await makes each change atomic for other callers.
export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  /** Runs `fn` once every earlier holder has finished; callers are served in arrival order. */
  run<T>(fn: () => Promise<T> | T): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
