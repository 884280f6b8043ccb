// Credentials recognised by their shape in text a call sends or writes (MCP messages, .env lines).
/**
 * Values that are live credentials by their shape (provider token formats, private key blocks,
 * passwords inside connection URLs, KEY=value lines naming a secret).
 */
export const SECRET_VALUE =
  /\b(?:sk_live_[0-9A-Za-z]{8,}|rk_live_[0-9A-Za-z]{8,}|AKIA[0-9A-Z]{16}|ASIA[0-9A-Z]{16}|gh[pousr]_[0-9A-Za-z]{30,}|github_pat_[0-9A-Za-z_]{30,}|glpat-[0-9A-Za-z_-]{20,}|xox[abpr]-[0-9A-Za-z-]{10,}|sk-(?:proj-|ant-)?[0-9A-Za-z_-]{20,}|AIza[0-9A-Za-z_-]{35}|npm_[0-9A-Za-z]{36})|-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----|[a-z][a-z0-9+.-]*:\/\/[^\s:/@"]+:[^\s@/"]{3,}@|\b[A-Z0-9_]*(?:SECRET|PASSWORD|PASSWD|TOKEN|API_KEY|PRIVATE_KEY)[A-Z0-9_]*=[^\s"\\]{6,}|\baws_(?:secret_access_key|session_token)\s*[=:]\s*["']?[A-Za-z0-9/+]{30,}/;

/** A token's provider prefix with a few characters after it (a key cut short still names it), or a key block;
 * a JWT's header (`eyJhbGciOi` is `{"alg":` in base64url) is one too. */
export const TOKEN_MENTION =
  /\b(?:eyJhbGciOi[\w-]{4,}|AKIA[0-9A-Z]{4,}|gh[pousr]_[A-Za-z0-9]{4,}|github_pat_\w{4,}|glpat-[\w-]{4,}|xox[abpr]-[\w-]{4,}|sk-(?:proj-|ant-)?[A-Za-z0-9]{4,}|[sr]k_live_\w{4,})|-----BEGIN [A-Z ]*PRIVATE KEY|\b[A-Z0-9_]*(?:SECRET|PASSW|TOKEN|API_?KEY|ACCESS_KEY|PRIVATE_KEY|DATABASE_URL|_DSN|CONNECTION_STRING)[A-Z0-9_]*=(?![<${]|your|xxx|changeme|example|\s|$)\S/;
