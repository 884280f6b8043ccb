// Hot reload: watches the policy file(s) or directory and swaps in a new engine after edits
// settle. A broken edit keeps the last good engine and reports the error; the very first load
// throws, so a server never starts without a valid policy set. call_count state carries over.
// Reloads after an edit parse on a worker thread (load-worker.ts) so decisions never wait on them.
import { watch, type FSWatcher } from 'chokidar';
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Clock } from '../util/clock.js';
import { Engine, loadEngine, type LoadEngineOptions } from './engine.js';
import { loadPolicyFilesOffThread } from './load-worker.js';
import type { PolicyParseCache } from './parse-cache.js';

/** Editors write in bursts (truncate, write, rename); reload once the burst settles. */
export const RELOAD_DEBOUNCE_MS = 300;

export interface PolicyWatcherOptions {
  clock?: Clock;
  debounceMs?: number;
  home?: string;
  onReload?: (engine: Engine) => void;
  onError?: (err: Error) => void;
  /** Directories watched for new policy files that are not (yet) part of the set. */
  watchAlso?: string[];
  /** Parse watched edits on the calling thread (tests of the parser only); default off-thread. */
  inline?: boolean;
  /** Command analyses shared with another watcher's engines (the live and the shadow set). */
  shared?: LoadEngineOptions['shared'];
  /** An off-thread load of these files starts now. */
  onLoadStart?: (paths: string[]) => void;
  /** Parsed files kept from an earlier start, for the first load (src/policy/parse-cache.ts). */
  parseCache?: PolicyParseCache;
  /** Projects' own layers, kept across reloads (docs/project-policy.md). */
  projects?: LoadEngineOptions['projects'];
  /** false: the engines' decisions carry no taints (a shadow set; LoadEngineOptions.taints). */
  taints?: boolean;
}

/** Fixed paths, or a function re-asked on every reload (a new file may join the set). */
export type PolicyPaths = string | string[] | (() => string[]);

export class PolicyWatcher {
  current: Engine;
  lastError: string | null = null;
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private paths: string[];
  private readonly resolvePaths: () => string[];
  /** Bumped by every installed or explicit reload; an off-thread load started before is stale. */
  private generation = 0;
  private loading: { cancel(): void } | null = null;
  private again = false;

  /** Loads the set now; throws PolicyLoadError when it does not load. */
  constructor(
    configPath: PolicyPaths,
    private readonly opts: PolicyWatcherOptions = {},
  ) {
    this.resolvePaths =
      typeof configPath === 'function' ? configPath : () => (Array.isArray(configPath) ? configPath : [configPath]);
    this.paths = this.resolvePaths();
    this.current = loadEngine(this.paths, this.loadOptions());
  }

  private loadOptions(): LoadEngineOptions {
    return {
      clock: this.opts.clock,
      home: this.opts.home,
      counter: this.current?.counter,
      ...(this.opts.shared ? { shared: this.opts.shared } : {}),
      onOnceConsumed: () => setImmediate(() => this.tryReload()),
      parseCache: this.opts.parseCache,
      ...(this.opts.projects ? { projects: this.opts.projects } : {}),
      ...(this.opts.taints === false ? { taints: false } : {}),
    };
  }

  /** Reloads now. Throws (keeping the current engine) when the new set does not load. */
  reload(): Engine {
    let next: Engine;
    let paths: string[];
    try {
      // Inside the try: the resolver may refuse (a file of the set vanished) and that is a
      // failed reload like any other, reported and leaving the current set in force.
      paths = this.resolvePaths();
      next = loadEngine(paths, this.loadOptions());
      const empty = this.emptySetProblem(next);
      if (empty) throw empty;
    } catch (err) {
      this.lastError = (err as Error).message;
      throw err;
    }
    this.install(next, paths);
    return next;
  }

  private install(next: Engine, paths: string[]): void {
    this.generation++;
    this.current = next;
    this.lastError = null;
    if (paths.join('\0') !== this.paths.join('\0')) {
      this.paths = paths;
      if (this.watcher) void this.restartWatch();
    }
    this.opts.onReload?.(next);
  }

  private emptySetProblem(next: Engine): Error | null {
    if (!next.defaultActionSet && next.policyCount === 0 && this.current.policyCount > 0) {
      return new Error(
        `${this.paths.join(', ')}: the policy set is now empty (no policies and no default_action); keeping the previous set, as the file is probably being written`,
      );
    }
    return null;
  }

  /**
   * A reload after an edit: the files are parsed on a worker thread, so decisions go on with the
   * current set meanwhile; only the compile runs here. One load at a time; edits during a load
   * start one more when it ends. A load that an explicit reload() overtook is dropped.
   */
  private tryReload(): void {
    if (this.closed) return;
    if (this.opts.inline) {
      this.opts.onLoadStart?.(this.paths);
      try {
        this.reload();
      } catch (err) {
        this.opts.onError?.(err as Error);
      }
      return;
    }
    if (this.loading) {
      this.again = true;
      return;
    }
    const started = this.generation;
    let paths: string[];
    try {
      paths = this.resolvePaths();
    } catch (err) {
      this.lastError = (err as Error).message;
      this.opts.onError?.(err as Error);
      return;
    }
    const load = loadPolicyFilesOffThread(paths);
    this.loading = load;
    this.opts.onLoadStart?.(paths);
    load.done
      .then((loaded) => {
        if (this.closed) return;
        if (this.generation !== started) {
          this.again = true; // a newer set went in meanwhile; look again rather than go back
          return;
        }
        const next = new Engine(loaded.files, loaded.defaultAction, {
          ...this.loadOptions(),
          defaultActionSet: loaded.defaultActionSet,
        });
        const empty = this.emptySetProblem(next);
        if (empty) throw empty;
        this.install(next, paths);
      })
      .catch((err: Error) => {
        if (this.closed) return;
        this.lastError = err.message;
        this.opts.onError?.(err);
      })
      .finally(() => {
        this.loading = null;
        if (this.again && !this.closed) {
          this.again = false;
          this.tryReload();
        }
      });
  }

  private async restartWatch(): Promise<void> {
    const w = this.watcher;
    this.watcher = undefined;
    await w?.close();
    this.start();
  }

  /** Resolves once the file watcher has taken its first look (edits before that may be missed). */
  ready: Promise<void> = Promise.resolve();

  /** Starts watching the configured files and directories. */
  start(): void {
    if (this.watcher || this.closed) return;
    const targets = new Set<string>();
    const dirs = new Set<string>(this.opts.watchAlso ?? []);
    for (const d of dirs) targets.add(d);
    const files = new Set<string>();
    for (const p of this.paths) {
      targets.add(p);
      try {
        if (statSync(p).isDirectory()) dirs.add(p);
        else {
          files.add(p);
          targets.add(dirname(p)); // editors replace files by rename; watch the parent too
        }
      } catch {
        files.add(p); // a missing path shows up in the next reload's error
      }
    }
    this.watcher = watch([...targets], { ignoreInitial: true, depth: 0 });
    const w = this.watcher;
    this.ready = new Promise((resolve) => w.once('ready', () => resolve()));
    this.watcher.on('all', (_event, path) => {
      if (!/\.ya?ml$/i.test(path)) return;
      if (!files.has(path) && !dirs.has(dirname(path))) return;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.tryReload(), this.opts.debounceMs ?? RELOAD_DEBOUNCE_MS);
    });
    this.watcher.on('error', (err) => this.opts.onError?.(err as Error));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.loading?.cancel();
    const w = this.watcher;
    this.watcher = undefined;
    await w?.close();
  }
}
