// The checks of `svc doctor`. Each says what it looked at, whether it is fine, and when it is not,
// the one thing to do about it. None of them changes anything; the canary calls are evaluated by
// the hooks and never executed.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, statfsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { api, serviceToken, serviceUrl } from '../client.js';
import { defaultDataDir } from '../../util/datadir.js';
import { PACKAGE_ROOT } from '../../util/version.js';
import { detectHosts } from '../init/detect.js';
import { findHooks, shellWords } from './hooks.js';
import { runCanary } from './canary.js';
import { nativeArtifact } from '../../util/artifacts.js';

export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skip';

export interface Check {
  name: string;
  status: CheckStatus;
  detail: string;
  fix?: string;
}

/** Below this much free space in the data dir the audit log soon refuses every call. */
export const DISK_FAIL_BYTES = 100 * 1024 * 1024;
export const DISK_WARN_BYTES = 1024 * 1024 * 1024;

export interface DoctorOptions {
  env: NodeJS.ProcessEnv;
  /** Skip the canary calls through the installed hooks. */
  noCanary?: boolean;
}

const svcJs = () => join(PACKAGE_ROOT, 'bin', 'svc.js');

export async function runChecks(o: DoctorOptions): Promise<Check[]> {
  const env = o.env;
  const checks: Check[] = [];
  const dataDir = defaultDataDir(env);
  const url = serviceUrl(env);

  // 1. Server and token.
  let reachable = false;
  try {
    const h = await api('GET', '/healthz', undefined, env);
    reachable = h.status === 200;
    checks.push(
      reachable
        ? {
            name: 'server',
            status: 'ok',
            detail: `svc ${h.body?.version ?? '?'} answers at ${url} (${h.body?.mode ?? '?'} mode)`,
          }
        : {
            name: 'server',
            status: 'fail',
            detail: `${url}/healthz answered HTTP ${h.status}`,
            fix: 'check that SERVICE_URL points at svc, not another service',
          },
    );
  } catch (err) {
    checks.push({
      name: 'server',
      status: 'fail',
      detail: (err as Error).message.replace(/; start it.*$/, ''),
      fix: `start it: svc serve (or set SERVICE_URL to where it runs)`,
    });
  }
  const token = serviceToken(env);
  let status: any;
  if (!token) {
    checks.push({
      name: 'token',
      status: 'fail',
      detail: `no SERVICE_TOKEN and no readable token file at ${join(dataDir, 'token')}`,
      fix: "set SERVICE_HOME to the server's data dir (the server writes the token on first start), or SERVICE_TOKEN",
    });
  } else if (!reachable) {
    checks.push({
      name: 'token',
      status: 'skip',
      detail: `a token is set (${env.SERVICE_TOKEN ? 'SERVICE_TOKEN' : join(dataDir, 'token')}); not checked while the server is away`,
    });
  } else {
    const r = await api('GET', '/v1/status', undefined, env);
    if (r.status === 200) {
      status = r.body;
      checks.push({
        name: 'token',
        status: 'ok',
        detail: `the server accepts the admin token from ${env.SERVICE_TOKEN ? 'SERVICE_TOKEN' : join(dataDir, 'token')}`,
      });
    } else {
      checks.push(
        r.status === 403
          ? {
              name: 'token',
              status: 'fail',
              detail: 'the token is an agent token without admin scope (HTTP 403)',
              fix: 'use the admin token: unset SERVICE_TOKEN, or set it to the content of <data-dir>/token',
            }
          : {
              name: 'token',
              status: 'fail',
              detail: `the server refused the token (HTTP ${r.status})`,
              fix: "the token belongs to another data dir: set SERVICE_HOME to the server's, or SERVICE_TOKEN to its token",
            },
      );
    }
  }

  // 2. Hooks: installed, pointing at this svc, and denying the canary.
  const detected = detectHosts(env);
  const hostHooks = findHooks(env);
  let anyHook = false;
  for (const hh of hostHooks) {
    const present = detected.find((d) => d.host === hh.host)?.present ?? false;
    const name = `hook ${hh.host}`;
    if (hh.error) {
      checks.push({
        name,
        status: 'fail',
        detail: `${hh.file}: ${hh.error}`,
        fix: `fix the file by hand, or: svc setup ${hh.host} --force (a backup is kept)`,
      });
      continue;
    }
    if (!hh.hooks.length) {
      if (present)
        checks.push({
          name,
          status: 'warn',
          detail: `${hh.host} is installed but has no svc hook (${hh.file})`,
          fix: `svc setup ${hh.host}`,
        });
      continue;
    }
    anyHook = true;
    for (const hook of hh.hooks) {
      const words = shellWords(hook.command);
      const script = words.find((w) => /svc(\.js)?$/.test(w));
      const node = words[0] && words[0] !== script ? words[0] : undefined;
      if (node && node.startsWith('/') && !existsSync(node)) {
        checks.push({
          name,
          status: 'fail',
          detail: `${hook.file}: the hook runs ${node}, which no longer exists`,
          fix: `svc setup ${hh.host}`,
        });
        continue;
      }
      if (script && script.startsWith('/') && resolve(script) !== svcJs()) {
        const gone = !existsSync(script);
        checks.push({
          name,
          status: gone ? 'fail' : 'warn',
          detail: `${hook.file}: the hook runs ${script}${gone ? ', which no longer exists' : `, not this svc (${svcJs()})`}`,
          fix: `svc setup ${hh.host}`,
        });
        if (gone) continue;
      } else {
        checks.push({ name, status: 'ok', detail: `installed in ${hook.file}` });
      }
      if (o.noCanary) continue;
      const c = await runCanary(hh.host, hook.command, env);
      checks.push(
        c.denied
          ? { name: `canary ${hh.host}`, status: 'ok', detail: `"rm -rf /" through the hook: ${c.detail}` }
          : {
              name: `canary ${hh.host}`,
              status: 'fail',
              detail: c.detail,
              fix: reachable
                ? `check the policy (svc test "rm -rf /") and reinstall the hook: svc setup ${hh.host}`
                : 'start the server (svc serve), then run svc doctor again',
            },
      );
    }
  }
  if (!anyHook) {
    const hosts = detected.filter((d) => d.present).map((d) => d.host);
    checks.push({
      name: 'hooks',
      status: 'warn',
      detail: hosts.length
        ? `no svc hook installed (found ${hosts.join(', ')})`
        : 'no svc hook installed and no agent found',
      fix: hosts.length ? 'svc init' : 'install an agent, then: svc init',
    });
  }

  // 3. Native parts.
  checks.push(
    nativeFile('native hook', 'svc-hook', (p) => {
      try {
        accessSync(p, constants.X_OK);
        return undefined;
      } catch {
        return `${p} is not executable`;
      }
    }),
  );
  checks.push(preloadCheck(env));

  // 4. Policy.
  checks.push(await policyCheck(status, dataDir));

  // 5. Audit chain and disk.
  checks.push(await auditCheck(dataDir));
  checks.push(diskCheck(dataDir));
  return checks;
}

function nativeFile(name: string, file: string, extra: (p: string) => string | undefined): Check {
  let p: string;
  try {
    p = nativeArtifact(file);
  } catch (err) {
    return {
      name,
      status: 'fail',
      detail: (err as Error).message.replace(/; run .*$/, ''),
      fix: `rebuild the native parts: npm run build (in ${PACKAGE_ROOT})`,
    };
  }
  const problem = extra(p);
  return problem
    ? { name, status: 'fail', detail: problem, fix: `npm run build (in ${PACKAGE_ROOT})` }
    : { name, status: 'ok', detail: p };
}

/** Runs /bin/true with the library preloaded; the dynamic loader says when it cannot load it. */
function preloadCheck(env: NodeJS.ProcessEnv): Check {
  const name = 'preload library';
  const lib = process.platform === 'darwin' ? 'libsvc.dylib' : 'libsvc.so';
  let p: string;
  try {
    p = nativeArtifact(lib);
  } catch (err) {
    return {
      name,
      status: 'fail',
      detail: (err as Error).message.replace(/; run .*$/, ''),
      fix: `rebuild the native parts: npm run build (in ${PACKAGE_ROOT})`,
    };
  }
  const r = spawnSync('/bin/true', [], {
    env: { ...env, LD_PRELOAD: p, SERVICE_FAIL_OPEN: '1' },
    encoding: 'utf8',
    timeout: 15_000,
  });
  const stderr = (r.stderr ?? '').trim();
  if (r.error || r.status !== 0 || /cannot be preloaded|ld\.so|wrong ELF/i.test(stderr)) {
    const why = r.error?.message ?? (stderr.split('\n')[0] || `exit status ${r.status}`);
    return {
      name,
      status: 'fail',
      detail: `${p} does not load: ${why}`,
      fix: `rebuild it for this machine: npm run build (in ${PACKAGE_ROOT})`,
    };
  }
  return { name, status: 'ok', detail: `${p} loads (/bin/true ran with it)` };
}

async function policyCheck(status: any, dataDir: string): Promise<Check> {
  const name = 'policy';
  if (status) {
    const layers = Array.isArray(status.layers)
      ? status.layers.map((l: any) => (typeof l === 'string' ? l : (l.path ?? l.name))).join(', ')
      : status.config_path;
    if (status.policy_error) {
      return {
        name,
        status: 'fail',
        detail: `the server keeps its last good set; the current files do not load: ${status.policy_error}`,
        fix: 'svc policy lint FILE, fix it; the server reloads by itself',
      };
    }
    return {
      name,
      status: 'ok',
      detail: `${status.policy_count} policies, ${status.rule_count} rules loaded from ${layers}`,
    };
  }
  // No server to ask: load the files the server would load.
  try {
    const { openOfflineEngine } = await import('../../policy/offline-engine.js');
    const { engine, display } = openOfflineEngine(undefined, dataDir);
    return {
      name,
      status: 'ok',
      detail: `${engine.policyCount} policies, ${engine.ruleCount} rules load from ${display} (checked offline)`,
    };
  } catch (err) {
    return {
      name,
      status: 'fail',
      detail: `the policy files do not load: ${(err as Error).message.split('\n')[0]}`,
      fix: 'svc policy lint FILE, and fix what it reports',
    };
  }
}

async function auditCheck(dataDir: string): Promise<Check> {
  const name = 'audit chain';
  const dir = join(dataDir, 'audit');
  if (!existsSync(dir))
    return { name, status: 'skip', detail: `no audit directory at ${dir} yet (the server creates it)` };
  try {
    const { verifyChain } = await import('../../audit/verify.js');
    const { anchorPath } = await import('../../audit/anchor.js');
    const r = await verifyChain(dir, { anchorPath: anchorPath(dataDir) });
    if (r.ok) return { name, status: 'ok', detail: `${r.events} events in ${r.files} files verify` };
    const where = r.problem ? `${r.problem.file} line ${r.problem.line}: ${r.problem.problem}` : 'the chain is broken';
    return {
      name,
      status: 'fail',
      detail: where,
      fix: 'svc audit verify shows the details; keep the files as evidence, then start a new segment: svc serve --audit-start-new-chain',
    };
  } catch (err) {
    return {
      name,
      status: 'fail',
      detail: `cannot read ${dir}: ${(err as Error).message}`,
      fix: 'run svc doctor as the user that runs the server',
    };
  }
}

function diskCheck(dataDir: string): Check {
  const name = 'disk space';
  let free: number;
  try {
    const s = statfsSync(existsSync(dataDir) ? dataDir : '/');
    free = s.bavail * s.bsize;
  } catch (err) {
    return { name, status: 'warn', detail: `cannot read free space: ${(err as Error).message}` };
  }
  const mib = (n: number) => `${Math.floor(n / (1024 * 1024))} MiB`;
  if (free < DISK_FAIL_BYTES)
    return {
      name,
      status: 'fail',
      detail: `${mib(free)} free in ${dataDir}; a full disk makes the server refuse every call`,
      fix: 'free space, or move the data dir (SERVICE_HOME / --data-dir)',
    };
  if (free < DISK_WARN_BYTES)
    return {
      name,
      status: 'warn',
      detail: `${mib(free)} free in ${dataDir}`,
      fix: 'free space soon: the audit log grows with every call',
    };
  return { name, status: 'ok', detail: `${mib(free)} free in ${dataDir}` };
}
