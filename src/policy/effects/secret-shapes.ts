// Credentials recognised by their shape in text a call sends or writes (MCP messages, .env lines).
/**
 * Values that are live credentials by their shape (provider token formats, private key blocks,
 * passwords inside connection URLs, KEY=value lines naming a secret). The provider formats are
 * the ones src/redact/patterns.ts masks (Vault hvs./hvb./hvr., Databricks dapi, Hugging Face,
 * DigitalOcean, Shopify, Linear, Doppler, Pulumi, Grafana, Sentry, Heroku, GitLab's other token
 * kinds, PyPI, Docker Hub, Atlassian, Groq, xAI, Perplexity, Replicate, SendGrid, Stripe webhook
 * secrets) plus JFrog's AKCp API keys (trufflehog's Artifactory detector); policy code may not
 * import src/redact, so the shapes are repeated here.
 */
export const SECRET_VALUE =
  /\b(?:hv[sbr]\.[A-Za-z0-9_-]{24,}|dapi[0-9a-f]{32}|hf_[A-Za-z0-9]{30,}|do[por]_v1_[a-f0-9]{64}|shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}|lin_api_[A-Za-z0-9]{40}|dp\.(?:pt|st|sa|ct|scrt)\.[A-Za-z0-9]{40,}|pul-[a-f0-9]{40}|glsa_[A-Za-z0-9]{32}_[a-f0-9]{8}|sntry[su]_[A-Za-z0-9+/=_]{40,}|HRKU-[A-Za-z0-9_-]{30,}|gl(?:dt|ptt|rt|cbt|oas|ft|imt|soat)-[A-Za-z0-9_-]{20,}|pypi-AgE[A-Za-z0-9_-]{50,}|dckr_pat_[A-Za-z0-9_-]{20,}|ATATT3[A-Za-z0-9_=-]{50,}|gsk_[A-Za-z0-9]{40,}|xai-[A-Za-z0-9]{60,}|pplx-[A-Za-z0-9]{40,}|r8_[A-Za-z0-9]{37,}|SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}|whsec_[A-Za-z0-9]{20,}|AKCp[A-Za-z0-9]{60,}|sk_live_[0-9A-Za-z]{8,}|rk_live_[0-9A-Za-z]{8,}|AKIA[0-9A-Z]{16}|ASIA[0-9A-Z]{16}|gh[pousr]_[0-9A-Za-z]{30,}|github_pat_[0-9A-Za-z_]{30,}|glpat-[0-9A-Za-z_-]{20,}|xox[abpr]-[0-9A-Za-z-]{10,}|sk-(?:proj-|ant-)?[0-9A-Za-z_-]{20,}|AIza[0-9A-Za-z_-]{35}|npm_[0-9A-Za-z]{36})|-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----|[a-z][a-z0-9+.-]*:\/\/[^\s:/@"]+:[^\s@/"]{3,}@|\b[A-Z0-9_]*(?:SECRET|PASSWORD|PASSWD|TOKEN|API_KEY|PRIVATE_KEY)[A-Z0-9_]*=[^\s"\\]{6,}|\baws_(?:secret_access_key|session_token)\s*[=:]\s*["']?[A-Za-z0-9/+]{30,}/;

/** A token's provider prefix with a few characters after it (a key cut short still names it), or a key block;
 * a JWT's header (`eyJhbGciOi` is `{"alg":` in base64url) is one too, and so is a password
 * written out after its name (`password=Wh1te...`, `passwd: ...`) other than a placeholder. */
export const TOKEN_MENTION =
  /\b(?:hv[sbr]\.[A-Za-z0-9_-]{8,}|dapi[0-9a-f]{8,}|glsa_\w{4,}|dckr_pat_[\w-]{4,}|AKCp[A-Za-z0-9]{8,}|[Pp]ass(?:word|wd)\s*[=:]\s*(?![<${*]|your|xxx|changeme|example)[^\s,;]{8,}|eyJhbGciOi[\w-]{4,}|AKIA[0-9A-Z]{4,}|gh[pousr]_[A-Za-z0-9]{4,}|github_pat_\w{4,}|glpat-[\w-]{4,}|xox[abpr]-[\w-]{4,}|sk-(?:proj-|ant-)?[A-Za-z0-9]{4,}|[sr]k_live_\w{4,})|-----BEGIN [A-Z ]*PRIVATE KEY|\b[A-Z0-9_]*(?:SECRET|PASSW|TOKEN|API_?KEY|ACCESS_KEY|PRIVATE_KEY|DATABASE_URL|_DSN|CONNECTION_STRING)[A-Z0-9_]*=(?![<${]|your|xxx|changeme|example|\s|$)\S/;
