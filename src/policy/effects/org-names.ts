// Names where only an organisation's own people can publish code, for the readings of where code
// comes from (an image's registry, a package index, a dependency's code host):
//  - names only the organisation's network resolves (fetch-readings.ts, isInternalName:
//    nexus.corp.local, registry.acme.internal);
//  - names under top-level domains whose registration is restricted to vetted government and
//    military bodies: .gov (the DotGov program, 6 CFR part 37's eligibility: US federal, state,
//    local and tribal governments), .mil (the US Department of Defense), and the government and
//    military second levels of country domains (gov.uk, gov.au, gov.in, mil.br, gc.ca, gouv.fr).
//    An attacker cannot register registry.enclave.gov as they can registry-enclave.io, so an image
//    pulled or a package index named there is that body's own mirror.
// Only trust in a source: sending data to such a host is still decided as sending it anywhere.
import { isInternalName } from './fetch-readings.js';

const RESTRICTED_SUFFIX = /\.(?:gov|mil|(?:gov|mil)\.[a-z]{2}|gc\.ca|gouv\.fr)$/i;

/** A host under a name that only its organisation can publish at. */
export function isOrgSourceName(host: string): boolean {
  const h = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return isInternalName(h) || RESTRICTED_SUFFIX.test(h);
}

/**
 * A private feed an organisation keeps on a hosted package service, named by the URL's path
 * where the service puts the owning organisation and feed. Each service admits only that
 * organisation's identities to publish (and, by default, to read), so an index or NuGet source
 * there is the organisation's own, as an internal name is:
 *  - Azure Artifacts: `https://pkgs.dev.azure.com/{org}[/{project}]/_packaging/{feed}/{pypi|npm|nuget|maven}/...`
 *    and the older `https://{org}.pkgs.visualstudio.com[/{project}]/_packaging/{feed}/...`
 *    (learn.microsoft.com, Azure Artifacts, "Connect to feed");
 *  - AWS CodeArtifact: `https://{domain}-{account}.d.codeartifact.{region}.amazonaws.com/{format}/{repo}/`
 *    (docs.aws.amazon.com, CodeArtifact, repository endpoints; every request is signed by the account);
 *  - Google Artifact Registry: `https://{region}-{python|npm|maven}.pkg.dev/{project}/{repo}/`
 *    (cloud.google.com, Artifact Registry, "Configure authentication").
 * Feed services where anyone publishes a public feed under a name of their choosing (MyGet, a
 * Gemfury or Cloudsmith account) are not here. Only trust in a source, as above.
 */
export function isOrgFeedUrl(url: string): boolean {
  const m = /^https:\/\/([^/?#@]+)(\/[^?#]*)?/i.exec(url.trim());
  if (!m) return false;
  const host = (m[1] ?? '').toLowerCase().replace(/:443$/, '');
  const path = m[2] ?? '';
  if (host === 'pkgs.dev.azure.com') return /^\/[\w.-]+\/(?:[\w.%-]+\/)?_packaging\/[\w.@%-]+\//i.test(path);
  if (/^[a-z0-9-]+\.pkgs\.visualstudio\.com$/.test(host))
    return /^\/(?:[\w.%-]+\/)?_packaging\/[\w.@%-]+\//i.test(path);
  if (/^[a-z0-9-]+-\d{12}\.d\.codeartifact\.[a-z0-9-]+\.amazonaws\.com$/.test(host))
    return /^\/(?:pypi|npm|maven|nuget|cargo|ruby|swift|generic)\/[\w.-]+\//i.test(path);
  if (/^[a-z0-9-]+-(?:python|npm|maven|go|apt|yum)\.pkg\.dev$/.test(host))
    return /^\/[\w.-]+\/[\w.-]+(?:\/|$)/.test(path);
  return false;
}
