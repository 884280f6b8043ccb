// An edit that moves the identity a tool or controller acts as from an ordinary one to an
// administrator (`identity-raised PATH VALUE`): Crossplane ProviderConfig credentials, a pod's
// `serviceAccountName`, Terraform `assume_role { role_arn }`, GitHub Actions `role-to-assume`,
// gcloud `impersonate_service_account`, a named AWS profile. Nothing runs now; every later apply,
// reconcile or deploy acts with the administrator's power. The words that name an administrator
// are the clouds' own (AWS AdministratorAccess, GCP roles/owner, Kubernetes cluster-admin).
import { posix } from 'node:path';
import type { Effect } from './types.js';

/** Keys that name whom a tool or controller acts as. */
const IDENTITY_KEY =
  /^\s*(?:-\s*)?["']?(name|secretName|serviceAccountName|serviceAccount|service_account|role_arn|roleArn|role-to-assume|role_to_assume|impersonate_service_account|impersonateServiceAccount|target_service_account|profile|aws:profile|workload_identity_provider)["']?\s*[:=]\s*["']?([^"'\s,#}]+)/gm;

/** Files where a plain `name:` or `profile:` is a credential's: Crossplane ProviderConfigs and
 * credential references, cloud config files, Pulumi stack settings. */
const CREDENTIAL_CONTEXT =
  /providerconfig|credentials|secretRef|\bkind:\s*ProviderConfig|(?:^|\/)\.aws\/config$|(?:^|\/)Pulumi\.[\w-]+\.ya?ml$/i;

/** An identity named as an administrator. */
const ADMIN =
  /(?:^|[^a-z])(?:admin|administrator|administratoraccess|owner|root|superuser|super-user|cluster-admin|org-admin|poweruser|full-?access|break-?glass)(?:[^a-z]|$)/i;

/** Whether a name says administrator, camel case split (`OrganizationAdmin`, `AdministratorAccess`). */
function admin(v: string): boolean {
  return ADMIN.test(v.replace(/([a-z])([A-Z])/g, '$1-$2'));
}

function identities(text: string, plainNames: boolean): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of text.matchAll(IDENTITY_KEY)) {
    const k = m[1] ?? '';
    if (!plainNames && /^(?:name|secretName|profile)$/.test(k)) continue;
    out.set(k, [...(out.get(k) ?? []), m[2] ?? '']);
  }
  return out;
}

/** The identities an edit raises to an administrator under the same key. */
export function identityEffects(path: string, before: string, after: string): Effect[] {
  if (!before || !/\.(?:ya?ml|tf|tfvars|hcl|toml|ini|cfg)$|(?:^|\/)(?:config|credentials)$/i.test(path)) return [];
  const plain = CREDENTIAL_CONTEXT.test(path) || CREDENTIAL_CONTEXT.test(before);
  const was = identities(before, plain);
  const out: Effect[] = [];
  for (const [k, values] of identities(after, plain)) {
    const old = was.get(k);
    if (!old?.length || old.some(admin)) continue;
    for (const v of values)
      if (admin(v) && !old.includes(v))
        out.push({
          tool: 'exec',
          command: `identity-raised ${posix.basename(path).replace(/[^\w.-]/g, '_')} ${v.replace(/[^\w@.:/-]/g, '_')}`,
          via: `the edit makes ${posix.basename(path)} act as ${v} (${k} was ${old[0]})`,
        });
  }
  return out;
}
