// REST endpoints that answer a plain GET with stored secrets and their values. Sources: each
// service's API reference: GitLab "Project/Group-level CI/CD variables API" (GET
// /projects/:id/variables returns `value`), Kubernetes core API (GET /api/v1/namespaces/N/secrets
// returns base64 `data`), HashiCorp Vault KV v1/v2 (GET /v1/secret/..., /v1/<mount>/data/...),
// Google Secret Manager (versions/*:access), Azure Key Vault (GET {vault}.vault.azure.net/secrets/),
// Heroku Platform API (GET /apps/:app/config-vars), Vercel (GET /v*/projects/:id/env?decrypt=true),
// Netlify (GET /api/v1/accounts/:id/env), Render (GET /v1/services/:id/env-vars), Doppler
// (GET /v3/configs/config/secrets[/download]), Infisical (GET /api/v3/secrets/raw), 1Password
// Connect (GET /v1/vaults/:id/items/:id), AWS Secrets Manager over HTTP is signed (not curl-able).
const ENDPOINTS: [RegExp, string][] = [
  [/\/api\/v4\/(?:projects|groups)\/[^/?#]+\/variables(?:[/?#]|$)/i, 'GitLab CI/CD variables'],
  [/\/api\/v4\/admin\/ci\/variables(?:[/?#]|$)/i, 'GitLab instance variables'],
  [/\/api\/v1\/(?:namespaces\/[^/?#]+\/)?secrets(?:[/?#]|$)/i, 'Kubernetes secrets'],
  [/\/v1\/(?:secret|kv|secrets)\/(?:data\/)?[^?#]+/i, 'Vault secrets'],
  [/secretmanager\.googleapis\.com\/.*\/versions\/[^/?#]+:access/i, 'Secret Manager secret value'],
  [/\.vault\.azure\.net\/secrets\//i, 'Key Vault secret'],
  [/api\.heroku\.com\/apps\/[^/?#]+\/config-vars/i, 'Heroku config vars'],
  [/api\.vercel\.com\/v\d+\/(?:projects\/[^/?#]+\/)?env[^?#]*\?(?:[^#]*&)?decrypt=true/i, 'Vercel environment values'],
  [/api\.netlify\.com\/api\/v1\/accounts\/[^/?#]+\/env/i, 'Netlify environment values'],
  [/api\.render\.com\/v1\/services\/[^/?#]+\/env-vars/i, 'Render environment values'],
  [/api\.doppler\.com\/v3\/configs\/config\/secrets/i, 'Doppler secrets'],
  [/\/api\/v3\/secrets\/raw/i, 'Infisical secrets'],
  [/\/v1\/vaults\/[^/?#]+\/items\/[^/?#]+/i, '1Password item'],
  // Microsoft Graph returns a BitLocker recovery key's value only when `$select=key` asks for it (bitlockerRecoveryKey resource)
  [/\/informationProtection\/bitlocker\/recoveryKeys\/[^?#]+\?[^#]*select=[^&#]*\bkey\b/i, 'BitLocker recovery key'],
];

/** What a URL lists when it is one of the endpoints above, else undefined. */
export function secretApi(url: string): string | undefined {
  for (const [re, what] of ENDPOINTS) if (re.test(url)) return what.replace(/\s+/g, '-');
  return undefined;
}
