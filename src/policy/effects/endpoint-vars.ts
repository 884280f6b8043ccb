// Variables whose value is a credential endpoint, fetched by name rather than by address
// (`curl $ECS_CONTAINER_METADATA_URI_V4/task`, `requests.get(os.environ['IDENTITY_ENDPOINT'])`):
// the platform sets them to its metadata or identity service, so a fetch of one is a fetch of
// that service and reads as `curl URL` with the address it stands for, which the cloud-metadata
// rules decide. Printing one (`echo $ECS_CONTAINER_METADATA_URI`) fetches nothing and passes.
// Sources: AWS ECS task metadata endpoint v3/v4 and container credentials provider
// (ECS_CONTAINER_METADATA_URI[_V4], AWS_CONTAINER_CREDENTIALS_RELATIVE_URI/FULL_URI, 169.254.170.2,
// EKS Pod Identity 169.254.170.23), Azure App Service and Functions managed identity
// (IDENTITY_ENDPOINT, MSI_ENDPOINT), Azure Arc (IMDS_ENDPOINT), Google's client libraries
// (GCE_METADATA_HOST, GCE_METADATA_IP, GCE_METADATA_ROOT).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

const ENDPOINTS: Record<string, string> = {
  ECS_CONTAINER_METADATA_URI: 'http://169.254.170.2/v3',
  ECS_CONTAINER_METADATA_URI_V4: 'http://169.254.170.2/v4',
  AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: 'http://169.254.170.2/v2/credentials',
  AWS_CONTAINER_CREDENTIALS_FULL_URI: 'http://169.254.170.2/v2/credentials',
  IDENTITY_ENDPOINT: 'http://169.254.169.254/metadata/identity/oauth2/token',
  MSI_ENDPOINT: 'http://169.254.169.254/metadata/identity/oauth2/token',
  IMDS_ENDPOINT: 'http://169.254.169.254/metadata/identity/oauth2/token',
  GCE_METADATA_HOST: 'http://metadata.google.internal/computeMetadata/v1/',
  GCE_METADATA_IP: 'http://metadata.google.internal/computeMetadata/v1/',
  GCE_METADATA_ROOT: 'http://metadata.google.internal/computeMetadata/v1/',
};
const NAMES = Object.keys(ENDPOINTS).join('|');
export const ENDPOINT_VAR_HINT = new RegExp(`\\b(?:${NAMES})\\b`);
/** A reference to one of them as a value: $X, ${X}, %X%, $env:X, and the languages' environment readers. */
const REF = new RegExp(
  `(?:\\$\\{?|%|\\$env:|environ(?:\\.get\\(|\\[)\\s*["']|getenv\\(\\s*["']|process\\.env\\.|process\\.env\\[["']|ENV\\[["']|Sys\\.getenv\\(["']|GetEnvironmentVariable\\(["'])(${NAMES})\\b`,
  'gi',
);
/** Programs and calls that fetch a URL. */
const FETCHERS =
  /^(?:curl|wget|http|https|xh|curlie|httpie|aria2c|invoke-webrequest|invoke-restmethod|iwr|irm|fetch|lwp-request|GET|POST)$/i;
const CODE_FETCH =
  /\b(?:requests|httpx|urllib|urlopen|http\.client|fetch|axios|got|Net::HTTP|open-uri|LWP|HTTP::Tiny|Invoke-(?:WebRequest|RestMethod)|WebClient|HttpClient|httr|curl_exec|file_get_contents)\b/;

export function endpointVarEffects(line: LineView, out: Effect[]): void {
  const fetcher = line.cmds.some((c) => FETCHERS.test(basename(c.argv[0] ?? '')));
  if (!fetcher && !CODE_FETCH.test(line.text)) return;
  const seen = new Set<string>();
  for (const m of line.text.matchAll(REF)) {
    const name = (m[1] ?? '').toUpperCase();
    const url = ENDPOINTS[name];
    if (!url || seen.has(name)) continue;
    seen.add(name);
    out.push({
      tool: 'exec',
      command: `curl ${url}`,
      via: `$${name} holds the platform's credential endpoint (${url.replace(/^http:\/\//, '').split('/')[0] ?? ''})`,
    });
  }
}
