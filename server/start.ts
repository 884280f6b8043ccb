// Assembles a running server from options: data dir and its lock, token, policies, audit,
// approvals, gate, HTTP app and preload socket; and takes them down in reverse order.
import { mkdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { systemClock, type Clock } from '../src/util/clock.js';
import { ensureDataDir, lockDataDir } from '../src/util/datadir.js';
import { ensureAdminToken } from '../src/auth/admin.js';
import { TokenStore, type Identity } from '../src/auth/tokens.js';
import { Bus } from '../src/audit/bus.js';
import { WindowCounter } from '../src/util/window-counter.js';
import { Gate } from '../src/gate/gate.js';
import { SessionState } from '../src/policy/session-state.js';
import { rebuildSessions } from '../src/gate/session-rebuild.js';
import { openApprovals } from '../src/approvals/index.js';
import { openAuditLog } from '../src/audit/index.js';
import { serviceEvent } from '../src/audit/audit-event-builders.js';
import type { AuditFs } from '../src/audit/fsio.js';
import { foldSpool } from '../src/audit/spool.js';
import { callWebhook } from '../src/policy/policy-webhook.js';
import { resolveConfig } from '../src/policy/config-path.js';
import { openPolicySource } from './policy-source.js';
import { PolicyParseCache } from '../src/policy/parse-cache.js';
import { SHIPPED_POLICY_CACHE } from '../src/policy/shipped-cache.js';
import { guardAudit, markRunning, markStopped, uncleanStopEvent, type AuditHealth } from './audit-health.js';
import { buildApp, type HttpLimits } from './app.js';
import { startPreloadSocket } from './preload-socket.js';
import { socketCall } from './socket-call.js';
import { hookCall } from './hook-call.js';
import type { ServerContext } from './context.js';
import { startNotifier } from '../src/notify/notifier.js';
import { candidateConfig, shadowSetting } from '../src/policy/shadow-config.js';
import { openShadowSource, type ShadowSource } from './shadow-source.js';
import { ShadowLog } from './shadow-log.js';
import { recoverPromotion, recoveryEvent } from './promote.js';
import { SharedAnalysis } from '../src/policy/shadow-cache.js';
import { openProjects } from './project-layers.js';
import type { ProjectReport } from '../src/policy/project-policies.js';
import { homedir } from 'node:os';
import { present } from '../src/util/invariant.js';

export interface ServeOptions {
  host: string;
  port: number;
  dataDir: string;
  config?: string;
  mode: 'enforce' | 'monitor';
  approvalTimeoutMs: number;
  metrics: boolean;
  socketPath: string;
  auditDir: string | null;
  auditMaxSizeBytes: number;
  auditStartNewChain: boolean;
  syslog?: string;
  cef: boolean;
  auditWebhook?: string;
  /** Preload allows wait for the audit fsync too, and the reply cache is off (off: allows are
   * answered first and recorded in the same loop turn). */
  preloadDurable?: boolean;
  /** The user's policy files replace the base profile (unset: <data-dir>/config.json decides). */
  replaceBase?: boolean;
  /** false: projects' own .svc/ layers are ignored (unset: "project_policy" in config.json, default on). */
  projectPolicy?: boolean;
  /** A candidate policy directory decided beside the live set (unset: "shadow" in config.json). */
  shadow?: string;
  /** Tests inject a manual clock. */
  clock?: Clock;
  /** Tests inject a failing file layer under the audit log (a full disk). */
  auditFs?: AuditFs;
  /** Tests shrink the HTTP timeouts and connection cap (defaults: HTTP_LIMITS in app.ts). */
  httpLimits?: Partial<HttpLimits>;
  /** Tests turn the socket off when they do not need it. */
  noSocket?: boolean;
  /** The data dir's lock, already taken by the caller (released when the server closes). */
  lock?: { release(): void };
  env?: NodeJS.ProcessEnv;
}

export interface RunningServer {
  url: string;
  port: number;
  ctx: ServerContext;
  close(): Promise<void>;
}

/** Identity of calls arriving on the preload socket: same-uid local processes, eval only. */
const SOCKET_IDENTITY: Identity = {
  kind: 'agent',
  agent: undefined,
  scopes: ['eval'],
  credentialOwner: 'local/preload',
};

/** The shadow set named by --shadow or config.json; a directory that is not there stops the start. */
function shadowDirOf(o: ServeOptions, dataDir: string): string | undefined {
  const dir = o.shadow ? resolve(o.shadow) : shadowSetting(dataDir);
  if (!dir) return undefined;
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    /* reported below */
  }
  if (!isDir) throw new Error(`shadow policy directory ${dir} does not exist or is not a directory`);
  return dir;
}

function openShadow(
  dir: string,
  o: ServeOptions,
  dataDir: string,
  opts: Parameters<typeof openShadowSource>[2],
): ShadowSource {
  const replaceBase = o.replaceBase ? { replaceBase: true } : {};
  return openShadowSource(dir, () => candidateConfig(dir, o.config, dataDir, replaceBase), opts);
}

export async function startServer(o: ServeOptions): Promise<RunningServer> {
  const clock = o.clock ?? systemClock;
  const log = (m: string) => process.stderr.write(`svc: ${m}\n`);
  const dataDir = ensureDataDir(o.dataDir);
  // Lock before anything else touches state or binds a port (docs/cli.md).
  const lock = o.lock ?? lockDataDir(dataDir);
  const cleanup: Array<() => Promise<void> | void> = [() => lock.release()];
  const closeAll = async () => {
    for (const fn of cleanup.reverse()) {
      try {
        await fn();
      } catch (err) {
        log(`shutdown step failed: ${(err as Error).message}`);
      }
    }
  };
  try {
    const adminToken = ensureAdminToken(dataDir, o.env ?? process.env);
    mkdirSync(`${dataDir}/policies`, { recursive: true, mode: 0o700 });
    // A promotion the last run did not finish is undone before the live set loads (server/promote.ts).
    const unpromoted = recoverPromotion(dataDir, log);
    const bus = new Bus();
    const shadowDir = shadowDirOf(o, dataDir);
    // With a shadow set, the live and the shadow engines read each command once between them.
    const shared = shadowDir ? new SharedAnalysis(homedir()) : undefined;
    let onProjectChange = () => {};
    let recordProject: (r: ProjectReport) => void = () => {};
    const projects = openProjects(o.projectPolicy, dataDir, {
      clock,
      log,
      ...(shared ? { shared } : {}),
      record: (r) => recordProject(r),
      onChange: () => onProjectChange(),
    });
    const policies = openPolicySource(
      () => resolveConfig(o.config, dataDir, o.replaceBase ? { replaceBase: true } : {}),
      // Parsed policy files of earlier starts: a restart with unchanged files skips the parse,
      // and the shipped profiles, parsed at install, spare a first start their parse too.
      {
        clock,
        bus,
        log,
        parseCache: new PolicyParseCache(`${dataDir}/cache/policy`, log, SHIPPED_POLICY_CACHE),
        ...(shared ? { shared } : {}),
        ...(projects ? { projects } : {}),
      },
    );
    cleanup.push(() => policies.close());

    const audit = o.auditDir
      ? await openAuditLog({
          dir: o.auditDir,
          dataDir,
          clock,
          maxSizeBytes: o.auditMaxSizeBytes,
          startNewChain: o.auditStartNewChain,
          syslog: o.syslog,
          cef: o.cef,
          webhookUrl: o.auditWebhook,
          log,
          ...(o.auditFs ? { fs: o.auditFs } : {}),
        })
      : null;
    // Present while this server runs; found at start, the last run did not stop cleanly.
    const unclean = markRunning(dataDir, clock.now());
    cleanup.push(() => markStopped(dataDir));
    let preloadCache: { clearCache(): void } | undefined;
    let auditHealth: AuditHealth | null = null;
    if (audit) {
      audit.onEvent((event) => bus.emit({ type: 'audit', event }));
      cleanup.push(() => audit.close());
      // A failing append turns the preload fast path into durable answers (and empties its reply
      // cache) until appends work again: a full disk refuses rather than allows unrecorded.
      auditHealth = guardAudit(audit, (failing, why) => {
        log(
          failing
            ? `audit appends fail (${why}); preload allows now wait for their record`
            : 'audit appends work again; preload fast path back on',
        );
        if (failing) preloadCache?.clearCache();
        bus.emit({ type: 'audit_health', failing, reason: why });
      });
      if (unclean) await audit.append(uncleanStopEvent(unclean.previous, !o.preloadDurable));
      if (unpromoted) await audit.append(recoveryEvent(unpromoted));
      // A policy set that failed to load or lost a file is on the record, not only in the log.
      const unsub = bus.on((e) => {
        if (e.type !== 'policy_reloaded' || !e.error) return;
        const kind = e.missing?.length ? 'policy_file_missing' : 'policy_load_failed';
        audit
          .append(serviceEvent(kind, 'kept_last_good', e.error, e.missing?.length ? { missing: e.missing } : {}))
          .catch((err: Error) => log(`could not record ${kind}: ${err.message}`));
      });
      cleanup.push(unsub);
      recordProject = (r) =>
        void audit
          .append(
            serviceEvent(r.kind, r.kind === 'project_policy_refused' ? 'refused' : 'kept_last_good', r.message, {
              root: r.root,
              files: r.files,
            }),
          )
          .catch((err: Error) => log(`could not record ${r.kind}: ${err.message}`));
      // the audit log is open only when there is an audit directory
      await foldSpool(dataDir, present(o.auditDir, 'the audit directory of an open audit log'), audit, log);
    } else if (unclean) {
      log('the previous run stopped without a clean shutdown (auditing is off, so it is not recorded)');
    }

    const approvals = await openApprovals({
      dataDir,
      clock,
      timeoutMs: o.approvalTimeoutMs,
      audit,
      bus,
      policies,
      log,
    });
    cleanup.push(() => approvals.close?.());

    const shadow = shadowDir
      ? openShadow(shadowDir, o, dataDir, {
          clock,
          log,
          ...(shared ? { shared } : {}),
          ...(projects ? { projects } : {}),
        })
      : null;
    if (shadow) cleanup.push(() => shadow.close());
    const shadowLog = new ShadowLog(clock);
    cleanup.push(shadowLog.attach(bus));

    const callCounts = new WindowCounter(clock, 3_600_000);
    const sessions = new SessionState(clock);
    if (o.auditDir) {
      const r = await rebuildSessions(sessions, o.auditDir, clock.now());
      if (r.truncated) log(`session state rebuilt from the newest ${r.events} audit events only`);
    }
    const gate = new Gate({
      policies,
      audit,
      approvals,
      clock,
      mode: o.mode,
      bus,
      callCounts,
      callWebhook,
      sessions,
      log,
      ...(shadow ? { shadow } : {}),
    });
    const ctx: ServerContext = {
      opts: {
        host: o.host,
        port: o.port,
        dataDir,
        configPath: policies.display,
        mode: o.mode,
        approvalTimeoutMs: o.approvalTimeoutMs,
        metrics: o.metrics,
        socketPath: o.socketPath,
        auditDir: o.auditDir,
      },
      clock,
      adminToken,
      tokens: new TokenStore(dataDir, () => clock.now()),
      policies,
      audit,
      approvals,
      gate,
      bus,
      callCounts,
      shadow,
      shadowLog,
      sessions,
      ...(projects ? { projects } : {}),
      startedAt: clock.now(),
      log,
    };

    // Hooks arriving on the socket call the HTTP API, whose address is known only after listen.
    let listening!: (url: string) => void;
    const selfUrl = new Promise<string>((resolve) => (listening = resolve));
    cleanup.push(
      startNotifier({
        dataDir,
        bus,
        clock,
        approvals,
        signer: approvals.signer,
        serverUrl: () => selfUrl,
        log,
        env: o.env,
      }),
    );
    if (!o.noSocket) {
      const sock = await startPreloadSocket({
        path: o.socketPath,
        decide: (req, peer, ctl) =>
          socketCall(gate, SOCKET_IDENTITY, req, peer, ctl, o.preloadDurable === true || auditHealth?.failing === true),
        hook: hookCall({ url: () => selfUrl, token: adminToken, dataDir }),
        log,
        // a removed or replaced socket file is on the record, not only in the log
        onSocketLost: ({ reason, recreated }) =>
          void audit
            ?.append(serviceEvent('preload_socket_lost', recreated ? 'recreated' : 'not_recreated', reason))
            .catch((err: Error) => log(`could not record preload_socket_lost: ${err.message}`)),
      });
      // Cached allows hold only for the policy set that gave them (emitted in the same tick as
      // the swap, so no request is answered from a stale cache in between).
      const unsubscribe = bus.on((e) => {
        if (e.type === 'policy_reloaded') sock.clearCache();
      });
      preloadCache = sock;
      ctx.preloadCache = sock;
      // A cached allow was given before the taint: it must not answer a tainted session's call.
      sessions.onNewTaint(() => sock.clearCache());
      onProjectChange = () => sock.clearCache();
      cleanup.push(() => {
        unsubscribe();
        return sock.close();
      });
    }

    const app = await buildApp(ctx, o.httpLimits);
    cleanup.push(() => app.close());
    await app.listen({ host: o.host, port: o.port });
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : o.port;
    ctx.opts.port = port;
    const host = o.host.includes(':') ? `[${o.host}]` : o.host;
    const url = `http://${host}:${port}`;
    listening(url);
    return { url, port, ctx, close: closeAll };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
