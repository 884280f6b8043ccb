// Credentials taken out through a language library instead of a CLI or a file read, read from
// the library the code calls rather than from the program that runs it:
//  - browser cookie and password extractors (Python browser_cookie3, browsercookie,
//    pycookiecheat, rookiepy; Node chrome-cookies-secure): their one purpose is to decrypt a
//    browser profile's cookies or saved logins with the OS key that protects them, so importing
//    one hands over every signed-in session of the user;
//  - the desktop keyring asked for a stored secret through its bindings (Node keytar
//    `getPassword`/`findCredentials`, whatever the module is bound to; Python SecretStorage
//    `Item.get_secret()`, libsecret through GObject `Secret.password_lookup_sync`/`search_sync`),
//    as `secret-tool lookup` does;
//  - a cloud SDK's credential chain resolved and its secret half printed or written out: boto3
//    `get_credentials()` with `.secret_key`/`.token`, `get_frozen_credentials()`; google-auth
//    `google.auth.default()` or a service account's key file (`from_service_account_file`)
//    refreshed for `.token`; Azure Identity `DefaultAzureCredential()`
//    `.get_token()`; AWS SDK for JavaScript `fromIni()`/`fromNodeProviderChain()` with
//    `secretAccessKey`; google-auth-library `getAccessToken()`; Ruby `Aws::SharedCredentials`.
//    The same calls used to sign a request, or a key id and an account printed, leave the secret
//    where it is. (Az PowerShell's Get-AzAccessToken is decided by the windows-azure policy.)
// Sources: each library's reference (browser_cookie3 and pycookiecheat READMEs, rookiepy,
// chrome-cookies-secure on npm; SecretStorage docs, libsecret Secret.password_lookup_sync; boto3
// Credentials and get_frozen_credentials; google-auth default() and Credentials.token; azure-identity
// get_token; @aws-sdk/credential-providers; google-auth-library GoogleAuth.getAccessToken; aws-sdk-ruby
// SharedCredentials). Each reads as `credential-dumper WHAT` (the
// cookie and keyring stores) or `exposes-secret WHAT`, which the secret-printing rules deny.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

/** Browser cookie and login extractors, as code imports or requires them. */
const COOKIE_LIBS =
  /(?:\bimport\s+|\bfrom\s+|__import__\(\s*['"]|require\(\s*['"]|\bimport\s*\(\s*['"]|\bfrom\s+['"])(?:browser_cookie3|browsercookie|pycookiecheat|rookiepy|rookie|chrome-cookies-secure|chrome_cookies|browser-cookies3?|cookies-from-browser)\b/;
/** Desktop keyring bindings asked for a secret's value. */
const KEYRING_BINDINGS =
  /\bkeytar\b[\s\S]*\.(?:getPassword|findCredentials|findPassword)\s*\(|\bsecretstorage\b[\s\S]*\.get_secret\s*\(|\bSecret\.password_(?:lookup|search)(?:_sync)?\s*\(|\bSecret\.Service\.get_sync[\s\S]*\.(?:get_secret|load_secrets)/;
/** A cloud SDK's credential chain resolved in code. */
const RESOLVER =
  /\bfrom_service_account_(?:file|info)\s*\(|\bfrom_authorized_user_(?:file|info)\s*\(|\.get_credentials\s*\(|\bget_frozen_credentials\s*\(|\bgoogle\.auth\.default\s*\(|\bauth\.default\s*\(|\b(?:Default|ManagedIdentity|AzureCli|Environment|SharedTokenCache|InteractiveBrowser|WorkloadIdentity)(?:Azure)?Credential\s*\(|\bfromIni\s*\(|\bfromNodeProviderChain\s*\(|\bdefaultProvider\s*\(|\bfromSSO\s*\(|\bfromProcess\s*\(|\bnew\s+GoogleAuth\s*\(|\bAws::(?:SharedCredentials|CredentialProviderChain|InstanceProfileCredentials|ECSCredentials)\b|\bcredential_provider_chain\b/;
/** The secret half of what the chain resolved. */
const SECRET_PART =
  /\.secret_key\b|\.session_token\b|\.token\b|\.secretAccessKey\b|\.sessionToken\b|\.get_token\s*\(|\.getToken\s*\(|\.getAccessToken\s*\(|\bget_frozen_credentials\s*\(|\.secret_access_key\b|\.credentials\.(?:secret|session)/;
/** Output of the value: printed, logged or written to a file. */
const SINK =
  /\bprint\s*\(|\bprint\s+|\bpprint\s*\(|console\.(?:log|error|info|dir)\s*\(|process\.stdout\.write|sys\.stdout\.write|\bputs\b|\bpp?\s+(?!=)|\bjson\.dumps?\s*\(|\.write\s*\(|\bwriteFileSync\s*\(|\bwriteFile\s*\(|\bFile\.write\s*\(|\bWrite-(?:Output|Host)\b|\bOut-File\b|\bSet-Content\b|\blogging\.\w+\s*\(|\blogger\.\w+\s*\(/;
/** Programs that search or print text: a library named in their pattern is looked for, not called. */
const READERS =
  /^(?:grep|egrep|fgrep|rg|ag|ack|cat|less|more|head|tail|sed|awk|jq|yq|findstr|select-string|sls|git|wc|diff|pip|pip3|npm|pnpm|yarn|uv|poetry)$/i;

export const SDK_CREDENTIAL_HINT =
  /cookie|keytar|service_account|authorized_user|secretstorage|Secret\.|get_credentials|get_frozen|auth\.default|Credential\s*\(|fromIni|fromNodeProvider|defaultProvider|fromSSO|fromProcess|GoogleAuth|Aws::|credential_provider/i;

function runsCode(l: LineView): boolean {
  if (!l.cmds.length) return true;
  return l.cmds.some((c) => !READERS.test(basename(c.argv[0] ?? '')));
}

export function sdkCredentialEffects(l: LineView, out: Effect[]): void {
  const text = l.text;
  if (!runsCode(l)) return;
  if (COOKIE_LIBS.test(text))
    out.push({
      tool: 'exec',
      command: 'credential-dumper browser-cookies',
      via: "loads a library that decrypts the browser's cookies and saved logins",
    });
  if (KEYRING_BINDINGS.test(text))
    out.push({
      tool: 'exec',
      command: 'credential-dumper os-keyring',
      via: 'reads a stored secret out of the desktop keyring through its library',
    });
  if (RESOLVER.test(text) && SECRET_PART.test(text) && SINK.test(text))
    out.push({
      tool: 'exec',
      command: 'exposes-secret sdk-credentials',
      via: "resolves the cloud SDK's credentials and prints or writes out their secret key or token",
    });
}
